/**
 * `/app/calling` (issue 14): the telecaller's desk — the calling queue of their allocated loans,
 * the dialer panel of the selected loan (call states from the provider's callbacks), the
 * disposition form once a call ends, the loan's call details, the reminders due today and the
 * break control. A refused call (mode not enabled, compliance) shows the server's message.
 */
import { Badge, Box, Button, Flex, Grid, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Phone } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../../domain/calling/call-states';
import { isLive } from '../../../domain/calling/call-states';
import { formatMinor } from '../../../domain/common/money';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import { getCall, loanCallDetails } from '../../../domain/contracts/calling/calls';
import { EmptyState, ErrorState, LoadingState } from '../../components/query-state';
import { updateSoftphoneSettings } from '../../../domain/contracts/calling/softphone';
import { can, endpointKey } from '../../lib/endpoint';
import { useShell } from '../../lib/shell-context';
import { toaster } from '../../lib/toaster';
import { errorMessage } from '../../lib/api';
import { ApiError } from '../../lib/api-errors';
import { companyInput, useAgentStatus, useCall, useCallingSettings, useCurrentCall, useQueue, useReportSecondLeg, useReportSoftphoneEvent, useStartCall, useStartSoftphoneCall } from './api';
import { IncomingCall } from './incoming-call';
import { useCallingEvents } from './use-calling-events';
import { AutodialLogin } from './autodial-login';
import { BreakControl } from './break-control';
import { CampaignsPanel } from './campaigns-panel';
import { CallDetails } from './call-details';
import type { SoftphoneControls } from './dialer-panel';
import { DialerPanel } from './dialer-panel';
import type { ReportEvent, ReportSecondLeg, Softphone, SoftphoneView } from './softphone';
import { actionId } from './softphone';
import { DispositionForm } from './disposition-form';
import { RemindersList } from './reminders-list';
import { SoftphoneBar, useSoftphone } from './softphone-bar';
import { DialerVendorSettings, SoftphoneSettings } from './softphone-settings';
import { StatusReason } from './status-reason';
import { SupervisorLive } from './supervisor-live';

/** The queue's title and empty text by where its loans come from (an inbound session waits for calls). */
const QUEUE_TITLE = { allocation: 'calling.queue', campaign: 'calling.campaign_queue', inbound: 'calling.inbound_queue' } as const;
const QUEUE_EMPTY = { allocation: 'calling.empty_queue', campaign: 'calling.empty_campaign_queue', inbound: 'calling.waiting_for_inbound' } as const;

/** The desk; supervisors (spec 6) also get the live view of their agents and the campaigns. */
export default function CallingPage() {
  const { t } = useTranslation();
  const { companyId, permissions } = useShell();
  const settings = useCallingSettings(companyId);
  const [tab, setTab] = useState('desk');
  const telephony = can(updateSoftphoneSettings, permissions);
  // One event stream for the page: the agent's calls pushed to the desk, the live view to supervisors.
  const [pushedCall, setPushedCall] = useState<CallRecord | null>(null);
  const [movedCallId, setMovedCallId] = useState<string | null>(null);
  const stream = useCallingEvents(companyId, setPushedCall, setMovedCallId);
  const pushed = stream === 'live';
  const desk = <Desk pushedCall={pushedCall} pushed={pushed} movedCallId={movedCallId} />;
  if (!settings.data?.supervisor) return desk;
  return (
    <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount unmountOnExit>
      <Tabs.List mb="4" overflowX="auto">
        <Tabs.Trigger value="desk">{t('calling.tab_desk')}</Tabs.Trigger>
        <Tabs.Trigger value="live" data-testid="tab-live">
          {t('calling.tab_live')}
        </Tabs.Trigger>
        <Tabs.Trigger value="campaigns" data-testid="tab-campaigns">
          {t('calling.tab_campaigns')}
        </Tabs.Trigger>
        {telephony && (
          <Tabs.Trigger value="telephony" data-testid="tab-telephony">
            {t('calling.tab_telephony')}
          </Tabs.Trigger>
        )}
      </Tabs.List>
      <Tabs.Content value="desk">{desk}</Tabs.Content>
      <Tabs.Content value="live">
        <Stack gap="4" maxW="7xl">
          <Heading as="h1" size="xl">
            {t('calling.live_title')}
          </Heading>
          <SupervisorLive companyId={companyId} pushed={pushed} />
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="campaigns">
        <Stack gap="4" maxW="7xl">
          <Heading as="h1" size="xl">
            {t('calling.campaigns')}
          </Heading>
          <CampaignsPanel companyId={companyId} />
        </Stack>
      </Tabs.Content>
      {telephony && (
        <Tabs.Content value="telephony">
          <Stack gap="4" maxW="7xl">
            <Heading as="h1" size="xl">
              {t('calling.tab_telephony')}
            </Heading>
            <SoftphoneSettings companyId={companyId} />
            <DialerVendorSettings companyId={companyId} />
          </Stack>
        </Tabs.Content>
      )}
    </Tabs.Root>
  );
}

