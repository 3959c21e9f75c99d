/**
 * Notice batches (issue 17 "Bulk generation as a durable job"): a batch names its loans (ids, or
 * the loans list's filters and search of a month), each loan becomes a notice row at once (so the
 * job works through a fixed list and a resumed job continues where it stopped), and the
 * 'legal-notice-batches' queue prints them (batch-job.ts). Batches, notices and templates belong
 * to a company: another company's ids are never found.
 */
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BatchBody, BatchDetail, BatchRecord, BatchStatus, DispatchBody, LoanNoticeRecord, NoticeDispatchStatus, NoticeRecord, NoticeStatus } from '../../../domain/contracts/legal/notices';
import { MAX_BATCH_LOANS } from '../../../domain/contracts/legal/notices';
import { localDay, countryTimeZone } from '../../../domain/common/dates';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { messagesOf, type MessageRecord } from '../communication/queries';
import { companyCountry } from '../companies/queries';
import { addLoanEvents, parseFilters, portfolioView, selectedLoansSubquery, type PortfolioView } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import { noticeBatches, notices, noticeTemplates, type NoticeBatchRow, type NoticeRow } from './schema';
import { templateOf } from './templates-service';

/** The queue notice batches run on (worked by the legal area's front door). */
export const NOTICE_BATCH_QUEUE = 'legal-notice-batches';
export const BATCH_NOT_FOUND = 'Notice batch not found';
export const NOTICE_NOT_FOUND = 'Notice not found';

/** The job's data on NOTICE_BATCH_QUEUE. */
export interface NoticeBatchJobData {
  batchId: string;
}

type Counts = Record<NoticeStatus, number>;
const emptyCounts = (): Counts => ({ success: 0, failed: 0, in_progress: 0, no_data_found: 0 });

/** Notice counts by status of each batch in `batchIds`. */
async function countsOf(db: DbOrTx, batchIds: readonly string[]): Promise<Map<string, Counts>> {
  const out = new Map<string, Counts>(batchIds.map((id) => [id, emptyCounts()]));
  if (batchIds.length === 0) return out;
  const rows = await db
    .select({ batchId: notices.batchId, status: notices.status, n: count() })
    .from(notices)
    .where(inArray(notices.batchId, [...batchIds]))
    .groupBy(notices.batchId, notices.status);
  for (const r of rows) out.get(r.batchId)![r.status] = r.n;
  return out;
}

type BatchJoin = { row: NoticeBatchRow; templateName: string; kind: BatchRecord['kind']; version: number; authorName: string | null };

function toBatchRecord(b: BatchJoin, counts: Counts): BatchRecord {
  const total = b.row.total;
  const done = total - counts.in_progress;
  return {
    batch_id: b.row.batchId,
    template_id: b.row.templateId,
    template_name: b.templateName,
    kind: b.kind,
    version: b.version,
    language: b.row.language,
    allocation_month: b.row.allocationMonth,
    issue_date: b.row.issueDate,
    status: b.row.status,
    total,
    counts,
    progress: total === 0 ? 100 : Math.floor((done * 100) / total),
    merged_ready: Boolean(b.row.mergedKey),
    message: b.row.message,
    author_id: b.row.authorId,
    author_name: b.authorName,
    created_at: b.row.createdAt.toISOString(),
    finished_at: b.row.finishedAt?.toISOString() ?? null,
  };
}

function batchQuery(db: DbOrTx) {
  const authors = userNamesSubquery(db, 'authors');
  return db
    .select({ row: noticeBatches, templateName: noticeTemplates.name, kind: noticeTemplates.kind, version: noticeTemplates.version, authorName: authors.name })
    .from(noticeBatches)
    .innerJoin(noticeTemplates, eq(noticeTemplates.templateId, noticeBatches.templateId))
    .leftJoin(authors, eq(authors.userId, noticeBatches.authorId))
    .$dynamic();
}

/** The company's batch, or 404. */
export async function batchRow(db: DbOrTx, companyId: string, batchId: string): Promise<NoticeBatchRow> {
  const [row] = await db.select().from(noticeBatches).where(and(eq(noticeBatches.companyId, companyId), eq(noticeBatches.batchId, batchId)));
  if (!row) throw notFound(BATCH_NOT_FOUND);
  return row;
}

