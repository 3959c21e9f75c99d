/**
 * The notice batch job (issue 17): prints one PDF per loan, with one Chromium per run (pdf.ts),
 * then joins the stored PDFs into the Merged File with pdfunite (each notice is printed once). The notice rows are the checkpoint: a notice leaves 'in_progress'
 * (success with its PDF, failed, or no_data_found with the reason) in one update, so a job resumed
 * after a restart prints only what is left. The values each notice was written with are kept in
 * clear; a masked reader gets the notice re-printed with them masked (notice-files.ts).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { and, asc, eq } from 'drizzle-orm';
import { noticeValues } from '../../../domain/legal/variables';
import { noticeDocument, noticeFragment, type NoticeLanguage } from '../../../domain/legal/templates';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/files';
import { companyCountry, getCompany } from '../companies/queries';
import { addLoanEvents, loanSummaries, portfolioView } from '../portfolio/queries';
import { openPrinter, withJoinedPdf, withUnitedPdfs, type PdfPrinter } from '../../documents/pdf';
import { noticeBatches, notices, noticeTemplates, type NoticeRow } from './schema';

/** Notices read and printed per chunk. */
export const NOTICE_CHUNK = 25;
export const BATCH_FAILED_MESSAGE = 'Notice generation failed, please try again';
export const NO_NOTICE_MESSAGE = 'No notice could be generated: see the error file';

/** Where a notice's PDF and a batch's Merged File are stored. */
export const noticePdfKey = (n: Pick<NoticeRow, 'companyId' | 'batchId' | 'noticeId'>) => `notices/${n.companyId}/${n.batchId}/${n.noticeId}.pdf`;
export const mergedKey = (companyId: string, batchId: string) => `notices/${companyId}/${batchId}/merged.pdf`;

/**
 * Notices per printed part of a Merged File: Chromium's memory grows with the pages it lays out at
 * once (the whole browser, measured: 250 pages ~510 MB, 1,000 ~790 MB, 2,500 ~1 GB; a fresh browser
 * with one notice 398 MB, then 50 pages 424 MB, 100 429 MB, 250 471 MB), so a long file is printed
 * in parts and joined.
 */
export const MERGED_PART = 100;

/** A printable document of notices written with `values`, in `language`. */
export function noticesHtml(body: string, language: NoticeLanguage, values: readonly Record<string, string | null>[]): string {
  return noticeDocument(
    values.map((v) => noticeFragment(body, v)),
    language,
  );
}

/**
 * Prints the notices written with `values`, in order, MERGED_PART at a time, each part written to a
 * temporary file at once and the parts joined by pdfunite (withJoinedPdf): `withFile(path)` gets the one
 * PDF, so a 10,000-notice Merged File is never held in this process.
 */
export async function withPrintedNotices<T>(printer: PdfPrinter, body: string, language: NoticeLanguage, values: readonly Record<string, string | null>[], withFile: (path: string) => Promise<T>): Promise<T> {
  return withJoinedPdf(async (add) => {
    for (let i = 0; i < values.length; i += MERGED_PART) await add(await printer.print(noticesHtml(body, language, values.slice(i, i + MERGED_PART))));
  }, withFile);
}

/** One PDF of the notices written with `values`, in order, in memory (a download or a ZIP entry). */
export function printNotices(printer: PdfPrinter, body: string, language: NoticeLanguage, values: readonly Record<string, string | null>[]): Promise<Buffer> {
  return withPrintedNotices(printer, body, language, values, (path) => readFile(path));
}

/**
 * Runs batch `batchId`: every notice still in progress is written (values from the loan, clear)
 * and printed; then the Merged File of the successful ones. The batch ends 'success' when at least
 * one notice was generated, else 'failed' with NO_NOTICE_MESSAGE; a crash (e.g. Chromium cannot
 * start) marks it 'failed' with BATCH_FAILED_MESSAGE and its unprinted notices failed.
 * A batch no longer in progress is left alone.
 */
