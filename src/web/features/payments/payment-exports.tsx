/**
 * Payment exports on the payments dashboard (issue 15 `POST /v2/export/payments`,
 * `GET /exports/payments`; spec 4 export statuses): "Export payments" opens a dialog (a date range
 * of at most MAX_PAYMENT_EXPORT_DAYS days (the company's local calendar days), xlsx or csv, optionally one source or channel), and
 * the company's payment exports, newest first, with their status (a running bar until the job
 * ends), author, range, rows and the file's download (masked for the downloader by the server).
 * The list refreshes every 2 s while an export runs.
 */
import { Badge, Button, Field, Flex, Heading, Input, Progress, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, exportDownload } from '../../../domain/contracts/bulk/exports';
import { PAYMENT_SOURCES, type PaymentSource } from '../../../domain/contracts/payments/exceptions';
import { createPaymentExport, listPaymentExports, MAX_PAYMENT_EXPORT_DAYS, PAYMENT_EXPORT_OPERATION_TYPE, type PaymentExportRecord } from '../../../domain/contracts/payments/exports';
import { ChoiceField } from '../../components/choice-field';
import { DownloadButton } from '../../components/download-button';
import { FormDialog } from '../../components/form-dialog';
import { QueryView } from '../../components/query-state';
import { ResponsiveList } from '../../components/responsive-list';
import { can, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';

const PAGE_SIZE = 10;
const RUNNING: readonly string[] = ['accepted', 'initiated', 'in_process'];
const COLOURS: Record<string, string> = { completed: 'green', failed: 'red' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
type Format = (typeof EXPORT_FORMATS)[number];

/** Days from `start` to `end` counting both (UTC calendar days 'YYYY-MM-DD'). */
const daysIn = (start: string, end: string) => (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;

/** The dialog's complaint about a range, or null when the server would take it. */
function rangeProblem(start: string, end: string): 'required' | 'reversed' | 'too_long' | null {
  if (!DAY.test(start) || !DAY.test(end)) return 'required';
  if (end < start) return 'reversed';
  return daysIn(start, end) > MAX_PAYMENT_EXPORT_DAYS ? 'too_long' : null;
}

function ExportDialog({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(from);
  const [end, setEnd] = useState(to);
  const [format, setFormat] = useState<Format>('xlsx');
  const [source, setSource] = useState<PaymentSource | ''>('');
  const [channel, setChannel] = useState('');
  const [tried, setTried] = useState(false);
  const create = useEndpointMutation(createPaymentExport, { onSuccess: () => client.invalidateQueries({ queryKey: [listPaymentExports.operation] }) });
  const problem = rangeProblem(start, end);
  const openChange = (next: boolean) => {
    if (next) {
      // Each opening starts from the dashboard's range.
      setStart(from);
      setEnd(to);
      setTried(false);
      create.reset();
    }
    setOpen(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problem) return;
    create.mutate(
      { query: { company_id: companyId ?? undefined }, body: { start_date: start, end_date: end, format, ...(source ? { source } : {}), ...(channel.trim() ? { channel: channel.trim() } : {}) } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('payments.exports.accepted') });
          setOpen(false);
        },
      },
    );
  };
  const shown = tried || problem === 'reversed' || problem === 'too_long' ? problem : null;
  return (
    <FormDialog
      open={open}
      onOpenChange={openChange}
      trigger={
        <Button size="sm" data-testid="payments-export-open">
          <FileDown aria-hidden /> {t('payments.exports.action')}
        </Button>
      }
      title={t('payments.exports.title')}
      onSubmit={submit}
      error={create.error}
      submitLabel={t('payments.exports.submit')}
      submitting={create.isPending}
      submitTestId="payments-export-submit"
    >
      <Text fontSize="sm" color="fg.muted">
        {t('payments.exports.help', { max: MAX_PAYMENT_EXPORT_DAYS })}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Field.Root required flex="1" minW="40">
          <Field.Label>{t('payments.exports.start')}</Field.Label>
          <Input type="date" size="sm" value={start} max={end || undefined} onChange={(e) => setStart(e.currentTarget.value)} data-testid="payments-export-start" />
        </Field.Root>
        <Field.Root required flex="1" minW="40" invalid={shown !== null}>
          <Field.Label>{t('payments.exports.end')}</Field.Label>
          <Input type="date" size="sm" value={end} min={start || undefined} onChange={(e) => setEnd(e.currentTarget.value)} data-testid="payments-export-end" />
          <Field.ErrorText>{shown ? t(`payments.exports.problem.${shown}`, { max: MAX_PAYMENT_EXPORT_DAYS }) : null}</Field.ErrorText>
        </Field.Root>
      </Flex>
      <Flex gap="3" wrap="wrap">
        <ChoiceField label={t('payments.exports.format')} value={format} choices={EXPORT_FORMATS} choiceLabel={(f) => f.toUpperCase()} onChange={setFormat} testId="payments-export-format" rootProps={{ flex: '1', minW: '32' }} />
        <ChoiceField
          label={t('payments.exports.source')}
          value={source}
          choices={['', ...PAYMENT_SOURCES]}
          choiceLabel={(s) => (s ? t(`payments.exceptions.sources.${s}`) : t('payments.exports.any_source'))}
          onChange={setSource}
          testId="payments-export-source"
          rootProps={{ flex: '1', minW: '40' }}
        />
      </Flex>
      <Field.Root>
        <Field.Label>{t('payments.exports.channel')}</Field.Label>
        <Input size="sm" value={channel} maxLength={40} placeholder={t('payments.exports.channel_hint')} onChange={(e) => setChannel(e.currentTarget.value)} data-testid="payments-export-channel" />
      </Field.Root>
    </FormDialog>
  );
}

function ExportStatus({ e }: { e: PaymentExportRecord }) {
  const { t } = useTranslation();
  const running = RUNNING.includes(e.status);
  return (
    <Stack gap="1" minW="28">
      <Badge alignSelf="start" colorPalette={COLOURS[e.status] ?? 'blue'} data-testid="payments-export-status" data-status={e.status}>
        {t(`payments.exports.status.${e.status}`)}
      </Badge>
      {running && (
        // The job reports no share done, only its stage: an indeterminate bar while it runs.
        <Progress.Root value={null} size="xs" aria-label={t('payments.exports.running')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {e.status === 'failed' && e.message && (
        <Text fontSize="xs" color="fg.error">
          {e.message}
        </Text>
      )}
    </Stack>
  );
}

/** The "Export payments" action and the payment exports list; `from`/`to` (YYYY-MM-DD) start the dialog's range. */
export function PaymentExports({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [page, setPage] = useState(1);
  const canList = can(listPaymentExports, permissions);
  const list = useEndpoint(
    listPaymentExports,
    { query: { company_id: companyId ?? undefined, page_number: page, page_size: PAGE_SIZE } },
    { enabled: Boolean(companyId) && canList, refetchInterval: (q) => (q.state.data?.exports.some((e) => RUNNING.includes(e.status)) ? 2000 : false) },
  );
  if (!canList && !can(createPaymentExport, permissions)) return null;
  const range = (e: PaymentExportRecord) => t('payments.exports.range', { start: e.start_date, end: e.end_date });
  const rows = (e: PaymentExportRecord) => (e.status === 'completed' ? e.total_rows.toLocaleString() : '—');
  const download = (e: PaymentExportRecord) =>
    e.status === 'completed' ? (
      <DownloadButton
        size="xs"
        endpoint={exportDownload}
        query={{ company_id: companyId ?? undefined, export_id: e.export_id, operation_type: PAYMENT_EXPORT_OPERATION_TYPE }}
        fallbackName={e.file_name ?? `payments.${e.format}`}
        label={t('payments.exports.download')}
        ariaLabel={t('payments.exports.download_of', { range: range(e) })}
      />
    ) : null;
  return (
    <Stack as="section" gap="3" aria-labelledby="payment-exports-title">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="md" id="payment-exports-title">
          {t('payments.exports.list_title')}
        </Heading>
        {can(createPaymentExport, permissions) && <ExportDialog from={from} to={to} />}
      </Flex>
      {canList && (
        <QueryView query={list} isEmpty={(d) => d.exports.length === 0} empty={t('payments.exports.none')}>
          {(d) => (
            <ResponsiveList
              items={d.exports}
              itemKey={(e) => e.export_id}
              label={t('payments.exports.list_title')}
              columns={[
                { header: t('payments.exports.requested'), cell: (e) => formatDateTime(e.created_at), cellProps: { whiteSpace: 'nowrap' } },
                { header: t('payments.exports.period'), cell: range, cellProps: { whiteSpace: 'nowrap' } },
                { header: t('payments.exports.format'), cell: (e) => e.format.toUpperCase() },
                { header: t('payments.exports.status_col'), cell: (e) => <ExportStatus e={e} /> },
                { header: t('payments.exports.rows'), end: true, cell: rows },
                { header: t('payments.exports.author'), cell: (e) => e.author_name ?? '—' },
                { header: t('payments.exports.file'), end: true, cell: download },
              ]}
              card={(e) => (
                <>
                  <Flex justify="space-between" gap="2" align="start">
                    <Text fontWeight="semibold">{range(e)}</Text>
                    <ExportStatus e={e} />
                  </Flex>
                  <Text fontSize="sm" color="fg.muted">
                    {e.format.toUpperCase()}
                    {e.status === 'completed' ? ` · ${t('payments.exports.rows_count', { count: e.total_rows })}` : ''} · {e.author_name ?? '—'} · {formatDateTime(e.created_at)}
                  </Text>
                  {download(e)}
                </>
              )}
              paging={{ page, pageSize: PAGE_SIZE, total: d.total, onPage: setPage }}
              rowTestId="payments-export-row"
              cardTestId="payments-export-card"
            />
          )}
        </QueryView>
      )}
    </Stack>
  );
}