/** The company's today in its own time zone ('YYYY-MM-DD'): the default issue date. */
async function companyToday(db: DbOrTx, companyId: string, now: Date): Promise<string> {
  const { country } = await companyCountry(db, companyId);
  return localDay(now, countryTimeZone(country).offsetMinutes);
}

/**
 * POST /notice/batches: checks the template (the company's, approved, written in `language`),
 * resolves the loans, records the batch and its notices ('in_progress'; a loan id not in the month
 * is recorded 'no_data_found' at once) and queues the job.
 * @throws 404 TEMPLATE_NOT_FOUND; 400 when the template is a draft or lacks the language, for bad
 *   filters, when no loan is selected, or more than MAX_BATCH_LOANS are.
 */
export async function createBatch(db: Db, jobs: JobQueue, author: { userId: string; name: string; unmasked: boolean }, companyId: string, body: BatchBody, now: Date): Promise<BatchRecord> {
  const template = await templateOf(db, companyId, body.template_id);
  if (template.status !== 'approved') throw badRequest('Template is not approved yet');
  if (!template.bodies[body.language]) throw badRequest(`Template has no ${body.language} text`);
  const issueDate = body.issue_date ?? (await companyToday(db, companyId, now));

  let found: { loanId: string }[];
  let missing: string[] = [];
  if (body.loan_ids) {
    const ids = [...new Set(body.loan_ids)];
    const sub = selectedLoansSubquery(db, { companyId, allocationMonth: body.allocation_month, loanIds: ids });
    const present = new Set((await db.select({ loanId: sub.loanId }).from(sub)).map((r) => r.loanId));
    found = ids.filter((id) => present.has(id)).map((loanId) => ({ loanId }));
    missing = ids.filter((id) => !present.has(id));
  } else {
    const view: PortfolioView = await portfolioView(db, companyId, author.unmasked);
    const selection = { companyId, allocationMonth: body.allocation_month, search: body.search, searchMasked: view.masker.maskedNames(), filters: parseFilters(body.filters ?? [], view.variables) };
    const sub = selectedLoansSubquery(db, selection);
    found = await db.select({ loanId: sub.loanId }).from(sub).orderBy(asc(sub.id)).limit(MAX_BATCH_LOANS + 1);
    if (found.length > MAX_BATCH_LOANS) throw badRequest(`A batch may hold at most ${MAX_BATCH_LOANS} loans; narrow the filters`);
  }
  if (found.length === 0 && missing.length === 0) throw badRequest('No loan matches the selection');

  const batchId = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(noticeBatches)
      .values({
        companyId,
        templateId: template.templateId,
        language: body.language,
        allocationMonth: body.allocation_month,
        issueDate,
        loanIds: body.loan_ids ?? null,
        filters: body.filters ?? null,
        search: body.search ?? null,
        total: found.length + missing.length,
        authorId: author.userId,
      })
      .returning({ batchId: noticeBatches.batchId });
    const rows = [
      ...found.map((l) => ({ loanId: l.loanId, status: 'in_progress' as const, reason: null })),
      ...missing.map((loanId) => ({ loanId, status: 'no_data_found' as const, reason: `Loan not found in ${body.allocation_month}` })),
    ];
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(notices).values(
        rows.slice(i, i + 1000).map((r, j) => ({ batchId: batch.batchId, companyId, seq: i + j + 1, loanId: r.loanId, allocationMonth: body.allocation_month, status: r.status, reason: r.reason })),
      );
    }
    return batch.batchId;
  });
  await jobs.send<NoticeBatchJobData>(NOTICE_BATCH_QUEUE, { batchId });
  return getBatchRecord(db, companyId, batchId);
}

