/**
 * The agent's status (spec 3 agent status reasons, spec 4 "set inactive"): pick a reason to become
 * inactive (the supervisor sees it live), and come back. The microphone reasons double as the
 * microphone state the dialer reports.
 */
import { Badge, Button, Flex, NativeSelect } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentStatusReason } from '../../../domain/calling/campaigns';
import { AGENT_STATUS_REASONS, MICROPHONE_STATES } from '../../../domain/calling/campaigns';
import type { AgentStatusRecord } from '../../../domain/contracts/calling/calls';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { companyInput, useSetAgentStatus } from './api';

const isMicrophone = (r: string): r is (typeof MICROPHONE_STATES)[number] => (MICROPHONE_STATES as readonly string[]).includes(r);

export function StatusReason({ companyId, status }: { companyId: string | null; status: AgentStatusRecord | undefined }) {
  const { t } = useTranslation();
  const set = useSetAgentStatus();
  const [choice, setChoice] = useState('');
  const onError = (err: unknown) => toaster.create({ type: 'error', title: errorMessage(err) });
  if (!status || status.status === 'on_break') return null;
  if (status.status_reason) {
    return (
      <Flex gap="2" align="center" wrap="wrap" data-testid="inactive">
        <Badge colorPalette="orange" size="lg">
          {t('calling.inactive', { reason: t(`calling.reason.${status.status_reason}`) })}
        </Badge>
        <Button size="sm" onClick={() => set.mutate({ ...companyInput(companyId), body: { status_reason: null, microphone: null } }, { onError })} loading={set.isPending} data-testid="back-active">
          {t('calling.back_active')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <NativeSelect.Root size="sm" w="52">
        <NativeSelect.Field aria-label={t('calling.status_reason')} value={choice} onChange={(e) => setChoice(e.currentTarget.value)} data-testid="status-reason">
          <option value="">{t('calling.status_reason')}</option>
          {AGENT_STATUS_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`calling.reason.${r}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button
        size="sm"
        variant="outline"
        disabled={!choice || status.status === 'on_call'}
        loading={set.isPending}
        onClick={() => set.mutate({ ...companyInput(companyId), body: { status_reason: choice as AgentStatusReason, ...(isMicrophone(choice) ? { microphone: choice } : {}) } }, { onError, onSuccess: () => setChoice('') })}
      >
        {t('calling.set_inactive')}
      </Button>
    </Flex>
  );
}
