/**
 * The payments card of a loan's profile (issue 15 "a payments tab on the loan profile"): every
 * payment reconciliation posted to the loan — online, field receipt after deposit, upload,
 * repossession proceeds, mandate debit — newest first, with the total. Nothing for a user without
 * payments read.
 */
import { Badge, Card, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { listLoanPayments } from '../../../domain/contracts/payments/loan-payments';
import { QueryView } from '../../components/query-state';
import { can, useEndpoint } from '../../lib/endpoint';
import { formatDate } from '../../../domain/common/dates';
import { formatDateTime } from '../../lib/format';
import { useShell } from '../../lib/shell-context';

export function LoanPayments({ loanId, currency }: { loanId: string; currency: Currency }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const canRead = can(listLoanPayments, permissions);
  const payments = useEndpoint(listLoanPayments, { query: { company_id: companyId ?? undefined, loan_id: loanId, page_size: 50 } }, { enabled: canRead && Boolean(companyId), refetchInterval: 15_000 });
  if (!canRead) return null;
  return (
    <Card.Root data-testid="loan-payments">
      <Card.Header>
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Heading as="h2" size="md">
            {t('payments.posted.title')}
          </Heading>
          {payments.data && payments.data.total > 0 && (
            <Text fontSize="sm" data-testid="loan-payments-total">
              {t('payments.posted.total', { count: payments.data.total, amount: formatMinor(payments.data.total_minor, currency) })}
            </Text>
          )}
        </Flex>
      </Card.Header>
      <Card.Body>
        <QueryView query={payments} isEmpty={(d) => d.payments.length === 0} empty={t('payments.posted.none')}>
          {(d) => (
            <Table.ScrollArea>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('payments.posted.paid_at')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('payments.posted.amount')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.posted.source')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.posted.channel')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('payments.posted.reference')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {d.payments.map((p) => (
                    <Table.Row key={p.payment_id} data-testid="loan-payment">
                      <Table.Cell whiteSpace="nowrap" data-testid="loan-payment-paid">{p.paid_on ? formatDate(p.paid_on) : formatDateTime(p.paid_at)}</Table.Cell>
                      <Table.Cell textAlign="end">{formatMinor(p.amount_minor, currency)}</Table.Cell>
                      <Table.Cell>
                        <Badge variant="subtle">{t(`payments.exceptions.sources.${p.source}`)}</Badge>
                      </Table.Cell>
                      <Table.Cell>{p.channel}</Table.Cell>
                      <Table.Cell>{p.reference ?? '—'}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </QueryView>
      </Card.Body>
    </Card.Root>
  );
}
