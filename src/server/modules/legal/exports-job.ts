/**
 * The `legal-exports` job (issue 17; spec 4/9): makes a QUEUED notice export IN PROGRESS, then
 * writes its file and ends SUCCESS, NO DATA FOUND (nothing in the batch or range) or FAIL (with
 * why). Reports are CSV written from the notices in pages; documents are a ZIP streamed to
 * storage (zip.ts). Names are masked and notices re-printed masked when the author could not read
 * unmasked data when they asked. An export a stopped process left QUEUED or IN PROGRESS is made
 * again from the start on the next start (its file is written whole or not at all).
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import { MAX_EXPORT_DOCUMENTS } from '../../../domain/contracts/legal/transfers';
import { countryTimeZone } from '../../../domain/common/dates';
import type { Db } from '../../db/client';
import type { JobContext } from '../../http/area';
import { openPrinter, type PdfPrinter } from '../../documents/pdf';
import type { FileStorage } from '../../storage/files';
import { companyCountry } from '../companies/queries';
import { portfolioView } from '../portfolio/queries';
import { toNoticeRecords } from './batches-service';
import { LEGAL_EXPORT_QUEUE, type LegalExportJobData } from './exports-service';
import { noticesHtml, printNotices } from './batch-job';
import { maskedValues } from './notice-files';
import { legalExports, noticeBatches, noticeDocuments, notices, noticeTemplates, type LegalExportRow, type NoticeBatchRow } from './schema';
import { zipStream, type ZipEntry } from './zip';

/** Notices read per page of a report. */
const REPORT_PAGE = 500;
export const TOO_MANY_DOCUMENTS = `More than ${MAX_EXPORT_DOCUMENTS.toLocaleString('en-IN')} files: choose one batch or a shorter range`;
export const EXPORT_FAILED = 'The export failed, please try again';

const TRACKING_HEADER = ['Notice ID', 'Batch ID', 'Loan ID', 'Allocation Month', 'Borrower', 'Notice Type', 'Language', 'Issue Date', 'Notice Status', 'Dispatch Mode', 'Tracking Number', 'Dispatch Status', 'Dispatched At', 'POD', 'Tracking Report', 'Reason'];
const DOWNLOAD_HEADER = ['Notice ID', 'Batch ID', 'Loan ID', 'Borrower', 'Notice Type', 'Language', 'Issue Date', 'Status', 'Reason', 'File'];

type BatchInfo = NoticeBatchRow & { kind: string; body: string };

/** The batches an export covers, oldest first: its batch, or the company's batches created in its range of company days. */
async function batchesOf(db: Db, e: LegalExportRow): Promise<BatchInfo[]> {
  let where = and(eq(noticeBatches.companyId, e.companyId), e.batchId ? eq(noticeBatches.batchId, e.batchId) : undefined);
  if (!e.batchId && e.fromDay && e.toDay) {
    const { offsetMinutes } = countryTimeZone((await companyCountry(db, e.companyId)).country);
    const start = new Date(Date.parse(`${e.fromDay}T00:00:00Z`) - offsetMinutes * 60_000);
    const end = new Date(Date.parse(`${e.toDay}T00:00:00Z`) + 86_400_000 - offsetMinutes * 60_000);
    where = and(where, gte(noticeBatches.createdAt, start), lt(noticeBatches.createdAt, end));
  }
  const rows = await db
    .select({ b: noticeBatches, kind: noticeTemplates.kind, bodies: noticeTemplates.bodies })
    .from(noticeBatches)
    .innerJoin(noticeTemplates, eq(noticeTemplates.templateId, noticeBatches.templateId))
    .where(where)
    .orderBy(asc(noticeBatches.createdAt));
  return rows.map((r) => ({ ...r.b, kind: r.kind, body: r.bodies[r.b.language] ?? '' }));
}

const fileNameOf = (loanId: string, prefix = 'notice') => `${prefix}_${loanId}.pdf`.replace(/[^\w.-]/g, '_');

