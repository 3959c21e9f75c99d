/**
 * The provider's StatusCallbacks (Exotel's protocol; the local simulator speaks it too), applied in
 * set-based batches (issue 14, "the time from a status callback to the agent's screen", p95 <
 * 300 ms with 200 agents, a burst of them at one instant included).
 *
 * Callbacks arriving within a short window (CALLBACK_WINDOW_MS) or while a batch is being written
 * go together in one batch (group commit): one transaction locks their calls in one read, moves each through its callbacks in
 * arrival order, writes them back in one UPDATE and announces each change in one NOTIFY statement,
 * so the agents' screens hear of a whole burst at one commit. The loan side of ended calls (timeline,
 * calling_status) is left to the call-end writer (call-end-writer.ts, `loan_write_pending`).
 *
 * Owns: the per-process callback queue.
 */
import { and, desc, inArray, sql } from 'drizzle-orm';
import type { CallState, ProviderStatus } from '../../../domain/calling/call-states';
import { isLive, nextState, outcomeOf } from '../../../domain/calling/call-states';
import type { ExotelStatusCallback } from '../../../domain/contracts/calling/telephony.schema';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, unauthorized } from '../../http/errors';
import type { EventBus } from '../../realtime/events';
import { CHANNELS, MAX_PAYLOAD_BYTES } from '../../realtime/events';
import type { CallingEvent } from './agent-routing';
import { answerPredictive } from './agent-routing';
import type { ProviderFor } from './calls-service';
import { CALL_NOT_FOUND, secretMatches, toCallRecord, writeCallEnd } from './calls-service';
import { callingCalls, callingSettings, callingSupervisorActions } from './schema';
import type { CallRow, SupervisorActionRow } from './schema';

/** One callback as received: the company and secret of its URL, its body, when it arrived. */
export interface StatusCallbackItem {
  companyId: string;
  secret: string;
  body: ExotelStatusCallback;
  now: Date;
}

/** Callbacks written per transaction at most. */
export const CALLBACK_BATCH = 500;

/**
 * Applies callbacks in one transaction. Per callback: the company's secret must match (401), the
 * CallSid must be one of the company's calls (404; CustomField, when sent, must be its id). An
 * answered event puts the call On Call (a predictive call goes to a free agent, or is dropped and
 * hung up); a terminal one ends it with its outcome, talk time and recording and marks its loan
 * side pending. Replays and late events change nothing. Each change is announced with the call as
 * the desk reads it. @returns per callback, null when applied (or a no-op), else its error
 */
