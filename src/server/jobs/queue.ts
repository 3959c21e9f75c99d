/**
 * Durable jobs in PostgreSQL (ARCHITECTURE "Long work"): a thin wrapper over pg-boss, run on the
 * same database as the API (node-postgres pool, or PGlite through `Database.executeSql`), in its
 * own schema `pgboss`. Imports, exports and (later) loan operations enqueue here; any API process
 * works the queues, so a job survives a restart of the process that accepted it.
 *
 * pg-boss only delivers a job; the job's own progress, counts and checkpoint live in the owning
 * module's table (e.g. bulk `imports`), which is what makes a resumed job finish without duplicates.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** A queue's name, one per kind of long work; each area names its own queues (e.g. 'bulk-imports'). */
export type QueueName = string;

/** A job handler: receives the job's data; throwing marks the pg-boss job failed (the module records why). */
export type JobHandler<T extends object> = (data: T, jobId: string) => Promise<void>;

export interface JobQueue {
  /** Starts pg-boss (creates its schema on first use) and the workers registered so far. */
  start(): Promise<void>;
  /** Stops fetching; waits up to `timeoutMs` for running handlers. */
  stop(timeoutMs?: number): Promise<void>;
  /** Enqueues one job; answers the pg-boss job id. */
  send<T extends object>(queue: QueueName, data: T): Promise<string>;
  /**
   * Registers the handler of `queue` (and creates the queue when the queue starts); it runs when
   * the queue is started (or at once if it is). Areas call this from their front door's `jobs`.
   * `concurrency` handlers run at a time in this process (default 1).
   */
  work<T extends object>(queue: QueueName, handler: JobHandler<T>, opts?: { concurrency?: number }): void;
  /** Whether start() has completed and stop() has not been called. */
  readonly running: boolean;
}

export interface JobQueueOptions {
  /** How often an idle worker polls, in seconds (pg-boss minimum 0.5). Default 1. */
  pollingIntervalSeconds?: number;
  /** Log sink for pg-boss errors. */
  onError?: (err: unknown) => void;
}

/** NOTIFY channel whose payload is the name of a queue a job was just sent to. */
const WAKE_CHANNEL = 'job_queue_wake';

/** Creates the queue over `database`; nothing runs until start(). */
export function createJobQueue(database: Database, opts: JobQueueOptions = {}): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    // Our jobs resume from their own checkpoints; pg-boss's maintenance (archive/expiry) stays on.
  } as unknown as PgBoss.ConstructorOptions);
  boss.on('error', (err) => opts.onError?.(err));
  const handlers = new Map<QueueName, { handler: JobHandler<object>; concurrency: number }>();
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 1;
  /** This process's pg-boss worker ids per queue: woken when a job is sent, so it starts without waiting for the poll. */
  const workerIds = new Map<QueueName, string[]>();
  let running = false;
  let stopping = false;
  let unlisten: (() => Promise<void>) | null = null;

  /** Wakes this process's idle workers of `queue` (a busy one ignores it and fetches again when done). */
  function wake(queue: QueueName): void {
    if (running) for (const w of workerIds.get(queue) ?? []) boss.notifyWorker(w);
  }

  async function startWorker(queue: QueueName, handler: JobHandler<object>, concurrency: number): Promise<void> {
    for (let i = 0; i < concurrency; i += 1) {
      const id = await boss.work<object>(queue, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, job.id);
      });
      workerIds.set(queue, [...(workerIds.get(queue) ?? []), id]);
    }
  }

  return {
    get running() {
      return running;
    },
    async start() {
      if (running) return;
      await boss.start();
      for (const q of handlers.keys()) {
        // Retries are the module's business (it resumes from its checkpoint), so pg-boss retries twice at most.
        await boss.createQueue(q, { name: q, retryLimit: 2, retryDelay: 5, expireInSeconds: 60 * 60 * 4 } as PgBoss.Queue);
      }
      running = true;
      for (const [q, h] of handlers) await startWorker(q, h.handler, h.concurrency);
      // Jobs sent by another API process wake ours through NOTIFY; without it (LISTEN refused or its
      // connection down) they start at the next poll, as before.
      unlisten = await database.listen(WAKE_CHANNEL, (queue) => wake(queue)).catch((err: unknown) => {
        opts.onError?.(err);
        return null;
      });
    },
    async stop(timeoutMs = 10_000) {
      if (!running || stopping) return;
      stopping = true;
      running = false;
      await unlisten?.().catch(() => undefined);
      unlisten = null;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },
    async send(queue, data) {
      const id = await boss.send(queue, data as object);
      if (!id) throw new Error(`pg-boss did not accept a job for ${queue}`);
      // The job row is committed: wake this process's worker now (an idle one would otherwise see the
      // job only at its next poll, up to pollingIntervalSeconds later) and tell other processes.
      // Senders commit the rows a job reads before sending (see createImport), so a job that starts
      // at once finds them. A lost NOTIFY only delays the job to the next poll.
      wake(queue);
      await database.executeSql('select pg_notify($1, $2)', [WAKE_CHANNEL, queue]).catch((err: unknown) => opts.onError?.(err));
      return id;
    },
    work(queue, handler, workOpts) {
      const entry = { handler: handler as JobHandler<object>, concurrency: workOpts?.concurrency ?? 1 };
      handlers.set(queue, entry);
      if (running) void startWorker(queue, entry.handler, entry.concurrency);
    },
  };
}
