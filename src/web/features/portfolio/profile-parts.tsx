/**
 * Pieces shared by the loan, customer and activity screens (spec 2 `/app/customer/*`): the
 * navigation between them (and to the loan's messages and chat in communication, its notices and cases in legal), the 404 answer as spec 8's 'No loan details found', and a
 * label/value list.
 */
import { Alert, Box, Card, DataList, Field, Flex, Heading, Link, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { NO_LOAN_DETAILS_MESSAGE, type LoanDetails } from '../../../domain/contracts/portfolio/profiles';
import { useShell } from '../../lib/shell-context';
import { ErrorState } from '../../components/query-state';
import { ApiError } from '../../lib/api';
import { SCREENS, screenLink } from './links';
import { listMessages } from '../../../domain/contracts/communication/messages';
import { loanMessagesLink } from '../communication/public';
import { loanNotices } from '../../../domain/contracts/legal/notices';
import { loanNoticesLink } from '../legal/public';
import { can } from '../../lib/endpoint';

/** 'co_applicant' → 'Co applicant': a readable fallback for keys without a translation. */
export function humanise(key: string): string {
  const text = key.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Links between a loan's details, its customer and its activity (the current one marked). */
export function ProfileNav({ loanId, customerId, month }: { loanId: string | null; customerId: string | null; month: string | null }) {
  const { t } = useTranslation();
  const { prefix, companyId, permissions } = useShell();
  const { pathname } = useLocation();
  const tabs = [
    { screen: SCREENS.loanDetails, label: t('profile.loan_details'), params: loanId ? { loan_id: loanId, allocation_month: month } : null },
    { screen: SCREENS.customer, label: t('profile.customer'), params: customerId ? { client_customer_id: customerId } : null },
    { screen: SCREENS.activity, label: t('profile.activity'), params: loanId ? { loan_id: loanId, allocation_month: month } : null },
  ];
  return (
    <Flex as="nav" aria-label={t('profile.sections')} gap="1" borderBottomWidth="1px" overflowX="auto">
      {tabs.map((tab) => {
        const current = pathname.endsWith(`/${tab.screen}`);
        const style = { px: '3', py: '2', whiteSpace: 'nowrap', borderBottomWidth: '2px', borderColor: current ? 'blue.solid' : 'transparent', mb: '-1px' } as const;
        if (!tab.params)
          return (
            <Box key={tab.screen} {...style} color="fg.subtle" aria-disabled>
              {tab.label}
            </Box>
          );
        return (
          <Link key={tab.screen} asChild {...style} color={current ? 'blue.fg' : 'fg'} fontWeight={current ? 'semibold' : 'normal'} textDecoration="none">
            <RouterLink to={screenLink(prefix, tab.screen, companyId, tab.params)} aria-current={current ? 'page' : undefined}>
              {tab.label}
            </RouterLink>
          </Link>
        );
      })}
      {loanId && can(listMessages, permissions) && (
        // The communication area's screen: the loan's messages and its WhatsApp chat (issue 13).
        <Link asChild px="3" py="2" whiteSpace="nowrap" borderBottomWidth="2px" borderColor="transparent" mb="-1px" color="fg" textDecoration="none">
          <RouterLink to={loanMessagesLink(prefix, companyId, loanId)}>{t('profile.messages')}</RouterLink>
        </Link>
      )}
      {loanId && can(loanNotices, permissions) && (
        // The legal area's tab: the loan's notices and cases (issue 17).
        <Link asChild px="3" py="2" whiteSpace="nowrap" borderBottomWidth="2px" borderColor="transparent" mb="-1px" color="fg" textDecoration="none">
          <RouterLink to={loanNoticesLink(prefix, companyId, loanId)}>{t('profile.notices')}</RouterLink>
        </Link>
      )}
    </Flex>
  );
}

/** The failure of a profile call: a 404 reads 'No loan details found' (spec 8), others the usual error. */
export function ProfileError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.failure.status === 404)
    return (
      <Alert.Root status="info" role="status" data-testid="no-loan-details">
        <Alert.Indicator />
        <Alert.Title>{NO_LOAN_DETAILS_MESSAGE}</Alert.Title>
      </Alert.Root>
    );
  return <ErrorState error={error} onRetry={onRetry} />;
}

/** A titled card of label/value rows. */
export function FactsCard({ title, rows, testId }: { title: string; rows: Array<[label: string, value: ReactNode]>; testId?: string }) {
  return (
    <Card.Root size="sm" data-testid={testId}>
      <Card.Header>
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          {rows.map(([label, value], index) => (
            <DataList.Item key={`${label}-${index}`}>
              <DataList.ItemLabel minW="40%">{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{value ?? '—'}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** A profile's addresses, one row each: lines, city, state and pincode. */
export function AddressesCard({ addresses }: { addresses: LoanDetails['addresses'] }) {
  const { t } = useTranslation();
  return (
    <FactsCard
      title={t('profile.addresses')}
      rows={
        addresses.length > 0
          ? addresses.map((a) => [humanise(a.address_type), [...a.lines, a.city, a.state, a.pincode].filter(Boolean).join(', ')])
          : [[t('profile.addresses'), t('profile.none')]]
      }
    />
  );
}

/**
 * The allocation month switch of the loans list and the loan profile.
 * @param months 'YYYY-MM', newest first; `value` is listed too when it is not among them
 */
export function MonthSelect({ value, months, onChange }: { value: string | null; months: readonly string[]; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  const options = value && !months.includes(value) ? [value, ...months] : months;
  return (
    <Field.Root width={{ base: 'full', sm: '40' }}>
      <Field.Label fontSize="xs">{t('loans.allocation_month')}</Field.Label>
      <NativeSelect.Root size="sm" disabled={options.length === 0}>
        <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)}>
          {options.length === 0 && <option value="">—</option>}
          {options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