/**
 * The agent's desk. `pushedCall` is the latest call the event stream pushed: an inbound or
 * predictive call the dialer put on this desk takes the dialer panel (unless a call is live there).
 * `movedCallId`: a call that rang here unanswered and went to another agent leaves the panel.
 */
function Desk({ pushedCall, pushed, movedCallId }: { pushedCall: CallRecord | null; pushed: boolean; movedCallId: string | null }) {
  const { t } = useTranslation();
  const { companyId } = useShell();
  const settings = useCallingSettings(companyId);
  const queue = useQueue(companyId);
  const status = useAgentStatus(companyId);
  const start = useStartCall();
  const startSoftphone = useStartSoftphoneCall();
  const reportEvent = useReportSoftphoneEvent();
  const reportLeg = useReportSecondLeg();
  // The browser's reports of a call's SIP events and of its second call, for the server.
  const reporters = (id: string): { report: ReportEvent; reportLeg: ReportSecondLeg } => ({
    report: (event, cause, details) => reportEvent.mutate({ params: { call_id: id }, ...companyInput(companyId), body: { event, cause, ...details } }),
    reportLeg: (event, target) => reportLeg.mutate({ params: { call_id: id }, ...companyInput(companyId), body: { event, target } }),
  });
  const softphone = useSoftphone(companyId);
  // A registered softphone places the desk's calls from the browser; otherwise the provider rings the agent's phone.
  const viaSoftphone = Boolean(softphone.phone && softphone.view.registered);
  const placing = start.isPending || startSoftphone.isPending;
  const placeError = start.error ?? startSoftphone.error;
  const client = useQueryClient();
  const [loanId, setLoanId] = useState<string | null>(null);
  const [callId, setCallId] = useState<string | null>(null);
  const [disposed, setDisposed] = useState<Set<string>>(() => new Set());
  const call = useCall(companyId, callId, pushed);
  const onDesk = useCurrentCall(companyId, pushed);
  const current = call.data && call.data.call_id === callId ? call.data : undefined;
  const live = current ? isLive(current.state) : false;
  const onBreak = status.data?.status === 'on_break';
  const refetchStatus = status.refetch;
  const onExpired = useCallback(() => void refetchStatus(), [refetchStatus]);
  // The agent is available again once the call ends (breaks were closed while on call).
  const ended = current !== undefined && !live;

  // A supervisor's barge, whisper or force transfer on this desk's softphone call (spec 4): the
  // server has no provider to do it, so this browser does, once per action. A reloaded page holds
  // no SIP call (restored) and does nothing.
  const supervisorAction = current?.provider === 'webrtc_softphone' && live ? current.supervisor_action : null;
  const handledActions = useRef(new Set<string>());
  const phone = softphone.phone;
  const holdsCall = softphone.view.callState !== null && isLive(softphone.view.callState);
  useEffect(() => {
    if (!supervisorAction?.sip_target || !phone || handledActions.current.has(supervisorAction.action_id)) return;
    handledActions.current.add(supervisorAction.action_id);
    if (!holdsCall) return;
    if (supervisorAction.action === 'force_transfer') void phone.forceTransfer(supervisorAction.sip_target, supervisorAction.transfer_to_name ?? supervisorAction.sip_target);
    else void phone.supervise(supervisorAction.sip_target, supervisorAction.action, supervisorAction.supervisor_name);
  }, [supervisorAction, phone, holdsCall]);
  useEffect(() => {
    if (!ended) return;
    void refetchStatus();
    // The ended call now counts in the loan's call details.
    void client.invalidateQueries({ queryKey: [loanCallDetails.operation] });
  }, [ended, refetchStatus, client]);

  // A call that stopped being this agent's while the stream was down (it rang here unanswered and moved on) reads 404:
  // it leaves the panel as the stream's `call_moved` makes it, instead of ringing here on the last data read.
  const [lostCallId, setLostCallId] = useState<string | null>(null);
  const lost = callId !== null && !call.isFetching && call.error instanceof ApiError && call.error.failure.status === 404 ? callId : null;
  const leaving = movedCallId && movedCallId === callId ? movedCallId : lost;
  const refetchOnDesk = onDesk.refetch;
  // A call the dialer brought (on load, or pushed) takes the panel when nothing is live on it.
  const away = (id: string) => id === movedCallId || id === lostCallId;
  const arriving = pushedCall && pushedCall.call_id !== callId && !away(pushedCall.call_id) && isLive(pushedCall.state) ? pushedCall : onDesk.data?.call && !callId && !away(onDesk.data.call.call_id) ? onDesk.data.call : null;
  useEffect(() => {
    if (!leaving) return;
    setLostCallId(leaving);
    setCallId(null);
    setLoanId(null);
    void refetchOnDesk();
    toaster.create({ type: 'info', title: t('calling.call_moved') });
  }, [leaving, refetchOnDesk, t]);
  useEffect(() => {
    if (!arriving || live || (arriving.disposition && !isLive(arriving.state))) return;
    setCallId(arriving.call_id);
    setLoanId(arriving.loan_id || null);
  }, [arriving, live]);

  const connection: ConnectionState = !companyId ? 'notInitialized' : settings.isPending ? 'connecting' : settings.isError ? 'failed' : settings.data.mode ? 'connected' : 'disconnected';
  const currency = settings.data?.currency ?? 'INR';

  const dial = (id: string) => {
    setLoanId(id);
    setCallId(null);
    start.reset();
    startSoftphone.reset();
    // A refusal (mode not enabled, compliance) is a toast as well as the panel's message: on a phone the panel may be out of view.
    const onError = (err: unknown) => toaster.create({ type: 'error', title: errorMessage(err) });
    // The answer is the call's first state: shown at once, then polled.
    const show = (c: CallRecord) => {
      client.setQueryData(endpointKey(getCall, { params: { call_id: c.call_id }, ...companyInput(companyId) }), c);
      setCallId(c.call_id);
    };
    if (viaSoftphone && softphone.phone) {
      const phone = softphone.phone;
      startSoftphone.mutate(
        { ...companyInput(companyId), body: { loan_id: id } },
        {
          onError,
          onSuccess: ({ call: c, dial_uri }) => {
            show(c);
            const r = reporters(c.call_id);
            void phone.call(dial_uri, r.report, r.reportLeg);
          },
        },
      );
      return;
    }
    start.mutate({ ...companyInput(companyId), body: { loan_id: id } }, { onError, onSuccess: show });
  };
  const select = (id: string) => {
    // During an inbound call the agent may look at any of the caller's loans.
    if (live && !current?.matched_loan_ids.includes(id)) return;
    setLoanId(id);
    if (live) return;
    setCallId(null);
    start.reset();
  };

  return (
    <Stack gap="4" maxW="7xl">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Flex align="center" gap="3">
          <Heading as="h1" size="xl">
            {t('menu.calling')}
          </Heading>
          {settings.data?.mode && <Badge data-testid="calling-mode">{t(`calling.mode.${settings.data.mode}`)}</Badge>}
        </Flex>
        <Flex gap="3" align="center" wrap="wrap">
          <StatusReason companyId={companyId} status={status.data} />
          <BreakControl companyId={companyId} status={status.data} settings={settings.data} onExpired={onExpired} />
        </Flex>
      </Flex>
      {softphone.config?.enabled && softphone.phone && <SoftphoneBar config={softphone.config} view={softphone.view} phone={softphone.phone} busy={live} />}
      {settings.data?.enabled_modes.some((m) => m !== 'click_to_call') && <AutodialLogin companyId={companyId} disabled={live || onBreak} />}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }} gap="4" alignItems="start">
        <Stack gap="2" borderWidth="1px" rounded="md" p="4" bg="bg" role="region" aria-label={t('calling.queue')}>
          <Flex justify="space-between" align="baseline">
            <Text fontWeight="semibold" data-testid="queue-title">{t(QUEUE_TITLE[queue.data?.source ?? 'allocation'])}</Text>
            {queue.data && queue.data.source !== 'inbound' && <Text fontSize="sm" color="fg.muted">{t('calling.queue_count', { count: queue.data.loans.length })}</Text>}
          </Flex>
          {queue.isPending ? (
            <LoadingState />
          ) : queue.isError ? (
            <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
          ) : queue.data.loans.length === 0 ? (
            <EmptyState>
              <span data-testid="queue-empty">{t(QUEUE_EMPTY[queue.data.source])}</span>
            </EmptyState>
          ) : (
            <Stack gap="0" maxH={{ base: '45vh', lg: '70vh' }} overflowY="auto" as="ul" listStyleType="none" m="0" p="0">
              {queue.data.loans.map((l) => (
                <Flex
                  as="li"
                  key={l.loan_id}
                  gap="2"
                  py="2"
                  px="2"
                  align="center"
                  justify="space-between"
                  borderBottomWidth="1px"
                  bg={l.loan_id === loanId ? 'bg.muted' : undefined}
                  data-testid="queue-loan"
                  data-loan={l.loan_id}
                >
                  <Box as="button" textAlign="start" flex="1" minW="0" onClick={() => select(l.loan_id)} aria-current={l.loan_id === loanId ? 'true' : undefined}>
                    <Text fontWeight="medium" truncate>
                      {l.applicant_name ?? l.loan_id}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate>
                      {[l.loan_id, l.dpd !== null ? t('calling.dpd', { dpd: l.dpd }) : null, l.total_due_minor !== null ? formatMinor(l.total_due_minor, currency) : null, l.calling_status].filter(Boolean).join(' · ')}
                    </Text>
                  </Box>
                  <Button size="sm" colorPalette="green" aria-label={t('calling.call_loan', { loan: l.loan_id })} disabled={live || placing || onBreak} onClick={() => dial(l.loan_id)} data-testid="call-button">
                    <Phone /> {t('calling.call')}
                  </Button>
                </Flex>
              ))}
            </Stack>
          )}
        </Stack>
        <Stack gap="4">
          {onBreak && (
            <Text color="fg.muted" fontSize="sm">
              {t('calling.calls_off_on_break')}
            </Text>
          )}
          {current && current.direction === 'inbound' && <IncomingCall call={current} selected={loanId} onSelect={select} />}
          <DialerPanel
            companyId={companyId}
            connection={viaSoftphone ? softphone.view.connection : connection}
            call={current}
            placing={placing}
            error={placeError}
            microphone={softphone.view.microphone ?? status.data?.microphone ?? null}
            softphone={current?.provider === 'webrtc_softphone' && softphone.phone ? softphoneControls(softphone.phone, softphone.view, current, reporters(current.call_id)) : null}
            onRedial={current && current.loan_id && !onBreak && !placing ? () => dial(current.loan_id) : null}
          />
          {current && !live && settings.data && !current.disposition && !disposed.has(current.call_id) && (
            <DispositionForm key={current.call_id} companyId={companyId} call={current} settings={settings.data} dueMinor={queue.data?.loans.find((l) => l.loan_id === current.loan_id)?.total_due_minor ?? null} onDone={() => setDisposed(new Set(disposed).add(current.call_id))} />
          )}
          {loanId ? <CallDetails companyId={companyId} loanId={loanId} currency={currency} call={current} /> : <EmptyState>{t('calling.pick_loan')}</EmptyState>}
          <RemindersList companyId={companyId} onOpen={select} />
        </Stack>
      </Grid>
    </Stack>
  );
}

