/**
 * The telecalling supervisor's live view (issue 14; spec 4 "subscribe live stats", spec 6): the
 * agents of the supervisor's reports-to scope with their state (from agent status, breaks and
 * calls), today's calls, talk time and abandon rate; and barge, whisper and force transfer on an
 * agent's live call through the telephony adapter.
 */
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { isLive } from '../../../domain/calling/call-states';
import type { CallState } from '../../../domain/calling/call-states';
import type { AgentStatusReason, MicrophoneState, SupervisorAction } from '../../../domain/calling/campaigns';
import { abandonRate, liveAgentState, SUPERVISOR_ACTION_EVENTS } from '../../../domain/calling/campaigns';
import { localDay, localDayBounds } from '../../../domain/common/dates';
import type { LiveAgent, LiveStatsResponse, SupervisorActionRecord } from '../../../domain/contracts/calling/campaigns';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/caller';
import { badRequest, conflict, notFound } from '../../http/errors';
import { reportsToScope, scopedUsers, userById } from '../users/queries';
import type { ProviderFor } from './calls-service';
import { CALL_NOT_FOUND } from './calls-service';
import { requireSupervisor } from './campaigns-service';
import { callingAgentStatus, callingCalls, callingCampaigns, callingSupervisorActions } from './schema';
import { callerModes, settingsOf } from './settings-service';
import type { EventBus } from '../../realtime/events';
import { announce } from './agent-routing';
import { agentSipUri } from '../../../domain/calling/softphone';

/** Agents are the telecalling profession (spec 3). */
const AGENT_PROFESSION = 'telecalling';
/** A call still live after this long is not shown as the agent's current call (a lost callback). */
const LIVE_WINDOW_MS = 4 * 3_600_000;

/** The telecallers the caller's reports-to scope sees (`userId`: only that one, if seen). */
export async function agentsOf(db: Db, caller: Caller, userId?: string) {
  const scope = await reportsToScope(db, caller.companyId, caller.user, caller.roleId);
  return scopedUsers(db, caller.companyId, scope.scope, { profession: AGENT_PROFESSION, userId });
}

/**
 * GET /calling/supervisor/live: one row per agent of the caller's scope, by name, and the totals.
 * Today is the company's local day. @throws 403 not supervisory
 */