export async function applyStatusCallbacks(db: Db, items: readonly StatusCallbackItem[], events: EventBus, providerFor: ProviderFor): Promise<(AppError | null)[]> {
  const results: (AppError | null)[] = items.map(() => null);
  const companies = [...new Set(items.map((i) => i.companyId))];
  const settingsRows = await db.select().from(callingSettings).where(inArray(callingSettings.companyId, companies));
  const settingsOf = new Map(settingsRows.map((s) => [s.companyId, s]));
  const valid: number[] = [];
  items.forEach((item, i) => {
    const s = settingsOf.get(item.companyId);
    if (!s || !secretMatches(item.secret, s.callbackSecret)) results[i] = unauthorized('Invalid callback secret');
    else valid.push(i);
  });
  if (valid.length === 0) return results;

  const hangups: { companyId: string; sid: string }[] = [];
  await db.transaction(async (tx) => {
    const sids = [...new Set(valid.map((i) => items[i].body.CallSid))];
    const locked = await tx
      .select()
      .from(callingCalls)
      .where(and(inArray(callingCalls.companyId, companies), inArray(callingCalls.providerCallId, sids)))
      .orderBy(callingCalls.callId)
      .for('update');
    const key = (companyId: string, sid: string) => `${companyId}\n${sid}`;
    const calls = new Map<string, CallRow>();
    for (const r of locked) if (r.providerCallId && !calls.has(key(r.companyId, r.providerCallId))) calls.set(key(r.companyId, r.providerCallId), r);
    /** Calls to write back, by id (their latest state), and the states to announce, in order. */
    const dirty = new Map<string, CallRow>();
    const announced: CallRow[] = [];
    for (const i of valid) {
      const { companyId, body, now } = items[i];
      const k = key(companyId, body.CallSid);
      const row = calls.get(k);
      if (!row || (body.CustomField && body.CustomField !== row.callId)) {
        results[i] = new AppError(404, CALL_NOT_FOUND);
        continue;
      }
      const current = row.state as CallState;
      if (!isLive(current)) continue;
      const terminal = body.EventType === 'terminal' || (body.EventType === undefined && body.Status !== undefined);
      if (!terminal) {
        if (body.EventType !== 'answered' || row.answeredAt) continue;
        if (row.mode === 'predictive' && row.agentId === '') {
          // A predictive call answered by the borrower goes to a free agent, or is dropped (written and announced there).
          if (dirty.has(row.callId)) {
            await flushRows(tx, [dirty.get(row.callId)!]);
            dirty.delete(row.callId);
          }
          const handed = await answerPredictive(tx, events, row, now);
          calls.set(k, handed.row);
          if (handed.row.dropped) await writeCallEnd(tx, handed.row, now);
          if (handed.hangup) hangups.push({ companyId, sid: body.CallSid });
          continue;
        }
        const answered: CallRow = { ...row, state: nextState(current, { kind: 'answered' }), answeredAt: now, updatedAt: now };
        calls.set(k, answered);
        dirty.set(row.callId, answered);
        announced.push(answered);
        continue;
      }
      const status: ProviderStatus = body.Status ?? 'failed';
      const talk = Number.isFinite(body.ConversationDuration) ? Math.max(0, Math.round(body.ConversationDuration as number)) : 0;
      const ended: CallRow = {
        ...row,
        state: nextState(current, { kind: 'terminal', status, conversationSeconds: talk }),
        outcome: outcomeOf(status, talk),
        providerStatus: status,
        talkSeconds: talk,
        totalSeconds: Math.max(talk, Math.round((now.getTime() - row.createdAt.getTime()) / 1000)),
        recordingUrl: body.RecordingUrl || null,
        endedAt: now,
        // A second leg ends with the call (its page may be closed and never report it).
        secondLeg: null,
        // The loan's timeline and calling_status follow in the call-end writer's batch.
        loanWritePending: row.loanId !== '',
        updatedAt: now,
      };
      calls.set(k, ended);
      dirty.set(row.callId, ended);
      announced.push(ended);
    }
    await flushRows(tx, [...dirty.values()]);
    if (announced.length === 0) return;
    // The call as the desk reads it rides in each event: the agents' streams send it without a read.
    const actions = await latestActions(tx, [...new Set(announced.map((r) => r.callId))]);
    const payloads = announced.map((r): CallingEvent => {
      const payload: CallingEvent = { company_id: r.companyId, agent_id: r.agentId, call_id: r.callId, at: Date.now() };
      const call = toCallRecord(r, null, actions.get(r.callId) ?? null);
      if (Buffer.byteLength(JSON.stringify(call)) < MAX_PAYLOAD_BYTES - 400) payload.call = call;
      return payload;
    });
    await events.publishMany(tx, CHANNELS.calling, payloads);
  });
  // A dropped predictive call: the dialer hangs up on the borrower (its terminal callback changes nothing).
  for (const h of hangups) await providerFor(settingsOf.get(h.companyId)!).hangup(h.sid).catch(() => false);
  return results;
}

