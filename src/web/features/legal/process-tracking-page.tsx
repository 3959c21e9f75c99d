/**
 * `/app/process-tracking/{type}` (issue 17; spec 2 process types common_legal_process,
 * criminal_proceedings, sarfaesi, civil, arbitration, against, ibc): the cases of one type, next
 * hearing first, with stage (and its statutory deadline), court, case number and advocate; a form
 * opening a case on a loan; each row's stage, next hearing and advocate editable in place (write
 * permission); a row's "History" opens the case panel (hearings, orders, costs, documents; the
 * `case` search parameter keeps it on reload). An advocate sees only their own cases (the server decides).
 */
import { Badge, Box, Button, Field, Flex, Heading, HStack, Input, Link as ChakraLink, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PROCESS_TYPES, createCase, type CaseRecord, type LegalMember, type ProcessType } from '../../../domain/contracts/legal/cases';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { FormError } from '../../components/form-dialog';
import { errorMessage } from '../../lib/api';
import { can } from '../../lib/endpoint';
import { currentMonth } from '../../lib/format';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { useAdvocates, useCases, useCreateCase, useUpdateCase } from './api';
import { CasePanel, StageSelect } from './case-panel';
import { LimitationBadge } from './case-limitation';

function AdvocateSelect({ advocates, value, onChange, label }: { advocates: readonly LegalMember[]; value: string; onChange: (v: string) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} aria-label={label}>
        <option value="">{t('legal.unassigned')}</option>
        {advocates.map((a) => (
          <option key={a.user_id} value={a.user_id}>
            {a.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function NewCase({ companyId, type, advocates }: { companyId: string | null; type: ProcessType; advocates: readonly LegalMember[] }) {
  const { t } = useTranslation();
  const create = useCreateCase();
  const [loanId, setLoanId] = useState('');
  const [month, setMonth] = useState(currentMonth);
  const [court, setCourt] = useState('');
  const [caseNumber, setCaseNumber] = useState('');
  const [advocate, setAdvocate] = useState('');
  const [hearing, setHearing] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      {
        query: { company_id: companyId ?? undefined },
        body: { process_type: type, loan_id: loanId.trim(), allocation_month: month, court: court.trim() || null, case_number: caseNumber.trim() || null, advocate_id: advocate || null, next_hearing_date: hearing || null },
      },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('legal.case_opened') });
          setLoanId('');
          setCourt('');
          setCaseNumber('');
          setHearing('');
        },
      },
    );
  };
  return (
    <Box bg="bg" borderWidth="1px" rounded="md" p="4">
      <form onSubmit={submit} noValidate aria-label={t('legal.new_case')}>
        <Stack gap="3">
          <Heading as="h2" size="sm">
            {t('legal.new_case')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <Field.Root required>
              <Field.Label>{t('legal.loan_id')}</Field.Label>
              <Input size="sm" value={loanId} maxLength={100} onChange={(e) => setLoanId(e.currentTarget.value)} data-testid="case-loan-id" />
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('legal.month')}</Field.Label>
              <Input size="sm" type="month" value={month} onChange={(e) => setMonth(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('legal.court')}</Field.Label>
              <Input size="sm" value={court} maxLength={200} onChange={(e) => setCourt(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('legal.case_number')}</Field.Label>
              <Input size="sm" value={caseNumber} maxLength={60} onChange={(e) => setCaseNumber(e.currentTarget.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('legal.advocate')}</Field.Label>
              <AdvocateSelect advocates={advocates} value={advocate} onChange={setAdvocate} label={t('legal.advocate')} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('legal.next_hearing')}</Field.Label>
              <Input size="sm" type="date" value={hearing} onChange={(e) => setHearing(e.currentTarget.value)} />
            </Field.Root>
          </SimpleGrid>
          <FormError error={create.error} />
          <div>
            <Button size="sm" type="submit" loading={create.isPending} disabled={!loanId.trim() || !month} data-testid="case-submit">
              {t('legal.open_case')}
            </Button>
          </div>
        </Stack>
      </form>
    </Box>
  );
}

function CaseRow({ companyId, record, advocates, canWrite, onOpen }: { companyId: string | null; record: CaseRecord; advocates: readonly LegalMember[]; canWrite: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCase();
  const save = (body: { stage?: string; advocate_id?: string | null; next_hearing_date?: string | null }) =>
    update.mutate(
      { params: { case_id: record.case_id }, query: { company_id: companyId ?? undefined }, body },
      { onSuccess: () => toaster.create({ type: 'success', title: t('legal.case_saved') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
  return (
    <Table.Row data-testid="case-row">
      <Table.Cell>
        <Text fontWeight="medium">{record.loan_id}</Text>
        <Text fontSize="xs" color="fg.muted">
          {record.applicant_name ?? '—'}
        </Text>
        <Button size="2xs" variant="outline" mt="1" onClick={onOpen} aria-label={t('legal.open_history', { loan: record.loan_id })} data-testid="case-open">
          {t('legal.history')}
        </Button>
      </Table.Cell>
      <Table.Cell minW="44">
        {canWrite ? <StageSelect type={record.process_type} value={record.stage} onChange={(stage) => save({ stage })} label={t('legal.stage_of', { loan: record.loan_id })} /> : t(`legal.stage.${record.stage}`)}
        {record.stage_deadline && (
          <Badge mt="1" colorPalette="orange" variant="subtle">
            {t('legal.deadline', { date: record.stage_deadline })}
          </Badge>
        )}
        <LimitationBadge record={record} compact mt="1" ms={record.stage_deadline ? '1' : undefined} />
      </Table.Cell>
      <Table.Cell>
        <Text>{record.court ?? '—'}</Text>
        <Text fontSize="xs" color="fg.muted">
          {record.case_number ?? ''}
        </Text>
      </Table.Cell>
      <Table.Cell minW="40">
        {canWrite ? (
          <AdvocateSelect advocates={advocates} value={record.advocate_id ?? ''} onChange={(v) => save({ advocate_id: v || null })} label={t('legal.advocate_of', { loan: record.loan_id })} />
        ) : (
          (record.advocate_name ?? '—')
        )}
      </Table.Cell>
      <Table.Cell minW="36">
        {canWrite ? (
          <Input size="sm" type="date" defaultValue={record.next_hearing_date ?? ''} aria-label={t('legal.hearing_of', { loan: record.loan_id })} onBlur={(e) => e.currentTarget.value !== (record.next_hearing_date ?? '') && save({ next_hearing_date: e.currentTarget.value || null })} />
        ) : (
          (record.next_hearing_date ?? '—')
        )}
      </Table.Cell>
    </Table.Row>
  );
}

export default function ProcessTrackingPage({ type }: { type: ProcessType }) {
  const { t } = useTranslation();
  const { companyId, company, permissions, prefix } = useShell();
  const [params, setParams] = useSearchParams();
  const openCase = params.get('case');
  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        if (id) p.set('case', id);
        else p.delete('case');
        return p;
      },
      { replace: true },
    );
  const cases = useCases(companyId, type, 1);
  const advocates = useAdvocates(companyId);
  const canWrite = can(createCase, permissions);
  const list = advocates.data?.advocates ?? [];
  return (
    <Stack gap="5" maxW="7xl">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Heading as="h1" size="xl">
          {t('menu.process_tracking')}
        </Heading>
        <ChakraLink asChild fontSize="sm" colorPalette="blue">
          <Link to={`${prefix}/legal-portfolio`}>{t('menu.legal_portfolio')}</Link>
        </ChakraLink>
      </Flex>
      <Flex as="nav" gap="2" wrap="wrap" aria-label={t('legal.process_types')}>
        {PROCESS_TYPES.map((p) => (
          <ChakraLink key={p} asChild px="3" py="1" rounded="full" borderWidth="1px" fontSize="sm" bg={p === type ? 'colorPalette.solid' : undefined} color={p === type ? 'colorPalette.contrast' : undefined} aria-current={p === type ? 'page' : undefined}>
            <Link to={`${prefix}/process-tracking/${p}`}>{t(`legal.process.${p}`)}</Link>
          </ChakraLink>
        ))}
      </Flex>
      {cases.isPending ? (
        <LoadingState />
      ) : cases.isError ? (
        <ErrorState error={cases.error} onRetry={() => void cases.refetch()} />
      ) : cases.data.cases.length === 0 ? (
        <EmptyState>{t('legal.no_cases')}</EmptyState>
      ) : (
        <Box bg="bg" borderWidth="1px" rounded="md">
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('legal.loan_id')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.stage_label')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.court')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.advocate')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('legal.next_hearing')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {cases.data.cases.map((c) => (
                  <CaseRow key={c.case_id} companyId={companyId} record={c} advocates={list} canWrite={canWrite} onOpen={() => setOpen(c.case_id)} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <HStack px="3" py="2">
            <Text fontSize="sm" color="fg.muted">
              {t('legal.cases_total', { count: cases.data.total })}
            </Text>
          </HStack>
        </Box>
      )}
      {openCase && <CasePanel key={openCase} companyId={companyId} caseId={openCase} canWrite={canWrite} currency={company?.country_currency_code ?? 'INR'} onClose={() => setOpen(null)} />}
      {canWrite && <NewCase companyId={companyId} type={type} advocates={list} />}
    </Stack>
  );
}