/** One batch as the API shows it. @throws 404 BATCH_NOT_FOUND. */
export async function getBatchRecord(db: DbOrTx, companyId: string, batchId: string): Promise<BatchRecord> {
  const [b] = await batchQuery(db).where(and(eq(noticeBatches.companyId, companyId), eq(noticeBatches.batchId, batchId)));
  if (!b) throw notFound(BATCH_NOT_FOUND);
  return toBatchRecord(b, (await countsOf(db, [batchId])).get(batchId)!);
}

/** GET /notice/batches: newest first. */
export async function listBatches(db: Db, companyId: string, page: { page_number: number; page_size: number }): Promise<{ batches: BatchRecord[]; total: number }> {
  const where = eq(noticeBatches.companyId, companyId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(noticeBatches).where(where),
    batchQuery(db)
      .where(where)
      .orderBy(desc(noticeBatches.createdAt), desc(noticeBatches.batchId))
      .limit(page.page_size)
      .offset((page.page_number - 1) * page.page_size),
  ]);
  const counts = await countsOf(db, rows.map((r) => r.row.batchId));
  return { total, batches: rows.map((r) => toBatchRecord(r, counts.get(r.row.batchId)!)) };
}

/** A notice's dispatch status from the status of the message that carried it (email / WhatsApp). */
export const DISPATCH_OF_MESSAGE: Record<MessageRecord['status'], NoticeDispatchStatus> = { queued: 'dispatched', sent: 'dispatched', delivered: 'delivered', read: 'delivered', failed: 'failed', blocked: 'blocked' };

/** The dispatch status as the message now stands (delivery receipts arrive after the send), else as stored. */
function liveStatus(row: NoticeRow, message: MessageRecord | undefined): NoticeRow['dispatchStatus'] {
  return message ? DISPATCH_OF_MESSAGE[message.status] : row.dispatchStatus;
}

/** Rows as records, email / WhatsApp dispatches with their message's current status. */
export async function toNoticeRecords(db: DbOrTx, companyId: string, rows: NoticeRow[], view: PortfolioView): Promise<NoticeRecord[]> {
  const messages = await messagesOf(db, companyId, rows.flatMap((r) => (r.dispatchMessageId ? [r.dispatchMessageId] : [])));
  return rows.map((r) => toNoticeRecord({ ...r, dispatchStatus: liveStatus(r, r.dispatchMessageId ? messages.get(r.dispatchMessageId) : undefined) }, view));
}

function toNoticeRecord(row: NoticeRow, view: PortfolioView): NoticeRecord {
  const name = row.values?.applicant_name ?? null;
  return {
    notice_id: row.noticeId,
    batch_id: row.batchId,
    loan_id: row.loanId,
    allocation_month: row.allocationMonth,
    applicant_name: name === null ? null : String(view.masker.value('applicant_name', name)),
    status: row.status,
    reason: row.reason,
    dispatch_mode: row.dispatchMode,
    tracking_number: row.trackingNumber,
    dispatch_status: row.dispatchStatus,
    dispatched_at: row.dispatchedAt?.toISOString() ?? null,
    dispatch_updated_at: row.dispatchUpdatedAt?.toISOString() ?? null,
    dispatch_reason: row.dispatchReason,
    dispatch_message_id: row.dispatchMessageId,
  };
}

/** Most notices GET /notice/batches/{id} lists (a larger batch's error file lists every failure). */
export const BATCH_DETAIL_NOTICES = 500;

/** GET /notice/batches/{id}: the batch and its first BATCH_DETAIL_NOTICES notices in order, names masked for the caller. */
export async function getBatchDetail(db: Db, companyId: string, batchId: string, unmasked: boolean): Promise<BatchDetail> {
  const record = await getBatchRecord(db, companyId, batchId);
  const [rows, view] = await Promise.all([
    db.select().from(notices).where(eq(notices.batchId, batchId)).orderBy(asc(notices.seq)).limit(BATCH_DETAIL_NOTICES),
    portfolioView(db, companyId, unmasked),
  ]);
  return { ...record, notices: await toNoticeRecords(db, companyId, rows, view) };
}

/** The company's notice, or 404. */
export async function noticeRow(db: DbOrTx, companyId: string, noticeId: string): Promise<NoticeRow> {
  const [row] = await db.select().from(notices).where(and(eq(notices.companyId, companyId), eq(notices.noticeId, noticeId)));
  if (!row) throw notFound(NOTICE_NOT_FOUND);
  return row;
}

