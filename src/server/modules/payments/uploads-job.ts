/**
 * The `payments-uploads` job (issue 15): reads a stored payments file row by row and reconciles it
 * in chunks through reconcileBatch (source `upload`, one statement a chunk); each chunk's payments,
 * unreadable rows (the error file) and counts commit together with the checkpoint `rows_read`, so a
 * job stopped by a restart goes on from the next chunk — and even a chunk read twice posts nothing
 * twice, reconciliation being keyed by (source, source_ref).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { paymentColumns, readPaymentRow, uploadSourceRef } from '../../../domain/payments/upload-rows';
import type { JobContext } from '../../http/area';
import { cellText, isEmptyDataRow, openSheetFile, SheetLimitError, type SheetFileKind } from '../bulk/queries';
import { reconcileBatch, type BatchPayment } from './reconciliation';
import { paymentUploadErrors, paymentUploads } from './schema';
import { PAYMENT_UPLOAD_QUEUE, type PaymentUploadJobData } from './uploads-service';

/** Rows reconciled in one statement and one transaction. */
export const UPLOAD_CHUNK_ROWS = 2_000;

interface Chunk {
  payments: BatchPayment[];
  errors: { rowNumber: number; cells: string[]; reason: string }[];
  dataRows: number;
}

/**
 * Reconciles upload `uploadId` from its checkpoint to the end; marks it completed, or failed with
 * the reason when the file cannot be read. Returns early (leaving it in_progress, resumed on the
 * next start) when `stopping()` turns true between chunks.
 */
export async function runPaymentUpload(ctx: Pick<JobContext, 'db' | 'files'>, uploadId: string, stopping: () => boolean): Promise<void> {
  const { db } = ctx;
  const [claimed] = await db
    .update(paymentUploads)
    .set({ status: 'in_progress' })
    .where(and(eq(paymentUploads.uploadId, uploadId), inArray(paymentUploads.status, ['initiated', 'in_progress'])))
    .returning();
  if (!claimed) return;
  const { companyId } = claimed;
  let source;
  try {
    source = await openSheetFile(ctx.files.localPath(claimed.fileKey), claimed.fileKind as SheetFileKind, { csvInWorker: true });
  } catch {
    await fail(ctx, uploadId, 'The file could not be read');
    return;
  }
  let rowNumber = 0;
  let columns: ReturnType<typeof paymentColumns>['columns'] | null = null;
  let chunk: Chunk = { payments: [], errors: [], dataRows: 0 };
  const commit = async () => {
    const done = chunk;
    chunk = { payments: [], errors: [], dataRows: 0 };
    const progress = Math.min(99, Math.floor(source.fractionRead() * 100));
    // False when a user terminated the upload meanwhile: nothing of this chunk posts.
    return db.transaction(async (tx) => {
      const [live] = await tx.select({ status: paymentUploads.status }).from(paymentUploads).where(eq(paymentUploads.uploadId, uploadId)).for('update');
      if (live?.status !== 'in_progress') return false;
      const r = await reconcileBatch(tx, companyId, 'upload', done.payments);
      if (done.errors.length > 0) await tx.insert(paymentUploadErrors).values(done.errors.map((e) => ({ uploadId, companyId, ...e }))).onConflictDoNothing();
      await tx
        .update(paymentUploads)
        .set({
          rowsRead: rowNumber,
          progress: sql`greatest(${paymentUploads.progress}, ${progress})`,
          dataRows: sql`${paymentUploads.dataRows} + ${done.dataRows}`,
          posted: sql`${paymentUploads.posted} + ${r.posted}`,
          exceptions: sql`${paymentUploads.exceptions} + ${r.exceptions}`,
          duplicates: sql`${paymentUploads.duplicates} + ${r.duplicates}`,
          errorRows: sql`${paymentUploads.errorRows} + ${done.errors.length}`,
          postedMinor: sql`${paymentUploads.postedMinor} + ${r.posted_minor}`,
        })
        .where(eq(paymentUploads.uploadId, uploadId));
      return true;
    });
  };
  try {
    for await (const raw of source.rows) {
      rowNumber += 1;
      if (isEmptyDataRow(raw)) continue;
      const cells = raw.map(cellText);
      if (!columns) {
        columns = paymentColumns(cells).columns;
        continue;
      }
      // Rows up to the checkpoint were committed by an earlier run.
      if (rowNumber <= claimed.rowsRead) continue;
      chunk.dataRows += 1;
      const read = readPaymentRow(cells, columns);
      if ('error' in read) chunk.errors.push({ rowNumber, cells, reason: read.error });
      else {
        const p = read.payment;
        chunk.payments.push({
          source_ref: uploadSourceRef(p),
          loan_id: p.loanId,
          amount_minor: p.amountMinor,
          expected_minor: p.expectedMinor,
          // Noon UTC is the same calendar day in India (+05:30) and Indonesia (+07:00).
          paid_at: `${p.day}T12:00:00Z`,
          channel: p.channel,
          reference: p.reference,
        });
      }
      if (chunk.dataRows >= UPLOAD_CHUNK_ROWS) {
        if (!(await commit()) || stopping()) return;
      }
    }
    if (!(await commit())) return;
    await db
      .update(paymentUploads)
      .set({ status: 'completed', progress: 100, finishedAt: new Date() })
      .where(and(eq(paymentUploads.uploadId, uploadId), eq(paymentUploads.status, 'in_progress')));
  } catch (err) {
    await fail(ctx, uploadId, err instanceof SheetLimitError ? err.message : 'The file could not be read');
  } finally {
    source.close();
  }
}

async function fail(ctx: Pick<JobContext, 'db'>, uploadId: string, message: string): Promise<void> {
  await ctx.db
    .update(paymentUploads)
    .set({ status: 'failed', message, finishedAt: new Date() })
    .where(and(eq(paymentUploads.uploadId, uploadId), inArray(paymentUploads.status, ['initiated', 'in_progress'])));
}

/**
 * Works the queue in this process, one upload at a time; on start, queues again the uploads a
 * stopped process left initiated or in progress; on close, running uploads stop after their chunk.
 */
export function workPaymentUploads(ctx: JobContext): void {
  let stopping = false;
  const running = new Set<Promise<void>>();
  ctx.jobs.work<PaymentUploadJobData>(PAYMENT_UPLOAD_QUEUE, async ({ uploadId }) => {
    const run = runPaymentUpload(ctx, uploadId, () => stopping);
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
  });
  ctx.onReady(async () => {
    if (!ctx.jobs.running) return;
    const open = await ctx.db.select({ id: paymentUploads.uploadId }).from(paymentUploads).where(inArray(paymentUploads.status, ['initiated', 'in_progress']));
    for (const { id } of open) await ctx.jobs.send<PaymentUploadJobData>(PAYMENT_UPLOAD_QUEUE, { uploadId: id });
  });
  ctx.onClose(async () => {
    stopping = true;
    await Promise.allSettled([...running]);
  });
}

