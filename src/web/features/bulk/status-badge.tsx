/** A bulk operation's status (spec 4 import and export statuses) as a coloured, translated badge. */
import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  completed: 'green',
  partially_completed: 'orange',
  failed: 'red',
  cancelled: 'gray',
  awaiting_file: 'gray',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={COLOURS[status] ?? 'blue'} data-testid="status-badge" data-status={status}>
      {t(`bulk.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The current month as 'YYYY-MM' (local time), the default allocation month. */
export function currentMonth(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** A timestamp as the browser's short date and time. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
