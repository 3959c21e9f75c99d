/**
 * The softphone bar of the calling desk (issue 14): shown when the company has a SIP server. The
 * agent types their SIP password (kept for this tab only, never sent to our server) and connects;
 * the bar shows the connection state (spec 9) and why a registration failed. `useSoftphone` holds
 * the JsSIP softphone for the desk.
 */
import { Badge, Box, Button, Field, Flex, Input, Text } from '@chakra-ui/react';
import { Headset } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SoftphoneConfig } from '../../../domain/contracts/calling/softphone';
import { useSoftphoneConfig } from './api';
import type { SoftphoneView } from './softphone';
import { IDLE_VIEW, Softphone } from './softphone';

/** The desk's softphone: its configuration, its view, and the instance (null until the company has a SIP server). */
export function useSoftphone(companyId: string | null): { config: SoftphoneConfig | undefined; view: SoftphoneView; phone: Softphone | null } {
  const config = useSoftphoneConfig(companyId);
  const [view, setView] = useState<SoftphoneView>(IDLE_VIEW);
  const [phone, setPhone] = useState<Softphone | null>(null);
  const data = config.data;
  useEffect(() => {
    if (!data?.enabled) return;
    const p = new Softphone(data, setView);
    setPhone(p);
    return () => {
      p.disconnect();
      setPhone(null);
      setView(IDLE_VIEW);
    };
  }, [data]);
  return { config: data, view, phone };
}

const PASSWORD_KEY = 'softphone.password';

export function SoftphoneBar({ config, view, phone, busy }: { config: SoftphoneConfig; view: SoftphoneView; phone: Softphone; busy: boolean }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState(() => sessionStorage.getItem(PASSWORD_KEY) ?? '');
  const on = view.connection === 'connecting' || view.connection === 'connected';
  const connect = () => {
    sessionStorage.setItem(PASSWORD_KEY, password);
    void phone.connect(password);
  };
  const palette = view.registered ? 'green' : view.connection === 'failed' ? 'red' : 'gray';
  return (
    <Box borderWidth="1px" rounded="md" p="3" bg="bg" role="region" aria-label={t('calling.softphone')} data-testid="softphone">
      <Flex gap="3" align="end" wrap="wrap">
        <Flex align="center" gap="2" minW="40">
          <Headset aria-hidden />
          <Box>
            <Text fontWeight="semibold">{t('calling.softphone')}</Text>
            <Text fontSize="xs" color="fg.muted" truncate maxW="60">
              {config.sip_uri}
            </Text>
          </Box>
        </Flex>
        {!on && (
          <Field.Root maxW="56">
            <Field.Label fontSize="xs">{t('calling.sip_password')}</Field.Label>
            <Input size="sm" type="password" autoComplete="off" value={password} maxLength={128} onChange={(e) => setPassword(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && connect()} />
          </Field.Root>
        )}
        {on ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => phone.disconnect()} data-testid="softphone-disconnect">
            {t('calling.softphone_disconnect')}
          </Button>
        ) : (
          <Button size="sm" colorPalette="blue" onClick={connect} data-testid="softphone-connect">
            {t('calling.softphone_connect')}
          </Button>
        )}
        <Badge colorPalette={palette} data-testid="softphone-state" data-state={view.connection} data-registered={view.registered ? 'yes' : 'no'} aria-live="polite">
          {view.registered ? t('calling.softphone_registered') : t(`calling.connection.${view.connection}`)}
        </Badge>
      </Flex>
      {view.error && (
        <Text color="fg.error" fontSize="sm" mt="2" role="alert">
          {t('calling.softphone_error', { cause: view.error })}
        </Text>
      )}
      {view.microphone && (
        <Text color="fg.error" fontSize="sm" mt="2" role="alert" data-testid="softphone-microphone">
          {t(`calling.reason.${view.microphone}`)} · {t('calling.microphone_help')}
        </Text>
      )}
    </Box>
  );
}
