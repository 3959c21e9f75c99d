/**
 * Breaks (spec 4, 9): pick one of the company's breaks; while on it a HH:MM:SS countdown runs from
 * the server's end time and, at zero, the status is fetched again (the server ends the break).
 * The status is fetched on load, so a reload resumes a running break or finds it over.
 */
import { Alert, Badge, Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../domain/calling/breaks';
import type { AgentStatusRecord, CallingSettings } from '../../../domain/contracts/calling/calls';
import { errorMessage } from '../../lib/api';
import { companyInput, useEndBreak, useStartBreak } from './api';

/** Seconds left, counted on this device from the server's answer (its clock skew removed). */
function useRemaining(status: AgentStatusRecord | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  const [skew] = useState(() => (status ? Date.now() - Date.parse(status.server_time) : 0));
  useEffect(() => {
    if (status?.status !== 'on_break') return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [status?.status]);
  if (status?.status !== 'on_break' || !status.break_ends_at) return 0;
  return Math.max(0, Math.ceil((Date.parse(status.break_ends_at) - (now - skew)) / 1000));
}

export function BreakControl({ companyId, status, settings, onExpired }: { companyId: string | null; status: AgentStatusRecord | undefined; settings: CallingSettings | undefined; onExpired: () => void }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState('');
  const start = useStartBreak();
  const end = useEndBreak();
  const remaining = useRemaining(status);
  const onBreak = status?.status === 'on_break';
  useEffect(() => {
    if (onBreak && remaining === 0) onExpired();
  }, [onBreak, remaining, onExpired]);
  const breaks = settings?.breaks ?? [];
  const error = start.error ?? end.error;

  if (onBreak) {
    return (
      <Flex gap="3" align="center" wrap="wrap" data-testid="break-running">
        <Badge colorPalette={status.break_type === 'productive_break' ? 'blue' : 'orange'} size="lg">
          {t('calling.on_break', { name: status.break_name })}
        </Badge>
        <Text fontFamily="mono" fontSize="xl" fontWeight="semibold" role="timer" aria-live="off" aria-label={t('calling.break_left')} data-testid="break-countdown">
          {formatCountdown(remaining)}
        </Text>
        {status.break_type !== 'productive_break' && <Text fontSize="sm" color="fg.muted">{t('calling.non_productive_notice')}</Text>}
        <Button size="sm" onClick={() => end.mutate(companyInput(companyId))} loading={end.isPending}>
          {t('calling.end_break')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex gap="2" align="center" wrap="wrap">
      <NativeSelect.Root size="sm" w="48">
        <NativeSelect.Field aria-label={t('calling.break_choice')} value={choice} onChange={(e) => setChoice(e.currentTarget.value)} data-testid="break-choice">
          <option value="">{t('calling.break_choice')}</option>
          {breaks.map((b) => (
            <option key={b.break_name} value={b.break_name}>
              {t('calling.break_option', { name: b.break_name, minutes: b.break_duration })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Button size="sm" variant="outline" disabled={!choice || status?.status === 'on_call'} loading={start.isPending} onClick={() => start.mutate({ ...companyInput(companyId), body: { break_name: choice } })}>
        {t('calling.take_break')}
      </Button>
      {error && (
        <Alert.Root status="error" size="sm" role="alert" w="auto">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error)}</Alert.Title>
        </Alert.Root>
      )}
    </Flex>
  );
}
