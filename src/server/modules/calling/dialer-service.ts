/**
 * Calls the dialer places on the agents' behalf (issue 14 "Predictive and inbound"; spec 4, 9):
 * inbound calls to the company's DID queue routed to a free agent of the active inbound campaign
 * (the borrower matched to their loans by number), and predictive pacing — the campaign's numbers
 * dialled ahead of the agents by the dial level of src/domain/calling/pacing.ts, each answered call
 * handed to a free agent, or dropped when none is (the drop cap holds the level back).
 *
 * Every change of a call is announced on the `calling_events` channel (agent-routing.ts `announce`,
 * LISTEN/NOTIFY sent at commit) so the agent's desk and the supervisors' live views get it pushed.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { CallState } from '../../../domain/calling/call-states';
import { isLive } from '../../../domain/calling/call-states';
import { dialLevel, linesToDial, PACING_LIMITS } from '../../../domain/calling/pacing';
import { localTime } from '../../../domain/compliance/local-time';
import { countryTimeZone, localDay, localDayBounds } from '../../../domain/common/dates';
import type { Db, DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { badRequest, unauthorized } from '../../http/errors';
import type { EventBus } from '../../realtime/events';
import { getCompany } from '../companies/queries';
import { decide } from '../compliance/queries';
import { loanContactFacts, loansByPhone } from '../portfolio/queries';
import { userById } from '../users/queries';
import type { ProviderFor } from './calls-service';
import { getCall, secretMatches, statusCallbackPath } from './calls-service';
import { announce, announceMoved, freeAgents } from './agent-routing';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import type { Caller } from '../../http/caller';
import { callingCalls, callingCampaigns, callingSettings } from './schema';
import type { CallRow } from './schema';
import { settingsOf } from './settings-service';

const shootId = (now: Date) => `SH${now.getTime().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

/** The company's active campaign of `mode` (the newest when several are). */
async function activeCampaign(db: DbOrTx, companyId: string, mode: 'inbound' | 'predictive'): Promise<string | null> {
  const [row] = await db
    .select({ id: callingCampaigns.campaignId })
    .from(callingCampaigns)
    .where(and(eq(callingCampaigns.companyId, companyId), eq(callingCampaigns.mode, mode), eq(callingCampaigns.active, true)))
    .orderBy(sql`${callingCampaigns.createdAt} desc`)
    .limit(1);
  return row?.id ?? null;
}

/** An inbound call as the provider reports it (Exotel's Connect applet dynamic URL query). */
export interface InboundRequest {
  CallSid: string;
  /** The borrower's number. */
  CallFrom: string;
  /** The company's DID (ExoPhone) they dialled. */
  CallTo: string;
  /** Asked again after an attempt: 'incomplete' when the agent rung did not pick up (support.exotel.com "Connect applet: Dial Whom"). */
  CallType?: string;
  /** The agent number dialled last. */
  DialWhomNumber?: string;
}

/**
 * Exotel's Connect applet "dynamic URL" answer: the numbers to ring (the agent's), the number shown
 * and recording. An empty list makes the applet fall through to the flow's next step (voicemail,
 * "all our agents are busy").
 */
export type ConnectAppletAnswer = {
  fetch_after_attempt: boolean;
  destination: { numbers: string[] };
  outgoing_phone_number: string;
  record: boolean;
  max_ringing_duration: number;
  /** Ours: the call's id when it was routed (the simulator and tests read it). */
  call_id: string | null;
};

/**
 * GET /calling/telephony/exotel/{company}/{secret}/inbound: an incoming call to the DID queue. The
 * secret must match (401). The company's inbound calling must be enabled and an inbound campaign
 * active; the caller's number is matched to their loans (portfolio's loansByPhone, newest month
 * first) and the call goes to the longest-idle free agent of the campaign, whose desk shows it
 * ringing with the matched loans. A replayed CallSid answers the same agent; asked again after
 * INBOUND_RING_SECONDS with the call unanswered (Exotel's fetch_after_attempt), the next free agent
 * (offerToNextAgent). No free agent: no numbers (the provider's flow handles the caller) and
 * nothing stored.
 */
