/**
 * The dialer panel (spec 3 "Dialer state", spec 9): the connection state, the call's state as the
 * provider's callbacks move it (read every second while live), a talk-time timer, and the
 * buttons that make sense with cloud click-to-call: the call rings the agent's own phone, so mute
 * and hold are done on that phone (shown, disabled, saying so); end asks the provider to hang up.
 * With the browser softphone the buttons act on the SIP call: mute, hold, dialpad, add call,
 * transfer (attended to the added call, else blind to a typed extension or number), merge (three-way
 * call) and end; the added call has its own line with a drop button.
 */
import { Alert, Badge, Button, Field, Flex, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { ArrowRightLeft, Grid3x3, Merge, Mic, MicOff, Pause, PhoneForwarded, PhoneOff, UserPlus, Play, RotateCcw, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallState, ConnectionState } from '../../../domain/calling/call-states';
import { isLive } from '../../../domain/calling/call-states';
import type { SecondLegState } from '../../../domain/calling/softphone';
import { deskCallActions } from '../../../domain/calling/softphone';
import type { SoftphoneView } from './softphone';
import { formatCountdown } from '../../../domain/calling/breaks';
import type { MicrophoneState } from '../../../domain/calling/campaigns';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import { errorMessage } from '../../lib/api';
import { companyInput, useEndCall } from './api';

const PALETTE: Record<CallState, string> = {
  Accepted: 'blue',
  Ringing: 'blue',
  Calling: 'blue',
  Connecting: 'gray',
  'Agent Ringing': 'blue',
  'On Call': 'green',
  'On Hold': 'yellow',
  'Call Ended': 'gray',
  'Call Failed': 'red',
};

/** Seconds since `from` (ISO), ticking every second while `running`. */
function useElapsed(from: string | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    // At once too: the clock may have stood still since the panel mounted (a call held within its first second).
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [running]);
  return from ? Math.max(0, Math.floor((now - Date.parse(from)) / 1000)) : 0;
}

/** The browser softphone's controls of the live call (issue 14). */
export interface SoftphoneControls {
  /** Rebuilt from the server after a reload: this page holds no SIP call, the buttons report to the server. */
  restored: boolean;
  muted: boolean;
  held: boolean;
  mute(): void;
  unmute(): void;
  hold(): void;
  resume(): void;
  hangup(): void;
  /** Keypad tones into the call (IVR menus). */
  dtmf(tones: string): void;
  /**
   * The second call the agent added (spec 9 add call), null: none: its own call state, the leg's
   * state on the server (consulting, held, conference) and since when it runs (ISO; null: not known yet).
   */
  second: { target: string; state: CallState; leg: SecondLegState; since: string | null } | null;
  /** A supervisor this browser called in for barge or whisper (spec 4): who, how, and their call's state. */
  supervisor: SoftphoneView['supervisor'];
  /** The borrower and the second party are merged (three-way call). */
  conference: boolean;
  /** A transfer was asked and the borrower's phone has not answered it yet. */
  transferring: boolean;
  transferFailed: boolean;
  /** Holds the borrower and calls `target`; false: `target` is no extension, number or SIP address. */
  addCall(target: string): Promise<boolean>;
  /** Attended to the answered second call, else blind to `target`; false: no such target. */
  transfer(target?: string): boolean;
  merge(): void;
  /** Hangs up the second call only. */
  dropSecond(): void;
}

