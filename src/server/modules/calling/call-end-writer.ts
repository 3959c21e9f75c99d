/**
 * The loan side of ended calls, written in set-based batches after the calls commit (issue 14,
 * "the time from a status callback to the agent's screen", p95 < 300 ms with 200 agents).
 *
 * A terminal status callback only ends the call row (with `loan_write_pending`) and announces it,
 * so the agent's screen hears of it at that commit. The loan's timeline event and `calling_status`
 * follow here, once the callbacks stop arriving for a moment: one transaction takes up to BATCH pending calls (FOR UPDATE SKIP LOCKED: several
 * processes share the work, none writes a call twice), inserts their events in one statement and
 * sets their statuses in one UPDATE. Durable: the pending flag commits with the call's end, so a
 * call whose process stopped before the batch is written by the start-up and periodic sweeps.
 *
 * Owns: the per-process flush queue and sweep timer.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addLoanEvents, setLoansCallingStatus } from '../portfolio/queries';
import { callEndEvent } from './calls-service';
import { callingCalls } from './schema';

/** Calls written per transaction. */
export const CALL_END_BATCH = 500;

export interface CallEndWriter {
  /**
   * Writes every call pending now (and whatever else is pending when its batch runs), once no
   * other flush was asked for CALL_END_QUIET_MS (at most CALL_END_MAX_DEFER_MS after the first):
   * the callers of a burst share one batch (group commit). Rejects when a batch fails; the rows
   * stay pending for the next flush or sweep.
   */
  flush(): Promise<void>;
  /** Sweeps once now (calls left by a stopped process) and every `sweepMs` after. */
  start(sweepMs: number): void;
  /** Stops the sweeps and waits for a running batch. */
  stop(): Promise<void>;
}

/**
 * Writes one batch of pending calls in one transaction. @returns how many calls it wrote
 */
export async function writePendingCallEnds(db: Db, limit = CALL_END_BATCH): Promise<number> {
  return db.transaction(async (tx) => {
    const pending = tx
      .select({ id: callingCalls.callId })
      .from(callingCalls)
      .where(eq(callingCalls.loanWritePending, true))
      .orderBy(asc(callingCalls.endedAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await tx.update(callingCalls).set({ loanWritePending: false }).where(inArray(callingCalls.callId, pending)).returning();
    // An inbound call matching no loan has nothing to write.
    const onLoans = rows.filter((r) => r.loanId);
    await addLoanEvents(
      tx,
      onLoans.map((r) => callEndEvent(r, r.endedAt ?? new Date())),
    );
    await setLoansCallingStatus(
      tx,
      onLoans.map((r) => ({ companyId: r.companyId, loanId: r.loanId, allocationMonth: r.allocationMonth, callingStatus: r.outcome ?? 'Failed' })),
    );
    return rows.length;
  });
}

/**
 * A flush starts once no other was asked for this long: during a burst of status callbacks every
 * callback asks, so the loan side of the whole burst is one batch written after its screen updates
 * (on PGlite's one connection, a loan-side batch between two callback batches holds the second back,
 * and a burst read in many small batches then paid one loan-side transaction per batch).
 */
export const CALL_END_QUIET_MS = 40;
/** …but at most this long after the first ask, so a steady stream of callbacks is still written. */
export const CALL_END_MAX_DEFER_MS = 1000;

/** The process's writer over `db`; `log` hears failed sweeps. */
export function createCallEndWriter(db: Db, log: (err: unknown) => void): CallEndWriter {
  type Waiter = { resolve: () => void; reject: (err: unknown) => void };
  let waiters: Waiter[] = [];
  let firstAsk = 0;
  let quiet: NodeJS.Timeout | null = null;
  /** The batches, one after another (each writes every call pending when it starts). */
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const drain = async () => {
    while ((await writePendingCallEnds(db)) === CALL_END_BATCH) {
      // A full batch: there may be more.
    }
  };
  const fire = () => {
    quiet = null;
    const served = waiters;
    waiters = [];
    const run = chain.catch(() => undefined).then(drain);
    chain = run;
    run.then(
      () => served.forEach((w) => w.resolve()),
      (err: unknown) => served.forEach((w) => w.reject(err)),
    );
  };
  const flush = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const now = Date.now();
      if (waiters.length === 0) firstAsk = now;
      waiters.push({ resolve, reject });
      if (quiet) clearTimeout(quiet);
      quiet = setTimeout(fire, Math.max(0, Math.min(CALL_END_QUIET_MS, firstAsk + CALL_END_MAX_DEFER_MS - now)));
    });
  return {
    flush,
    start(sweepMs) {
      const sweep = () => void flush().catch(log);
      sweep();
      timer = setInterval(sweep, sweepMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (quiet) {
        clearTimeout(quiet);
        fire();
      }
      await chain.catch(() => undefined);
    },
  };
}
