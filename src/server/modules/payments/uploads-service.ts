/**
 * Offline payment uploads (issue 15, the payments tab of bulk operations): the file is stored, its
 * header checked at once (a missing column is the uploader's answer, not a failed job), and the
 * `payments-uploads` job reconciles it (uploads-job.ts). Reads for the tab and the error file.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { PaymentUploadRecord, PaymentUploadsPage } from '../../../domain/contracts/payments/uploads';
import { paymentColumns } from '../../../domain/payments/upload-rows';
import type { Db, DbOrTx } from '../../db/client';
import type { ModuleDeps } from '../../http/deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import { cellText, isEmptyDataRow, openSheetFile, SheetLimitError, sheetFileKindOf, storeCheckedSheet, type SheetFileKind } from '../bulk/queries';
import { paymentUploadErrors, paymentUploads, type PaymentUploadRow } from './schema';

/** The job queue of offline payment uploads. */
export const PAYMENT_UPLOAD_QUEUE = 'payments-uploads';
export interface PaymentUploadJobData {
  uploadId: string;
}
export const UPLOAD_NOT_FOUND = 'Payment upload not found';
/** Rows looked at for the header row: the first non-empty one among them. */
const HEAD_ROWS = 20;

export function toUploadRecord(u: PaymentUploadRow): PaymentUploadRecord {
  return {
    upload_id: u.uploadId,
    file_name: u.fileName,
    status: u.status,
    progress: u.progress,
    rows_read: u.dataRows,
    posted: u.posted,
    exceptions: u.exceptions,
    duplicates: u.duplicates,
    error_rows: u.errorRows,
    posted_minor: u.postedMinor,
    message: u.message,
    created_by: u.createdBy,
    created_at: u.createdAt.toISOString(),
    finished_at: u.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The header row of a payments file (the first non-empty row) and its index, read without loading the file.
 * @throws 400 when the file cannot be read or a required column is missing
 */
export async function readUploadHeader(path: string, kind: SheetFileKind): Promise<{ header: string[]; index: number }> {
  let source;
  try {
    source = await openSheetFile(path, kind);
  } catch {
    throw badRequest('The file could not be read');
  }
  try {
    let index = 0;
    for await (const row of source.rows) {
      if (!isEmptyDataRow(row)) {
        const header = row.map(cellText);
        const { missing } = paymentColumns(header);
        if (missing.length > 0) throw badRequest(`The file has no ${missing.join(', ')} column (columns: loan_id, amount, date; reference, channel, expected_amount optional)`);
        return { header, index };
      }
      if (++index >= HEAD_ROWS) break;
    }
    throw badRequest('The file has no header row');
  } catch (err) {
    if (err instanceof SheetLimitError) throw badRequest(err.message);
    if ((err as { statusCode?: number }).statusCode === 400) throw err;
    throw badRequest('The file could not be read');
  } finally {
    source.close();
  }
}

/**
 * POST /payment/uploads: stores the file under payments/<company>/uploads/, checks its header and
 * queues the job. @throws 400 (see readUploadHeader)
 */
export async function createUpload(deps: Pick<ModuleDeps, 'db' | 'files' | 'jobs'>, companyId: string, userId: string, file: FormFile): Promise<PaymentUploadRecord> {
  const kind = sheetFileKindOf(file.filename);
  const [row] = await deps.db.insert(paymentUploads).values({ companyId, fileName: file.filename.slice(0, 200), fileKey: '', fileKind: kind, createdBy: userId, status: 'initiated' }).returning();
  const key = `payments/${companyId}/uploads/${row.uploadId}.${kind}`;
  await storeCheckedSheet(deps.files, key, file.data, (path) => readUploadHeader(path, kind), () => deps.db.delete(paymentUploads).where(eq(paymentUploads.uploadId, row.uploadId)));
  const [stored] = await deps.db.update(paymentUploads).set({ fileKey: key }).where(eq(paymentUploads.uploadId, row.uploadId)).returning();
  await deps.jobs.send<PaymentUploadJobData>(PAYMENT_UPLOAD_QUEUE, { uploadId: row.uploadId });
  return toUploadRecord(stored);
}

/** GET /payment/uploads: newest first, paged. */
export async function listUploads(db: Db, companyId: string, q: { page_number: number; page_size: number }): Promise<PaymentUploadsPage> {
  const where = eq(paymentUploads.companyId, companyId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(paymentUploads).where(where),
    db.select().from(paymentUploads).where(where).orderBy(desc(paymentUploads.createdAt)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
  ]);
  return { uploads: rows.map(toUploadRecord), total, page_number: q.page_number, page_size: q.page_size };
}

/** One upload of the company. @throws 404 UPLOAD_NOT_FOUND */
export async function uploadOf(db: DbOrTx, companyId: string, uploadId: string): Promise<PaymentUploadRow> {
  const [row] = await db.select().from(paymentUploads).where(and(eq(paymentUploads.companyId, companyId), eq(paymentUploads.uploadId, uploadId)));
  if (!row) throw notFound(UPLOAD_NOT_FOUND);
  return row;
}

/**
 * GET /payment/uploads/{id}/error-file: the unreadable rows as CSV — row number, the row's cells,
 * the reason — under the file's own header. @throws 404 upload not found / 'No error file for this upload'
 */
export async function uploadErrorFile(db: Db, files: ModuleDeps['files'], companyId: string, uploadId: string): Promise<{ fileName: string; csv: string }> {
  const u = await uploadOf(db, companyId, uploadId);
  if (u.errorRows === 0) throw notFound('No error file for this upload');
  const { header } = await readUploadHeader(files.localPath(u.fileKey), u.fileKind as SheetFileKind);
  const rows = await db.select().from(paymentUploadErrors).where(eq(paymentUploadErrors.uploadId, uploadId)).orderBy(paymentUploadErrors.rowNumber);
  const csv = stringify([['row_number', ...header, 'reason'], ...rows.map((r) => [r.rowNumber, ...r.cells, r.reason])]);
  return { fileName: `${u.fileName.replace(/\.[^.]+$/, '')}-errors.csv`, csv };
}

/**
 * Terminates a queued or running upload: the job stops before its next chunk (each chunk checks the
 * status under a row lock in its own transaction), so what was posted stays and nothing more is.
 * @throws AppError 404; 409 'Only a queued or running upload can be terminated'
 */
export async function terminateUpload(db: DbOrTx, companyId: string, uploadId: string, now: Date): Promise<PaymentUploadRecord> {
  await uploadOf(db, companyId, uploadId);
  const [row] = await db
    .update(paymentUploads)
    .set({ status: 'terminated', message: 'Terminated by a user', finishedAt: now })
    .where(and(eq(paymentUploads.companyId, companyId), eq(paymentUploads.uploadId, uploadId), inArray(paymentUploads.status, ['initiated', 'in_progress'])))
    .returning();
  if (!row) throw conflict('Only a queued or running upload can be terminated');
  return toUploadRecord(row);
}
