/**
 * Export management (spec 2 bulk tab; spec 4 "Export, loan and user" statuses; spec 7 recovery
 * `/exports`, `/export/download`; spec 9 page size 10): create a loan export of a month as xlsx or
 * csv, list exports filtered by status and creation dates, refresh while any is running, and
 * download finished ones with the auth headers.
 */
import { Box, Button, Card, Field, Flex, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { FilePlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, LOAN_EXPORT_OPERATION_TYPE, exportDownload, type ExportRecord } from '../../../domain/contracts/bulk/exports';
import { EXPORT_STATUSES } from '../../../domain/bulk/termination';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useIsPhone } from '../../lib/use-is-phone';
import { EXPORTS_PAGE_SIZE, useCreateExport, useExports, type ExportsQuery } from './api';
import { DownloadButton } from '../../components/download-button';
import { currentMonth, formatDateTime } from '../../lib/format';
import { StatusBadge } from './status-badge';

function ExportDownload({ companyId, record }: { companyId: string | null; record: ExportRecord }) {
  const { t } = useTranslation();
  if (record.status !== 'completed') return null;
  return (
    <DownloadButton
      size="xs"
      endpoint={exportDownload}
      query={{ company_id: companyId ?? undefined, export_id: record.export_id, operation_type: record.operation_type || LOAN_EXPORT_OPERATION_TYPE }}
      fallbackName={record.file_name ?? `loans-${record.allocation_month}.${record.format}`}
      label={t('bulk.download')}
      ariaLabel={t('bulk.download_named', { name: record.file_name ?? record.export_id })}
    />
  );
}

function CreateExport({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(currentMonth);
  const [format, setFormat] = useState<(typeof EXPORT_FORMATS)[number]>('xlsx');
  const create = useCreateExport(companyId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { allocation_month: month, format, filters: [] },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('bulk.export_queued') }),
        onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
      },
    );
  };
  return (
    <Box as="section" aria-labelledby="new-export" bg="bg" borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit}>
        <Stack gap="3">
          <Heading as="h2" size="md" id="new-export">
            {t('bulk.new_export')}
          </Heading>
          <Flex gap="3" align="end" wrap="wrap">
            <Field.Root width={{ base: 'full', sm: '48' }} required>
              <Field.Label>{t('bulk.allocation_month')}</Field.Label>
              <Input type="month" size="sm" value={month} onChange={(e) => setMonth(e.currentTarget.value)} required />
            </Field.Root>
            <Field.Root width={{ base: 'full', sm: '40' }}>
              <Field.Label>{t('bulk.format')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={format} onChange={(e) => setFormat(e.currentTarget.value as typeof format)}>
                  {EXPORT_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {f.toUpperCase()}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button type="submit" size="sm" loading={create.isPending} width={{ base: 'full', sm: 'auto' }}>
              <FilePlus aria-hidden /> {t('bulk.create_export')}
            </Button>
          </Flex>
          <Text fontSize="sm" color="fg.muted">
            {t('bulk.export_filters_hint')}
          </Text>
        </Stack>
      </form>
    </Box>
  );
}

export function ExportTab({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [query, setQuery] = useState<ExportsQuery>({ page_number: 1 });
  const exports = useExports(companyId, query);
  const set = (patch: Partial<ExportsQuery>) => setQuery((q) => ({ ...q, ...patch, page_number: patch.page_number ?? 1 }));

  let body: React.ReactNode;
  if (exports.isPending) body = <LoadingState />;
  else if (exports.isError) body = <ErrorState error={exports.error} onRetry={() => void exports.refetch()} />;
  else if (exports.data.exports.length === 0) body = <EmptyState>{t('bulk.no_exports')}</EmptyState>;
  else if (isPhone)
    body = (
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('bulk.exports_label')}>
        {exports.data.exports.map((record) => (
          <Card.Root as="li" key={record.export_id} size="sm" data-testid="export-card">
            <Card.Body gap="1">
              <Flex justify="space-between" gap="2">
                <Text fontWeight="semibold" truncate>
                  {record.file_name ?? record.export_id}
                </Text>
                <StatusBadge status={record.status} />
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {record.allocation_month} · {record.format.toUpperCase()} · {t('bulk.rows_count', { count: record.total_rows })} · {formatDateTime(record.created_at)}
              </Text>
              <ExportDownload companyId={companyId} record={record} />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  else
    body = (
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
        <Table.Root size="sm" aria-label={t('bulk.exports_label')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('bulk.file')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bulk.allocation_month')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bulk.format')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bulk.status_label')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('bulk.total_rows')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bulk.requested_by')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bulk.created_at')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Box srOnly>{t('common.actions')}</Box>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {exports.data.exports.map((record) => (
              <Table.Row key={record.export_id} data-testid="export-row">
                <Table.Cell fontWeight="medium">{record.file_name ?? record.export_id}</Table.Cell>
                <Table.Cell>{record.allocation_month}</Table.Cell>
                <Table.Cell>{record.format.toUpperCase()}</Table.Cell>
                <Table.Cell>
                  <StatusBadge status={record.status} />
                  {record.status === 'failed' && record.message && (
                    <Text fontSize="xs" color="fg.error">
                      {record.message}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{record.total_rows.toLocaleString()}</Table.Cell>
                <Table.Cell>{record.author_name ?? '—'}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDateTime(record.created_at)}</Table.Cell>
                <Table.Cell textAlign="end">
                  <ExportDownload companyId={companyId} record={record} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    );

  return (
    <Stack gap="6">
      {canWrite && <CreateExport companyId={companyId} />}
      <Stack as="section" aria-labelledby="export-list" gap="3">
        <Heading as="h2" size="md" id="export-list">
          {t('bulk.exports_label')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" role="group" aria-label={t('bulk.export_filters')}>
          <Field.Root>
            <Field.Label>{t('bulk.status_label')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={query.status ?? ''} onChange={(e) => set({ status: EXPORT_STATUSES.find((s) => s === e.currentTarget.value) })}>
                <option value="">{t('users.all')}</option>
                {EXPORT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`bulk.status.${s}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('bulk.from_date')}</Field.Label>
            <Input type="date" size="sm" value={query.start_date ?? ''} onChange={(e) => set({ start_date: e.currentTarget.value || undefined })} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('bulk.to_date')}</Field.Label>
            <Input type="date" size="sm" value={query.end_date ?? ''} onChange={(e) => set({ end_date: e.currentTarget.value || undefined })} />
          </Field.Root>
        </SimpleGrid>
        <Box aria-busy={exports.isFetching}>{body}</Box>
        {exports.data && exports.data.total > 0 && (
          <HStack justify="stretch">
            <Box flex="1">
              <Pager page={query.page_number} pageSize={EXPORTS_PAGE_SIZE} total={exports.data.total} onPage={(page) => set({ page_number: page })} />
            </Box>
          </HStack>
        )}
      </Stack>
    </Stack>
  );
}
