/**
 * `/app/payments-dashboard` (issue 15 "a payments dashboard (collections by day, channel, gateway,
 * bucket)"; route ours, the spec gives none): what was posted to loans between two days (default the
 * last 30), the total and count, then the charts (a lazy recharts chunk). Loading, error with retry
 * and "nothing collected" come from QueryView. Below: "Export payments" and the payment exports
 * (payment-exports.tsx), the dialog starting from the dashboard's range.
 */
import { Card, Field, Flex, Heading, Input, SimpleGrid, Skeleton, Stack, Stat } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { getPaymentsDashboard } from '../../../domain/contracts/payments/dashboard';
import { QueryView } from '../../components/query-state';
import { useEndpoint } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { PaymentExports } from './payment-exports';

const PaymentsDashboardCharts = lazy(() => import('./payments-dashboard-charts'));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export default function PaymentsDashboardPage() {
  const { t } = useTranslation();
  const { companyId, company } = useShell();
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const range = { from: DAY.test(from) ? from : undefined, to: DAY.test(to) ? to : undefined };
  const reversed = Boolean(range.from && range.to && range.from > range.to);
  const dashboard = useEndpoint(getPaymentsDashboard, { query: { company_id: companyId ?? undefined, ...range } }, { enabled: Boolean(companyId) && !reversed });
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('payments.dashboard.title')}
      </Heading>
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>{t('payments.dashboard.from')}</Field.Label>
          <Input type="date" size="sm" value={from || dashboard.data?.from || ''} max={to || undefined} onChange={(e) => setFrom(e.currentTarget.value)} data-testid="dashboard-from" />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '48' }} invalid={reversed}>
          <Field.Label>{t('payments.dashboard.to')}</Field.Label>
          <Input type="date" size="sm" value={to || dashboard.data?.to || ''} min={from || undefined} onChange={(e) => setTo(e.currentTarget.value)} data-testid="dashboard-to" />
          <Field.ErrorText>{t('payments.dashboard.reversed')}</Field.ErrorText>
        </Field.Root>
      </Flex>
      <QueryView query={dashboard} isEmpty={(d) => d.total.count === 0} empty={t('payments.dashboard.empty')}>
        {(d) => (
          <Stack gap="4">
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              <Card.Root size="sm">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{t('payments.dashboard.collected')}</Stat.Label>
                    <Stat.ValueText data-testid="dashboard-total">{formatMinor(d.total.amount_minor, currency)}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
              <Card.Root size="sm">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{t('payments.dashboard.payments')}</Stat.Label>
                    <Stat.ValueText data-testid="dashboard-count">{d.total.count.toLocaleString()}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
            </SimpleGrid>
            <Suspense fallback={<Skeleton height="20rem" />}>
              <PaymentsDashboardCharts data={d} currency={currency} />
            </Suspense>
          </Stack>
        )}
      </QueryView>
      <PaymentExports from={range.from ?? dashboard.data?.from ?? ''} to={range.to ?? dashboard.data?.to ?? ''} />
    </Stack>
  );
}
