/**
 * Pieces of the mandate screens (issue 15 eNACH / UPI Autopay): a mandate's status badge, its facts
 * and its debits with "Present again" for a bounced one; shared by the loan's mandate card and the
 * mandates page.
 */
import { Badge, Button, Stack, Table, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Currency } from '../../../domain/common/money';
import { listMandates, MAX_DEBIT_ATTEMPTS, retryMandateDebit, type MandateRecord } from '../../../domain/contracts/payments/mandates';
import { errorMessage } from '../../lib/api';
import { can, useEndpointMutation } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';

const STATUS_COLOURS: Record<string, string> = { INITIALIZED: 'gray', BANK_APPROVAL_PENDING: 'yellow', ACTIVE: 'green', ON_HOLD: 'orange', CUSTOMER_PAUSED: 'orange', COMPLETED: 'blue' };
const DEBIT_COLOURS: Record<string, string> = { PENDING: 'blue', SUCCESS: 'green', FAILED: 'red', CANCELLED: 'gray' };

export function MandateStatus({ status }: { status: MandateRecord['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={STATUS_COLOURS[status] ?? 'red'} data-testid="mandate-status" data-status={status}>
      {t(`payments.mandate.state.${status}`)}
    </Badge>
  );
}

/** Refetches every mandate list (the loan card's and the page's). */
export function useRefreshMandates() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: [listMandates.operation] });
}

/** A mandate's debits, newest first; a bounced latest attempt may be presented again. */
export function MandateDebits({ mandate, currency }: { mandate: MandateRecord; currency: Currency }) {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const refresh = useRefreshMandates();
  const retry = useEndpointMutation(retryMandateDebit, {
    onSuccess: () => {
      toaster.create({ type: 'success', title: t('payments.mandate.presented_again') });
      refresh();
    },
    onError: (e) => toaster.create({ type: 'error', title: errorMessage(e) }),
  });
  if (mandate.debits.length === 0) return <Text color="fg.muted">{t('payments.mandate.no_debits')}</Text>;
  const canRetry = mandate.status === 'ACTIVE' && can(retryMandateDebit, permissions);
  const latest = new Map<string, number>();
  for (const d of mandate.debits) latest.set(d.due_date, Math.max(latest.get(d.due_date) ?? 0, d.attempt));
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" aria-label={t('payments.mandate.debits')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('payments.mandate.due_date')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('payments.mandate.amount')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.mandate.attempt')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('payments.mandate.debit_status')}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {mandate.debits.map((d) => (
            <Table.Row key={d.debit_id} data-testid="mandate-debit" data-status={d.status}>
              <Table.Cell whiteSpace="nowrap">{d.due_date}</Table.Cell>
              <Table.Cell textAlign="end">{formatMinor(d.amount_minor, currency)}</Table.Cell>
              <Table.Cell>{d.attempt}</Table.Cell>
              <Table.Cell>
                <Stack gap="0">
                  <Badge alignSelf="start" colorPalette={DEBIT_COLOURS[d.status]}>
                    {t(`payments.mandate.debit_state.${d.status}`)}
                  </Badge>
                  {d.failure_reason && (
                    <Text fontSize="xs" color="fg.error" data-testid="debit-reason">
                      {d.failure_reason}
                    </Text>
                  )}
                </Stack>
              </Table.Cell>
              <Table.Cell textAlign="end">
                {canRetry && d.status === 'FAILED' && d.attempt === latest.get(d.due_date) && d.attempt < MAX_DEBIT_ATTEMPTS && (
                  <Button size="xs" variant="outline" loading={retry.isPending} onClick={() => retry.mutate({ params: { mandate_id: mandate.mandate_id, debit_id: d.debit_id }, query: { company_id: companyId ?? undefined } })} data-testid="debit-retry">
                    {t('payments.mandate.retry')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