export async function runNoticeBatch(db: Db, files: FileStorage, batchId: string, log?: (err: unknown) => void): Promise<void> {
  const [batch] = await db.select().from(noticeBatches).where(eq(noticeBatches.batchId, batchId));
  if (!batch || batch.status !== 'in_progress') return;
  // Chromium is launched by the first notice that is printed (none for a batch of missing loans).
  let opening = null as Promise<PdfPrinter> | null;
  try {
    const [template] = await db.select().from(noticeTemplates).where(eq(noticeTemplates.templateId, batch.templateId));
    const body = template.bodies[batch.language] ?? '';
    const [company, { currency }] = await Promise.all([getCompany(db, batch.companyId), companyCountry(db, batch.companyId)]);
    const view = await portfolioView(db, batch.companyId, true);
    for (;;) {
      const chunk = await db
        .select()
        .from(notices)
        .where(and(eq(notices.batchId, batchId), eq(notices.status, 'in_progress')))
        .orderBy(asc(notices.seq))
        .limit(NOTICE_CHUNK);
      if (chunk.length === 0) break;
      const loans = new Map((await loanSummaries(db, view, chunk.map((n) => ({ loanId: n.loanId, allocationMonth: n.allocationMonth })))).map((l) => [l.loanId, l]));
      // Each notice's PDF is asked for at once (the printer prints PRINT_LANES at a time and queues
      // the rest); the rows are then written in order while Chromium prints the next ones.
      const printing = chunk.map((n) => {
        const loan = loans.get(n.loanId);
        if (!loan) return { n, written: null };
        const written = noticeValues({ kind: template.kind, record: loan.record, companyName: company.trademark, currency, issueDate: batch.issueDate });
        if (!written.ok) return { n, written };
        const pdf = (opening ??= openPrinter()).then((printer) => printer.print(noticesHtml(body, batch.language, [written.values])));
        pdf.catch(() => undefined); // awaited below in order; a failure then fails the batch
        return { n, written, pdf };
      });
      for (const { n, written, pdf } of printing) {
        if (!written) {
          await db.update(notices).set({ status: 'no_data_found', reason: `Loan not found in ${n.allocationMonth}` }).where(eq(notices.noticeId, n.noticeId));
          continue;
        }
        if (!written.ok || !pdf) {
          if (!written.ok) await db.update(notices).set({ status: written.status, reason: written.reason }).where(eq(notices.noticeId, n.noticeId));
          continue;
        }
        const key = noticePdfKey(n);
        await files.put(key, await pdf);
        await db.transaction(async (tx) => {
          await tx.update(notices).set({ status: 'success', reason: null, values: written.values, pdfKey: key }).where(eq(notices.noticeId, n.noticeId));
          await addLoanEvents(tx, [
            {
              companyId: n.companyId,
              loanId: n.loanId,
              allocationMonth: n.allocationMonth,
              kind: 'notice',
              module: 'legal',
              remark: `Notice generated: ${template.name} v${template.version} (${batch.language})`,
              details: { notice_id: n.noticeId, batch_id: batchId, event: 'generated', kind: template.kind },
              authorId: batch.authorId,
            },
          ]);
        });
      }
    }
    const done = await db.select({ pdfKey: notices.pdfKey }).from(notices).where(and(eq(notices.batchId, batchId), eq(notices.status, 'success'))).orderBy(asc(notices.seq));
    if (done.length === 0) {
      await db.update(noticeBatches).set({ status: 'failed', message: NO_NOTICE_MESSAGE, finishedAt: new Date() }).where(eq(noticeBatches.batchId, batchId));
      return;
    }
    // The Merged File joins the stored notice PDFs (printed once, above) rather than printing them again.
    const key = mergedKey(batch.companyId, batchId);
    await withUnitedPdfs(
      done.map((d) => d.pdfKey ?? ''),
      (source, path) => pipeline(files.read(source), createWriteStream(path)),
      (path) => files.put(key, createReadStream(path)),
    );
    await db.update(noticeBatches).set({ status: 'success', mergedKey: key, message: null, finishedAt: new Date() }).where(eq(noticeBatches.batchId, batchId));
  } catch (err) {
    log?.(err);
    await db.update(notices).set({ status: 'failed', reason: 'PDF generation failed' }).where(and(eq(notices.batchId, batchId), eq(notices.status, 'in_progress')));
    await db.update(noticeBatches).set({ status: 'failed', message: BATCH_FAILED_MESSAGE, finishedAt: new Date() }).where(eq(noticeBatches.batchId, batchId));
  } finally {
    await (await opening?.catch(() => null))?.close();
  }
}
