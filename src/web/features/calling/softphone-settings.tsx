/**
 * The calling desk's Telephony tab (issue 14), for whoever may change company settings: the SIP
 * server for browser softphones — the WebSocket address (wss://) and the SIP domain agents register
 * in; clearing both switches the softphone off (calls then ring the agent's phone through the cloud
 * provider) — and the third-party dialer vendor's disposition endpoint (spec 7).
 */
import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getDialerVendor, getSoftphone, updateDialerVendor, updateSoftphoneSettings } from '../../../domain/contracts/calling/softphone';
import { errorMessage } from '../../lib/api';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { toaster } from '../../lib/toaster';
import { companyInput, useSoftphoneConfig } from './api';

export function SoftphoneSettings({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const config = useSoftphoneConfig(companyId);
  const save = useEndpointMutation(updateSoftphoneSettings, { onSuccess: () => client.invalidateQueries({ queryKey: [getSoftphone.operation] }) });
  const [wsUrl, setWsUrl] = useState('');
  const [domain, setDomain] = useState('');
  useEffect(() => {
    if (!config.data) return;
    setWsUrl(config.data.ws_url ?? '');
    setDomain(config.data.sip_uri?.split('@')[1] ?? '');
  }, [config.data]);
  const submit = (e: FormEvent, off = false) => {
    e.preventDefault();
    const body = off ? { ws_url: null, sip_domain: null } : { ws_url: wsUrl.trim() || null, sip_domain: domain.trim() || null };
    save.mutate(
      { ...companyInput(companyId), body },
      { onSuccess: () => toaster.create({ type: 'success', title: t('calling.softphone_saved') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
  };
  return (
    <Stack as="form" gap="3" maxW="3xl" borderWidth="1px" rounded="md" p="4" bg="bg" onSubmit={(e: FormEvent) => submit(e)} aria-label={t('calling.softphone_settings')} data-testid="softphone-settings">
      <Text fontWeight="semibold">{t('calling.softphone_settings')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('calling.softphone_settings_help')}
      </Text>
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root flex="2" minW="64">
          <Field.Label>{t('calling.sip_ws_url')}</Field.Label>
          <Input size="sm" value={wsUrl} placeholder="wss://sip.example.in:8443/ws" maxLength={300} onChange={(e) => setWsUrl(e.currentTarget.value)} />
        </Field.Root>
        <Field.Root flex="1" minW="48">
          <Field.Label>{t('calling.sip_domain')}</Field.Label>
          <Input size="sm" value={domain} placeholder="sip.example.in" maxLength={260} onChange={(e) => setDomain(e.currentTarget.value)} />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="blue" loading={save.isPending} disabled={!wsUrl.trim() || !domain.trim()}>
          {t('common.save')}
        </Button>
        {config.data?.enabled && (
          <Button size="sm" variant="outline" onClick={(e) => submit(e, true)} disabled={save.isPending}>
            {t('calling.softphone_off')}
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

/** The third-party dialer vendor's disposition endpoint (spec 7, 9): every new disposition is posted there. */
export function DialerVendorSettings({ companyId }: { companyId: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const current = useEndpoint(getDialerVendor, companyInput(companyId), { enabled: Boolean(companyId) });
  const save = useEndpointMutation(updateDialerVendor, { onSuccess: () => client.invalidateQueries({ queryKey: [getDialerVendor.operation] }) });
  const [url, setUrl] = useState('');
  useEffect(() => setUrl(current.data?.disposition_url ?? ''), [current.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { ...companyInput(companyId), body: { disposition_url: url.trim() || null } },
      { onSuccess: () => toaster.create({ type: 'success', title: t('calling.dialer_vendor_saved') }), onError: (err) => toaster.create({ type: 'error', title: errorMessage(err) }) },
    );
  };
  return (
    <Stack as="form" gap="3" maxW="3xl" borderWidth="1px" rounded="md" p="4" bg="bg" onSubmit={submit} aria-label={t('calling.dialer_vendor')} data-testid="dialer-vendor-settings">
      <Text fontWeight="semibold">{t('calling.dialer_vendor')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t('calling.dialer_vendor_help')}
      </Text>
      <Flex gap="3" wrap="wrap" align="end">
        <Field.Root flex="1" minW="64">
          <Field.Label>{t('calling.dialer_vendor_url')}</Field.Label>
          <Input size="sm" value={url} placeholder="https://dialer.example.in/dispositions" maxLength={500} onChange={(e) => setUrl(e.currentTarget.value)} />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="blue" loading={save.isPending} disabled={current.isPending}>
          {t('common.save')}
        </Button>
      </Flex>
    </Stack>
  );
}
