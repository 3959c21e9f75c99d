/**
 * `/app/payment-mandates` (issue 15 "eNACH / UPI Autopay mandates"; route ours, the spec gives
 * none): the company's mandates, newest first, filtered by status, each with its loan (a link to
 * the loan's profile, where the mandate card acts on it), mode, EMI, debit day, next due date and
 * its latest debit. Narrow screens get one card per mandate.
 */
import { Badge, Field, Flex, Heading, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { listMandates, MANDATE_STATUSES, type MandateRecord, type MandateStatus as Status } from '../../../domain/contracts/payments/mandates';
import { QueryView } from '../../components/query-state';
import { ResponsiveList } from '../../components/responsive-list';
import { useEndpoint } from '../../lib/endpoint';
import { appLink } from '../../lib/navigation';
import { useShell } from '../../lib/shell-context';
import { MandateStatus } from './mandate-parts';

const PAGE_SIZE = 20;

function LatestDebit({ m, currency }: { m: MandateRecord; currency: Currency }) {
  const { t } = useTranslation();
  const d = m.debits[0];
  if (!d) return <Text color="fg.muted">{t('payments.mandate.no_debits')}</Text>;
  return (
    <Text fontSize="sm">
      {d.due_date} · {formatMinor(d.amount_minor, currency)} · {t(`payments.mandate.debit_state.${d.status}`)}
      {d.failure_reason ? ` (${d.failure_reason})` : ''}
    </Text>
  );
}

export default function PaymentMandatesPage() {
  const { t } = useTranslation();
  const { companyId, company, prefix } = useShell();
  const currency: Currency = company?.country_currency_code ?? 'INR';
  const [status, setStatus] = useState<Status | ''>('');
  const [page, setPage] = useState(1);
  const list = useEndpoint(listMandates, { query: { company_id: companyId ?? undefined, status: status || undefined, page_number: page, page_size: PAGE_SIZE } }, { enabled: Boolean(companyId) });
  // The loan profile's screen (spec 2 `/app/customer/loan-details`), named here: portfolio already imports payments.
  const loanLink = (loanId: string) => `${appLink(prefix, 'customer/loan-details', companyId)}${companyId ? '&' : '?'}loan_id=${encodeURIComponent(loanId)}`;
  const loan = (m: MandateRecord) => (
    <Link asChild color="blue.fg" fontWeight="semibold">
      <RouterLink to={loanLink(m.loan_id)}>{m.loan_id}</RouterLink>
    </Link>
  );
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('payments.mandate.page_title')}
      </Heading>
      <Field.Root w={{ base: 'full', sm: '64' }}>
        <Field.Label>{t('payments.mandate.status')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={status}
            onChange={(e) => {
              setStatus(e.currentTarget.value as Status | '');
              setPage(1);
            }}
            data-testid="mandates-status"
          >
            <option value="">{t('payments.mandate.all_statuses')}</option>
            {MANDATE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payments.mandate.state.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <QueryView query={list} isEmpty={(d) => d.mandates.length === 0} empty={t(status ? 'payments.mandate.none_with_status' : 'payments.mandate.none_company')}>
        {(d) => (
          <ResponsiveList
            items={d.mandates}
            itemKey={(m) => m.mandate_id}
            label={t('payments.mandate.page_title')}
            columns={[
              { header: t('payments.mandate.loan'), cell: loan },
              { header: t('payments.mandate.mode'), cell: (m) => t(`payments.mandate.modes.${m.mode}`) },
              { header: t('payments.mandate.status'), cell: (m) => <MandateStatus status={m.status} /> },
              { header: t('payments.mandate.emi_col'), end: true, cell: (m) => formatMinor(m.emi_minor, currency) },
              { header: t('payments.mandate.debit_day'), cell: (m) => m.debit_day },
              { header: t('payments.mandate.next_col'), cell: (m) => m.next_debit_date ?? '—' },
              { header: t('payments.mandate.latest'), cell: (m) => <LatestDebit m={m} currency={currency} /> },
            ]}
            card={(m) => (
              <>
                <Flex justify="space-between" gap="2" align="center">
                  {loan(m)}
                  <MandateStatus status={m.status} />
                </Flex>
                <Text fontSize="sm">
                  {t(`payments.mandate.modes.${m.mode}`)} · {t('payments.mandate.summary', { emi: formatMinor(m.emi_minor, currency), day: m.debit_day })}
                </Text>
                {m.next_debit_date && (
                  <Badge alignSelf="start" variant="subtle">
                    {t('payments.mandate.next', { date: m.next_debit_date })}
                  </Badge>
                )}
                <LatestDebit m={m} currency={currency} />
              </>
            )}
            paging={{ page, pageSize: PAGE_SIZE, total: d.total, onPage: setPage }}
            rowTestId="mandate-row"
          />
        )}
      </QueryView>
    </Stack>
  );
}
