/**
 * Calls (issue 14; spec 4, 9): placing a call through the calling-mode rule and the compliance
 * decision, the provider's status callbacks moving it between states, and what the call writes on
 * the loan (timeline event, `calling_status`).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { CallState, ProviderStatus } from '../../../domain/calling/call-states';
import { isLive, nextState } from '../../../domain/calling/call-states';
import type { CallingMode } from '../../../domain/calling/calling-mode';
import { CALLING_MODE_LABELS, callingModeNotEnabledMessage } from '../../../domain/calling/calling-mode';
import { SUPERVISOR_ACTION_EVENTS } from '../../../domain/calling/campaigns';
import { localTime } from '../../../domain/compliance/local-time';
import type { CallRecord, StartCallBody } from '../../../domain/contracts/calling/calls';
import { normaliseNumber } from '../../../domain/contracts/compliance/numbers';
import { describePermission } from '../../../domain/users/permissions';
import type { Db, DbOrTx } from '../../db/client';
import type { Caller } from '../../http/caller';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { decide } from '../compliance/queries';
import { addLoanEvents, loanContactFacts, setLoanCallingStatuses } from '../portfolio/queries';
import type { LoanEventInput } from '../portfolio/queries';
import { callingCallList, callingCalls, callingDispositions, callingSupervisorActions } from './schema';
import type { CallRow, SupervisorActionRow } from './schema';
import { callerModes, settingsOf } from './settings-service';
import type { SettingsRow } from './settings-service';
import type { TelephonyProvider } from './telephony/provider';
import type { EventBus } from '../../realtime/events';
import { announce } from './agent-routing';

export const CALL_NOT_FOUND = 'Call not found';

/** Picks the provider of a company's settings (the routes build them). */
export type ProviderFor = (settings: SettingsRow) => TelephonyProvider;

/** '******3210'. */
export const maskNumber = (n: string) => (n.length > 4 ? `${'*'.repeat(n.length - 4)}${n.slice(-4)}` : '****');

/** A call row as the API answers it. */
export function toCallRecord(row: CallRow, disposition: string | null = null, action: SupervisorActionRow | null = null): CallRecord {
  return {
    call_id: row.callId,
    shoot_id: row.shootId,
    loan_id: row.loanId,
    allocation_month: row.allocationMonth,
    mode: row.mode,
    campaign_id: row.campaignId,
    call_type: row.provider === 'webrtc_softphone' ? 'voip' : row.mode === 'predictive' ? 'predictive' : 'manual',
    direction: row.direction,
    matched_loan_ids: row.matchedLoanIds,
    provider: row.provider,
    provider_call_id: row.providerCallId,
    state: row.state as CallState,
    outcome: (row.outcome as CallRecord['outcome']) ?? null,
    provider_status: (row.providerStatus as ProviderStatus | null) ?? null,
    to: maskNumber(row.toNumber),
    caller_id: row.callerId,
    created_at: row.createdAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    talk_seconds: row.talkSeconds,
    total_seconds: row.totalSeconds,
    recording_url: row.recordingUrl,
    failure_reason: row.failureReason,
    passthru_status: row.passthruStatus,
    gather_digits: row.gatherDigits,
    disposition,
    supervisor_action: action
      ? { action_id: action.actionId, action: action.action, event: SUPERVISOR_ACTION_EVENTS[action.action], supervisor_name: action.supervisorName, transfer_to_name: action.transferToName, sip_target: action.sipTarget, at: action.createdAt.toISOString() }
      : null,
    second_leg: row.secondLeg ?? null,
  };
}

/** The latest supervisor action on a call, or null. */
export async function latestSupervisorAction(db: DbOrTx, callId: string): Promise<SupervisorActionRow | null> {
  const [a] = await db.select().from(callingSupervisorActions).where(eq(callingSupervisorActions.callId, callId)).orderBy(desc(callingSupervisorActions.createdAt)).limit(1);
  return a ?? null;
}

/** The StatusCallback path of a company (its secret inside: the provider signs nothing). */
export const statusCallbackPath = (s: SettingsRow) => `/api/calling/telephony/exotel/${encodeURIComponent(s.companyId)}/${encodeURIComponent(s.callbackSecret)}/status`;

/** Which modes the desk places itself: the cloud click-to-call legs. Predictive and inbound calls come from the dialer. */
const DESK_MODES: readonly CallingMode[] = ['click_to_call', 'autodialer'];

/** Said when a softphone call is asked of a company without a SIP server. */
export const SOFTPHONE_NOT_SET_UP = 'The softphone is not set up for your company';

/**
 * The checks every call placed from the desk passes, and its row: the calling mode must be enabled
 * and the caller's (spec 4, 5); the number one of the loan's (default the borrower's); the
 * compliance decision allows it (recorded either way, on the loan's timeline). `via` 'provider'
 * rings the agent's phone first (cloud click-to-call: the agent needs a mobile number); 'softphone'
 * is dialled by the agent's browser over SIP (the company needs a SIP server).
 * @throws 400 '{label} is not enabled in company settings' | no agent phone | no SIP server | unknown number;
 *   403 permission or the compliance reasons (data.reasons); 404 'No loan details found'
 */
