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
