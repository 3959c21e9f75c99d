/** Pieces of the notice screens (`/app/notice-tracking`, the loan's notice-tracking tab): a notice's status badge, a file download button, a notice's PDF button. */
import { Badge, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Endpoint, ParamsOf, QueryOf } from '../../../domain/contracts/endpoint';
import { noticePdf, type NoticeRecord } from '../../../domain/contracts/legal/notices';
import { errorMessage } from '../../lib/api';
import { saveDownload } from '../../lib/save-download';
import { toaster } from '../../lib/toaster';

/** Badge colours of the spec 4 notice statuses. */
export const STATUS_COLOURS: Record<string, string> = { success: 'green', failed: 'red', in_progress: 'blue', no_data_found: 'orange' };

/** A notice's status (spec 4 notice document download statuses). */
export function NoticeStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={STATUS_COLOURS[status] ?? 'gray'} data-testid="notice-status" data-status={status}>
      {t(`legal.status.${status}`)}
    </Badge>
  );
}

/** A status badge with the reason under it when there is one (a notice, an import, an export). */
export function StatusWithReason({ badge, reason }: { badge: ReactNode; reason: string | null | undefined }) {
  return (
    <Stack gap="1">
      {badge}
      {reason && (
        <Text fontSize="xs" color="fg.muted">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

/** A button saving a file endpoint's answer under `name` (errors in a toast). */
export function FileButton<E extends Endpoint>({ endpoint, params, query, name, label, ariaLabel }: { endpoint: E; params: ParamsOf<E>; query: QueryOf<E>; name: string; label: string; ariaLabel: string }) {
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await saveDownload(endpoint, { params, query }, name);
    } catch (error) {
      toaster.create({ type: 'error', title: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="outline" loading={busy} onClick={() => void save()} aria-label={ariaLabel}>
      <Download aria-hidden /> {label}
    </Button>
  );
}

/** The PDF of a generated notice (nothing for one that was not generated). */
export function NoticePdfButton({ notice, companyId }: { notice: Pick<NoticeRecord, 'notice_id' | 'loan_id' | 'status'>; companyId: string | null }) {
  const { t } = useTranslation();
  if (notice.status !== 'success') return null;
  return <FileButton endpoint={noticePdf} params={{ notice_id: notice.notice_id }} query={{ company_id: companyId ?? undefined }} name={`notice_${notice.loan_id}.pdf`} label="PDF" ariaLabel={t('legal.download_notice', { loan: notice.loan_id })} />;
}

/** A progress bar 0–100 with its percentage (a batch, an import). */
export function Bar({ value, label }: { value: number; label: string }) {
  return (
    <Progress.Root value={value} max={100} size="sm" minW="24">
      <HStack gap="2">
        <Progress.Track flex="1" aria-label={label} aria-valuetext={`${value}%`}>
          <Progress.Range />
        </Progress.Track>
        <Progress.ValueText minW="9" textAlign="end">{`${value}%`}</Progress.ValueText>
      </HStack>
    </Progress.Root>
  );
}
