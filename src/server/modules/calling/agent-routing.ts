/**
 * Who takes a call the dialer brings, and telling their desk (issue 14; spec 4, 9): the free agents
 * of a campaign (longest idle first), a predictive call handed to one of them when the borrower
 * answers (or dropped), and the `calling_events` announcements the desks' event stream pushes.
 */
import { eq, sql } from 'drizzle-orm';
import type { CallState } from '../../../domain/calling/call-states';
import { nextState } from '../../../domain/calling/call-states';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { Caller } from '../../http/caller';
import type { EventBus } from '../../realtime/events';
import { CHANNELS } from '../../realtime/events';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import { callingCalls } from './schema';
import type { CallRow } from './schema';

/** What the `calling_events` channel carries: whose call (or status) changed. */
export interface CallingEvent {
  company_id: string;
  /** The agent whose desk shows it; '' for a predictive call not yet handed to anyone. */
  agent_id: string;
  call_id: string | null;
  /** Milliseconds since the epoch when the change was written (the bench measures from it). */
  at: number;
  /** The call as the agent's desk reads it (GET /calling/calls/{id}) when the writer had it at hand (status-callbacks.ts): the stream sends it as is. */
  call?: CallRecord;
  /** The call moved away from `agent_id` (an inbound call re-offered to the next agent after the ring time-out): their desk drops it. */
  moved?: true;
}

/** Announces a change on `db` (inside a transaction: sent when it commits). */
export async function announce(events: EventBus, db: DbOrTx, companyId: string, agentId: string, callId: string | null): Promise<void> {
  const payload: CallingEvent = { company_id: companyId, agent_id: agentId, call_id: callId, at: Date.now() };
  await events.publish(db, CHANNELS.calling, payload);
}

/** Tells `agentId`'s desk that `callId` is no longer theirs (sent at commit inside a transaction). */
export async function announceMoved(events: EventBus, db: DbOrTx, companyId: string, agentId: string, callId: string): Promise<void> {
  const payload: CallingEvent = { company_id: companyId, agent_id: agentId, call_id: callId, at: Date.now(), moved: true };
  await events.publish(db, CHANNELS.calling, payload);
}

/** Announces that an agent's status changed (a break, autodial login, a status reason: the live views change); answers `done`. */
export async function announcedStatus<T>(events: EventBus, db: DbOrTx, caller: Caller, done: T): Promise<T> {
  await announce(events, db, caller.companyId, caller.user.userId, null);
  return done;
}

/**
 * The free agents of a campaign, longest idle first, locked for the caller's transaction (a
 * concurrent routing skips them): logged into the campaign, no status reason, not on a break, their
 * dialer not turned off (campaign user status auto_call_off, campaign-user-status.ts), no
 * live call and no call of the last 4 hours still waiting for its disposition (wrap-up).
 * `lock: false` only counts them (the predictive pacer): an agent locked by a count would be
 * skipped by the routing of a call answered meanwhile, which then drops a borrower who picked up
 * while the agent was free (and the pacer, seeing one line fewer ringing, dials another).
 */
export async function freeAgents(tx: DbOrTx, companyId: string, campaignId: string, now: Date, limit: number, opts: { lock?: boolean } = {}): Promise<string[]> {
  const since = new Date(now.getTime() - 4 * 3_600_000).toISOString();
  const at = now.toISOString();
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(sql`
      select s.user_id from calling_agent_status s
      where s.company_id = ${companyId} and s.campaign_id = ${campaignId} and s.autodial_active and s.status_reason is null
        and not (s.status = 'on_break' and s.break_ends_at > ${at}::timestamptz)
        and not (coalesce(s.vendor_event, '') = 'auto_call_off' and coalesce(s.dialer_off_until > ${at}::timestamptz, true))
        and not exists (
          select 1 from calling_calls c
          where c.company_id = s.company_id and c.agent_id = s.user_id and c.created_at > ${since}::timestamptz
            and (c.ended_at is null or not exists (select 1 from calling_dispositions d where d.call_id = c.call_id)))
      order by (select max(coalesce(c.ended_at, c.created_at)) from calling_calls c where c.company_id = s.company_id and c.agent_id = s.user_id) asc nulls first, s.user_id
      limit ${limit}${opts.lock === false ? sql`` : sql`
      for update of s skip locked`}`),
  );
  return rows.map((r) => r.user_id);
}

/**
 * An answered predictive call (the borrower picked up): handed to the longest-idle free agent of
 * its campaign, On Call on their screen; with nobody free it is a drop — ended at once with no
 * conversation, `dropped`, and hung up after the transaction. Runs inside the status callback's
 * transaction. @returns the row as updated and whether the provider must hang up
 */
export async function answerPredictive(tx: DbOrTx, events: EventBus, row: CallRow, now: Date): Promise<{ row: CallRow; hangup: boolean }> {
  const [agentId] = row.campaignId ? await freeAgents(tx, row.companyId, row.campaignId, now, 1) : [];
  if (agentId) {
    const [updated] = await tx
      .update(callingCalls)
      .set({ agentId, state: nextState(row.state as CallState, { kind: 'answered' }), answeredAt: now, updatedAt: now })
      .where(eq(callingCalls.callId, row.callId))
      .returning();
    await announce(events, tx, row.companyId, agentId, row.callId);
    return { row: updated, hangup: false };
  }
  const [dropped] = await tx
    .update(callingCalls)
    .set({ state: 'Call Ended', outcome: 'Customer Unreachable', providerStatus: 'completed', talkSeconds: 0, totalSeconds: Math.round((now.getTime() - row.createdAt.getTime()) / 1000), answeredAt: now, endedAt: now, dropped: true, failureReason: 'Dropped: no agent was free', updatedAt: now })
    .where(eq(callingCalls.callId, row.callId))
    .returning();
  await announce(events, tx, row.companyId, '', row.callId);
  return { row: dropped, hangup: true };
}