/** Writes calls' states back in one UPDATE. */
async function flushRows(tx: DbOrTx, rows: readonly CallRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map((r) => ({
    call_id: r.callId,
    state: r.state,
    outcome: r.outcome,
    provider_status: r.providerStatus,
    talk_seconds: r.talkSeconds,
    total_seconds: r.totalSeconds,
    recording_url: r.recordingUrl,
    answered_at: r.answeredAt?.toISOString() ?? null,
    ended_at: r.endedAt?.toISOString() ?? null,
    loan_write_pending: r.loanWritePending,
    updated_at: r.updatedAt.toISOString(),
  }));
  await tx.execute(sql`
    update calling_calls c set state = v.state, outcome = v.outcome, provider_status = v.provider_status, talk_seconds = v.talk_seconds,
      total_seconds = v.total_seconds, recording_url = v.recording_url, answered_at = v.answered_at, ended_at = v.ended_at,
      loan_write_pending = v.loan_write_pending, updated_at = v.updated_at,
      second_leg = case when v.ended_at is null then c.second_leg end
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(call_id text, state text, outcome text, provider_status text, talk_seconds int,
      total_seconds int, recording_url text, answered_at timestamptz, ended_at timestamptz, loan_write_pending boolean, updated_at timestamptz)
    where c.call_id = v.call_id`);
}

/** The latest supervisor action of each call, in one read. */
async function latestActions(tx: DbOrTx, callIds: string[]): Promise<Map<string, SupervisorActionRow>> {
  const rows = await tx
    .selectDistinctOn([callingSupervisorActions.callId])
    .from(callingSupervisorActions)
    .where(inArray(callingSupervisorActions.callId, callIds))
    .orderBy(callingSupervisorActions.callId, desc(callingSupervisorActions.createdAt));
  return new Map(rows.map((r) => [r.callId, r]));
}

/** The queue in front of applyStatusCallbacks: `submit` resolves once its callback is written (or rejects with its error). */
export interface StatusCallbackQueue {
  submit(item: StatusCallbackItem): Promise<void>;
}

/**
 * How long the first of a batch's callbacks waits for others before the batch is written, in ms.
 * PGlite runs on the server's thread: a batch started as soon as one callback is read keeps the
 * thread busy and delays reading the next requests, so a burst that trickles in (as it does from
 * another machine) is written as many tiny transactions, each slowing the next read. Waiting this
 * long first turns such a burst into a few batches; a lone callback is late by this much at most.
 */
export const CALLBACK_WINDOW_MS = 10;

/**
 * A process's queue. A batch starts CALLBACK_WINDOW_MS after its oldest callback arrived (at once
 * when CALLBACK_BATCH are waiting, or when that time passed while the previous batch was written);
 * batches are written one at a time in arrival order, each callback in exactly one of them.
 * `windowMs` is for tests.
 */
export function createStatusCallbackQueue(apply: (items: readonly StatusCallbackItem[]) => Promise<(AppError | null)[]>, windowMs = CALLBACK_WINDOW_MS): StatusCallbackQueue {
  type Waiting = { item: StatusCallbackItem; at: number; resolve: () => void; reject: (err: unknown) => void };
  let waiting: Waiting[] = [];
  let busy = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = async () => {
    timer = null;
    busy = true;
    const batch = waiting.slice(0, CALLBACK_BATCH);
    waiting = waiting.slice(batch.length);
    try {
      const results = await apply(batch.map((w) => w.item));
      batch.forEach((w, i) => (results[i] ? w.reject(results[i]) : w.resolve()));
    } catch (err) {
      // The whole batch rolled back: each caller answers an error and the provider retries.
      for (const w of batch) w.reject(err);
    }
    busy = false;
    schedule();
  };
  /** Starts the next batch when its window closes (never while one is written, never twice). */
  const schedule = () => {
    if (busy || waiting.length === 0) return;
    const full = waiting.length >= CALLBACK_BATCH;
    if (timer && !full) return;
    if (timer) clearTimeout(timer);
    // Even when due, started by a timer: this turn's other requests are read first (PGlite's
    // queries chain as microtasks, so starting at once would write each callback alone).
    timer = setTimeout(() => void run(), full ? 0 : Math.max(0, waiting[0].at + windowMs - Date.now()));
  };
  return {
    submit(item) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ item, at: Date.now(), resolve, reject });
        schedule();
      });
    },
  };
}