/** The extension / number form of add call and blind transfer. */
function TargetForm({ mode, onSubmit, onCancel }: { mode: 'add' | 'transfer'; onSubmit: (target: string) => Promise<boolean> | boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = async () => {
    const ok = await onSubmit(target);
    setInvalid(!ok);
  };
  return (
    <Flex as="form" gap="2" align="end" wrap="wrap" data-testid="call-target-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Field.Root invalid={invalid} maxW="64">
        <Field.Label fontSize="xs">{t('calling.call_target')}</Field.Label>
        <Input size="sm" autoFocus inputMode="tel" value={target} maxLength={120} placeholder={t('calling.call_target_placeholder')} onChange={(e) => setTarget(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Escape' && onCancel()} />
        {invalid && <Field.ErrorText>{t('calling.call_target_invalid')}</Field.ErrorText>}
      </Field.Root>
      <Button size="sm" type="submit" colorPalette={mode === 'add' ? 'green' : 'blue'} disabled={!target.trim()} data-testid="call-target-submit">
        {mode === 'add' ? <UserPlus /> : <PhoneForwarded />} {mode === 'add' ? t('calling.add_call_go') : t('calling.transfer_go')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </Flex>
  );
}

/**
 * The second call's line (spec 9 add call): the party, its state and the leg's (consulting, held,
 * conference), how long it runs (from the server's times), and its own transfer, merge and hang-up.
 */
function SecondLeg({ softphone, primaryLive }: { softphone: SoftphoneControls; primaryLive: boolean }) {
  const { t } = useTranslation();
  const second = softphone.second;
  const answered = second?.state === 'On Call' || second?.state === 'On Hold';
  const seconds = useElapsed(second?.since ?? null, second !== null);
  if (!second) return null;
  return (
    <Flex align="center" gap="2" wrap="wrap" borderWidth="1px" rounded="md" px="3" py="2" data-testid="second-call" data-state={second.state} data-leg={second.leg} aria-live="polite">
      {softphone.conference ? (
        <Badge colorPalette="purple" data-testid="conference">
          <Users aria-hidden /> {t('calling.conference')}
        </Badge>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('calling.second_call')}
        </Text>
      )}
      <Text fontWeight="medium" fontFamily="mono">
        {second.target}
      </Text>
      <Badge colorPalette={PALETTE[second.state]} data-testid="second-call-state">
        {t(`calling.state.${second.state}`)}
      </Badge>
      <Badge variant="outline" data-testid="second-leg-state">
        {t(`calling.second_leg.${second.leg}`)}
      </Badge>
      <Text fontFamily="mono" fontSize="sm" aria-label={t('calling.duration')} data-testid="second-call-duration">
        {formatCountdown(seconds)}
      </Text>
      <Flex gap="2" ms="auto" wrap="wrap">
        {!softphone.conference && (
          <>
            <Button size="xs" variant="outline" disabled={!primaryLive || !answered || softphone.transferring} onClick={() => softphone.transfer()} data-testid="second-transfer">
              <ArrowRightLeft /> {t('calling.transfer_to_party', { target: second.target })}
            </Button>
            <Button size="xs" variant="outline" disabled={!primaryLive || !answered} onClick={() => softphone.merge()} data-testid="second-merge">
              <Merge /> {t('calling.merge')}
            </Button>
          </>
        )}
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => softphone.dropSecond()} data-testid="drop-second">
          <PhoneOff /> {t('calling.drop_second')}
        </Button>
      </Flex>
    </Flex>
  );
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/** The softphone's keypad: tones go into the live call (a bank's IVR, an extension). */
function Dialpad({ onKey }: { onKey: (key: string) => void }) {
  const { t } = useTranslation();
  return (
    <Grid templateColumns="repeat(3, 3rem)" gap="1" role="group" aria-label={t('calling.dialpad')} data-testid="dialpad">
      {KEYS.map((k) => (
        <Button key={k} size="sm" variant="outline" onClick={() => onKey(k)} fontFamily="mono">
          {k}
        </Button>
      ))}
    </Grid>
  );
}

export function DialerPanel({
  companyId,
  connection,
  call,
  placing,
  error,
  microphone = null,
  softphone = null,
  onRedial = null,
}: {
  companyId: string | null;
  connection: ConnectionState;
  call: CallRecord | undefined;
  placing: boolean;
  error: unknown;
  /** Spec 3 microphone state the agent reported (null: working). */
  microphone?: MicrophoneState | null;
  /** The browser softphone carrying this call: mute, hold and end act on it here. */
  softphone?: SoftphoneControls | null;
  /** Calls the same loan again once the call is over (spec 9 redial). */
  onRedial?: (() => void) | null;
}) {
  const { t } = useTranslation();
  const end = useEndCall();
  const [keypad, setKeypad] = useState(false);
  const [targetMode, setTargetMode] = useState<'add' | 'transfer' | null>(null);
  const live = call ? isLive(call.state) : false;
  // Talk time runs from the answer, on hold too (as the server counts it).
  const talking = call?.state === 'On Call' || call?.state === 'On Hold';
  const elapsed = useElapsed(talking ? call.answered_at : null, talking);
  const seconds = call && !live ? (call.talk_seconds ?? 0) : elapsed;
  const state: CallState | null = placing ? 'Connecting' : (call?.state ?? null);
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" bg="bg" aria-label={t('calling.dialer')} role="region">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <Text fontWeight="semibold">{t('calling.dialer')}</Text>
        <Flex gap="2" align="center">
          {microphone && (
            <Badge colorPalette="red" data-testid="microphone-state">
              {t(`calling.reason.${microphone}`)}
            </Badge>
          )}
          <Badge colorPalette={connection === 'connected' ? 'green' : connection === 'failed' ? 'red' : 'gray'} data-testid="connection-state" data-state={connection}>
            {t(`calling.connection.${connection}`)}
          </Badge>
        </Flex>
      </Flex>
      <Flex align="center" gap="3" wrap="wrap" aria-live="polite">
        <Badge size="lg" colorPalette={state ? PALETTE[state] : 'gray'} data-testid="call-state">
          {state ? t(`calling.state.${state}`) : t('calling.idle')}
        </Badge>
        <Text fontFamily="mono" fontSize="lg" aria-label={t('calling.duration')} data-testid="call-duration">
          {formatCountdown(seconds)}
        </Text>
        {call?.outcome && <Text data-testid="call-outcome">{t(`calling.outcome.${call.outcome}`)}</Text>}
      </Flex>
      {call && (
        <Text fontSize="sm" color="fg.muted">
          {t('calling.call_line', { to: call.to, caller_id: call.caller_id ?? '—', shoot_id: call.shoot_id })}
        </Text>
      )}
      {softphone ? (
        <Flex gap="2" wrap="wrap">
          <Button size="sm" variant="outline" disabled={!live || softphone.restored} aria-pressed={softphone.muted} onClick={() => (softphone.muted ? softphone.unmute() : softphone.mute())} data-testid="softphone-mute">
            {softphone.muted ? <MicOff /> : <Mic />} {softphone.muted ? t('calling.unmute') : t('calling.mute')}
          </Button>
          <Button size="sm" variant="outline" disabled={!live || call?.state === 'Ringing' || call?.state === 'Connecting' || softphone.conference} aria-pressed={softphone.held} onClick={() => (softphone.held ? softphone.resume() : softphone.hold())} data-testid="softphone-hold">
            {softphone.held ? <Play /> : <Pause />} {softphone.held ? t('calling.resume') : t('calling.hold')}
          </Button>
          <Button size="sm" variant="outline" disabled={!live || softphone.restored} aria-expanded={keypad} onClick={() => setKeypad(!keypad)} data-testid="softphone-dialpad">
            <Grid3x3 /> {t('calling.dialpad')}
          </Button>
          {(() => {
            const can = deskCallActions({ primary: live && call ? call.state : null, second: softphone.second?.state ?? null, conference: softphone.conference });
            const attended = softphone.second !== null && can.transfer;
            return (
              <>
                <Button size="sm" variant="outline" disabled={!can.add || softphone.restored || softphone.supervisor !== null} aria-expanded={targetMode === 'add'} onClick={() => setTargetMode(targetMode === 'add' ? null : 'add')} data-testid="softphone-add">
                  <UserPlus /> {t('calling.add_call')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={!can.transfer || softphone.transferring}
                  loading={softphone.transferring}
                  aria-expanded={attended ? undefined : targetMode === 'transfer'}
                  onClick={() => (attended ? softphone.transfer() : setTargetMode(targetMode === 'transfer' ? null : 'transfer'))}
                  data-testid="softphone-transfer"
                >
                  <ArrowRightLeft /> {attended ? t('calling.transfer_to_party', { target: softphone.second?.target ?? '' }) : t('calling.transfer')}
                </Button>
                <Button size="sm" variant="outline" disabled={!can.merge} onClick={() => softphone.merge()} data-testid="softphone-merge">
                  <Merge /> {t('calling.merge')}
                </Button>
              </>
            );
          })()}
          <Button size="sm" colorPalette="red" disabled={!live} onClick={() => softphone.hangup()} data-testid="end-call">
            <PhoneOff /> {t('calling.end')}
          </Button>
          {keypad && live && <Dialpad onKey={(k) => softphone.dtmf(k)} />}
        </Flex>
      ) : null}
      {softphone && targetMode && live && !softphone.second && (
        <TargetForm
          key={targetMode}
          mode={targetMode}
          onCancel={() => setTargetMode(null)}
          onSubmit={async (target) => {
            const ok = targetMode === 'add' ? await softphone.addCall(target) : softphone.transfer(target);
            if (ok) setTargetMode(null);
            return ok;
          }}
        />
      )}
      {softphone && <SecondLeg softphone={softphone} primaryLive={live} />}
      {softphone?.restored && live && (
        <Text fontSize="xs" color="fg.muted" data-testid="calls-restored">
          {t('calling.calls_restored')}
        </Text>
      )}
      {softphone?.transferring && (
        <Text fontSize="sm" color="fg.muted" role="status" data-testid="transfer-pending">
          {t('calling.transfer_pending')}
        </Text>
      )}
      {softphone?.transferFailed && (
        <Text fontSize="sm" color="fg.error" role="alert" data-testid="transfer-failed">
          {t('calling.transfer_failed')}
        </Text>
      )}
      {softphone ? null : (
        <>
          <Flex gap="2" wrap="wrap">
            <Button size="sm" variant="outline" disabled title={t('calling.on_your_phone')}>
              <Mic /> {t('calling.mute')}
            </Button>
            <Button size="sm" variant="outline" disabled title={t('calling.on_your_phone')}>
              <Pause /> {t('calling.hold')}
            </Button>
            <Button size="sm" colorPalette="red" disabled={!live || !call?.provider_call_id} loading={end.isPending} onClick={() => call && end.mutate({ params: { call_id: call.call_id }, ...companyInput(companyId) })} data-testid="end-call">
              <PhoneOff /> {t('calling.end')}
            </Button>
          </Flex>
          {live && <Text fontSize="xs" color="fg.muted">{t('calling.on_your_phone')}</Text>}
        </>
      )}
      {onRedial && call && !live && (
        <Button size="sm" variant="outline" alignSelf="start" onClick={onRedial} data-testid="redial">
          <RotateCcw /> {t('calling.redial')}
        </Button>
      )}
      {(error || end.error) && (
        <Alert.Root status="error" role="alert" data-testid="call-refused">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(error ?? end.error)}</Alert.Title>
        </Alert.Root>
      )}
      {call?.failure_reason && <Text color="fg.error" fontSize="sm">{call.failure_reason}</Text>}
      {call?.supervisor_action && (live || call.supervisor_action.action === 'force_transfer') && (
        // Spec 4 socket events barge_initiated, whisper_initiated, force_transfer_initiated, as the agent sees them
        // (a transfer also once the call has left this desk: why it ended).
        <Alert.Root status="info" role="status" data-testid="supervisor-action" data-event={call.supervisor_action.event}>
          <Alert.Indicator />
          <Alert.Title>{t(`calling.supervisor_event.${call.supervisor_action.event}`, { name: call.supervisor_action.supervisor_name, to: call.supervisor_action.transfer_to_name ?? '' })}</Alert.Title>
          {softphone?.supervisor && (
            // The softphone called the supervisor in: how far that call is.
            <Badge ms="auto" colorPalette={PALETTE[softphone.supervisor.state]} data-testid="supervisor-leg-state" data-mode={softphone.supervisor.mode}>
              {t('calling.supervisor_leg', { state: t(`calling.state.${softphone.supervisor.state}`) })}
            </Badge>
          )}
        </Alert.Root>
      )}
    </Stack>
  );
}
