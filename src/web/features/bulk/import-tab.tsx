/**
 * Import management (spec 2 bulk tab, spec 4 import statuses and termination, spec 5 upload rules,
 * spec 8 'Failed to terminate operation'): pick an allocation month and an allocation file, check
 * it here against spec 5 (blocked extensions, size), preview its header row, map each column to a
 * variable (mandatory ones marked, problems listed, start disabled while there are any), then
 * follow the import's progress every second and list recent imports.
 */
import { Alert, Badge, Box, Button, Card, Field, Flex, Heading, HStack, Input, NativeSelect, Progress, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { Play, Square, Upload } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_FILE_EXTENSIONS, IMPORT_MAX_FILE_MB, importErrorFile, type ImportPreview, type ImportRecord } from '../../../domain/contracts/bulk/imports';
import { TERMINATION_FAILED_MESSAGE } from '../../../domain/bulk/termination';
import { validateMapping, type ColumnMapping } from '../../../domain/portfolio/column-mapping';
import { checkUploads, fileExtension } from '../../../domain/validation/rules';
import { Pager } from '../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useIsPhone } from '../../lib/use-is-phone';
import { IMPORTS_PAGE_SIZE, useImport, useImportPreview, useImports, useStartImport, useTerminateImport } from './api';
import { DownloadButton } from '../../components/download-button';
import { currentMonth, formatDateTime } from '../../lib/format';
import { StatusBadge } from './status-badge';
import { CountFigure } from '../../components/count-figure';

/** Spec 5 message for a file the import refuses, or null when it may be uploaded. */
function checkAllocationFile(file: File): string | null {
  const spec5 = checkUploads([{ name: file.name, size: file.size }], { maxSizeMb: IMPORT_MAX_FILE_MB, maxFiles: 1 });
  if (spec5) return spec5;
  const ext = fileExtension(file.name);
  return (IMPORT_FILE_EXTENSIONS as readonly string[]).includes(ext) ? null : `.${ext || file.name} file type is not supported!`;
}

function sampleValue(preview: ImportPreview, column: number): string {
  for (const row of preview.sample_rows) if (row[column]?.trim()) return row[column];
  return '';
}

