/**
 * Legal imports and notice exports on `/app/notice-tracking` (issue 17; spec 4 statuses, spec 9
 * export notice views): the Reports and Documents tabs ask for a report (Notice Tracking Report,
 * Download Notice) or a document type (Merged File, Notice, POD, Tracking Report) of one batch or a
 * range of days and list the exports with their status (QUEUED, IN PROGRESS, SUCCESS, FAIL, NO DATA
 * FOUND) and download; the Imports tab uploads a file of cases, hearings or dispatches and lists the
 * imports with progress, counts, status (in_progress, success, failed) and the error file. Lists
 * refresh every 2 s while something runs.
 */
import { Badge, Button, Field, Flex, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { FileDown, Upload } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createLegalExport,
  createLegalImport,
  downloadLegalExport,
  LEGAL_IMPORT_COLUMNS,
  LEGAL_IMPORT_TYPES,
  legalImportErrorFile,
  listLegalExports,
  listLegalImports,
  NOTICE_EXPORT_DOCUMENT_TYPES,
  NOTICE_REPORTS,
  type LegalExportReport,
  type LegalExportView,
  type LegalImportType,
} from '../../../domain/contracts/legal/transfers';
import { DeskTable, QueryView } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { formatDateTime } from '../../lib/format';
import { toaster } from '../../lib/toaster';
import { useBatches } from './api';
import { Bar, FileButton, NoticeStatus, StatusWithReason } from './notice-parts';

const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });
/** Badge colours of the spec 4 legal export statuses. */
const EXPORT_COLOURS: Record<string, string> = { SUCCESS: 'green', FAIL: 'red', 'NO DATA FOUND': 'orange', QUEUED: 'gray', 'IN PROGRESS': 'blue' };
/** Today as 'YYYY-MM-DD' in the browser's time zone (the company's, for its users). */
const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const reportKey = (r: string) => r.toLowerCase().replace(/\s+/g, '_');

