/**
 * `/app/customer-details?client_customer_id=` (spec 2; spec 3 "Loan and customer profile"; spec 7
 * recovery `/customer/profile/{id}`): the customer's name, contact, email and addresses, and
 * their loans, each linking to its loan profile. Masked values are shown as the server sends them.
 */
import { Badge, Card, Flex, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useShell } from '../../lib/shell-context';
import { EmptyState, LoadingState } from '../../components/query-state';
import { useCustomerProfile } from './api';
import { formatCell } from './columns';
import { SCREENS, screenLink } from './links';
import { AddressesCard, FactsCard, ProfileError, ProfileNav } from './profile-parts';

export default function CustomerPage() {
  const { t } = useTranslation();
  const { companyId, company, prefix } = useShell();
  const [params] = useSearchParams();
  const customerId = params.get('client_customer_id');
  const profile = useCustomerProfile(companyId, customerId);
  const currency = company?.country_currency_code ?? 'INR';
  const firstLoan = profile.data?.loans[0];

  let body: React.ReactNode;
  if (!customerId) body = <EmptyState>{t('profile.no_customer_chosen')}</EmptyState>;
  else if (profile.isPending) body = <LoadingState />;
  else if (profile.isError) body = <ProfileError error={profile.error} onRetry={() => void profile.refetch()} />;
  else {
    const data = profile.data;
    body = (
      <Stack gap="4">
        <Heading as="h1" size="xl" data-testid="profile-name">
          {data.applicant_name ?? data.client_customer_id}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FactsCard
            title={t('profile.customer')}
            rows={[
              [t('profile.customer_id'), data.client_customer_id],
              [t('profile.mobile'), data.applicant_contact_number ?? '—'],
              [t('profile.email'), data.email ?? '—'],
            ]}
          />
          <AddressesCard addresses={data.addresses} />
        </SimpleGrid>
        <Heading as="h2" size="md">
          {t('profile.customer_loans', { count: data.loans.length })}
        </Heading>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {data.loans.map((loan) => (
            <Card.Root as="li" key={`${loan.loan_id}-${loan.allocation_month}`} size="sm">
              <Card.Body>
                <Flex justify="space-between" gap="3" wrap="wrap" align="center">
                  <Stack gap="0">
                    <Link asChild color="blue.fg" fontWeight="semibold">
                      <RouterLink to={screenLink(prefix, SCREENS.loanDetails, companyId, { loan_id: loan.loan_id, allocation_month: loan.allocation_month })}>
                        {loan.loan_id}
                      </RouterLink>
                    </Link>
                    <Text fontSize="sm" color="fg.muted">
                      {loan.allocation_month} · {formatCell(loan.total_claim_amount, 'amount', currency)}
                    </Text>
                  </Stack>
                  {typeof loan.dpd === 'number' && <Badge>{t('loans.dpd_value', { dpd: loan.dpd })}</Badge>}
                </Flex>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <ProfileNav loanId={firstLoan?.loan_id ?? null} customerId={customerId} month={firstLoan?.allocation_month ?? null} />
      {body}
    </Stack>
  );
}
