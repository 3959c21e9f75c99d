/**
 * `/app/customer/loan-details?loan_id=&allocation_month=` (spec 2; spec 3 "Loan and customer
 * profile", "Status fields per loan", "Call details", "Final status per module"; spec 7 recovery
 * `/loan-details/{id}`; spec 8 'No loan details found'): the header (name, 'Loan Id' or
 * 'Customer Id', dues in Rs/Rp, DPD, bucket), a switch between the months the loan was allocated
 * in, statuses and final status per module, call details, co-applicants and references,
 * addresses, and every field grouped by variable group. Masked values are shown as sent. The
 * payments area's card (its public.ts) lists the loan's payment links and sends a new one (issue 15).
 */
import { Badge, Box, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatMinor } from '../../../domain/common/money';
import type { LoanDetails } from '../../../domain/contracts/portfolio/profiles';
import { useShell } from '../../lib/shell-context';
import { EmptyState, LoadingState } from '../../components/query-state';
import { LoanMandates, LoanPaymentLinks, LoanPayments } from '../payments/public';
import { useLoanDetails } from './api';
import { cellValue, formatCell } from './columns';
import { AddressesCard, FactsCard, humanise, MonthSelect, ProfileError, ProfileNav } from './profile-parts';

function Header({ details, month, onMonth }: { details: LoanDetails; month: string | null; onMonth: (m: string) => void }) {
  const { t } = useTranslation();
  const { header } = details;
  return (
    <Card.Root data-testid="loan-header">
      <Card.Body gap="3">
        <Flex justify="space-between" gap="3" wrap="wrap" align="start">
          <Box minW="0">
            <Heading as="h1" size="xl" data-testid="profile-name">
              {header.name ?? '—'}
            </Heading>
            <Text color="fg.muted">
              {header.id_label}: <Text as="span" fontWeight="medium" color="fg">{header.id_value}</Text>
            </Text>
          </Box>
          <Box width={{ base: 'full', sm: 'auto' }}>
            <MonthSelect value={month ?? details.loan.allocation_month} months={details.allocation_months} onChange={onMonth} />
          </Box>
        </Flex>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Stat label={t('profile.total_dues')} value={header.total_dues_minor === null ? '—' : formatMinor(header.total_dues_minor, header.currency)} testId="profile-dues" />
          <Stat label={t('profile.dpd')} value={header.dpd === null ? '—' : String(header.dpd)} />
          <Stat label={t('profile.bucket')} value={header.bucket ?? '—'} />
          <Stat label={t('profile.customer_id')} value={details.loan.client_customer_id ?? '—'} />
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontWeight="semibold" fontSize="lg" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

function Details({ details }: { details: LoanDetails }) {
  const { t } = useTranslation();
  const currency = details.header.currency;
  const moduleName = (m: string) => t(`profile.module.${m}`, { defaultValue: humanise(m) });
  const calls = details.call_details;
  const groups = new Map<string, LoanDetails['fields']>();
  for (const field of details.fields) groups.set(field.variable_group, [...(groups.get(field.variable_group) ?? []), field]);
  const people = [...details.co_applicants, ...details.references];
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        <FactsCard
          title={t('profile.statuses')}
          testId="profile-statuses"
          rows={details.statuses.map((s) => [moduleName(s.module), s.status_name ? <Badge key={s.module}>{s.status_name}</Badge> : '—'])}
        />
        <FactsCard
          title={t('profile.final_status')}
          rows={details.final_status.map((s) => [
            moduleName(s.module),
            s.status_name === null && s.attempts === 0 ? '—' : `${s.status_name ?? '—'} · ${t('profile.attempts', { count: s.attempts })}`,
          ])}
        />
        <FactsCard
          title={t('profile.call_details')}
          rows={[
            [t('profile.total_calls'), calls.total_calls],
            [t('profile.successful_calls'), calls.successful_calls],
            [t('profile.total_ptp'), calls.total_ptp],
            [t('profile.broken_ptp'), calls.total_broken_ptp],
            [
              t('profile.last_ptp'),
              calls.last_ptp ? `${calls.last_ptp.ptp_date}${calls.last_ptp.ptp_amount_minor === null ? '' : ` · ${formatMinor(calls.last_ptp.ptp_amount_minor, currency)}`}` : '—',
            ],
          ]}
        />
        <FactsCard
          title={t('profile.contacts')}
          testId="profile-contacts"
          rows={
            people.length > 0
              ? people.map((p) => [t(`profile.relation.${p.relation}`), [p.name, p.contact_number].filter(Boolean).join(' · ') || '—'])
              : [[t('profile.contacts'), t('profile.none')]]
          }
        />
        <AddressesCard addresses={details.addresses} />
      </SimpleGrid>
      <Heading as="h2" size="md">
        {t('profile.all_fields')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {[...groups.entries()].map(([group, fields]) => (
          <FactsCard
            key={group}
            title={t(`profile.group.${group}`, { defaultValue: humanise(group) })}
            rows={fields.map((f) => [f.variable_label, formatCell(cellValue(details.loan, f.variable_name), f.data_type, currency)])}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export default function LoanProfilePage() {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const [params, setParams] = useSearchParams();
  const loanId = params.get('loan_id');
  const month = params.get('allocation_month');
  const details = useLoanDetails(companyId, loanId, month);
  const setMonth = (m: string) =>
    setParams((p) => {
      p.set('allocation_month', m);
      return p;
    });
  let body: React.ReactNode;
  if (!loanId) body = <EmptyState>{t('profile.no_loan_chosen')}</EmptyState>;
  else if (details.isPending) body = <LoadingState />;
  else if (details.isError) body = <ProfileError error={details.error} onRetry={() => void details.refetch()} />;
  else
    body = (
      <Stack gap="4">
        <Header details={details.data} month={month} onMonth={setMonth} />
        <LoanPaymentLinks loanId={details.data.loan.loan_id} currency={details.data.header.currency} />
        <LoanPayments loanId={details.data.loan.loan_id} currency={details.data.header.currency} />
        <LoanMandates loanId={details.data.loan.loan_id} currency={details.data.header.currency} />
        <Details details={details.data} />
      </Stack>
    );
  return (
    <Stack gap="4">
      <ProfileNav loanId={loanId} customerId={details.data?.loan.client_customer_id ?? null} month={month ?? details.data?.loan.allocation_month ?? null} />
      {!details.data && (
        <HStack>
          <Heading as="h1" size="xl">
            {t('profile.loan_details')}
          </Heading>
        </HStack>
      )}
      {body}
    </Stack>
  );
}