/** The exports of one spec 9 view, asked for and listed. */
export function ExportsPanel({ companyId, view }: { companyId: string | null; view: LegalExportView }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const reports: readonly LegalExportReport[] = view === 'Reports' ? NOTICE_REPORTS : NOTICE_EXPORT_DOCUMENT_TYPES;
  const [report, setReport] = useState<LegalExportReport>(reports[0]);
  const [scope, setScope] = useState<'batch' | 'range'>('batch');
  const batches = useBatches(companyId, 1);
  const [batchId, setBatchId] = useState('');
  const chosenBatch = batchId || batches.data?.batches[0]?.batch_id || '';
  const [from, setFrom] = useState(todayIso);
  const [to, setTo] = useState(todayIso);
  const exportsQuery = useEndpoint(
    listLegalExports,
    { query: { ...company(companyId), view, page_size: 20 } },
    { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === 'QUEUED' || e.status === 'IN PROGRESS') ? 2000 : false) },
  );
  const create = useEndpointMutation(createLegalExport, { onSuccess: () => client.invalidateQueries({ queryKey: [listLegalExports.operation] }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { query: company(companyId), body: { report, ...(scope === 'batch' ? { batch_id: chosenBatch } : { from, to }) } },
      { onSuccess: () => toaster.create({ type: 'success', title: t('legal.export_queued') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
  };
  return (
    <Stack gap="4">
      <form onSubmit={submit} noValidate aria-label={t(`legal.view.${view.toLowerCase()}`)}>
        <Flex gap="3" wrap="wrap" align="end">
          <Field.Root width={{ base: 'full', md: 'auto' }}>
            <Field.Label>{t(view === 'Reports' ? 'legal.report_label' : 'legal.document_type')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={report} onChange={(e) => setReport(e.currentTarget.value as LegalExportReport)} data-testid={`export-report-${view}`}>
                {reports.map((r) => (
                  <option key={r} value={r}>
                    {t(`legal.report.${reportKey(r)}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root width={{ base: 'full', md: 'auto' }}>
            <Field.Label>{t('legal.export_scope')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={scope} onChange={(e) => setScope(e.currentTarget.value as 'batch' | 'range')} data-testid={`export-scope-${view}`}>
                <option value="batch">{t('legal.scope_batch')}</option>
                <option value="range">{t('legal.scope_range')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {scope === 'batch' ? (
            <Field.Root width={{ base: 'full', md: 'auto' }} minW={{ md: '64' }}>
              <Field.Label>{t('legal.batch')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={chosenBatch} onChange={(e) => setBatchId(e.currentTarget.value)} data-testid={`export-batch-${view}`}>
                  {(batches.data?.batches ?? []).map((b) => (
                    <option key={b.batch_id} value={b.batch_id}>
                      {formatDateTime(b.created_at)} · {t(`legal.kind.${b.kind}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          ) : (
            <HStack gap="2" width={{ base: 'full', md: 'auto' }}>
              <Field.Root>
                <Field.Label>{t('legal.from')}</Field.Label>
                <Input type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
              </Field.Root>
              <Field.Root>
                <Field.Label>{t('legal.to')}</Field.Label>
                <Input type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
              </Field.Root>
            </HStack>
          )}
          <Button type="submit" loading={create.isPending} disabled={scope === 'batch' ? !chosenBatch : !from || !to} data-testid={`export-submit-${view}`}>
            <FileDown aria-hidden /> {t('legal.export')}
          </Button>
        </Flex>
      </form>
      <QueryView query={exportsQuery} isEmpty={(d) => d.exports.length === 0} empty={t('legal.no_exports')}>
        {(d) => (
          <DeskTable label={t(`legal.view.${view.toLowerCase()}`)} columns={[t('legal.created'), t('legal.status_label'), t(view === 'Reports' ? 'legal.report_label' : 'legal.document_type'), t('legal.export_scope'), { label: t('legal.export_total'), end: true }, '']}>
            {d.exports.map((x) => (
              <Table.Row key={x.export_id} data-testid="export-row">
                <Table.Cell>{formatDateTime(x.created_at)}</Table.Cell>
                <Table.Cell>
                  <StatusWithReason
                    badge={
                      <Badge colorPalette={EXPORT_COLOURS[x.status]} data-testid="export-status" data-status={x.status} width="fit-content">
                        {x.status}
                      </Badge>
                    }
                    reason={x.message}
                  />
                </Table.Cell>
                <Table.Cell>{t(`legal.report.${reportKey(x.report)}`)}</Table.Cell>
                <Table.Cell>{x.batch_id ? t('legal.batch_of', { id: x.batch_id.slice(0, 8) }) : `${x.from} – ${x.to}`}</Table.Cell>
                <Table.Cell textAlign="end">{x.total}</Table.Cell>
                <Table.Cell>
                  {x.status === 'SUCCESS' && x.file_name && (
                    <FileButton endpoint={downloadLegalExport} params={{ export_id: x.export_id }} query={company(companyId)} name={x.file_name} label={t('legal.download')} ariaLabel={t('legal.download_export', { name: x.file_name })} />
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </DeskTable>
        )}
      </QueryView>
    </Stack>
  );
}

/** Legal imports: upload a file of cases, hearings or dispatches; the imports with progress and error files. */
export function ImportsPanel({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [type, setType] = useState<LegalImportType>('cases');
  const picker = useRef<HTMLInputElement>(null);
  const imports = useEndpoint(
    listLegalImports,
    { query: { ...company(companyId), page_size: 20 } },
    { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.imports.some((i) => i.status === 'in_progress') ? 2000 : false) },
  );
  const upload = useEndpointMutation(createLegalImport, { onSuccess: () => client.invalidateQueries({ queryKey: [listLegalImports.operation] }) });
  const onFile = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set('import_type', type);
    form.set('file', file);
    upload.mutate(
      { query: company(companyId), form },
      { onSuccess: () => toaster.create({ type: 'success', title: t('legal.import_started') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
    if (picker.current) picker.current.value = '';
  };
  const cols = LEGAL_IMPORT_COLUMNS[type];
  return (
    <Stack gap="4">
      {canWrite && (
        <Stack gap="2">
          <Flex gap="3" wrap="wrap" align="end">
            <Field.Root width={{ base: 'full', md: 'auto' }}>
              <Field.Label>{t('legal.import_type')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={type} onChange={(e) => setType(e.currentTarget.value as LegalImportType)} data-testid="import-type">
                  {LEGAL_IMPORT_TYPES.map((k) => (
                    <option key={k} value={k}>
                      {t(`legal.import_kind.${k}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <input ref={picker} type="file" accept=".csv,.xlsx,.xls" hidden onChange={(e) => onFile(e.currentTarget.files?.[0])} data-testid="import-file" aria-label={t('legal.import_upload')} />
            <Button loading={upload.isPending} onClick={() => picker.current?.click()}>
              <Upload aria-hidden /> {t('legal.import_upload')}
            </Button>
          </Flex>
          <Text fontSize="sm" color="fg.muted" data-testid="import-columns">
            {t('legal.import_columns', { required: cols.required.join(', '), optional: cols.optional.join(', ') })}
          </Text>
        </Stack>
      )}
      <QueryView query={imports} isEmpty={(d) => d.imports.length === 0} empty={t('legal.no_imports')}>
        {(d) => (
          <DeskTable label={t('legal.tab_imports')} columns={[t('legal.created'), t('legal.status_label'), t('legal.import_type'), t('legal.file'), t('legal.progress'), t('legal.import_rows'), '']}>
            {d.imports.map((i) => (
              <Table.Row key={i.import_id} data-testid="import-row">
                <Table.Cell>{formatDateTime(i.created_at)}</Table.Cell>
                <Table.Cell>
                  <StatusWithReason badge={<NoticeStatus status={i.status} />} reason={i.message} />
                </Table.Cell>
                <Table.Cell>{t(`legal.import_kind.${i.import_type}`)}</Table.Cell>
                <Table.Cell>{i.file_name}</Table.Cell>
                <Table.Cell minW="36">
                  <Bar value={i.progress} label={t('legal.progress')} />
                </Table.Cell>
                <Table.Cell>
                  <Text fontSize="xs" data-testid="import-counts">
                    {t('legal.import_counts', { rows: i.rows_read, applied: i.applied, errors: i.error_rows })}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  {i.error_rows > 0 && (
                    <FileButton endpoint={legalImportErrorFile} params={{ import_id: i.import_id }} query={company(companyId)} name={`${i.file_name.replace(/\.[^.]+$/, '')}-errors.csv`} label={t('legal.errors')} ariaLabel={t('legal.download_import_errors', { name: i.file_name })} />
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </DeskTable>
        )}
      </QueryView>
    </Stack>
  );
}