export async function routeInbound(db: Db, events: EventBus, companyId: string, secret: string, q: InboundRequest, now: Date): Promise<ConnectAppletAnswer> {
  const [settings] = await db.select().from(callingSettings).where(eq(callingSettings.companyId, companyId));
  if (!settings || !secretMatches(secret, settings.callbackSecret)) throw unauthorized('Invalid callback secret');
  const answer = (numbers: string[], callId: string | null): ConnectAppletAnswer => ({
    // Exotel asks this URL again when nobody answered the numbers given: the call goes to the next agent.
    fetch_after_attempt: numbers.length > 0,
    destination: { numbers },
    outgoing_phone_number: q.CallTo,
    record: true,
    max_ringing_duration: INBOUND_RING_SECONDS,
    call_id: callId,
  });
  const [seen] = await db
    .select()
    .from(callingCalls)
    .where(and(eq(callingCalls.companyId, companyId), eq(callingCalls.provider, settings.provider), eq(callingCalls.providerCallId, q.CallSid)));
  if (seen) {
    // Asked again within the ring time: a replay, the same agent. After it, or after Exotel's attempt on this agent
    // came back unanswered (CallType incomplete, DialWhomNumber their number), with nobody answering: the next free agent.
    const attemptFailed = q.CallType === 'incomplete' && Boolean(q.DialWhomNumber) && sameNumber(q.DialWhomNumber!, seen.agentNumber ?? '');
    const unanswered = seen.direction === 'inbound' && !seen.answeredAt && isLive(seen.state as CallState) && (attemptFailed || now.getTime() - seen.updatedAt.getTime() >= INBOUND_RING_SECONDS * 1000);
    if (!unanswered) return answer(seen.agentNumber ? [seen.agentNumber] : [], seen.callId);
    const next = await offerToNextAgent(db, events, seen.callId, now);
    return answer(next?.agentNumber ? [next.agentNumber] : [], seen.callId);
  }
  const company = await getCompany(db, companyId);
  if (!company.inbound_enabled) return answer([], null);
  const campaignId = await activeCampaign(db, companyId, 'inbound');
  if (!campaignId) return answer([], null);
  const loanIds = await loansByPhone(db, companyId, q.CallFrom);
  const routed = await db.transaction(async (tx) => {
    for (const agentId of await freeAgents(tx, companyId, campaignId, now, 5)) {
      const agent = await userById(tx, agentId);
      if (!agent?.mobile) continue;
      const facts = loanIds[0] ? await loanContactFacts(tx, companyId, loanIds[0]) : null;
      const [row] = await tx
        .insert(callingCalls)
        .values({
          companyId,
          loanId: loanIds[0] ?? '',
          allocationMonth: facts?.allocationMonth ?? null,
          agentId,
          mode: 'inbound',
          campaignId,
          shootId: shootId(now),
          provider: settings.provider,
          providerCallId: q.CallSid,
          toNumber: q.CallFrom,
          agentNumber: agent.mobile,
          callerId: q.CallTo,
          state: 'Agent Ringing',
          direction: 'inbound',
          matchedLoanIds: loanIds,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await announce(events, tx, companyId, agentId, row.callId);
      return row;
    }
    return null;
  });
  return routed ? answer([routed.agentNumber!], routed.callId) : answer([], null);
}

/** Two numbers are the same phone when their last 10 digits are ('+91 98765 43210' and '09876543210'). */
const sameNumber = (a: string, b: string) => {
  const digits = (n: string) => n.replace(/\D/g, '').slice(-10);
  return digits(a).length >= 6 && digits(a) === digits(b);
};

/** Exotel's Connect applet rings an agent this long (max_ringing_duration); unanswered, the call is offered to the next. */
export const INBOUND_RING_SECONDS = 30;

/**
 * An inbound call its agent did not answer within INBOUND_RING_SECONDS: offered to the longest-idle
 * free agent of its campaign not offered it yet (the missed agents kept in offered_agent_ids), or,
 * with nobody left, ended unanswered (the provider's flow takes the caller on). Announced to both
 * desks: the new agent's gets the call, the missed agent's a `moved` event. @returns the call as now offered, null when ended or already answered meanwhile
 */
export async function offerToNextAgent(db: Db, events: EventBus, callId: string, now: Date): Promise<CallRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(callingCalls).where(eq(callingCalls.callId, callId)).for('update');
    if (!row || row.answeredAt || !isLive(row.state as CallState) || !row.campaignId) return null;
    const missed = [...row.offeredAgentIds, row.agentId];
    for (const agentId of await freeAgents(tx, row.companyId, row.campaignId, now, 10)) {
      if (missed.includes(agentId)) continue;
      const agent = await userById(tx, agentId);
      if (!agent?.mobile) continue;
      const [moved] = await tx.update(callingCalls).set({ agentId, agentNumber: agent.mobile, offeredAgentIds: missed, state: 'Agent Ringing', updatedAt: now }).where(eq(callingCalls.callId, callId)).returning();
      await announce(events, tx, row.companyId, agentId, callId);
      // The agent who missed it: their ringing panel closes at once (the stream's `call_moved`).
      await announceMoved(events, tx, row.companyId, row.agentId, callId);
      return moved;
    }
    await tx
      .update(callingCalls)
      .set({ state: 'Call Ended', outcome: 'Customer Unreachable', failureReason: 'No agent answered', offeredAgentIds: missed, endedAt: now, totalSeconds: Math.round((now.getTime() - row.createdAt.getTime()) / 1000), loanWritePending: row.loanId !== '', updatedAt: now })
      .where(eq(callingCalls.callId, callId));
    await announce(events, tx, row.companyId, row.agentId, callId);
    return null;
  });
}