/**
 * The dialer panel's buttons acting on the browser softphone's call. The second call's leg state and
 * times come from the server's copy (`second_leg`). After a reload this page holds no SIP call (the
 * old page's calls cannot be taken over): both calls are rebuilt from the server's copy and the
 * buttons report the agent's hang-up, hold, merge and transfer to it.
 */
function softphoneControls(phone: Softphone, view: SoftphoneView, call: CallRecord, server: { report: ReportEvent; reportLeg: ReportSecondLeg }): SoftphoneControls {
  const stored = call.second_leg;
  const restored = view.callState === null || !isLive(view.callState);
  const since = stored ? (stored.answered_at ?? stored.started_at) : null;
  const second =
    view.second && !restored
      ? { target: view.second.target, state: view.second.state, leg: stored?.state ?? (view.conference ? 'conference' : 'consulting'), since }
      : stored
        ? { target: stored.target, state: stored.call_state, leg: stored.state, since }
        : null;
  if (restored) {
    const transfer = (input?: string): boolean => {
      const attended = stored !== null && stored.answered_at !== null;
      const target = attended ? stored.target : (input ?? '').trim();
      if (!attended && !phone.targetUri(target)) return false;
      server.report('transferred', undefined, { event_id: actionId(), target, transfer: attended ? 'attended' : 'blind' });
      server.report('ended');
      return true;
    };
    return {
      restored: true,
      muted: false,
      held: call.state === 'On Hold',
      mute: () => undefined,
      unmute: () => undefined,
      hold: () => server.report('held'),
      resume: () => server.report('resumed'),
      hangup: () => server.report('ended'),
      dtmf: () => undefined,
      second,
      supervisor: null,
      conference: stored?.state === 'conference',
      transferring: false,
      transferFailed: false,
      addCall: (target) => Promise.resolve(phone.targetUri(target) !== null),
      transfer,
      merge: () => {
        if (!stored) return;
        // As the browser's merge: the borrower comes off hold into the three-way call.
        if (call.state === 'On Hold') server.report('resumed');
        server.report('conference_started', undefined, { event_id: actionId(), target: stored.target });
      },
      dropSecond: () => server.reportLeg('ended'),
    };
  }
  return {
    restored: false,
    muted: view.muted,
    held: view.held,
    mute: () => phone.mute(),
    unmute: () => phone.unmute(),
    hold: () => phone.hold(),
    resume: () => phone.resume(),
    hangup: () => phone.hangup(),
    dtmf: (tones) => phone.dtmf(tones),
    second,
    supervisor: view.supervisor,
    conference: view.conference,
    transferring: view.transfer === 'pending',
    transferFailed: view.transfer === 'failed',
    addCall: (target) => phone.addCall(target),
    transfer: (target) => phone.transfer(target),
    merge: () => void phone.merge(),
    dropSecond: () => phone.dropSecond(),
  };
}
