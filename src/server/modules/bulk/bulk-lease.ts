/**
 * The lease that keeps one worker per bulk job (imports, loan operations; decision 003): a job row
 * with `status`, `lease_until`, `attempts` (the holder's token), `started_at`, `finished_at` and
 * `updated_at`. The holder renews the lease with every chunk it commits; a graceful stop releases
 * it; a crashed worker's lease expires and the job is queued again on start.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from '../../http/area';
import type { DbOrTx } from '../../db/client';
import type { ModuleDeps } from '../../http/deps';
import type { QueueName } from '../../jobs/queue';
import { rowsOf } from '../../db/sql-helpers';

/** Shared between the job runs of one app: set when the app closes so runs stop at the next chunk. */
export interface BulkWorkerState {
  stopping: boolean;
  /** Runs in progress in this process (awaited on close). */
  running: Set<Promise<void>>;
}

/** A job table and its id column. */
export interface LeasedTable {
  table: 'imports' | 'loan_operations';
  idColumn: 'import_id' | 'operation_id';
}

/**
 * Takes the lease of a job that is initiated, or in progress with an expired or released lease,
 * and marks it in_progress.
 * @returns the lease token (the new `attempts`), or null when finished, cancelled or held by a live worker
 */
export async function claimLease(db: DbOrTx, t: LeasedTable, id: string, leaseSeconds: number): Promise<number | null> {
  const res = await db.execute(sql`
    update ${sql.identifier(t.table)}
    set status = 'in_progress', lease_until = now() + make_interval(secs => ${leaseSeconds}), attempts = attempts + 1,
        started_at = coalesce(started_at, now()), updated_at = now()
    where ${sql.identifier(t.idColumn)} = ${id} and status in ('initiated', 'in_progress') and (lease_until is null or lease_until < now())
    returning attempts`);
  const [row] = rowsOf<{ attempts: number }>(res);
  return row ? Number(row.attempts) : null;
}

/** Releases the lease of holder `token` without finishing (a graceful stop), so a restarted process resumes at once. */
export async function releaseLease(db: DbOrTx, t: LeasedTable, id: string, token: number): Promise<void> {
  await db.execute(sql`update ${sql.identifier(t.table)} set lease_until = null, updated_at = now() where ${sql.identifier(t.idColumn)} = ${id} and attempts = ${token}`);
}

/**
 * On queue start: queues again every job of `t` left initiated or in_progress by a stopped process.
 * One whose lease has not yet expired (its holder may still be alive) is queued when it expires.
 * @returns the ids queued now
 */
export async function resumeLeased<T extends object>(
  deps: Pick<ModuleDeps, 'db' | 'jobs'>,
  log: FastifyBaseLogger,
  timers: Set<NodeJS.Timeout>,
  t: LeasedTable,
  queue: QueueName,
  data: (id: string) => T,
): Promise<string[]> {
  const { db, jobs } = deps;
  const open = rowsOf<{ id: string; wait_ms: number }>(
    await db.execute(sql`
      select ${sql.identifier(t.idColumn)} as id, greatest(0, extract(epoch from (lease_until - now())) * 1000)::int as wait_ms
      from ${sql.identifier(t.table)} where status in ('initiated', 'in_progress')`),
  );
  const now: string[] = [];
  for (const { id, wait_ms: waitMs } of open) {
    if (!Number(waitMs)) {
      await jobs.send(queue, data(id));
      now.push(id);
    } else {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (jobs.running) jobs.send(queue, data(id)).catch((err: unknown) => log.error({ err, id }, `could not queue ${t.table} job again`));
      }, Number(waitMs) + 1_000);
      timer.unref();
      timers.add(timer);
    }
  }
  return now;
}

/**
 * Works a bulk job queue in this process (one job at a time): runs `run` for each job, re-queues
 * the jobs a stopped process left behind once the queue runs (`resume`), and on close makes
 * running jobs stop at their next chunk (releasing their lease) and waits for them.
 */
export function workBulkQueue<T extends object>(
  ctx: JobContext,
  queue: QueueName,
  run: (state: BulkWorkerState, data: T) => Promise<void>,
  resume: (timers: Set<NodeJS.Timeout>) => Promise<unknown>,
): void {
  const state: BulkWorkerState = { stopping: false, running: new Set() };
  const timers = new Set<NodeJS.Timeout>();
  ctx.jobs.work<T>(queue, async (data) => {
    const running = run(state, data);
    state.running.add(running);
    try {
      await running;
    } finally {
      state.running.delete(running);
    }
  });
  ctx.onReady(async () => {
    // Called after the queue started (unless this process does not work queues).
    if (ctx.jobs.running) await resume(timers);
  });
  ctx.onClose(async () => {
    state.stopping = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.allSettled([...state.running]);
  });
}
