/**
 * Payment links for a filtered set of loans (issue 15, bulk): `createLinkBatch` selects the loans
 * with the loans list's filters through portfolio's front door and queues the `payments-link-batches`
 * job; the job (`runLinkBatch`) finds each loan's amount by the batch's rule (link-batch-amounts.ts)
 * and creates and sends its link through `createLink` — the same
 * gateway adapter and communication compliance check as a single link — one loan per transaction,
 * in order, so a job stopped by a restart goes on from the first pending loan and never sends a
 * loan's link twice (the item and its link commit together).
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { LinkBatchBody, LinkBatchesPage, LinkBatchItemsPage, LinkBatchItemStatus, LinkBatchRecord } from '../../../domain/contracts/payments/link-batches';
import { MAX_LINK_BATCH_LOANS } from '../../../domain/contracts/payments/link-batches';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { JobContext } from '../../http/area';
import type { JobQueue } from '../../jobs/queue';
import { AppError, badRequest, notFound } from '../../http/errors';
import { parseFilters, portfolioView, selectedLoansSubquery } from '../portfolio/queries';
import { batchLoanAmount } from './link-batch-amounts';
import { companyToday } from '../companies/queries';
import { createLink, liveTransport, type GatewayTransport } from './links-service';
import type { PaymentLinkBatchRow } from './schema';
import { paymentLinkBatches, paymentLinkBatchItems, paymentLinks } from './schema';
import { credentialsOf } from './settings-service';

export const LINK_BATCH_QUEUE = 'payments-link-batches';
export interface LinkBatchJobData {
  batchId: string;
}
/** Loans read per round of the job. */
const ROUND = 50;

function record(b: PaymentLinkBatchRow & { created: number }): LinkBatchRecord {
  const done = b.sent + b.blocked + b.failed;
  return {
    batch_id: b.batchId,
    allocation_month: b.allocationMonth,
    pg_vendor: b.pgVendor,
    amount_rule: b.amountRule,
    amount_minor: b.amountMinor,
    send_via: b.sendVia,
    status: b.status,
    total: b.total,
    done,
    progress: b.total === 0 ? 100 : Math.floor((done * 100) / b.total),
    created: Number(b.created),
    sent: b.sent,
    blocked: b.blocked,
    failed: b.failed,
    created_at: b.createdAt.toISOString(),
    finished_at: b.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Selects the loans and writes the batch with its items in `tx` (the request's idempotent
 * transaction); the caller queues the job with `queueLinkBatch` once it has committed.
 * @throws AppError 400 gateway not configured, bad filters, no loan or more than MAX_LINK_BATCH_LOANS
 */
export async function createLinkBatch(tx: DbOrTx, config: Pick<AppConfig, 'paymentCredentialsKey' | 'production'>, companyId: string, userId: string, origin: string, body: LinkBatchBody): Promise<LinkBatchRecord> {
  if (!(await credentialsOf(tx, config, companyId, body.pg_vendor))) throw badRequest(`Payment gateway ${body.pg_vendor} is not configured`);
  const view = await portfolioView(tx, companyId, false);
  const sub = selectedLoansSubquery(tx, { companyId, allocationMonth: body.allocation_month, search: body.search, searchMasked: view.masker.maskedNames(), filters: parseFilters(body.filters ?? [], view.variables) });
  const found = await tx.select({ loanId: sub.loanId }).from(sub).orderBy(asc(sub.id)).limit(MAX_LINK_BATCH_LOANS + 1);
  if (found.length === 0) throw badRequest('No loan matches the selection');
  if (found.length > MAX_LINK_BATCH_LOANS) throw badRequest(`A batch may hold at most ${MAX_LINK_BATCH_LOANS} loans; narrow the filters`);
  const [row] = await tx
    .insert(paymentLinkBatches)
    .values({ companyId, allocationMonth: body.allocation_month, pgVendor: body.pg_vendor, amountRule: body.amount_rule ?? 'fixed', amountMinor: body.amount_minor ?? null, sendVia: body.send_via, templateId: body.template_id ?? null, expiryMinutes: body.expiry_minutes ?? null, origin, total: found.length, createdBy: userId })
    .returning();
  for (let i = 0; i < found.length; i += 1000) {
    await tx.insert(paymentLinkBatchItems).values(found.slice(i, i + 1000).map((l, j) => ({ batchId: row.batchId, companyId, seq: i + j + 1, loanId: l.loanId })));
  }
  return record({ ...row, created: 0 });
}

/** Queues batch `batchId`'s job (after its batch committed; a batch left unqueued resumes on the next start). */
export async function queueLinkBatch(jobs: JobQueue, batchId: string): Promise<void> {
  await jobs.send<LinkBatchJobData>(LINK_BATCH_QUEUE, { batchId });
}

/**
 * Links made so far in a batch (items with a link), for `record`. Names written out: drizzle leaves
 * columns unqualified in a one-table select, so `${paymentLinkBatches.batchId}` here would read the
 * items' own batch_id and count every batch's links.
 */
const createdSql = sql<number>`(select count(*)::int from payment_link_batch_items i where i.batch_id = payment_link_batches.batch_id and i.link_id is not null)`;

/** One batch. @throws AppError 404 */
export async function getLinkBatch(db: DbOrTx, companyId: string, batchId: string): Promise<LinkBatchRecord> {
  const [row] = await db
    .select({ ...getTableColumns(paymentLinkBatches), created: createdSql })
    .from(paymentLinkBatches)
    .where(and(eq(paymentLinkBatches.companyId, companyId), eq(paymentLinkBatches.batchId, batchId)));
  if (!row) throw notFound('Payment link batch not found');
  return record(row);
}

/**
 * A batch's loans in order, optionally of one status, with each one's reason and link.
 * @throws AppError 404 when the batch is not the company's
 */
export async function listLinkBatchItems(db: DbOrTx, companyId: string, batchId: string, q: { status?: LinkBatchItemStatus; page_number: number; page_size: number }): Promise<LinkBatchItemsPage> {
  const [batch] = await db.select({ id: paymentLinkBatches.batchId }).from(paymentLinkBatches).where(and(eq(paymentLinkBatches.companyId, companyId), eq(paymentLinkBatches.batchId, batchId)));
  if (!batch) throw notFound('Payment link batch not found');
  const i = paymentLinkBatchItems;
  const where = and(eq(i.companyId, companyId), eq(i.batchId, batchId), q.status ? eq(i.status, q.status) : undefined);
  const rows = await db
    .select({ seq: i.seq, loanId: i.loanId, status: i.status, amountMinor: i.amountMinor, reason: i.reason, linkId: i.linkId, url: paymentLinks.url })
    .from(i)
    .leftJoin(paymentLinks, and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, i.linkId)))
    .where(where)
    .orderBy(asc(i.seq))
    .limit(q.page_size)
    .offset((q.page_number - 1) * q.page_size);
  const [{ total }] = await db.select({ total: count() }).from(i).where(where);
  return { items: rows.map((r) => ({ seq: r.seq, loan_id: r.loanId, status: r.status, amount_minor: r.amountMinor === null ? null : Number(r.amountMinor), reason: r.reason, link_id: r.linkId, link_url: r.url })), total, page_number: q.page_number, page_size: q.page_size };
}

