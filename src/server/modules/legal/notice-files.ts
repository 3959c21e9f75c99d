/**
 * Downloading notices (issue 17; masking per caller at download time as exports do, issue 12;
 * docs/architecture.md "Masking"). The stored PDFs hold clear values; a caller who may read
 * unmasked data gets them as stored, a masked caller gets them re-printed from the notice's kept
 * values masked through their own Masker (a PDF cannot be masked in place). The error file lists
 * loan ids, statuses and reasons only (no personal data).
 */
import { stringify } from 'csv-stringify/sync';
import { asc, eq, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { portfolioView, type PortfolioView } from '../portfolio/queries';
import { noticesHtml, printNotices } from './batch-job';
import { withPrinter } from '../../documents/pdf';
import { noticeBatches, notices, noticeTemplates } from './schema';
import { batchErrorRows, batchRow, noticeRow } from './batches-service';

export const MERGED_NOT_READY = 'The Merged File is not ready yet';
export const NOTICE_NOT_READY = 'This notice was not generated';

/** The loan variable a notice value comes from (the address joins the address lines). */
const variableOf = (key: string) => (key === 'address' ? 'address_line_1' : key);

/** A notice's values as `view`'s caller may read them. */
export function maskedValues(view: PortfolioView, values: Record<string, string | null>): Record<string, string | null> {
  if (view.masker.unmasked) return values;
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(values)) out[k] = v === null ? null : String(view.masker.value(variableOf(k), v));
  return out;
}

/** What a download sends: stored bytes (key) or bytes printed for a masked caller. */
export type NoticeDownload = { fileName: string } & ({ key: string } | { bytes: Buffer });

/**
 * The Merged File of a batch for the caller. @throws 404 BATCH_NOT_FOUND, MERGED_NOT_READY until
 * the batch succeeded.
 */
export async function mergedDownload(db: Db, companyId: string, batchId: string, unmasked: boolean): Promise<NoticeDownload> {
  const batch = await batchRow(db, companyId, batchId);
  if (batch.status !== 'success' || !batch.mergedKey) throw notFound(MERGED_NOT_READY);
  const fileName = `notices_${batch.issueDate}_${batchId.slice(0, 8)}_merged.pdf`;
  if (unmasked) return { fileName, key: batch.mergedKey };
  const view = await portfolioView(db, companyId, false);
  const [template] = await db.select().from(noticeTemplates).where(eq(noticeTemplates.templateId, batch.templateId));
  const rows = await db.select({ values: notices.values }).from(notices).where(and(eq(notices.batchId, batchId), eq(notices.status, 'success'))).orderBy(asc(notices.seq));
  const values = rows.map((r) => maskedValues(view, r.values ?? {}));
  return { fileName, bytes: await withPrinter((p) => printNotices(p, template.bodies[batch.language] ?? '', batch.language, values)) };
}

/** One notice's PDF for the caller. @throws 404 NOTICE_NOT_FOUND, NOTICE_NOT_READY. */
export async function noticeDownload(db: Db, companyId: string, noticeId: string, unmasked: boolean): Promise<NoticeDownload> {
  const notice = await noticeRow(db, companyId, noticeId);
  if (notice.status !== 'success' || !notice.pdfKey || !notice.values) throw notFound(NOTICE_NOT_READY);
  const fileName = `notice_${notice.loanId}.pdf`.replace(/[^\w.-]/g, '_');
  if (unmasked) return { fileName, key: notice.pdfKey };
  const [batch] = await db.select().from(noticeBatches).where(eq(noticeBatches.batchId, notice.batchId));
  const [template] = await db.select().from(noticeTemplates).where(eq(noticeTemplates.templateId, batch.templateId));
  const view = await portfolioView(db, companyId, false);
  const html = noticesHtml(template.bodies[batch.language] ?? '', batch.language, [maskedValues(view, notice.values)]);
  return { fileName, bytes: await withPrinter((p) => p.print(html)) };
}

/** The batch's error file: CSV with a header, one row per failed or no-data notice. @throws 404 BATCH_NOT_FOUND. */
export async function errorFile(db: Db, companyId: string, batchId: string): Promise<{ fileName: string; body: string }> {
  await batchRow(db, companyId, batchId);
  const rows = await batchErrorRows(db, batchId);
  return { fileName: `notices_${batchId.slice(0, 8)}_errors.csv`, body: stringify([['Loan ID', 'Status', 'Reason'], ...rows.map((r) => [r.loanId, r.status, r.reason ?? ''])]) };
}
