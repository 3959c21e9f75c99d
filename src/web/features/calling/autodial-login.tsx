/**
 * Autodial login (spec 4, 9): the agent picks an active campaign, answers flush_undialed_list and
 * continue_last_session (Yes / No) and logs in; the queue becomes the campaign's call list. Login
 * requests go through one queue (domain `loginQueue`): a failed one is retried once and a 5 s pause
 * follows each; a refusal the server will repeat (4xx: the campaign is not active) is not retried.
 */
import { Badge, Button, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { YesNo } from '../../../domain/calling/campaigns';
import { loginQueue, YES_NO } from '../../../domain/calling/campaigns';
import { autodialLogin, getAutodialSession } from '../../../domain/contracts/calling/campaigns';
import { callingQueue, getCallingSettings } from '../../../domain/contracts/calling/calls';
import { ApiError, errorMessage } from '../../lib/api';
import { call } from '../../lib/endpoint';
import { toaster } from '../../lib/toaster';
import { companyInput, useAutodialLogout, useAutodialSession, useCampaigns } from './api';

/** A 4xx answer will not change on a retry. */
const isFinal = (err: unknown) => err instanceof ApiError && err.failure.status !== null && err.failure.status >= 400 && err.failure.status < 500;

export function AutodialLogin({ companyId, disabled }: { companyId: string | null; disabled: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const session = useAutodialSession(companyId);
  const campaigns = useCampaigns(companyId);
  const logout = useAutodialLogout();
  const [campaignId, setCampaignId] = useState('');
  const [flush, setFlush] = useState<YesNo>('No');
  const [resume, setResume] = useState<YesNo>('Yes');
  const enqueue = useMemo(() => loginQueue({ isFinal }), []);
  const login = useMutation({
    mutationFn: (body: { flush_undialed_list: YesNo; continue_last_session: YesNo; campaign_id?: string }) => enqueue(() => call(autodialLogin, { ...companyInput(companyId), body })),
    onSuccess: () => Promise.all([getAutodialSession, callingQueue, getCallingSettings].map((e) => client.invalidateQueries({ queryKey: [e.operation] }))),
    onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }),
  });
  const active = (campaigns.data?.campaigns ?? []).filter((c) => c.active);

  if (session.data?.active) {
    return (
      <Flex gap="2" align="center" wrap="wrap" borderWidth="1px" rounded="md" p="3" bg="bg" data-testid="autodial-session" role="region" aria-label={t('calling.autodial')}>
        {/* The session's own mode: an inbound or predictive session is no autodialer. */}
        <Badge colorPalette="green" data-testid="autodial-on">
          {t(`calling.session_on.${session.data.campaign_mode ?? 'autodialer'}`)}
        </Badge>
        {session.data.campaign_mode && <Badge data-testid="autodial-mode">{t(`calling.mode.${session.data.campaign_mode}`)}</Badge>}
        {/* An inbound campaign has no list to dial: the borrowers call in. */}
        <Text fontSize="sm">{session.data.campaign_mode === 'inbound' ? session.data.campaign_name : t('calling.autodial_campaign', { name: session.data.campaign_name, count: session.data.undialed })}</Text>
        <Button size="sm" variant="outline" ms="auto" loading={logout.isPending} onClick={() => logout.mutate(companyInput(companyId))} data-testid="autodial-logout">
          {t(`calling.session_off.${session.data.campaign_mode ?? 'autodialer'}`)}
        </Button>
      </Flex>
    );
  }
  if (active.length === 0) return null;
  const yesNo = (label: string, value: YesNo, set: (v: YesNo) => void, testId: string) => (
    <Field.Root w={{ base: 'full', sm: '44' }}>
      <Field.Label fontSize="xs">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => set(e.currentTarget.value as YesNo)} data-testid={testId}>
          {YES_NO.map((v) => (
            <option key={v} value={v}>
              {t(`calling.yes_no.${v}`)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" p="3" bg="bg" role="region" aria-label={t('calling.autodial')}>
      <Text fontWeight="semibold">{t('calling.autodial')}</Text>
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root w={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="xs">{t('calling.campaign')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={campaignId} onChange={(e) => setCampaignId(e.currentTarget.value)} data-testid="autodial-campaign">
              <option value="">{t('calling.latest_campaign')}</option>
              {active.map((c) => (
                <option key={c.campaign_id} value={c.campaign_id}>
                  {t('calling.campaign_option', { name: c.name, count: c.undialed })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {yesNo(t('calling.flush_undialed_list'), flush, setFlush, 'autodial-flush')}
        {yesNo(t('calling.continue_last_session'), resume, setResume, 'autodial-continue')}
        <Button
          size="sm"
          colorPalette="green"
          disabled={disabled}
          loading={login.isPending}
          onClick={() => login.mutate({ flush_undialed_list: flush, continue_last_session: resume, ...(campaignId ? { campaign_id: campaignId } : {}) })}
          data-testid="autodial-login"
        >
          {t('calling.autodial_login')}
        </Button>
      </Flex>
    </Stack>
  );
}