/** The company's batches, newest first. */
export async function listLinkBatches(db: DbOrTx, companyId: string, q: { page_number: number; page_size: number }): Promise<LinkBatchesPage> {
  const where = eq(paymentLinkBatches.companyId, companyId);
  const rows = await db
    .select({ ...getTableColumns(paymentLinkBatches), created: createdSql })
    .from(paymentLinkBatches)
    .where(where).orderBy(desc(paymentLinkBatches.createdAt)).limit(q.page_size).offset((q.page_number - 1) * q.page_size);
  const [{ total }] = await db.select({ total: count() }).from(paymentLinkBatches).where(where);
  return { batches: rows.map(record), total, page_number: q.page_number, page_size: q.page_size };
}

/**
 * The batch's blocked and failed loans as CSV: seq, loan_id, status, amount_minor (empty when the
 * rule found none), reason, link_id, link_url.
 * @throws AppError 404 batch not found, or 'No error file for this batch' when every loan was sent
 */
export async function linkBatchErrorFile(db: DbOrTx, companyId: string, batchId: string): Promise<{ fileName: string; csv: string }> {
  const i = paymentLinkBatchItems;
  await getLinkBatch(db, companyId, batchId);
  const rows = await db
    .select({ seq: i.seq, loanId: i.loanId, status: i.status, amountMinor: i.amountMinor, reason: i.reason, linkId: i.linkId, url: paymentLinks.url })
    .from(i)
    .leftJoin(paymentLinks, and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, i.linkId)))
    .where(and(eq(i.companyId, companyId), eq(i.batchId, batchId), inArray(i.status, ['blocked', 'failed'])))
    .orderBy(asc(i.seq));
  if (rows.length === 0) throw notFound('No error file for this batch');
  const csv = stringify([['seq', 'loan_id', 'status', 'amount_minor', 'reason', 'link_id', 'link_url'], ...rows.map((r) => [r.seq, r.loanId, r.status, r.amountMinor ?? '', r.reason ?? '', r.linkId ?? '', r.url ?? ''])]);
  return { fileName: `payment-link-batch-${batchId}-errors.csv`, csv };
}

