/**
 * Group commit of gateway link webhooks (issue 15 "npm run bench": 10,000 webhooks 32 in flight,
 * p99 < 50 ms). One webhook per transaction paid a commit (WAL flush) each, and every posting holds
 * its loan's rows (and its month's counts row) from the dues update to that commit, so concurrent
 * webhooks queued behind one another's flushes. Here the verified events that arrive while earlier
 * batches run share ONE transaction: their event rows in one INSERT (duplicates dropped by event
 * id), their links locked in one statement in a fixed order, each event posted as before
 * (webhook-posting.ts), the loans' dues lowered once per company just before the
 * one commit. Each caller still gets its own event's outcome, after the commit — the webhook's
 * answer is unchanged and only sent once its payment is durable.
 *
 * Owns: the per-process queue of verified events waiting for a batch.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { Db } from '../../db/client';
import { applyLoanPayments, type LoanPaymentPosted } from '../portfolio/queries';
import type { GatewayEvent } from './gateways/types';
import { paymentGatewayEvents, paymentLinks } from './schema';
import { rowsOf } from '../../db/sql-helpers';
import { companyCurrencySql } from '../companies/queries';
import { seenBeforeSql } from './reconciliation';
import { postVerifiedEvent, type EventPosting, type LinkFacts } from './webhook-posting';

/** One verified link event of a company's gateway, received at `now`. */
export interface EventJob {
  companyId: string;
  vendor: PgVendor;
  event: GatewayEvent;
  now: Date;
}

/**
 * Batches in flight at once (each holds one pooled connection for its transaction). 2 measured best
 * on 2 cores (spread p99 75–80 ms vs 87 at 3 and 145 at 6; hot 76 vs 123–166 ms at 3).
 */
export const WEBHOOK_BATCHES_IN_FLIGHT = 2;
/** Events per transaction at most. */
export const WEBHOOK_BATCH_MAX = 64;

export interface WebhookBatcher {
  /**
   * Posts `job` in the next batch (at once when fewer than WEBHOOK_BATCHES_IN_FLIGHT run) and
   * answers its outcome once that batch committed. A batch that fails (a deadlock with another
   * process's batch, a bad row) is rolled back and its events are retried one per transaction, so
   * one event's error is only its own. @throws that event's own error
   */
  submit(job: EventJob): Promise<EventPosting>;
  /** Waits for the batches in flight (the server is closing). */
  stop(): Promise<void>;
}

const keyOf = (j: EventJob) => `${j.companyId}\u0000${j.vendor}\u0000${j.event.eventId}`;

/**
 * Posts `jobs` in ONE transaction, in their order of arrival. @returns each job's outcome, at
 * its index (a repeat of an event id — stored before or earlier in the batch — is a duplicate)
 */
