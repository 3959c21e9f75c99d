/**
 * One litigation case's history (issue 17 "hearings with next dates, orders and documents, costs"):
 * the hearings newest first with proceedings, order and next date; a form recording a hearing (the
 * next date becomes the case's next hearing, a new stage moves the case); costs with their total;
 * orders and other documents, downloadable and, for writers, uploaded here; the limitation with what
 * restarted it and the acknowledgments of the debt (case-limitation.tsx).
 */
import { Badge, Box, Button, Field, Flex, Heading, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { Upload, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_DOCUMENT_TYPES, COST_KINDS, PROCESS_STAGES, caseDocumentFile, type CaseDetail, type ProcessType } from '../../../domain/contracts/legal/cases';
import { formatMinor, parseAmount, type Currency } from '../../../domain/common/money';
import { ErrorState, LoadingState } from '../../components/query-state';
import { FormError } from '../../components/form-dialog';
import { errorMessage } from '../../lib/api';
import { saveDownload } from '../../lib/save-download';
import { toaster } from '../../lib/toaster';
import { useCase, useRecordCost, useRecordHearing, useUploadCaseDocument } from './api';
import { Acknowledgments, LimitationBadge } from './case-limitation';

/** A select of the stages of `type`, in order. */
export function StageSelect({ type, value, onChange, label, testId }: { type: ProcessType; value: string; onChange: (v: string) => void; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={label} data-testid={testId}>
        {PROCESS_STAGES[type].map((s) => (
          <option key={s} value={s}>
            {t(`legal.stage.${s}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

type Props = { companyId: string | null; caseId: string; canWrite: boolean; currency: Currency; onClose: () => void };

const today = () => new Date().toISOString().slice(0, 10);

function HearingForm({ companyId, record }: { companyId: string | null; record: CaseDetail }) {
  const { t } = useTranslation();
  const save = useRecordHearing();
  const [date, setDate] = useState(today);
  const [proceedings, setProceedings] = useState('');
  const [order, setOrder] = useState('');
  const [next, setNext] = useState('');
  const [stage, setStage] = useState(record.stage);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        params: { case_id: record.case_id },
        query: { company_id: companyId ?? undefined },
        body: { hearing_date: date, proceedings: proceedings.trim() || null, order_text: order.trim() || null, next_hearing_date: next || null, ...(stage !== record.stage ? { stage } : {}) },
      },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('legal.hearing_recorded') });
          setProceedings('');
          setOrder('');
          setNext('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('legal.record_hearing')}>
      <Stack gap="3" borderWidth="1px" rounded="md" p="3">
        <Heading as="h4" size="xs">
          {t('legal.record_hearing')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root required>
            <Field.Label>{t('legal.hearing_date')}</Field.Label>
            <Input size="sm" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} data-testid="hearing-date" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('legal.next_hearing')}</Field.Label>
            <Input size="sm" type="date" value={next} min={date} onChange={(e) => setNext(e.currentTarget.value)} data-testid="hearing-next" />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('legal.stage_label')}</Field.Label>
            <StageSelect type={record.process_type} value={stage} onChange={setStage} label={t('legal.stage_label')} testId="hearing-stage" />
          </Field.Root>
        </SimpleGrid>
        <Field.Root>
          <Field.Label>{t('legal.proceedings')}</Field.Label>
          <Textarea size="sm" rows={2} maxLength={2000} value={proceedings} onChange={(e) => setProceedings(e.currentTarget.value)} data-testid="hearing-proceedings" />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('legal.order')}</Field.Label>
          <Textarea size="sm" rows={2} maxLength={4000} value={order} onChange={(e) => setOrder(e.currentTarget.value)} data-testid="hearing-order" />
        </Field.Root>
        <FormError error={save.error} />
        <div>
          <Button size="sm" type="submit" loading={save.isPending} disabled={!date} data-testid="hearing-submit">
            {t('legal.save_hearing')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function CostForm({ companyId, record }: { companyId: string | null; record: CaseDetail }) {
  const { t } = useTranslation();
  const save = useRecordCost();
  const [kind, setKind] = useState<(typeof COST_KINDS)[number]>('court_fee');
  const [amount, setAmount] = useState('');
  const [on, setOn] = useState(today);
  const minor = parseAmount(amount);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!minor) return;
    save.mutate(
      { params: { case_id: record.case_id }, query: { company_id: companyId ?? undefined }, body: { kind, amount_minor: minor, incurred_on: on } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('legal.cost_added') });
          setAmount('');
        },
        onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('legal.add_cost')}>
      <Flex gap="2" wrap="wrap" align="end">
        <Field.Root width="auto">
          <Field.Label>{t('legal.cost_kind')}</Field.Label>
          <NativeSelect.Root size="sm" width="44">
            <NativeSelect.Field value={kind} onChange={(e) => setKind(e.currentTarget.value as typeof kind)}>
              {COST_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`legal.cost.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto" invalid={amount !== '' && !minor}>
          <Field.Label>{t('legal.amount')}</Field.Label>
          <Input size="sm" width="36" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} data-testid="cost-amount" />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('legal.cost_date')}</Field.Label>
          <Input size="sm" type="date" value={on} onChange={(e) => setOn(e.currentTarget.value)} />
        </Field.Root>
        <Button size="sm" type="submit" variant="outline" loading={save.isPending} disabled={!minor || !on} data-testid="cost-submit">
          {t('legal.add_cost')}
        </Button>
      </Flex>
    </form>
  );
}

function Documents({ companyId, record, canWrite }: { companyId: string | null; record: CaseDetail; canWrite: boolean }) {
  const { t } = useTranslation();
  const upload = useUploadCaseDocument();
  const [type, setType] = useState<(typeof CASE_DOCUMENT_TYPES)[number]>('order');
  const picker = useRef<HTMLInputElement>(null);
  const q = { company_id: companyId ?? undefined };
  const onFile = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.set('document_type', type);
    form.set('file', file);
    upload.mutate(
      { params: { case_id: record.case_id }, query: q, form },
      { onSuccess: () => toaster.create({ type: 'success', title: t('legal.case_document_uploaded') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
    if (picker.current) picker.current.value = '';
  };
  return (
    <Stack gap="2">
      {record.documents.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('legal.no_case_documents')}
        </Text>
      ) : (
        <Flex gap="3" wrap="wrap">
          {record.documents.map((d) => (
            <Link key={d.document_id} fontSize="sm" colorPalette="blue" onClick={() => void saveDownload(caseDocumentFile, { params: { document_id: d.document_id }, query: q }, d.file_name)} data-testid="case-document">
              {t(`legal.case_doc.${d.document_type}`)}: {d.file_name}
            </Link>
          ))}
        </Flex>
      )}
      {canWrite && (
        <HStack gap="2">
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)} aria-label={t('legal.document_type')}>
              {CASE_DOCUMENT_TYPES.map((d) => (
                <option key={d} value={d}>
                  {t(`legal.case_doc.${d}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <input ref={picker} type="file" accept=".pdf,.jpg,.jpeg,.png,.webp" hidden onChange={(e) => onFile(e.currentTarget.files?.[0])} data-testid="case-document-file" aria-label={t('legal.upload_case_document')} />
          <Button size="sm" variant="outline" loading={upload.isPending} onClick={() => picker.current?.click()}>
            <Upload aria-hidden /> {t('legal.upload')}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** The case panel under the process-tracking table (a region named after the loan). */
export function CasePanel({ companyId, caseId, canWrite, currency, onClose }: Props) {
  const { t } = useTranslation();
  const detail = useCase(companyId, caseId);
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const c = detail.data;
  return (
    <Box as="section" bg="bg" borderWidth="1px" rounded="md" p="4" aria-label={t('legal.case_of', { loan: c.loan_id })} data-testid="case-panel">
      <Stack gap="4">
        <Flex justify="space-between" align="start" gap="2">
          <Box>
            <Heading as="h2" size="md">
              {t('legal.case_of', { loan: c.loan_id })}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {[c.applicant_name, c.court, c.case_number, c.advocate_name].filter(Boolean).join(' · ')}
            </Text>
            <HStack mt="1" gap="2" wrap="wrap">
              <Badge>{t(`legal.stage.${c.stage}`)}</Badge>
              {c.stage_deadline && <Badge colorPalette="orange">{t('legal.deadline', { date: c.stage_deadline })}</Badge>}
              <LimitationBadge record={c} />
              {c.next_hearing_date && <Badge colorPalette="blue">{t('legal.next_hearing_on', { date: c.next_hearing_date })}</Badge>}
            </HStack>
          </Box>
          <Button size="sm" variant="ghost" onClick={onClose} aria-label={t('legal.close_case')}>
            <X aria-hidden />
          </Button>
        </Flex>

        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('legal.hearings')}
          </Heading>
          {c.hearings.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('legal.no_hearings')}
            </Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="hearings">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('legal.hearing_date')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('legal.stage_label')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('legal.proceedings_and_order')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('legal.next_hearing')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {c.hearings.map((h) => (
                    <Table.Row key={h.hearing_id} data-testid="hearing-row">
                      <Table.Cell whiteSpace="nowrap">{h.hearing_date}</Table.Cell>
                      <Table.Cell>{t(`legal.stage.${h.stage}`)}</Table.Cell>
                      <Table.Cell>
                        {h.proceedings && <Text fontSize="sm">{h.proceedings}</Text>}
                        {h.order_text && (
                          <Text fontSize="sm">
                            <Text as="span" fontWeight="semibold">
                              {t('legal.order')}:
                            </Text>{' '}
                            {h.order_text}
                          </Text>
                        )}
                        {h.recorded_by_name && (
                          <Text fontSize="xs" color="fg.muted">
                            {h.recorded_by_name}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">{h.next_hearing_date ?? '—'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
          {canWrite && <HearingForm key={`${c.case_id}-${c.hearings.length}`} companyId={companyId} record={c} />}
        </Stack>

        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('legal.costs_total', { amount: formatMinor(c.costs_total_minor, currency) })}
          </Heading>
          {c.costs.map((k) => (
            <Text key={k.cost_id} fontSize="sm" data-testid="cost-row">
              {k.incurred_on} · {t(`legal.cost.${k.kind}`)} · {formatMinor(k.amount_minor, currency)}
              {k.note ? ` · ${k.note}` : ''}
            </Text>
          ))}
          {canWrite && <CostForm companyId={companyId} record={c} />}
        </Stack>

        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('legal.case_documents')}
          </Heading>
          <Documents companyId={companyId} record={c} canWrite={canWrite} />
        </Stack>

        <Stack gap="2">
          <Heading as="h3" size="sm">
            {t('legal.acknowledgments')}
          </Heading>
          <Acknowledgments companyId={companyId} record={c} canWrite={canWrite} />
        </Stack>
      </Stack>
    </Box>
  );
}