/**
 * Works batch `batchId` from its first pending loan to the end: per loan, in one transaction, the
 * amount the batch's rule finds, the link (created and sent by createLink) and the item's outcome
 * and the batch's count. A loan whose rule finds no amount (0 or missing dues, EMI…) or whose link
 * cannot be made (no contact, vendor refused) is counted failed with the reason. Returns early
 * when `stopping()` turns true (resumed on the next start).
 */
export async function runLinkBatch(ctx: Pick<JobContext, 'db' | 'config' | 'clock'>, batchId: string, stopping: () => boolean, transport: GatewayTransport = liveTransport): Promise<void> {
  const { db } = ctx;
  const [batch] = await db.select().from(paymentLinkBatches).where(eq(paymentLinkBatches.batchId, batchId));
  if (batch?.status !== 'in_progress') return;
  const today = await companyToday(db, batch.companyId, ctx.clock.now());
  for (;;) {
    const items = await db
      .select()
      .from(paymentLinkBatchItems)
      .where(and(eq(paymentLinkBatchItems.batchId, batchId), eq(paymentLinkBatchItems.status, 'pending')))
      .orderBy(asc(paymentLinkBatchItems.seq))
      .limit(ROUND);
    if (items.length === 0) break;
    for (const item of items) {
      if (stopping()) return;
      await db.transaction(async (tx) => {
        // Locked and re-read: a second worker on the same batch skips what the first did.
        const [live] = await tx.select().from(paymentLinkBatchItems).where(and(eq(paymentLinkBatchItems.batchId, batchId), eq(paymentLinkBatchItems.seq, item.seq))).for('update');
        if (live?.status !== 'pending') return;
        let outcome: 'sent' | 'blocked' | 'failed';
        let linkId: string | null = null;
        let reason: string | null;
        const amount = await batchLoanAmount(tx, batch, item.loanId, today);
        try {
          if (amount.amountMinor === null) throw badRequest(amount.reason);
          const amountMinor = amount.amountMinor;
          const link = await tx.transaction((inner) =>
            createLink(inner, { config: ctx.config, origin: batch.origin, transport, now: ctx.clock.now() }, batch.companyId, batch.createdBy, {
              loan_id: item.loanId,
              amount_minor: amountMinor,
              pg_vendor: batch.pgVendor,
              send_via: batch.sendVia,
              ...(batch.templateId ? { template_id: batch.templateId } : {}),
              ...(batch.expiryMinutes ? { expiry_minutes: batch.expiryMinutes } : {}),
            }),
          );
          linkId = link.link_id;
          const m = link.message;
          outcome = m?.status === 'blocked' ? 'blocked' : m?.status === 'failed' ? 'failed' : 'sent';
          reason = m?.status === 'blocked' ? m.reasons.map((r) => r.message).join('; ') : m?.status === 'failed' ? m.error : null;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          outcome = 'failed';
          reason = err.message;
        }
        await tx.update(paymentLinkBatchItems).set({ status: outcome, amountMinor: amount.amountMinor, linkId, reason }).where(and(eq(paymentLinkBatchItems.batchId, batchId), eq(paymentLinkBatchItems.seq, item.seq)));
        await tx
          .update(paymentLinkBatches)
          .set({ [outcome]: sql`${paymentLinkBatches[outcome]} + 1` })
          .where(eq(paymentLinkBatches.batchId, batchId));
      });
    }
  }
  await db.update(paymentLinkBatches).set({ status: 'completed', finishedAt: ctx.clock.now() }).where(and(eq(paymentLinkBatches.batchId, batchId), eq(paymentLinkBatches.status, 'in_progress')));
}

/** Works the queue; on start, queues again the batches a stopped process left in progress. */
export function workLinkBatches(ctx: JobContext): void {
  let stopping = false;
  ctx.jobs.work<LinkBatchJobData>(LINK_BATCH_QUEUE, ({ batchId }) => runLinkBatch(ctx, batchId, () => stopping));
  ctx.onReady(async () => {
    if (!ctx.jobs.running) return;
    const open = await ctx.db.select({ id: paymentLinkBatches.batchId }).from(paymentLinkBatches).where(eq(paymentLinkBatches.status, 'in_progress'));
    for (const { id } of open) await ctx.jobs.send<LinkBatchJobData>(LINK_BATCH_QUEUE, { batchId: id });
  });
  ctx.onClose(() => {
    stopping = true;
  });
}