/** What one pacing round did (tests and the bench read it). */
export interface PaceResult {
  campaignId: string;
  readyAgents: number;
  ringing: number;
  dialLevel: number;
  dialled: number;
  dropRateToday: number;
  answeredToday: number;
}

/** Answer rate over the last 15 minutes needs this many finished calls to count. */
const WINDOW_MIN_CALLS = 10;
const WINDOW_MS = 15 * 60_000;

/**
 * One pacing round of a predictive campaign (spec 9): ready agents, calls still ringing, the
 * window's answer rate and today's drop rate give the lines to dial (pacing.ts `linesToDial`, the
 * country's maximum ratio and drop cap); that many undialed entries of the call list are taken
 * (marked dialed) and each goes through the compliance decision, then the provider dials the
 * borrower directly. One round at a time per campaign across processes (an advisory lock).
 */
export async function paceCampaign(db: Db, providerFor: ProviderFor, companyId: string, campaignId: string, now: Date): Promise<PaceResult | null> {
  const company = await getCompany(db, companyId);
  if (!company.predictive_enabled) return null;
  const limits = company.country === 'INDONESIA' ? PACING_LIMITS.INDONESIA : PACING_LIMITS.INDIA;
  const zone = countryTimeZone(company.country);
  const settings = await settingsOf(db, companyId, company.country);
  const { start } = localDayBounds(localDay(now, zone.offsetMinutes), zone.offsetMinutes);
  const planned = await db.transaction(async (tx) => {
    const [{ locked }] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`calling-pace:${campaignId}`})) as locked`));
    if (!locked) return null;
    const ready = (await freeAgents(tx, companyId, campaignId, now, 1000, { lock: false })).length;
    const [stats] = rowsOf<{ ringing: number; answered_today: number; dropped_today: number; window_done: number; window_answered: number }>(
      await tx.execute(sql`
        select
          count(*) filter (where agent_id = '' and ended_at is null and created_at > ${new Date(now.getTime() - 3_600_000).toISOString()}::timestamptz)::int as ringing,
          count(*) filter (where answered_at is not null and created_at >= ${start.toISOString()}::timestamptz)::int as answered_today,
          count(*) filter (where dropped and created_at >= ${start.toISOString()}::timestamptz)::int as dropped_today,
          count(*) filter (where ended_at is not null and created_at > ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz)::int as window_done,
          count(*) filter (where answered_at is not null and ended_at is not null and created_at > ${new Date(now.getTime() - WINDOW_MS).toISOString()}::timestamptz)::int as window_answered
        from calling_calls where company_id = ${companyId} and campaign_id = ${campaignId} and mode = 'predictive'`),
    );
    const state = {
      readyAgents: ready,
      ringing: Number(stats.ringing),
      windowAnswerRate: Number(stats.window_done) >= WINDOW_MIN_CALLS ? Number(stats.window_answered) / Number(stats.window_done) : null,
      dropRateToday: Number(stats.answered_today) > 0 ? Number(stats.dropped_today) / Number(stats.answered_today) : 0,
      answeredToday: Number(stats.answered_today),
    };
    const config = { maxRatio: limits.maxRatio, dropCap: limits.dropCap };
    const level = dialLevel(state, config);
    const n = linesToDial(state, config);
    const placed: CallRow[] = [];
    if (n > 0) {
      const entries = rowsOf<{ loan_id: string; allocation_month: string }>(
        await tx.execute(sql`
          update calling_call_list set dialed_at = ${now.toISOString()}::timestamptz, dialed_by = 'predictive'
          where (campaign_id, loan_id) in (
            select campaign_id, loan_id from calling_call_list
            where company_id = ${companyId} and campaign_id = ${campaignId} and dialed_at is null and flushed_at is null
            order by added_at, loan_id limit ${n} for update skip locked)
          returning loan_id, allocation_month`),
      );
      for (const e of entries) {
        const facts = await loanContactFacts(tx, companyId, e.loan_id);
        const to = facts?.contacts.find((c) => c.kind === 'phone' && c.role === 'borrower')?.value;
        if (!facts || !to) continue;
        const decision = await decide(tx, { companyId, loanId: e.loan_id, channel: 'call', to, actorId: null }, now);
        if (!decision.allowed) continue;
        const pool = settings.callerIds;
        const [row] = await tx
          .insert(callingCalls)
          .values({
            companyId,
            loanId: e.loan_id,
            allocationMonth: facts.allocationMonth,
            agentId: '',
            mode: 'predictive',
            campaignId,
            shootId: shootId(now),
            provider: settings.provider,
            toNumber: to,
            callerId: pool.length > 0 ? pool[randomBytes(1)[0] % pool.length] : null,
            decisionId: decision.decision_id,
            state: 'Calling',
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        placed.push(row);
      }
    }
    return { state, level, placed };
  });
  if (!planned) return null;
  const provider = providerFor(settings);
  const hour = Math.floor(localTime(now, zone.zone).minutes / 60);
  for (const call of planned.placed) {
    try {
      const { sid } = await provider.connect({ callId: call.callId, agentNumber: '', customerNumber: call.toNumber, callerId: call.callerId ?? '', statusCallback: statusCallbackPath(settings), localHour: hour, predictive: true });
      await db.update(callingCalls).set({ providerCallId: sid, updatedAt: new Date() }).where(and(eq(callingCalls.callId, call.callId), sql`${callingCalls.providerCallId} is null`));
    } catch (err) {
      await db
        .update(callingCalls)
        .set({ state: 'Call Failed', outcome: 'Failed', failureReason: err instanceof Error ? err.message.slice(0, 300) : 'The provider refused the call', endedAt: new Date(), updatedAt: new Date() })
        .where(eq(callingCalls.callId, call.callId));
    }
  }
  return { campaignId, readyAgents: planned.state.readyAgents, ringing: planned.state.ringing, dialLevel: planned.level, dialled: planned.placed.length, dropRateToday: planned.state.dropRateToday, answeredToday: planned.state.answeredToday };
}

/** The predictive campaigns with an agent logged in now, by company. */
export async function pacedCampaigns(db: Db): Promise<{ companyId: string; campaignId: string }[]> {
  return rowsOf<{ company_id: string; campaign_id: string }>(
    await db.execute(sql`
      select distinct c.company_id, c.campaign_id from calling_campaigns c
      join calling_agent_status s on s.company_id = c.company_id and s.campaign_id = c.campaign_id and s.autodial_active
      where c.mode = 'predictive' and c.active`),
  ).map((r) => ({ companyId: r.company_id, campaignId: r.campaign_id }));
}

/**
 * The pacer: every `everyMs`, one pacing round per predictive campaign with agents logged in.
 * Rounds never overlap; a failing round is logged and the next one runs. @returns stop
 */
export function startPacer(run: () => Promise<void>, everyMs: number, log: (err: unknown) => void): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    run()
      .catch(log)
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The number a simulated inbound call comes from: `mobile`, else the loan's borrower number. @throws 400 */
export async function simulatedCaller(db: DbOrTx, companyId: string, body: { loan_id?: string; mobile?: string }): Promise<string> {
  if (body.mobile) return body.mobile;
  const facts = body.loan_id ? await loanContactFacts(db, companyId, body.loan_id) : null;
  const to = facts?.contacts.find((c) => c.kind === 'phone' && c.role === 'borrower')?.value;
  if (!to) throw badRequest('The loan has no borrower number');
  return to;
}

/**
 * GET /calling/current-call: the caller's live call, else their latest call of the last 4 hours
 * still waiting for its disposition; null when there is none.
 */
export async function currentCallOf(db: Db, caller: Caller, now: Date): Promise<CallRecord | null> {
  const since = new Date(now.getTime() - 4 * 3_600_000);
  const [row] = await db
    .select({ callId: callingCalls.callId })
    .from(callingCalls)
    .where(
      and(
        eq(callingCalls.companyId, caller.companyId),
        eq(callingCalls.agentId, caller.user.userId),
        gt(callingCalls.createdAt, since),
        sql`(${callingCalls.endedAt} is null or not exists (select 1 from calling_dispositions d where d.call_id = ${callingCalls.callId}))`,
      ),
    )
    .orderBy(desc(callingCalls.createdAt))
    .limit(1);
  return row ? getCall(db, caller, row.callId) : null;
}