async function bytesOf(files: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A report's CSV lines, page by page of notices; returns the row count. */
async function writeReport(db: Db, e: LegalExportRow, batches: BatchInfo[]): Promise<{ csv: string[]; rows: number }> {
  const view = await portfolioView(db, e.companyId, e.unmasked);
  const tracking = e.report === 'Notice Tracking Report';
  const csv = [stringify([tracking ? TRACKING_HEADER : DOWNLOAD_HEADER])];
  let rows = 0;
  for (const b of batches) {
    for (let seq = 0; ; ) {
      const page = await db.select().from(notices).where(and(eq(notices.batchId, b.batchId), gte(notices.seq, seq + 1))).orderBy(asc(notices.seq)).limit(REPORT_PAGE);
      if (page.length === 0) break;
      seq = page[page.length - 1].seq;
      const records = await toNoticeRecords(db, e.companyId, page, view);
      const docs = tracking
        ? await db
            .select({ noticeId: noticeDocuments.noticeId, type: noticeDocuments.documentType })
            .from(noticeDocuments)
            .where(and(eq(noticeDocuments.companyId, e.companyId), inArray(noticeDocuments.noticeId, page.map((n) => n.noticeId))))
        : [];
      const has = (id: string, type: string) => (docs.some((d) => d.noticeId === id && d.type === type) ? 'Yes' : 'No');
      csv.push(
        stringify(
          records.map((n) =>
            tracking
              ? [n.notice_id, n.batch_id, n.loan_id, n.allocation_month, n.applicant_name ?? '', b.kind, b.language, b.issueDate, n.status, n.dispatch_mode ?? '', n.tracking_number ?? '', n.dispatch_status ?? '', n.dispatched_at ?? '', has(n.notice_id, 'POD'), has(n.notice_id, 'Tracking Report'), n.reason ?? n.dispatch_reason ?? '']
              : [n.notice_id, n.batch_id, n.loan_id, n.applicant_name ?? '', b.kind, b.language, b.issueDate, n.status, n.reason ?? '', n.status === 'success' ? fileNameOf(n.loan_id) : ''],
          ),
        ),
      );
      rows += records.length;
    }
  }
  return { csv, rows };
}

/** How many files a documents export would hold. */
async function documentCount(db: Db, e: LegalExportRow, batches: BatchInfo[]): Promise<number> {
  const ids = batches.map((b) => b.batchId);
  if (ids.length === 0) return 0;
  if (e.report === 'Merged File') return batches.filter((b) => b.status === 'success' && b.mergedKey).length;
  if (e.report === 'Notice') return (await db.select({ n: count() }).from(notices).where(and(inArray(notices.batchId, ids), eq(notices.status, 'success'), isNotNull(notices.pdfKey))))[0].n;
  const [{ n }] = await db
    .select({ n: count() })
    .from(noticeDocuments)
    .innerJoin(notices, eq(notices.noticeId, noticeDocuments.noticeId))
    .where(and(inArray(notices.batchId, ids), eq(noticeDocuments.documentType, e.report as 'POD' | 'Tracking Report')));
  return n;
}

/** The entries of a documents export, in batch order (a masked author's notices printed with one Chromium). */
async function* documentEntries(db: Db, files: FileStorage, e: LegalExportRow, batches: BatchInfo[], printer: () => Promise<PdfPrinter>): AsyncGenerator<ZipEntry> {
  const view = e.unmasked ? null : await portfolioView(db, e.companyId, false);
  for (const b of batches) {
    const day = b.issueDate;
    if (e.report === 'Merged File') {
      if (b.status !== 'success' || !b.mergedKey) continue;
      const key = b.mergedKey;
      const name = `merged_${day}_${b.batchId.slice(0, 8)}.pdf`;
      if (!view) yield { name, bytes: () => bytesOf(files, key) };
      else {
        const rows = await db.select({ values: notices.values }).from(notices).where(and(eq(notices.batchId, b.batchId), eq(notices.status, 'success'))).orderBy(asc(notices.seq));
        const values = rows.map((r) => maskedValues(view, r.values ?? {}));
        // The masked Merged File is printed in parts as the batch job prints the clear one.
        yield { name, bytes: async () => printNotices(await printer(), b.body, b.language, values) };
      }
      continue;
    }
    if (e.report === 'Notice') {
      for (let seq = 0; ; ) {
        const page = await db
          .select()
          .from(notices)
          .where(and(eq(notices.batchId, b.batchId), eq(notices.status, 'success'), gte(notices.seq, seq + 1)))
          .orderBy(asc(notices.seq))
          .limit(REPORT_PAGE);
        if (page.length === 0) break;
        seq = page[page.length - 1].seq;
        for (const n of page) {
          if (!n.pdfKey) continue;
          const key = n.pdfKey;
          const name = `${day}/${fileNameOf(n.loanId)}`;
          if (!view) yield { name, bytes: () => bytesOf(files, key) };
          else yield { name, bytes: async () => (await printer()).print(noticesHtml(b.body, b.language, [maskedValues(view, n.values ?? {})])) };
        }
      }
      continue;
    }
    const docs = await db
      .select({ d: noticeDocuments, loanId: notices.loanId })
      .from(noticeDocuments)
      .innerJoin(notices, eq(notices.noticeId, noticeDocuments.noticeId))
      .where(and(eq(notices.batchId, b.batchId), eq(noticeDocuments.documentType, e.report as 'POD' | 'Tracking Report')))
      .orderBy(asc(notices.seq), asc(noticeDocuments.uploadedAt));
    for (const { d, loanId } of docs) {
      const ext = /\.[A-Za-z0-9]{1,8}$/.exec(d.fileName)?.[0] ?? '';
      yield { name: `${day}/${e.report === 'POD' ? 'POD' : 'tracking_report'}_${loanId}${ext}`.replace(/[^\w./-]/g, '_'), bytes: () => bytesOf(files, d.fileKey) };
    }
  }
}

/** File names of an export as downloaded. */
function exportFileName(e: LegalExportRow, zip: boolean): string {
  const scope = e.batchId ? e.batchId.slice(0, 8) : `${e.fromDay}_${e.toDay}`;
  return `${e.report.toLowerCase().replace(/\s+/g, '_')}_${scope}.${zip ? 'zip' : 'csv'}`;
}

/** Makes export `exportId` (see the module comment). A finished export is left alone. */
export async function runLegalExport(ctx: Pick<JobContext, 'db' | 'files'>, exportId: string): Promise<void> {
  const { db, files } = ctx;
  const [claimed] = await db.update(legalExports).set({ status: 'IN PROGRESS' }).where(and(eq(legalExports.exportId, exportId), inArray(legalExports.status, ['QUEUED', 'IN PROGRESS']))).returning();
  if (!claimed) return;
  const end = (set: Partial<typeof legalExports.$inferInsert>) => db.update(legalExports).set({ ...set, finishedAt: new Date() }).where(eq(legalExports.exportId, exportId));
  let printer: PdfPrinter | null = null;
  try {
    const batches = await batchesOf(db, claimed);
    const zip = claimed.report !== 'Notice Tracking Report' && claimed.report !== 'Download Notice';
    const key = `legal/${claimed.companyId}/exports/${exportId}.${zip ? 'zip' : 'csv'}`;
    let total: number;
    if (!zip) {
      const { csv, rows } = await writeReport(db, claimed, batches);
      if (rows === 0) return void (await end({ status: 'NO DATA FOUND', total: 0 }));
      await files.put(key, Readable.from(csv));
      total = rows;
    } else {
      total = await documentCount(db, claimed, batches);
      if (total === 0) return void (await end({ status: 'NO DATA FOUND', total: 0 }));
      if (total > MAX_EXPORT_DOCUMENTS) return void (await end({ status: 'FAIL', total, message: TOO_MANY_DOCUMENTS }));
      await files.put(key, zipStream(documentEntries(db, files, claimed, batches, async () => (printer ??= await openPrinter()))));
    }
    await end({ status: 'SUCCESS', total, fileKey: key, fileName: exportFileName(claimed, zip), message: null });
  } catch (err) {
    await end({ status: 'FAIL', message: EXPORT_FAILED });
    throw err;
  } finally {
    await (printer as PdfPrinter | null)?.close();
  }
}

/** Works the queue in this process; on start, queues again the exports a stopped process left unfinished. */
export function workLegalExports(ctx: JobContext): void {
  ctx.jobs.work<LegalExportJobData>(LEGAL_EXPORT_QUEUE, ({ exportId }) => runLegalExport(ctx, exportId).catch((err: unknown) => ctx.log.error({ err, exportId }, 'legal export failed')));
  ctx.onReady(async () => {
    if (!ctx.jobs.running) return;
    const open = await ctx.db.select({ id: legalExports.exportId }).from(legalExports).where(inArray(legalExports.status, ['QUEUED', 'IN PROGRESS']));
    for (const { id } of open) await ctx.jobs.send<LegalExportJobData>(LEGAL_EXPORT_QUEUE, { exportId: id });
  });
}