/**
 * PUT /notice/notices/{id}/dispatch: records mode, tracking number and status, and adds a 'notice'
 * event to the loan's timeline. @throws 404; 400 for a notice that was not generated.
 */
export async function updateDispatch(db: Db, companyId: string, user: { userId: string; unmasked: boolean }, noticeId: string, body: DispatchBody, now: Date): Promise<NoticeRecord> {
  const row = await noticeRow(db, companyId, noticeId);
  if (row.status !== 'success') throw badRequest('Only a generated notice can be dispatched');
  const dispatchedAt = body.dispatched_on ? new Date(`${body.dispatched_on}T00:00:00Z`) : (row.dispatchedAt ?? now);
  const updated = await db.transaction(async (tx) => {
    const [u] = await tx
      .update(notices)
      .set({ dispatchMode: body.mode, trackingNumber: body.tracking_number, dispatchStatus: body.status, dispatchMessageId: null, dispatchReason: null, dispatchedAt, dispatchUpdatedAt: now, dispatchUpdatedBy: user.userId })
      .where(eq(notices.noticeId, noticeId))
      .returning();
    await addLoanEvents(tx, [
      {
        companyId,
        loanId: row.loanId,
        allocationMonth: row.allocationMonth,
        kind: 'notice',
        module: 'legal',
        remark: `Notice ${body.status} (${body.mode === 'speed_post' ? 'speed post' : 'courier'} ${body.tracking_number})`,
        details: { notice_id: noticeId, batch_id: row.batchId, event: body.status, mode: body.mode, tracking_number: body.tracking_number },
        authorId: user.userId,
      },
    ]);
    return u;
  });
  return toNoticeRecord(updated, await portfolioView(db, companyId, user.unmasked));
}

/** Batches still in progress (a stopped process left them): re-queued when the queue runs. */
export async function unfinishedBatches(db: Db): Promise<string[]> {
  return (await db.select({ id: noticeBatches.batchId }).from(noticeBatches).where(eq(noticeBatches.status, 'in_progress' satisfies BatchStatus))).map((r) => r.id);
}

/** The failed and no-data notices of a batch for its error file: loan id, status, reason. */
export async function batchErrorRows(db: Db, batchId: string): Promise<{ loanId: string; status: string; reason: string | null }[]> {
  return db
    .select({ loanId: notices.loanId, status: notices.status, reason: notices.reason })
    .from(notices)
    .where(and(eq(notices.batchId, batchId), sql`${notices.status} in ('failed', 'no_data_found')`))
    .orderBy(asc(notices.seq));
}

/** Most notices GET /notice/notices?loan_id= lists (newest first). */
export const LOAN_NOTICES_LIMIT = 200;

/** GET /notice/notices?loan_id=: the loan's notices in every month, newest batch first, names masked for the caller. */
export async function loanNotices(db: Db, companyId: string, loanId: string, unmasked: boolean): Promise<LoanNoticeRecord[]> {
  const rows = await db
    .select({ row: notices, batch: noticeBatches, templateName: noticeTemplates.name, kind: noticeTemplates.kind, version: noticeTemplates.version })
    .from(notices)
    .innerJoin(noticeBatches, eq(noticeBatches.batchId, notices.batchId))
    .innerJoin(noticeTemplates, eq(noticeTemplates.templateId, noticeBatches.templateId))
    .where(and(eq(notices.companyId, companyId), eq(notices.loanId, loanId)))
    .orderBy(desc(noticeBatches.createdAt), desc(notices.noticeId))
    .limit(LOAN_NOTICES_LIMIT);
  const records = await toNoticeRecords(db, companyId, rows.map((r) => r.row), await portfolioView(db, companyId, unmasked));
  return rows.map((r, i) => ({ ...records[i], template_name: r.templateName, kind: r.kind, version: r.version, language: r.batch.language, issue_date: r.batch.issueDate, created_at: r.batch.createdAt.toISOString() }));
}
