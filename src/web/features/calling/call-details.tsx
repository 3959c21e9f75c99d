/** Call details of a loan (spec 3, 9): calls of the last week, PTPs and broken PTPs of the last month, the last PTP, the latest calls. */
import { Box, Flex, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../../domain/common/money';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useCallDetails } from './api';

function Figure({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/**
 * `call`: the call on the desk as it now is (pushed or polled). Its row follows it (Calling, Agent
 * Ringing, On Call, On Hold… spec call states, then its outcome) instead of the state the details
 * were read with; a call on this loan newer than the read is shown first.
 */
export function CallDetails({ companyId, loanId, currency, call }: { companyId: string | null; loanId: string; currency: 'INR' | 'IDR'; call?: CallRecord }) {
  const { t } = useTranslation();
  const details = useCallDetails(companyId, loanId);
  if (details.isPending) return <LoadingState />;
  if (details.isError) return <ErrorState error={details.error} onRetry={() => void details.refetch()} />;
  const d = details.data;
  const onDesk = call && call.loan_id === loanId ? call : undefined;
  const calls = onDesk ? (d.calls.some((c) => c.call_id === onDesk.call_id) ? d.calls.map((c) => (c.call_id === onDesk.call_id ? { ...onDesk, disposition: c.disposition ?? onDesk.disposition } : c)) : [onDesk, ...d.calls]) : d.calls;
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg" role="region" aria-label={t('calling.call_details')} data-testid="call-details">
      <Text fontWeight="semibold">{t('calling.call_details')}</Text>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="2">
        <Figure label={t('calling.total_calls')} value={d.total_calls} testId="total-calls" />
        <Figure label={t('calling.successful_calls')} value={d.successful_calls} />
        <Figure label={t('calling.total_ptp')} value={d.total_ptp} testId="total-ptp" />
        <Figure label={t('calling.broken_ptp')} value={d.total_broken_ptp} />
      </SimpleGrid>
      <Flex gap="2" wrap="wrap" fontSize="sm">
        <Text color="fg.muted">{t('calling.last_ptp')}:</Text>
        <Text data-testid="last-ptp">{d.last_ptp ? t('calling.last_ptp_line', { amount: formatMinor(d.last_ptp.ptp_amount_minor, currency), date: d.last_ptp.ptp_date, state: t(`calling.ptp_state.${d.last_ptp.state}`) }) : '—'}</Text>
      </Flex>
      {calls.length > 0 && (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('calling.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('calling.outcome_label')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('calling.talk')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('calling.disposition')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {calls.map((c) => (
                <Table.Row key={c.call_id} data-testid="history-call" data-call={c.call_id}>
                  <Table.Cell>{new Date(c.created_at).toLocaleString()}</Table.Cell>
                  <Table.Cell data-testid="history-state">{c.outcome ? t(`calling.outcome.${c.outcome}`) : t(`calling.state.${c.state}`)}</Table.Cell>
                  <Table.Cell>{c.talk_seconds === null ? '—' : `${Math.floor(c.talk_seconds / 60)}:${String(c.talk_seconds % 60).padStart(2, '0')}`}</Table.Cell>
                  <Table.Cell>
                    {c.disposition ?? '—'}
                    {c.recording_url && (
                      <audio controls preload="none" src={c.recording_url} aria-label={t('calling.recording')} style={{ height: 28 }} />
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
