/**
 * `/app/notice-tracking` (issue 17; spec 2): the company's notice batches with their progress and
 * counts (spec 4 notice statuses), a dialog generating a batch from an approved template in a
 * language for listed loans or the month's loans by the loans list's filters (DPD fields and its filters drawer), the Merged File and error file downloads,
 * and each notice of the selected batch with its PDF and its dispatch (speed post or courier,
 * tracking number, dispatched / delivered / returned; email / WhatsApp with the PDF, a batch at
 * once, the POD upload: notice-dispatch.tsx), the spec 9 export views Reports and Documents and
 * legal imports (transfers-panel.tsx). Writes need notice › notices write.
 */
import { Box, Button, Card, Tabs, Field, Flex, Heading, HStack, Input, NativeSelect, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { FilePlus2, ListFilter } from 'lucide-react';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { FilterChips, FiltersDrawer, filterNames, useFilterConfig } from '../../components/loan-filters-drawer';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  batchErrors,
  createBatch,
  mergedFile,
  updateDispatch,
  type BatchRecord,
  type NoticeLanguage,
} from '../../../domain/contracts/legal/notices';
import { FormDialog } from '../../components/form-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { can } from '../../lib/endpoint';
import { currentMonth, formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { DispatchEditor, MessageDispatch, NoticeDocuments, SendBatchButtons, SendNoticeButtons, sentAsMessage } from './notice-dispatch';
import { TemplatesPanel } from './templates-panel';
import { ExportsPanel, ImportsPanel } from './transfers-panel';
import { createLegalImport } from '../../../domain/contracts/legal/transfers';
import { useBatch, useBatches, useCreateBatch, useTemplates } from './api';
import { Bar, FileButton, NoticePdfButton, NoticeStatus, StatusWithReason } from './notice-parts';

/** The dialog that starts a batch. */
function GenerateDialog({ companyId, onStarted }: { companyId: string | null; onStarted: (b: BatchRecord) => void }) {
  const { t } = useTranslation();
  const templates = useTemplates(companyId);
  const create = useCreateBatch();
  const [open, setOpen] = useState(false);
  const approved = useMemo(() => (templates.data?.templates ?? []).filter((tpl) => tpl.status === 'approved'), [templates.data]);
  const [templateId, setTemplateId] = useState('');
  const template = approved.find((tpl) => tpl.template_id === templateId) ?? approved[0];
  const [language, setLanguage] = useState<NoticeLanguage | ''>('');
  const lang: NoticeLanguage | undefined = template && (language && template.languages.includes(language) ? language : template.languages[0]);
  const [month, setMonth] = useState(currentMonth);
  const [scope, setScope] = useState<'ids' | 'filter'>('ids');
  const [ids, setIds] = useState('');
  // The loans list's DPD filter (filter_key 'dpd'); both ends empty: every loan of the month.
  const [dpdMin, setDpdMin] = useState('');
  const [dpdMax, setDpdMax] = useState('');
  const dpdFilter: LoanFilter[] = dpdMin || dpdMax ? [{ filter_key: 'dpd', ...(dpdMin ? { min: Number(dpdMin) } : {}), ...(dpdMax ? { max: Number(dpdMax) } : {}) }] : [];
  // Any other filter of the loans list (its drawer, the company's filter config); DPD stays on the quick fields above.
  const filterConfig = useFilterConfig(companyId);
  const [more, setMore] = useState<LoanFilter[]>([]);
  const [drawer, setDrawer] = useState(false);
  const names = useMemo(() => filterNames(filterConfig.data?.groups), [filterConfig.data]);
  const filters = [...dpdFilter, ...more.filter((f) => f.filter_key !== 'dpd')];
  const loanIds = ids.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!template || !lang) return;
    create.mutate(
      { query: { company_id: companyId ?? undefined }, body: { template_id: template.template_id, language: lang, allocation_month: month, ...(scope === 'ids' ? { loan_ids: loanIds } : { filters }) } },
      {
        onSuccess: (batch) => {
          toaster.create({ type: 'success', title: t('legal.started') });
          setOpen(false);
          setIds('');
          onStarted(batch);
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button data-testid="generate-notices">
          <FilePlus2 aria-hidden /> {t('legal.generate')}
        </Button>
      }
      title={t('legal.generate')}
      onSubmit={submit}
      error={create.error}
      submitLabel={t('legal.start')}
      submitting={create.isPending}
      submitDisabled={!template || !month || (scope === 'ids' && loanIds.length === 0)}
      submitTestId="batch-submit"
    >
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />
      ) : (
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t('legal.template')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={template?.template_id ?? ''} onChange={(e) => setTemplateId(e.currentTarget.value)} data-testid="batch-template">
                {approved.map((tpl) => (
                  <option key={tpl.template_id} value={tpl.template_id}>
                    {t(`legal.kind.${tpl.kind}`)} · v{tpl.version}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('legal.approved_only')}</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('legal.language')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={lang ?? ''} onChange={(e) => setLanguage(e.currentTarget.value as NoticeLanguage)} data-testid="batch-language">
                {(template?.languages ?? []).map((l) => (
                  <option key={l} value={l}>
                    {t(`legal.lang.${l}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('legal.month')}</Field.Label>
            <Input type="month" value={month} onChange={(e) => setMonth(e.currentTarget.value)} data-testid="batch-month" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('legal.loans')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={scope} onChange={(e) => setScope(e.currentTarget.value as 'ids' | 'filter')} data-testid="batch-scope">
                <option value="ids">{t('legal.scope_ids')}</option>
                <option value="filter">{t('legal.scope_filter')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {scope === 'ids' && (
            <Field.Root required>
              <Field.Label>{t('legal.loan_ids')}</Field.Label>
              <Textarea value={ids} rows={4} onChange={(e) => setIds(e.currentTarget.value)} data-testid="batch-loan-ids" />
              <Field.HelperText>{t('legal.loan_ids_help')}</Field.HelperText>
            </Field.Root>
          )}
          {scope === 'filter' && (
            <Field.Root>
              <Field.Label>{t('legal.dpd_range')}</Field.Label>
              <HStack gap="2">
                <Input type="number" min={0} inputMode="numeric" value={dpdMin} onChange={(e) => setDpdMin(e.currentTarget.value)} aria-label={t('legal.dpd_from')} data-testid="batch-dpd-min" />
                <Input type="number" min={0} inputMode="numeric" value={dpdMax} onChange={(e) => setDpdMax(e.currentTarget.value)} aria-label={t('legal.dpd_to')} data-testid="batch-dpd-max" />
              </HStack>
              <Field.HelperText>{t('legal.dpd_help')}</Field.HelperText>
            </Field.Root>
          )}
          {scope === 'filter' && (
            <Stack gap="2">
              <Button size="sm" variant="outline" alignSelf="start" onClick={() => setDrawer(true)} disabled={!filterConfig.data} data-testid="batch-more-filters">
                <ListFilter aria-hidden /> {t('legal.more_filters')}
              </Button>
              <FilterChips filters={more} names={names} onRemove={(key) => setMore(more.filter((f) => f.filter_key !== key))} onClear={() => setMore([])} />
            </Stack>
          )}
          {drawer && filterConfig.data && <FiltersDrawer open groups={filterConfig.data.groups} applied={more} onClose={() => setDrawer(false)} onApply={setMore} />}
        </Stack>
      )}
    </FormDialog>
  );
}

function BatchNotices({ companyId, batchId, canWrite }: { companyId: string | null; batchId: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const batch = useBatch(companyId, batchId);
  if (batch.isPending) return <LoadingState />;
  if (batch.isError) return <ErrorState error={batch.error} onRetry={() => void batch.refetch()} />;
  return (
    <Card.Root size="sm" data-testid="batch-detail">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('legal.notices_of', { name: batch.data.template_name, date: batch.data.issue_date })}
          </Heading>
          {canWrite && batch.data.status !== 'in_progress' && <SendBatchButtons companyId={companyId} batchId={batchId} />}
        </Flex>
      </Card.Header>
      <Card.Body>
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('legal.loan_id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('legal.borrower')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('legal.status_label')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('legal.document')}</Table.ColumnHeader>
                <Table.ColumnHeader minW="md">{t('legal.dispatch_label')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {batch.data.notices.map((n) => (
                <Table.Row key={n.notice_id} data-testid="notice-row">
                  <Table.Cell>{n.loan_id}</Table.Cell>
                  <Table.Cell>{n.applicant_name ?? '—'}</Table.Cell>
                  <Table.Cell>
                    <StatusWithReason badge={<NoticeStatus status={n.status} />} reason={n.reason} />
                  </Table.Cell>
                  <Table.Cell>
                    <NoticePdfButton notice={n} companyId={companyId} />
                  </Table.Cell>
                  <Table.Cell>
                    {n.status !== 'success' ? (
                      '—'
                    ) : (
                      <Stack gap="2">
                        {sentAsMessage(n) ? (
                          <MessageDispatch notice={n} />
                        ) : canWrite ? (
                          <DispatchEditor companyId={companyId} notice={n} />
                        ) : n.dispatch_status ? (
                          `${t(`legal.dispatch.${n.dispatch_status}`)} · ${n.tracking_number}`
                        ) : (
                          t('legal.not_dispatched')
                        )}
                        {canWrite && <SendNoticeButtons companyId={companyId} notice={n} />}
                        {(n.dispatch_mode === 'speed_post' || n.dispatch_mode === 'courier') && <NoticeDocuments companyId={companyId} notice={n} canWrite={canWrite} />}
                      </Stack>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Batches (generate, progress, files, each notice's dispatch) and templates: the body of
 * `/app/notice-tracking` and of the Notice management tab of bulk operations (legal/public.ts).
 */
export function NoticeManagement({ heading }: { heading?: ReactNode }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const [page] = useState(1);
  const batches = useBatches(companyId, page);
  const [selected, setSelected] = useState<string | null>(null);
  const canWrite = can(createBatch, permissions);
  const canDispatch = can(updateDispatch, permissions);
  const q = { company_id: companyId ?? undefined };

  return (
    <Stack gap="5">
      {(heading || canWrite) && (
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          {heading ?? <span />}
          {canWrite && <GenerateDialog companyId={companyId} onStarted={(b) => setSelected(b.batch_id)} />}
        </Flex>
      )}
      <Tabs.Root defaultValue="batches" variant="line" lazyMount unmountOnExit>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="batches">{t('legal.tab_batches')}</Tabs.Trigger>
          <Tabs.Trigger value="reports">{t('legal.view.reports')}</Tabs.Trigger>
          <Tabs.Trigger value="documents">{t('legal.view.documents')}</Tabs.Trigger>
          <Tabs.Trigger value="imports">{t('legal.tab_imports')}</Tabs.Trigger>
          <Tabs.Trigger value="templates">{t('legal.tab_templates')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="reports">
          <ExportsPanel companyId={companyId} view="Reports" />
        </Tabs.Content>
        <Tabs.Content value="documents">
          <ExportsPanel companyId={companyId} view="Documents" />
        </Tabs.Content>
        <Tabs.Content value="imports">
          <ImportsPanel companyId={companyId} canWrite={can(createLegalImport, permissions)} />
        </Tabs.Content>
        <Tabs.Content value="templates">
          <TemplatesPanel companyId={companyId} canWrite={canWrite} />
        </Tabs.Content>
        <Tabs.Content value="batches">
          <Stack gap="5">
            {batches.isPending ? (
              <LoadingState />
            ) : batches.isError ? (
              <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />
            ) : batches.data.batches.length === 0 ? (
              <EmptyState>{t('legal.empty')}</EmptyState>
            ) : (
              <Box bg="bg" borderWidth="1px" rounded="md">
                <Table.ScrollArea>
                  <Table.Root size="sm" interactive>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('legal.created')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('legal.template')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('legal.language')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('legal.status_label')}</Table.ColumnHeader>
                        <Table.ColumnHeader minW="36">{t('legal.progress')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('legal.counts')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('legal.files')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {batches.data.batches.map((b) => (
                        <Table.Row key={b.batch_id} data-testid="batch-row" data-batch-id={b.batch_id} aria-selected={selected === b.batch_id} bg={selected === b.batch_id ? 'bg.muted' : undefined}>
                          <Table.Cell>
                            <Button variant="plain" size="xs" px="0" onClick={() => setSelected(b.batch_id)} aria-label={t('legal.open_batch', { name: b.template_name, date: formatDateTime(b.created_at) })}>
                              {formatDateTime(b.created_at)}
                            </Button>
                          </Table.Cell>
                          <Table.Cell>
                            {t(`legal.kind.${b.kind}`)} · v{b.version}
                          </Table.Cell>
                          <Table.Cell>{t(`legal.lang.${b.language}`)}</Table.Cell>
                          <Table.Cell>
                            <NoticeStatus status={b.status} />
                          </Table.Cell>
                          <Table.Cell>
                            <Bar value={b.progress} label={t('legal.progress')} />
                          </Table.Cell>
                          <Table.Cell>
                            <Text fontSize="xs" data-testid="batch-counts">
                              {t('legal.counts_text', { success: b.counts.success, failed: b.counts.failed, no_data: b.counts.no_data_found, total: b.total })}
                            </Text>
                          </Table.Cell>
                          <Table.Cell>
                            <HStack gap="1">
                              {b.merged_ready && (
                                <FileButton endpoint={mergedFile} params={{ batch_id: b.batch_id }} query={q} name="merged.pdf" label={t('legal.merged')} ariaLabel={t('legal.download_merged', { name: b.template_name })} />
                              )}
                              {b.counts.failed + b.counts.no_data_found > 0 && (
                                <FileButton endpoint={batchErrors} params={{ batch_id: b.batch_id }} query={q} name="errors.csv" label={t('legal.errors')} ariaLabel={t('legal.download_errors', { name: b.template_name })} />
                              )}
                            </HStack>
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              </Box>
            )}
            {selected && <BatchNotices companyId={companyId} batchId={selected} canWrite={canDispatch} />}
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

export default function NoticeTrackingPage() {
  const { t } = useTranslation();
  return (
    <Stack maxW="7xl">
      <NoticeManagement
        heading={
          <Heading as="h1" size="xl">
            {t('menu.notice_tracking')}
          </Heading>
        }
      />
    </Stack>
  );
}