export async function postEventBatch(db: Db, jobs: readonly EventJob[]): Promise<EventPosting[]> {
  return db.transaction(async (tx) => {
    // Keys in a fixed order, so two batches inserting the same event ids wait on each other
    // instead of deadlocking. A FAILED event is stored without its outcome until its turn comes,
    // so a success earlier in the batch is not taken for a success after a failure.
    const first = new Map<string, EventJob>();
    for (const j of jobs) if (!first.has(keyOf(j))) first.set(keyOf(j), j);
    const rows = [...first.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, j]) => j);
    const inserted = await tx
      .insert(paymentGatewayEvents)
      .values(rows.map((j) => ({ companyId: j.companyId, pgVendor: j.vendor, eventId: j.event.eventId, linkId: j.event.linkId, outcome: 'recorded', gatewayPaymentId: j.event.paymentId, eventOutcome: j.event.outcome === 'SUCCESS' ? ('SUCCESS' as const) : null, receivedAt: j.now })))
      .onConflictDoNothing()
      .returning({ companyId: paymentGatewayEvents.companyId, pgVendor: paymentGatewayEvents.pgVendor, eventId: paymentGatewayEvents.eventId });
    const fresh = new Set(inserted.map((r) => `${r.companyId}\u0000${r.pgVendor}\u0000${r.eventId}`));
    // The batch's links locked at once in link id order (the order every batch takes them in),
    // read with the facts of their payments: an event alone on its link and payment posts from
    // these (postVerifiedEvent's `pre`), one statement instead of two.
    const freshJobs = rows.filter((j) => fresh.has(keyOf(j)));
    const pre = new Map<string, LinkFacts>();
    const count = (f: (j: EventJob) => string) => freshJobs.reduce((m, j) => m.set(f(j), (m.get(f(j)) ?? 0) + 1), new Map<string, number>());
    const perLink = count((j) => `${j.companyId}\u0000${j.event.linkId}`);
    const perPayment = count((j) => `${j.companyId}\u0000${j.vendor}\u0000${j.event.paymentId}`);
    const companies = [...new Set(freshJobs.map((j) => j.companyId))].sort();
    for (const companyId of companies) {
      const mine = freshJobs.filter((j) => j.companyId === companyId);
      const links = await tx
        .select({ link: paymentLinks })
        .from(paymentLinks)
        .where(and(eq(paymentLinks.companyId, companyId), inArray(paymentLinks.linkId, [...new Set(mine.map((j) => j.event.linkId))])))
        .orderBy(paymentLinks.linkId)
        .for('update');
      const alone = mine.filter((j) => perLink.get(`${companyId}\u0000${j.event.linkId}`) === 1 && perPayment.get(`${companyId}\u0000${j.vendor}\u0000${j.event.paymentId}`) === 1);
      if (alone.length === 0) continue;
      const facts = rowsOf<{ vendor: string; pid: string; failed: boolean; seen: boolean; currency: string }>(
        await tx.execute(sql`
        select p.vendor, p.pid,
          exists (select 1 from ${paymentGatewayEvents} g where g.company_id = ${companyId} and g.pg_vendor = p.vendor and g.gateway_payment_id = p.pid and g.event_outcome = 'FAILED') as failed,
          ${seenBeforeSql(companyId, 'online', sql`p.vendor || ':' || p.pid`)} as seen,
          ${companyCurrencySql(companyId)} as currency
        from jsonb_to_recordset(${JSON.stringify(alone.map((j) => ({ vendor: j.vendor, pid: j.event.paymentId })))}::jsonb) as p(vendor text, pid text)`),
      );
      const factOf = new Map(facts.map((f) => [`${f.vendor}\u0000${f.pid}`, f]));
      for (const j of alone) {
        const f = factOf.get(`${j.vendor}\u0000${j.event.paymentId}`);
        if (!f) continue;
        const link = links.find((l) => l.link.linkId === j.event.linkId && l.link.pgVendor === j.vendor)?.link;
        pre.set(keyOf(j), { link, failed: Boolean(f.failed), seen: Boolean(f.seen), currency: f.currency });
      }
    }
    const results: EventPosting[] = [];
    const dues = new Map<string, LoanPaymentPosted[]>();
    for (const j of jobs) {
      const key = keyOf(j);
      if (!fresh.delete(key)) {
        results.push({ outcome: 'duplicate' });
        continue;
      }
      const e = j.event;
      if (e.outcome === 'FAILED') {
        await tx
          .update(paymentGatewayEvents)
          .set({ eventOutcome: 'FAILED' })
          .where(and(eq(paymentGatewayEvents.companyId, j.companyId), eq(paymentGatewayEvents.pgVendor, j.vendor), eq(paymentGatewayEvents.eventId, e.eventId)));
      }
      const r = await postVerifiedEvent(tx, j.companyId, j.vendor, e, j.now, pre.get(key));
      if (r.paid) (dues.get(j.companyId) ?? dues.set(j.companyId, []).get(j.companyId)!).push(r.paid);
      results.push({ outcome: r.outcome, queued: r.queued });
    }
    // Last, so the loans' rows (and their month's counts) stay locked only until the commit.
    for (const [companyId, paid] of dues) await applyLoanPayments(tx, companyId, paid);
    return results;
  });
}

/** The process's batcher over `db`. */
export function createWebhookBatcher(db: Db): WebhookBatcher {
  type Waiting = { job: EventJob; resolve: (r: EventPosting) => void; reject: (err: unknown) => void };
  const queue: Waiting[] = [];
  let running = 0;
  let idle: (() => void) | null = null;
  const run = async (batch: Waiting[]) => {
    try {
      const results = await postEventBatch(
        db,
        batch.map((w) => w.job),
      );
      batch.forEach((w, i) => w.resolve(results[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const w of batch) await postEventBatch(db, [w.job]).then(([r]) => w.resolve(r), w.reject);
    }
  };
  const pump = () => {
    while (running < WEBHOOK_BATCHES_IN_FLIGHT && queue.length > 0) {
      running++;
      void run(queue.splice(0, WEBHOOK_BATCH_MAX)).finally(() => {
        running--;
        pump();
        if (running === 0) idle?.();
      });
    }
  };
  return {
    submit: (job) =>
      new Promise<EventPosting>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      }),
    stop: () =>
      running === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            idle = resolve;
          }),
  };
}