export async function recordDeskCall(db: Db, caller: Caller, body: StartCallBody, now: Date, via: 'provider' | 'softphone'): Promise<{ call: CallRow; settings: SettingsRow; zone: string }> {
  const modes = await callerModes(db, caller);
  // In predictive or inbound mode the dialer brings the calls; a call the agent places from the desk is click to call (or autodialer).
  const mode = body.mode ?? (modes.mode && !DESK_MODES.includes(modes.mode) ? (DESK_MODES.find((m) => modes.enabled[m] && modes.writable[m]) ?? modes.mode) : (modes.mode ?? 'click_to_call'));
  if (!modes.enabled[mode]) throw badRequest(callingModeNotEnabledMessage(mode));
  if (!modes.writable[mode]) throw forbidden(`Permission not found: ${describePermission({ module: 'calling', action: mode, access: 'write' })}`, { missing_permission: { module: 'calling', action: mode, access: 'write' } });
  if (!DESK_MODES.includes(mode)) throw badRequest(`${CALLING_MODE_LABELS[mode]} calls are placed by the dialer, not from the desk`);
  const agentNumber = caller.user.mobile;
  if (via === 'provider' && !agentNumber) throw badRequest('Add your mobile number to your profile: the call rings your phone first');
  const settings = await settingsOf(db, caller.companyId, modes.country);
  if (via === 'softphone' && (!settings.sipWsUrl || !settings.sipDomain)) throw badRequest(SOFTPHONE_NOT_SET_UP);
  const campaignId = modes.campaignFor(mode);

  const placed = await db.transaction(async (tx) => {
    const facts = await loanContactFacts(tx, caller.companyId, body.loan_id);
    if (!facts) throw notFound('No loan details found');
    let to: string | null;
    if (body.mobile) {
      const wanted = normaliseNumber(body.mobile);
      to = facts.contacts.find((c) => c.kind === 'phone' && normaliseNumber(c.value) === wanted)?.value ?? null;
      if (!to) throw badRequest("This number is not one of the loan's numbers");
    } else {
      to = facts.contacts.find((c) => c.kind === 'phone' && c.role === 'borrower')?.value ?? null;
      if (!to) throw badRequest('The loan has no borrower number');
    }
    const decision = await decide(tx, { companyId: caller.companyId, loanId: body.loan_id, channel: 'call', to, actorId: caller.user.userId }, now);
    if (!decision.allowed) return { decision, row: null };
    // A loan of the agent's autodial campaign leaves its undialed list once dialed.
    if (mode === 'autodialer' && modes.autodialCampaignId) {
      await tx
        .update(callingCallList)
        .set({ dialedAt: now, dialedBy: caller.user.userId })
        .where(and(eq(callingCallList.campaignId, modes.autodialCampaignId), eq(callingCallList.companyId, caller.companyId), eq(callingCallList.loanId, body.loan_id), isNull(callingCallList.dialedAt)));
    }
    const pool = settings.callerIds;
    const [row] = await tx
      .insert(callingCalls)
      .values({
        companyId: caller.companyId,
        loanId: body.loan_id,
        allocationMonth: facts.allocationMonth,
        agentId: caller.user.userId,
        mode,
        campaignId,
        shootId: `SH${now.getTime().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`,
        provider: via === 'softphone' ? 'webrtc_softphone' : settings.provider,
        toNumber: to,
        agentNumber,
        // Caller ids from the pool in turn, spread by a random pick (no shared counter to contend on); a SIP trunk sets its own.
        callerId: via === 'provider' && pool.length > 0 ? pool[randomBytes(1)[0] % pool.length] : null,
        decisionId: decision.decision_id,
        state: 'Connecting',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { decision, row };
  });
  if (!placed.row) {
    const message = placed.decision.reasons.map((r) => r.message).join(' ');
    throw forbidden(message || 'The call is not allowed now', { reasons: placed.decision.reasons });
  }
  return { call: placed.row, settings, zone: modes.zone.zone };
}

/**
 * POST /calling/calls: the desk's checks (recordDeskCall), then the provider rings the agent's
 * phone, then the borrower's.
 * @throws as recordDeskCall
 */
export async function startCall(db: Db, providerFor: ProviderFor, caller: Caller, body: StartCallBody, now: Date, events: EventBus): Promise<CallRecord> {
  const { call, settings, zone } = await recordDeskCall(db, caller, body, now, 'provider');
  const agentNumber = call.agentNumber ?? '';
  const provider = providerFor(settings);
  const hour = Math.floor(localTime(now, zone).minutes / 60);
  let update: Partial<CallRow>;
  try {
    const { sid } = await provider.connect({ callId: call.callId, agentNumber, customerNumber: call.toNumber, callerId: call.callerId ?? '', statusCallback: statusCallbackPath(settings), localHour: hour });
    update = { providerCallId: sid, state: nextState('Connecting', { kind: 'accepted' }) };
  } catch (err) {
    update = { state: 'Call Failed', outcome: 'Failed', failureReason: err instanceof Error ? err.message.slice(0, 300) : 'The provider refused the call', endedAt: now };
  }
  // Callbacks may already have moved it on (a fast provider): only a still-connecting call takes the answer's state.
  const [row] = await db
    .update(callingCalls)
    .set({ ...update, updatedAt: new Date() })
    .where(and(eq(callingCalls.callId, call.callId), eq(callingCalls.state, 'Connecting')))
    .returning();
  if (update.state === 'Call Failed') await writeCallEnd(db, row ?? call, now);
  await announce(events, db, caller.companyId, caller.user.userId, call.callId);
  return toCallRecord(row ?? (await callOf(db, caller, call.callId)));
}

/**
 * One of the caller's calls, or one a supervisor force-transferred away from them (they still see
 * how it ends and record its disposition). @throws 404 'Call not found' (another agent's call too)
 */
export async function callOf(db: DbOrTx, caller: Caller, callId: string): Promise<CallRow> {
  const transferredFromMe = sql`exists (select 1 from ${callingSupervisorActions} a where a.call_id = ${callingCalls.callId} and a.action = 'force_transfer' and a.agent_id = ${caller.user.userId})`;
  const [row] = await db
    .select()
    .from(callingCalls)
    .where(and(eq(callingCalls.callId, callId), eq(callingCalls.companyId, caller.companyId), or(eq(callingCalls.agentId, caller.user.userId), transferredFromMe)));
  if (!row) throw notFound(CALL_NOT_FOUND);
  return row;
}

/** GET /calling/calls/{id}: the call with its disposition's name once recorded. */
export async function getCall(db: Db, caller: Caller, callId: string): Promise<CallRecord> {
  const row = await callOf(db, caller, callId);
  const [[d], action] = await Promise.all([db.select({ name: callingDispositions.disposition }).from(callingDispositions).where(eq(callingDispositions.callId, callId)), latestSupervisorAction(db, callId)]);
  return toCallRecord(row, d?.name ?? null, action);
}

/**
 * POST /calling/calls/{id}/end: asks the provider to hang up; its terminal callback ends the call.
 * @throws 409 when the provider has no hang-up (end it on the phone)
 */
export async function endCall(db: Db, providerFor: ProviderFor, caller: Caller, callId: string): Promise<CallRecord> {
  const row = await callOf(db, caller, callId);
  if (!isLive(row.state as CallState) || !row.providerCallId) return toCallRecord(row);
  const settings = await settingsOf(db, caller.companyId);
  const done = await providerFor(settings).hangup(row.providerCallId);
  if (!done) throw conflict('Your telephony provider cannot end calls from here: hang up on your phone');
  return toCallRecord(await callOf(db, caller, callId));
}

/** Equal secrets, in constant time. */
export function secretMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One call's event on the loan's timeline (`kind` 'call', module calling); `details` gain the
 * call's `call_id` and `shoot_id`. Used for the call's end, SIP actions and Passthru digits.
 */
export function callTimelineEvent(row: CallRow, remark: string, details: Record<string, unknown>, authorId: string | null, now: Date): LoanEventInput {
  return {
    companyId: row.companyId,
    loanId: row.loanId,
    allocationMonth: row.allocationMonth,
    kind: 'call',
    module: 'calling',
    remark,
    details: { call_id: row.callId, shoot_id: row.shootId, ...details },
    authorId,
    createdAt: now,
  };
}

/** The loan's timeline event of an ended call (shown with its recording). */
export function callEndEvent(row: CallRow, now: Date): LoanEventInput {
  const connected = row.outcome === 'Connected';
  const talk = row.talkSeconds ?? 0;
  const remark = `Call ${row.outcome ?? 'Failed'}${connected ? ` (talk time ${Math.floor(talk / 60)}m ${talk % 60}s)` : ''}${row.failureReason ? `: ${row.failureReason}` : ''}`;
  const details = { connected, status: row.providerStatus, outcome: row.outcome, talk_seconds: row.talkSeconds, recording_url: row.recordingUrl, to: maskNumber(row.toNumber) };
  return callTimelineEvent(row, remark, details, row.agentId || null, now);
}

/**
 * The loan's timeline event and calling status when a call ends, in the caller's transaction
 * (nothing for an inbound call matching no loan). The status callback path defers this to the
 * call-end writer's batch instead (`loan_write_pending`).
 */
export async function writeCallEnd(db: DbOrTx, row: CallRow, now: Date): Promise<void> {
  if (!row.loanId) return;
  await addLoanEvents(db, [callEndEvent(row, now)]);
  await setLoanCallingStatuses(db, row.companyId, row.loanId, row.allocationMonth, { calling_status: row.outcome ?? 'Failed' });
}