function MappingTable({ preview, mapping, onChange }: { preview: ImportPreview; mapping: ColumnMapping; onChange: (header: string, name: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" maxH="28rem">
      <Table.Root size="sm" stickyHeader aria-label={t('bulk.mapping_label')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('bulk.file_column')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('bulk.sample_value')}</Table.ColumnHeader>
            <Table.ColumnHeader minW="56">{t('bulk.variable')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {preview.headers.map((header, column) => (
            <Table.Row key={header} data-testid="mapping-row">
              <Table.Cell fontWeight="medium">{header}</Table.Cell>
              <Table.Cell color="fg.muted" maxW="48" truncate title={sampleValue(preview, column)}>
                {sampleValue(preview, column) || '—'}
              </Table.Cell>
              <Table.Cell>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label={t('bulk.variable_for', { header })}
                    value={mapping[header] ?? ''}
                    onChange={(e) => onChange(header, e.currentTarget.value || null)}
                  >
                    <option value="">{t('bulk.skip_column')}</option>
                    {preview.variables.map((v) => (
                      <option key={v.variable_name} value={v.variable_name}>
                        {v.is_mandatory ? `${v.variable_label} *` : v.variable_label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Counts, progress bar, error file and terminate button of one import. */
export function ImportProgress({ companyId, importId }: { companyId: string | null; importId: string }) {
  const { t } = useTranslation();
  const job = useImport(companyId, importId);
  const terminate = useTerminateImport(companyId);
  if (job.isPending) return <LoadingState />;
  if (job.isError) return <ErrorState error={job.error} onRetry={() => void job.refetch()} />;
  const record = job.data;
  const progress = Math.round(Math.min(100, Math.max(0, record.progress)));
  const stop = () =>
    terminate.mutate(record.id, {
      onSuccess: () => toaster.create({ type: 'success', title: t('bulk.terminated') }),
      onError: () => toaster.create({ type: 'error', title: TERMINATION_FAILED_MESSAGE }),
    });
  return (
    <Card.Root data-testid="import-progress" size="sm">
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text fontWeight="semibold" truncate>
            {record.file_name} · {record.allocation_month}
          </Text>
          <StatusBadge status={record.status} />
        </Flex>
        <Progress.Root value={progress} max={100}>
          <HStack gap="3">
            <Progress.Track flex="1" aria-label={t('bulk.import_progress')} aria-valuetext={`${progress}%`}>
              <Progress.Range />
            </Progress.Track>
            <Progress.ValueText minW="10" textAlign="end">{`${progress}%`}</Progress.ValueText>
          </HStack>
        </Progress.Root>
        <SimpleGrid columns={3} gap="2" aria-live="polite">
          <CountFigure label={t('bulk.total_rows')} value={record.total_rows} testId="import-total" />
          <CountFigure label={t('bulk.success_rows')} value={record.success_rows} testId="import-success" />
          <CountFigure label={t('bulk.failed_rows')} value={record.failed_rows} testId="import-failed" />
        </SimpleGrid>
        {record.message && <Text fontSize="sm" color="fg.muted">{record.message}</Text>}
        <HStack gap="2" wrap="wrap">
          {record.error_file_url && <ErrorFileButton companyId={companyId} record={record} />}
          {record.can_terminate && (
            <Button size="sm" variant="outline" colorPalette="red" loading={terminate.isPending} onClick={stop}>
              <Square aria-hidden /> {t('bulk.terminate')}
            </Button>
          )}
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function ErrorFileButton({ companyId, record }: { companyId: string | null; record: ImportRecord }) {
  const { t } = useTranslation();
  return (
    <DownloadButton
      endpoint={importErrorFile}
      params={{ id: record.id }}
      query={{ company_id: companyId ?? undefined }}
      fallbackName={`errors-${record.id}.csv`}
      label={t('bulk.error_file')}
      ariaLabel={t('bulk.error_file_named', { name: record.file_name })}
    />
  );
}

function RecentImports({ companyId, onOpen }: { companyId: string | null; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const imports = useImports(companyId, page);
  if (imports.isPending) return <LoadingState />;
  if (imports.isError) return <ErrorState error={imports.error} onRetry={() => void imports.refetch()} />;
  const list = imports.data.imports;
  if (list.length === 0) return <EmptyState>{t('bulk.no_imports')}</EmptyState>;
  return (
    <Stack gap="3">
      {isPhone ? (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label={t('bulk.recent_imports')}>
          {list.map((record) => (
            <Card.Root as="li" key={record.id} size="sm">
              <Card.Body gap="1">
                <Flex justify="space-between" gap="2">
                  <Text fontWeight="semibold" truncate>
                    {record.file_name}
                  </Text>
                  <StatusBadge status={record.status} />
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {record.allocation_month} · {t('bulk.counts', { total: record.total_rows, success: record.success_rows, failed: record.failed_rows })}
                </Text>
                <HStack>
                  <Button size="xs" variant="ghost" onClick={() => onOpen(record.id)}>
                    {t('bulk.show_progress')}
                  </Button>
                  {record.error_file_url && <ErrorFileButton companyId={companyId} record={record} />}
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
          <Table.Root size="sm" aria-label={t('bulk.recent_imports')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('bulk.file')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('bulk.allocation_month')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('bulk.operation_type')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('bulk.status_label')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('bulk.total_rows')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('bulk.success_rows')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('bulk.failed_rows')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('bulk.uploaded_by')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('bulk.created_at')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>{t('common.actions')}</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((record) => (
                <Table.Row key={record.id} data-testid="import-row">
                  <Table.Cell fontWeight="medium" maxW="56" truncate title={record.file_name}>
                    {record.file_name}
                  </Table.Cell>
                  <Table.Cell>{record.allocation_month}</Table.Cell>
                  <Table.Cell>{t(`bulk.operation.${record.operation_type}`)}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={record.status} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">{record.total_rows.toLocaleString()}</Table.Cell>
                  <Table.Cell textAlign="end">{record.success_rows.toLocaleString()}</Table.Cell>
                  <Table.Cell textAlign="end">{record.failed_rows.toLocaleString()}</Table.Cell>
                  <Table.Cell>{record.author_name ?? '—'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(record.created_at)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" justify="flex-end">
                      <Button size="xs" variant="ghost" onClick={() => onOpen(record.id)} aria-label={t('bulk.show_progress_named', { name: record.file_name })}>
                        {t('bulk.show_progress')}
                      </Button>
                      {record.error_file_url && <ErrorFileButton companyId={companyId} record={record} />}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <Pager page={page} pageSize={IMPORTS_PAGE_SIZE} total={imports.data.total} onPage={setPage} />
    </Stack>
  );
}

export function ImportTab({ companyId, canWrite }: { companyId: string | null; canWrite: boolean }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState(currentMonth);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [importId, setImportId] = useState<string | null>(null);
  const previewCall = useImportPreview(companyId);
  const start = useStartImport(companyId);
  const problems = useMemo(() => (preview ? validateMapping(mapping, preview.variables) : []), [preview, mapping]);
  const mandatory = preview?.variables.filter((v) => v.is_mandatory) ?? [];

  const pick = (picked: File | null) => {
    setPreview(null);
    setFile(null);
    setFileError(null);
    if (!picked) return;
    const message = checkAllocationFile(picked);
    if (message) {
      setFileError(message);
      toaster.create({ type: 'error', title: message });
      return;
    }
    setFile(picked);
  };

  const upload = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(t('bulk.choose_file'));
      return;
    }
    previewCall.mutate(file, {
      onSuccess: (answer) => {
        setPreview(answer);
        setMapping({ ...Object.fromEntries(answer.headers.map((h) => [h, null])), ...answer.mapping });
      },
      onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
    });
  };

  const begin = () => {
    if (!preview || problems.length > 0) return;
    start.mutate(
      { fileId: preview.file_id, month, mapping },
      {
        onSuccess: (record) => {
          setImportId(record.id);
          setPreview(null);
          setFile(null);
          toaster.create({ type: 'success', title: t('bulk.import_started') });
        },
        onError: (error) => toaster.create({ type: 'error', title: errorMessage(error) }),
      },
    );
  };

  return (
    <Stack gap="6">
      {canWrite && (
        <Box as="section" aria-labelledby="new-import" bg="bg" borderWidth="1px" rounded="md" p="4">
          <Stack gap="4">
            <Heading as="h2" size="md" id="new-import">
              {t('bulk.new_import')}
            </Heading>
            <form onSubmit={upload}>
              <Flex gap="3" align="end" wrap="wrap">
                <Field.Root width={{ base: 'full', sm: '48' }} required>
                  <Field.Label>{t('bulk.allocation_month')}</Field.Label>
                  <Input type="month" size="sm" value={month} onChange={(e) => setMonth(e.currentTarget.value)} required />
                </Field.Root>
                <Field.Root flex="1" minW={{ base: 'full', sm: '64' }} invalid={fileError !== null} required>
                  <Field.Label>{t('bulk.allocation_file')}</Field.Label>
                  <Input
                    type="file"
                    size="sm"
                    py="1"
                    accept=".xlsx,.xls,.csv"
                    onChange={(e) => pick(e.currentTarget.files?.[0] ?? null)}
                  />
                  {fileError ? <Field.ErrorText>{fileError}</Field.ErrorText> : <Field.HelperText>{t('bulk.file_help', { mb: IMPORT_MAX_FILE_MB })}</Field.HelperText>}
                </Field.Root>
                <Button type="submit" size="sm" loading={previewCall.isPending} disabled={!file || !month} width={{ base: 'full', sm: 'auto' }}>
                  <Upload aria-hidden /> {t('bulk.upload')}
                </Button>
              </Flex>
            </form>
            {preview && (
              <Stack gap="3" as="section" aria-labelledby="mapping-title">
                <Flex justify="space-between" align="center" wrap="wrap" gap="2">
                  <Heading as="h3" size="sm" id="mapping-title">
                    {t('bulk.mapping_title', { name: preview.file_name })}
                  </Heading>
                  <Badge colorPalette={preview.mapping_source === 'remembered' ? 'purple' : 'gray'}>{t(`bulk.mapping_source.${preview.mapping_source}`)}</Badge>
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  {t('bulk.mandatory_note', { names: mandatory.map((v) => v.variable_label).join(', ') })}
                </Text>
                <MappingTable preview={preview} mapping={mapping} onChange={(header, name) => setMapping((m) => ({ ...m, [header]: name }))} />
                {problems.length > 0 && (
                  <Alert.Root status="warning" role="alert">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t('bulk.mapping_problems')}</Alert.Title>
                      <Alert.Description>
                        <Box as="ul" ps="4" listStyleType="disc">
                          {problems.map((p) => (
                            <li key={`${p.kind}-${p.variable_name}-${p.headers.join()}`}>{p.message}</li>
                          ))}
                        </Box>
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                <Flex justify="flex-end" gap="2">
                  <Button variant="ghost" size="sm" onClick={() => setPreview(null)}>
                    {t('common.cancel')}
                  </Button>
                  <Button size="sm" disabled={problems.length > 0} loading={start.isPending} onClick={begin}>
                    <Play aria-hidden /> {t('bulk.start_import')}
                  </Button>
                </Flex>
              </Stack>
            )}
          </Stack>
        </Box>
      )}
      {importId && <ImportProgress companyId={companyId} importId={importId} />}
      <Stack as="section" aria-labelledby="recent-imports" gap="3">
        <Heading as="h2" size="md" id="recent-imports">
          {t('bulk.recent_imports')}
        </Heading>
        <RecentImports companyId={companyId} onOpen={setImportId} />
      </Stack>
    </Stack>
  );
}