export async function liveStats(db: Db, caller: Caller, now: Date): Promise<LiveStatsResponse> {
  requireSupervisor(caller);
  const [agents, modes] = await Promise.all([agentsOf(db, caller), callerModes(db, caller)]);
  const off = modes.zone.offsetMinutes;
  const { start } = localDayBounds(localDay(now, off), off);
  const ids = agents.map((a) => a.userId);
  if (ids.length === 0) return { agents: [], totals: { agents: 0, on_call: 0, on_break: 0, calls_today: 0, talk_seconds_today: 0, abandon_rate: null }, server_time: now.toISOString() };
  const mine = and(eq(callingCalls.companyId, caller.companyId), inArray(callingCalls.agentId, ids));
  const [statuses, today, recent] = await Promise.all([
    db.select().from(callingAgentStatus).where(and(eq(callingAgentStatus.companyId, caller.companyId), inArray(callingAgentStatus.userId, ids))),
    db
      .select({
        agentId: callingCalls.agentId,
        calls: sql<number>`count(*)`.mapWith(Number),
        connected: sql<number>`count(*) filter (where ${callingCalls.outcome} = 'Connected')`.mapWith(Number),
        talk: sql<number>`coalesce(sum(${callingCalls.talkSeconds}), 0)`.mapWith(Number),
        answered: sql<number>`count(*) filter (where ${callingCalls.answeredAt} is not null)`.mapWith(Number),
        abandoned: sql<number>`count(*) filter (where ${callingCalls.answeredAt} is not null and ${callingCalls.endedAt} is not null and coalesce(${callingCalls.talkSeconds}, 0) = 0)`.mapWith(Number),
      })
      .from(callingCalls)
      .where(and(mine, gte(callingCalls.createdAt, start)))
      .groupBy(callingCalls.agentId),
    db
      .select()
      .from(callingCalls)
      .where(and(mine, gte(callingCalls.createdAt, new Date(now.getTime() - LIVE_WINDOW_MS)), sql`${callingCalls.endedAt} is null`))
      .orderBy(desc(callingCalls.createdAt)),
  ]);
  const liveBy = new Map<string, (typeof recent)[number]>();
  for (const c of recent) if (isLive(c.state as CallState) && !liveBy.has(c.agentId)) liveBy.set(c.agentId, c);
  const liveIds = [...liveBy.values()].map((c) => c.callId);
  const campaignIds = [...new Set(statuses.filter((s) => s.autodialActive && s.campaignId).map((s) => s.campaignId!))];
  const [actions, campaigns] = await Promise.all([
    liveIds.length === 0 ? [] : db.select().from(callingSupervisorActions).where(inArray(callingSupervisorActions.callId, liveIds)).orderBy(desc(callingSupervisorActions.createdAt)),
    campaignIds.length === 0 ? [] : db.select({ id: callingCampaigns.campaignId, name: callingCampaigns.name }).from(callingCampaigns).where(and(eq(callingCampaigns.companyId, caller.companyId), inArray(callingCampaigns.campaignId, campaignIds))),
  ]);
  const actionOf = new Map<string, SupervisorAction>();
  for (const a of actions) if (!actionOf.has(a.callId)) actionOf.set(a.callId, a.action);
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
  const statusOf = new Map(statuses.map((s) => [s.userId, s]));
  const todayOf = new Map(today.map((t) => [t.agentId, t]));

  const rows: LiveAgent[] = agents.map((a) => {
    const s = statusOf.get(a.userId);
    const t = todayOf.get(a.userId);
    const live = liveBy.get(a.userId);
    const onBreak = s?.status === 'on_break' && s.breakEndsAt !== null && s.breakEndsAt > now;
    return {
      user_id: a.userId,
      name: a.name,
      state: liveAgentState({ liveCall: Boolean(live), onBreak, statusReason: s?.statusReason ?? null, seenToday: Boolean(t) || (s !== undefined && (s.updatedAt >= start || s.autodialActive)) }),
      status_reason: (s?.statusReason as AgentStatusReason | null) ?? null,
      microphone: (s?.microphone as MicrophoneState | null) ?? null,
      break_name: onBreak ? s!.breakName : null,
      campaign_name: s?.autodialActive && s.campaignId ? (campaignName.get(s.campaignId) ?? null) : null,
      current_call: live ? { call_id: live.callId, loan_id: live.loanId, state: live.state as CallState, since: (live.answeredAt ?? live.createdAt).toISOString(), supervisor_action: actionOf.get(live.callId) ?? null } : null,
      calls_today: t?.calls ?? 0,
      connected_today: t?.connected ?? 0,
      talk_seconds_today: t?.talk ?? 0,
      abandon_rate: t ? abandonRate(t.answered, t.abandoned) : null,
    };
  });
  const sum = (f: (t: (typeof today)[number]) => number) => today.reduce((n, t) => n + f(t), 0);
  return {
    agents: rows,
    totals: {
      agents: rows.length,
      on_call: rows.filter((r) => r.state === 'on_call').length,
      on_break: rows.filter((r) => r.state === 'on_break').length,
      calls_today: sum((t) => t.calls),
      talk_seconds_today: sum((t) => t.talk),
      abandon_rate: abandonRate(sum((t) => t.answered), sum((t) => t.abandoned)),
    },
    server_time: now.toISOString(),
  };
}

