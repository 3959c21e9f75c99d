/**
 * The browser softphone on the server (issue 14; spec 9): the company's SIP server settings, the
 * agent's registration details, a call recorded through the desk's checks for the browser to dial,
 * and the SIP events the browser reports moving that call (states, outcome, talk time, the loan's
 * timeline and calling status at the end). The SIP signalling and media never pass through here.
 */
import { and, eq } from 'drizzle-orm';
import type { CallState, ProviderStatus } from '../../../domain/calling/call-states';
import { isLive, outcomeOf } from '../../../domain/calling/call-states';
import { randomUUID } from 'node:crypto';
import type { SoftphoneEvent } from '../../../domain/calling/softphone';
import { ICE_GATHERING_TIMEOUT_MS, agentSipUri, borrowerSipUri, isSoftphoneAction, secondLegAfterAction, secondLegNext, softphoneActionRemark, softphoneNextState } from '../../../domain/calling/softphone';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import type { SecondLegEventBody, SoftphoneCall, SoftphoneCallBody, SoftphoneConfig, SoftphoneEventBody, SoftphoneSettings, SoftphoneSettingsBody } from '../../../domain/contracts/calling/softphone';
import type { Db, DbOrTx } from '../../db/client';
import type { Caller } from '../../http/caller';
import { conflict, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/events';
import { announce } from './agent-routing';
import { CALL_NOT_FOUND, callTimelineEvent, recordDeskCall, toCallRecord, writeCallEnd } from './calls-service';
import { addLoanEvents } from '../portfolio/queries';
import { callingCalls, callingSettings } from './schema';
import type { CallRow, SipActionRecord } from './schema';
import { settingsOf } from './settings-service';

/** GET /calling/softphone: the company's SIP server and the caller's SIP address on it. */
export async function softphoneConfig(db: Db, caller: Caller): Promise<SoftphoneConfig> {
  const s = await settingsOf(db, caller.companyId);
  const enabled = Boolean(s.sipWsUrl && s.sipDomain);
  return {
    enabled,
    ws_url: enabled ? s.sipWsUrl : null,
    sip_uri: enabled && s.sipDomain ? agentSipUri(s.sipDomain, caller.user.mobile, caller.user.userId) : null,
    display_name: caller.user.name,
    ice_gathering_timeout_ms: ICE_GATHERING_TIMEOUT_MS,
  };
}

/** PUT /calling/softphone/settings: both null switches the softphone off. */
export async function updateSoftphoneSettings(db: Db, caller: Caller, body: SoftphoneSettingsBody): Promise<SoftphoneSettings> {
  await settingsOf(db, caller.companyId);
  const [row] = await db
    .update(callingSettings)
    .set({ sipWsUrl: body.ws_url, sipDomain: body.sip_domain })
    .where(eq(callingSettings.companyId, caller.companyId))
    .returning({ ws: callingSettings.sipWsUrl, domain: callingSettings.sipDomain });
  return { ws_url: row.ws, sip_domain: row.domain };
}

/**
 * POST /calling/softphone/calls: the desk's checks (calling mode, the loan's number, compliance),
 * then the call waits for the browser's SIP INVITE to `dial_uri`.
 * @throws as recordDeskCall, and 400 when the company has no SIP server
 */
export async function startSoftphoneCall(db: Db, caller: Caller, body: SoftphoneCallBody, now: Date, events: EventBus): Promise<SoftphoneCall> {
  const { call, settings } = await recordDeskCall(db, caller, body, now, 'softphone');
  await announce(events, db, caller.companyId, caller.user.userId, call.callId);
  return { call: toCallRecord(call), dial_uri: borrowerSipUri(settings.sipDomain ?? '', call.toNumber) };
}

/** The provider status a failed SIP call stands for (JsSIP causes), for the outcome rule shared with click-to-call. */
function statusOfCause(cause: string | undefined): ProviderStatus {
  switch (cause) {
    case 'Busy':
      return 'busy';
    case 'Unavailable':
    case 'No Answer':
    case 'Request Timeout':
    case 'Canceled':
    case 'Not Found':
      return 'no-answer';
    default:
      return 'failed';
  }
}

/**
 * POST /calling/softphone/calls/{id}/events: moves the caller's own softphone call. A terminal event
 * sets the outcome (talk time from the answer to now), writes the loan's timeline and calling
 * status once; replays and events after the end change nothing. A transfer or conference event
 * (spec 9 add call, transfer, merge) only writes the timeline, once per event_id, even after the
 * end (the browser reports the transfer and the hang-up that follows it in any order).
 * @throws 404 'Call not found' (another agent's call, or not a softphone call); 409 for a click-to-call
 */
export async function reportSoftphoneEvent(db: Db, caller: Caller, callId: string, body: SoftphoneEventBody, now: Date, events: EventBus): Promise<CallRecord> {
  const record = await db.transaction(async (tx) => {
    const row = await lockedSoftphoneCall(tx, caller, callId);
    if (isSoftphoneAction(body.event)) return toCallRecord(await recordSipAction(tx, row, body, now));
    const current = row.state as CallState;
    if (!isLive(current)) return toCallRecord(row);
    const event: SoftphoneEvent = body.event;
    const answered = row.answeredAt !== null;
    const state = softphoneNextState(current, event, answered);
    if (event === 'ended' || event === 'failed') {
      const talk = answered && row.answeredAt ? Math.max(0, Math.round((now.getTime() - row.answeredAt.getTime()) / 1000)) : 0;
      const status: ProviderStatus = answered && event === 'ended' ? 'completed' : statusOfCause(event === 'ended' ? 'No Answer' : body.cause);
      const [ended] = await tx
        .update(callingCalls)
        .set({
          state,
          // The softphone's 'answered' is the borrower's own 200 OK (not an agent's leg, as Exotel's
          // ConversationDuration 0 can be): an answered call is Connected even when it lasted under
          // half a second (a transfer right after the answer).
          outcome: status === 'completed' ? 'Connected' : outcomeOf(status, talk),
          providerStatus: status,
          talkSeconds: talk,
          totalSeconds: Math.max(talk, Math.round((now.getTime() - row.createdAt.getTime()) / 1000)),
          failureReason: status === 'completed' ? null : (body.cause ?? null),
          endedAt: now,
          // The agent's second call ends with the borrower's on the server's copy (the desk shows no stale leg).
          secondLeg: null,
          updatedAt: now,
        })
        .where(eq(callingCalls.callId, row.callId))
        .returning();
      await writeCallEnd(tx, ended, now);
      return toCallRecord(ended);
    }
    if (state === current && !(event === 'answered' && !answered)) return toCallRecord(row);
    const [moved] = await tx
      .update(callingCalls)
      .set({ state, answeredAt: event === 'answered' && !answered ? now : row.answeredAt, updatedAt: now })
      .where(eq(callingCalls.callId, row.callId))
      .returning();
    return toCallRecord(moved);
  });
  // The desk's and the supervisors' event streams hear of it as of any provider callback.
  await announce(events, db, caller.companyId, caller.user.userId, callId);
  return record;
}

/**
 * The caller's own softphone call, locked for the transaction.
 * @throws 404 'Call not found' (another agent's or company's call); 409 for a call the provider places
 */
async function lockedSoftphoneCall(tx: DbOrTx, caller: Caller, callId: string): Promise<CallRow> {
  const [row] = await tx
    .select()
    .from(callingCalls)
    .where(and(eq(callingCalls.callId, callId), eq(callingCalls.companyId, caller.companyId), eq(callingCalls.agentId, caller.user.userId)))
    .for('update');
  if (!row) throw notFound(CALL_NOT_FOUND);
  if (row.provider !== 'webrtc_softphone') throw conflict('This call is placed by the telephony provider: its events come from the provider');
  return row;
}

/**
 * POST /calling/softphone/calls/{id}/second-leg: moves the agent's second call (spec 9 add call) kept
 * on the borrower's call, then announces the call on the desk's event stream (as every call change).
 * Late reports after the borrower's call ended change nothing.
 * @throws as lockedSoftphoneCall; 409 'The call has ended' for a new second call on an ended call
 */
export async function reportSecondLegEvent(db: Db, caller: Caller, callId: string, body: SecondLegEventBody, now: Date, events: EventBus): Promise<CallRecord> {
  const record = await db.transaction(async (tx) => {
    const row = await lockedSoftphoneCall(tx, caller, callId);
    if (!isLive(row.state as CallState)) {
      if (body.event === 'started') throw conflict('The call has ended');
      return toCallRecord(row);
    }
    const leg = secondLegNext(row.secondLeg, body.event, body.target ?? null, randomUUID(), now);
    if (leg === row.secondLeg) return toCallRecord(row);
    const [moved] = await tx.update(callingCalls).set({ secondLeg: leg, updatedAt: now }).where(eq(callingCalls.callId, row.callId)).returning();
    return toCallRecord(moved);
  });
  await announce(events, db, caller.companyId, caller.user.userId, callId);
  return record;
}

/**
 * Keeps a transfer or conference the browser reported on the call and writes it to the loan's
 * timeline (kind 'call', module calling); an event_id already kept changes nothing.
 */
async function recordSipAction(tx: DbOrTx, row: CallRow, body: SoftphoneEventBody, now: Date): Promise<CallRow> {
  if (!isSoftphoneAction(body.event) || !body.event_id || !body.target) return row;
  if (row.sipActions.some((a) => a.event_id === body.event_id)) return row;
  const action: SipActionRecord = { event_id: body.event_id, event: body.event, target: body.target, transfer: body.event === 'transferred' ? (body.transfer ?? 'blind') : null, at: now.toISOString() };
  const [moved] = await tx
    .update(callingCalls)
    .set({ sipActions: [...row.sipActions, action], secondLeg: secondLegAfterAction(row.secondLeg, action.event), updatedAt: now })
    .where(eq(callingCalls.callId, row.callId))
    .returning();
  if (row.loanId) {
    const details = { event: action.event, target: action.target, transfer: action.transfer };
    await addLoanEvents(tx, [callTimelineEvent(row, softphoneActionRemark(action.event, action.target, action.transfer), details, row.agentId || null, now)]);
  }
  return moved;
}
