/**
 * The telecalling supervisor's live view (spec 4 "subscribe live stats"): their agents' state,
 * current call, calls and talk time today and abandon rate, read every 2 s; barge, whisper and
 * force transfer on an agent's live call (through the telephony adapter, or on a softphone call by the agent's browser; the agent's screen shows it).
 */
import { Badge, Box, Button, Flex, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveAgentState, SupervisorAction } from '../../../domain/calling/campaigns';
import { formatCountdown } from '../../../domain/calling/breaks';
import type { LiveAgent } from '../../../domain/contracts/calling/campaigns';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { companyInput, useLiveStats, useSupervisorAction } from './api';

const PALETTE: Record<LiveAgentState, string> = { on_call: 'green', on_break: 'orange', inactive: 'red', available: 'blue', offline: 'gray' };

function Actions({ companyId, agent, agents }: { companyId: string | null; agent: LiveAgent; agents: LiveAgent[] }) {
  const { t } = useTranslation();
  const act = useSupervisorAction();
  const [target, setTarget] = useState('');
  const callId = agent.current_call?.call_id;
  if (!callId) return null;
  const run = (action: SupervisorAction) =>
    act.mutate(
      { params: { call_id: callId }, ...companyInput(companyId), body: { action, ...(action === 'force_transfer' ? { transfer_to: target } : {}) } },
      { onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }), onSuccess: () => toaster.create({ type: 'success', title: t(`calling.action_done.${action}`, { name: agent.name }) }) },
    );
  const others = agents.filter((a) => a.user_id !== agent.user_id);
  return (
    <Flex gap="1" wrap="wrap" align="center">
      <Button size="xs" variant="outline" onClick={() => run('barge')} loading={act.isPending && act.variables?.body?.action === 'barge'} aria-label={t('calling.barge_agent', { name: agent.name })} data-testid="barge">
        {t('calling.barge')}
      </Button>
      <Button size="xs" variant="outline" onClick={() => run('whisper')} aria-label={t('calling.whisper_agent', { name: agent.name })} data-testid="whisper">
        {t('calling.whisper')}
      </Button>
      <NativeSelect.Root size="xs" w="36">
        <NativeSelect.Field aria-label={t('calling.transfer_to')} value={target} onChange={(e) => setTarget(e.currentTarget.value)}>
          <option value="">{t('calling.transfer_to')}</option>
          {others.map((a) => (
            <option key={a.user_id} value={a.user_id}>
              {a.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="xs" variant="outline" disabled={!target} onClick={() => run('force_transfer')} aria-label={t('calling.transfer_agent', { name: agent.name })} data-testid="force-transfer">
        {t('calling.force_transfer')}
      </Button>
    </Flex>
  );
}

/** `pushed`: the page's event stream is up and brings the live view (no polling). */
export function SupervisorLive({ companyId, pushed = false }: { companyId: string | null; pushed?: boolean }) {
  const { t } = useTranslation();
  const live = useLiveStats(companyId, true, pushed);
  if (live.isPending) return <LoadingState />;
  if (live.isError) return <ErrorState error={live.error} onRetry={() => void live.refetch()} />;
  const { agents, totals } = live.data;
  const rate = (r: number | null) => (r === null ? '—' : `${r.toFixed(1)} %`);
  const stats: [string, string, string][] = [
    [t('calling.live_agents'), String(totals.agents), 'live-total-agents'],
    [t('calling.live_on_call'), String(totals.on_call), 'live-total-on-call'],
    [t('calling.live_on_break'), String(totals.on_break), 'live-total-on-break'],
    [t('calling.live_calls_today'), String(totals.calls_today), 'live-total-calls'],
    [t('calling.live_talk_today'), formatCountdown(totals.talk_seconds_today), 'live-total-talk'],
    [t('calling.live_abandon'), rate(totals.abandon_rate), 'live-total-abandon'],
  ];
  return (
    <Stack gap="3" role="region" aria-label={t('calling.live_title')}>
      <Flex gap="3" wrap="wrap">
        {stats.map(([label, value, id]) => (
          <Box key={id} borderWidth="1px" rounded="md" p="3" bg="bg" minW="32" flex={{ base: '1 1 40%', md: '0 0 auto' }}>
            <Text fontSize="xs" color="fg.muted">
              {label}
            </Text>
            <Text fontSize="xl" fontWeight="semibold" data-testid={id}>
              {value}
            </Text>
          </Box>
        ))}
      </Flex>
      {agents.length === 0 ? (
        <EmptyState>{t('calling.live_none')}</EmptyState>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" bg="bg">
          <Table.Root size="sm" aria-live="polite">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('calling.live_agent')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('calling.live_state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('calling.live_call')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('calling.live_calls_today')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('calling.live_talk_today')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('calling.live_abandon')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('calling.live_actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {agents.map((a) => (
                <Table.Row key={a.user_id} data-testid="live-agent" data-agent={a.name} data-state={a.state}>
                  <Table.Cell>
                    <Text fontWeight="medium">{a.name}</Text>
                    {a.campaign_name && (
                      <Text fontSize="xs" color="fg.muted">
                        {t('calling.live_campaign', { name: a.campaign_name })}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={PALETTE[a.state]} data-testid="live-state">
                      {t(`calling.live_state_value.${a.state}`)}
                    </Badge>
                    {(a.status_reason || a.break_name) && (
                      <Text fontSize="xs" color="fg.muted">
                        {a.break_name ?? t(`calling.reason.${a.status_reason}`)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell data-testid="live-call">
                    {a.current_call ? (
                      <>
                        <Text>{t(`calling.state.${a.current_call.state}`)}</Text>
                        <Text fontSize="xs" color="fg.muted">
                          {a.current_call.loan_id}
                          {a.current_call.supervisor_action ? ` · ${t(`calling.action_label.${a.current_call.supervisor_action}`)}` : ''}
                        </Text>
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end" data-testid="live-calls">
                    {a.calls_today} <Text as="span" fontSize="xs" color="fg.muted">({t('calling.live_connected', { count: a.connected_today })})</Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" fontFamily="mono" data-testid="live-talk">
                    {formatCountdown(a.talk_seconds_today)}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{rate(a.abandon_rate)}</Table.Cell>
                  <Table.Cell>
                    <Actions companyId={companyId} agent={a} agents={agents} />
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
