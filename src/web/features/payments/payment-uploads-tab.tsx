/**
 * The payments tab of bulk operations (spec 2 bulk operation tabs; issue 15): upload a file of
 * offline payments (loan_id, amount, date; reference, channel, expected_amount optional), then
 * follow each upload's reconciliation — status, a progress bar polled every second while a job
 * runs, posted / queued / duplicate / unreadable counts, the posted amount — and download the
 * error file of the rows that could not be read; terminate a queued or running upload.
 */
import { Alert, Badge, Button, Card, Flex, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { formatDate } from '../../../domain/common/dates';
import { listPaymentUploads, paymentUploadErrorFile, PAYMENT_UPLOAD_MAX_MB, terminatePaymentUpload, type PaymentUploadRecord } from '../../../domain/contracts/payments/uploads';
import { CountFigure } from '../../components/count-figure';
import { DownloadButton } from '../../components/download-button';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { can, useEndpointMutation } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { usePaymentUploads, useUploadPayments } from './api';

const running = (u: PaymentUploadRecord) => u.status === 'initiated' || u.status === 'in_progress';
const palette: Record<PaymentUploadRecord['status'], string> = { initiated: 'gray', in_progress: 'blue', completed: 'green', failed: 'red', terminated: 'orange' };

/** Terminate: the job stops before its next chunk; what it posted stays posted. */
function TerminateButton({ upload }: { upload: PaymentUploadRecord }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const client = useQueryClient();
  const terminate = useEndpointMutation(terminatePaymentUpload, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('payments.uploads.terminated_toast') });
      void client.invalidateQueries({ queryKey: [listPaymentUploads.operation] });
    },
    onError: (e) => toaster.create({ type: 'error', title: errorMessage(e) }),
  });
  if (!can(terminatePaymentUpload, permissions)) return null;
  return (
    <Button size="xs" variant="outline" colorPalette="red" loading={terminate.isPending} aria-label={t('payments.uploads.terminate_of', { file: upload.file_name })} onClick={() => terminate.mutate({ params: { upload_id: upload.upload_id }, query: { company_id: companyId ?? undefined } })} data-testid="upload-terminate">
      {t('payments.uploads.terminate')}
    </Button>
  );
}

function UploadCard({ upload, currency }: { upload: PaymentUploadRecord; currency: Currency }) {
  const { t } = useTranslation();
  return (
    <Card.Root size="sm" data-testid="payment-upload">
      <Card.Body gap="3">
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {upload.file_name}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatDate(upload.created_at)}
            </Text>
          </Stack>
          <Flex gap="2" align="center">
            {running(upload) && <TerminateButton upload={upload} />}
            <Badge colorPalette={palette[upload.status]}>{t(`payments.uploads.status.${upload.status}`)}</Badge>
          </Flex>
        </Flex>
        {running(upload) && (
          <Progress.Root value={upload.progress} size="sm" aria-label={t('payments.uploads.progress', { file: upload.file_name })}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {(upload.status === 'failed' || upload.status === 'terminated') && upload.message && (
          <Text fontSize="sm" color="fg.error" role="alert">
            {upload.message}
          </Text>
        )}
        <SimpleGrid columns={{ base: 3, md: 6 }} gap="3">
          <CountFigure label={t('payments.uploads.rows')} value={upload.rows_read} testId="upload-rows" />
          <CountFigure label={t('payments.uploads.posted')} value={upload.posted} testId="upload-posted" />
          <CountFigure label={t('payments.uploads.exceptions')} value={upload.exceptions} testId="upload-exceptions" />
          <CountFigure label={t('payments.uploads.duplicates')} value={upload.duplicates} testId="upload-duplicates" />
          <CountFigure label={t('payments.uploads.errors')} value={upload.error_rows} testId="upload-errors" />
          <Stack gap="0">
            <Text fontSize="xs" color="fg.muted">
              {t('payments.uploads.amount')}
            </Text>
            <Text fontWeight="semibold">{formatMinor(upload.posted_minor, currency)}</Text>
          </Stack>
        </SimpleGrid>
        {upload.error_rows > 0 && (
          <Flex>
            <DownloadButton
              endpoint={paymentUploadErrorFile}
              params={{ upload_id: upload.upload_id }}
              fallbackName="payment-errors.csv"
              label={t('payments.uploads.error_file')}
              ariaLabel={t('payments.uploads.error_file_of', { file: upload.file_name })}
            />
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

export function PaymentUploadsTab({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const { company } = useShell();
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const uploads = usePaymentUploads(companyId, (data) => Boolean(data?.uploads.some(running)));
  const send = useUploadPayments();
  const fileRef = useRef<HTMLInputElement>(null);
  const pick = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('file', file);
    send.mutate({ query: { company_id: companyId ?? undefined }, form }, { onSuccess: () => toaster.create({ type: 'success', title: t('payments.uploads.queued') }) });
    if (fileRef.current) fileRef.current.value = '';
  };
  return (
    <Stack gap="4">
      {canWrite && (
        <Stack gap="2" bg="bg" borderWidth="1px" rounded="md" p={{ base: '4', md: '5' }}>
          <Text fontSize="sm">{t('payments.uploads.help', { mb: PAYMENT_UPLOAD_MAX_MB })}</Text>
          <input ref={fileRef} type="file" accept=".csv,.xlsx,.xls" hidden onChange={(e) => pick(e.currentTarget.files?.[0])} data-testid="payment-upload-file" />
          <Flex>
            <Button onClick={() => fileRef.current?.click()} loading={send.isPending}>
              <Upload aria-hidden /> {t('payments.uploads.upload')}
            </Button>
          </Flex>
          {send.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorMessage(send.error)}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      )}
      {uploads.isPending ? (
        <LoadingState />
      ) : uploads.isError ? (
        <ErrorState error={uploads.error} onRetry={() => void uploads.refetch()} />
      ) : uploads.data.uploads.length === 0 ? (
        <EmptyState>{t('payments.uploads.none')}</EmptyState>
      ) : (
        <Stack gap="3" aria-live="polite">
          {uploads.data.uploads.map((u) => (
            <UploadCard key={u.upload_id} upload={u} currency={currency} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
