/**
 * `/app/payment-mandates` (issue 15 "eNACH / UPI Autopay mandates"; route ours, the spec gives
 * none): the company's mandates, newest first, filtered by status, each with its loan (a link to
 * the loan's profile, where the mandate card acts on it), mode, EMI, debit day, next due date and
 * its latest debit. Narrow screens get one card per mandate.
 */
import { Badge, Card, Field, Flex, Heading, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { listMandates, MANDATE_STATUSES, type MandateRecord, type MandateStatus as Status } from '../../../domain/contracts/payments/mandates';
import { Pager } from '../../components/pager';
import { DeskTable, QueryView } from '../../components/query-state';
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
          <>
            <Stack display={{ base: 'none', md: 'flex' }}>
              <DeskTable
                label={t('payments.mandate.page_title')}
                columns={[t('payments.mandate.loan'), t('payments.mandate.mode'), t('payments.mandate.status'), { label: t('payments.mandate.emi_col'), end: true }, t('payments.mandate.debit_day'), t('payments.mandate.next_col'), t('payments.mandate.latest')]}
                footer={<Pager page={page} pageSize={PAGE_SIZE} total={d.total} onPage={setPage} />}
              >
                {d.mandates.map((m) => (
                  <Table.Row key={m.mandate_id} data-testid="mandate-row">
                    <Table.Cell>{loan(m)}</Table.Cell>
                    <Table.Cell>{t(`payments.mandate.modes.${m.mode}`)}</Table.Cell>
                    <Table.Cell>
                      <MandateStatus status={m.status} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatMinor(m.emi_minor, currency)}</Table.Cell>
                    <Table.Cell>{m.debit_day}</Table.Cell>
                    <Table.Cell>{m.next_debit_date ?? '—'}</Table.Cell>
                    <Table.Cell>
                      <LatestDebit m={m} currency={currency} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </DeskTable>
            </Stack>
            <Stack gap="3" display={{ base: 'flex', md: 'none' }} as="ul" listStyleType="none">
              {d.mandates.map((m) => (
                <Card.Root as="li" key={m.mandate_id} size="sm">
                  <Card.Body gap="2">
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
                  </Card.Body>
                </Card.Root>
              ))}
              <Pager page={page} pageSize={PAGE_SIZE} total={d.total} onPage={setPage} />
            </Stack>
          </>
        )}
      </QueryView>
    </Stack>
  );
}