/**
 * POST /calling/supervisor/calls/{id}/actions: the call must be live and its agent in the caller's
 * scope; barge and whisper bring the supervisor onto the call, a force transfer moves the borrower
 * to another agent of the scope. On a provider's call the provider carries it out (the local
 * simulator records it): barge and whisper ring the supervisor's mobile, and the call becomes the
 * target agent's. On the agent's browser softphone (there is no provider) the agent's browser does
 * it, told through the call's `supervisor_action` with `sip_target`: for barge and whisper it calls
 * the supervisor's SIP address (their extension, `agentSipUri`) and mixes them in (whisper: the
 * borrower does not hear them); for a force transfer it refers the borrower to the new agent's SIP
 * address (blind REFER). That SIP call is the new agent's phone's, so the call record stays the
 * first agent's (it ends with the transfer, and they record its disposition).
 * @throws 403 not supervisory; 404 'Call not found' (another company's, outside the scope);
 *   400 no supervisor phone / transfer target; 409 call ended, provider cannot, or no SIP server
 */
export async function supervisorAction(db: Db, providerFor: ProviderFor, caller: Caller, callId: string, body: { action: SupervisorAction; transfer_to?: string }, now: Date, events: EventBus): Promise<SupervisorActionRecord> {
  requireSupervisor(caller);
  const [call] = await db.select().from(callingCalls).where(and(eq(callingCalls.companyId, caller.companyId), eq(callingCalls.callId, callId)));
  if (!call || (await agentsOf(db, caller, call.agentId)).length === 0) throw notFound(CALL_NOT_FOUND);
  const softphone = call.provider === 'webrtc_softphone';
  if (!isLive(call.state as CallState) || (!softphone && !call.providerCallId)) throw conflict('The call has ended');
  const settings = await settingsOf(db, caller.companyId);
  if (softphone && !settings.sipDomain) throw conflict("This call is on the agent's browser softphone and the company has no SIP server any more");
  const supervisorNumber = caller.user.mobile;
  if (!softphone && !supervisorNumber) throw badRequest('Add your mobile number to your profile: barge and whisper ring your phone');
  let target: { userId: string; name: string; mobile: string | null } | null = null;
  if (body.action === 'force_transfer') {
    const [member] = body.transfer_to ? await agentsOf(db, caller, body.transfer_to) : [];
    const user = member ? await userById(db, member.userId) : null;
    if (!user || user.userId === call.agentId) throw badRequest('Transfer to another agent of your team');
    if (!softphone && !user.mobile) throw badRequest(`${user.name} has no mobile number to take the call`);
    target = { userId: user.userId, name: user.name, mobile: user.mobile };
  }
  let sipTarget: string | null = null;
  if (softphone) {
    sipTarget = target ? agentSipUri(settings.sipDomain!, target.mobile, target.userId) : agentSipUri(settings.sipDomain!, supervisorNumber, caller.user.userId);
  } else {
    const done = await providerFor(settings).monitor({ sid: call.providerCallId!, action: body.action, supervisorNumber: supervisorNumber!, transferTo: target?.mobile ?? undefined });
    if (!done) throw conflict(`Your telephony provider cannot ${body.action.replace('_', ' ')} this call from here`);
  }
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(callingSupervisorActions)
      .values({ companyId: caller.companyId, callId, agentId: call.agentId, supervisorId: caller.user.userId, supervisorName: caller.user.name, action: body.action, transferTo: target?.userId ?? null, transferToName: target?.name ?? null, sipTarget, createdAt: now })
      .returning();
    // A provider's call is the new agent's from now on (their live state and today's calls); the agent it
    // was taken from still reads it and records its disposition (callOf).
    const moved = target !== null && !softphone;
    if (moved) await tx.update(callingCalls).set({ agentId: target!.userId, updatedAt: now }).where(eq(callingCalls.callId, callId));
    // Both desks see it at once: the agent the action is on, and the transfer's new agent.
    await announce(events, tx, caller.companyId, call.agentId, callId);
    if (moved) await announce(events, tx, caller.companyId, target!.userId, callId);
    return made;
  });
  return {
    action_id: row.actionId,
    call_id: callId,
    action: row.action,
    event: SUPERVISOR_ACTION_EVENTS[row.action],
    supervisor_name: row.supervisorName,
    transfer_to_name: row.transferToName,
    sip_target: row.sipTarget,
    created_at: row.createdAt.toISOString(),
  };
}
