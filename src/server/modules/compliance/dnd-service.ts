/**
 * The company's do-not-disturb list (issue 13): numbers kept as national digits
 * (contracts/compliance/numbers.ts), one by one or from an uploaded CSV (spec 4 "DND upload":
 * in_process while its rows are written, completed after). An upload of at most 5 MB is kept in
 * file storage and written by a durable job (DND_UPLOAD_QUEUE) in chunks of 1,000 rows, with its
 * progress, and an error file of the values that are not phone numbers.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { DndBody, DndPage, DndRecord, DndUploadRecord } from '../../../domain/contracts/compliance/dnd';
import { normaliseNumber } from '../../../domain/contracts/compliance/numbers';
import type { Db, DbOrTx } from '../../db/client';
import { inTextList, likePattern } from '../../db/sql-helpers';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import type { JobQueue } from '../../jobs/queue';
import type { FileStorage } from '../../storage/files';
import { complianceDndNumbers, complianceDndUploads } from './schema';

const CHUNK = 1000;
export const INVALID_NUMBER = 'Enter a phone number (7 to 15 digits)';

const toRecord = (r: typeof complianceDndNumbers.$inferSelect): DndRecord => ({ dnd_id: r.dndId, number: r.number, note: r.note, source: r.source, created_at: r.createdAt.toISOString() });
const toUpload = (u: typeof complianceDndUploads.$inferSelect): DndUploadRecord => ({
  upload_id: u.uploadId,
  file_name: u.fileName,
  status: u.status,
  total_rows: u.totalRows,
  // Uploads written before the job kept a checkpoint were completed in their request.
  processed: u.status === 'completed' ? u.totalRows : u.processed,
  added: u.added,
  duplicates: u.duplicates,
  invalid: u.invalid,
  created_at: u.createdAt.toISOString(),
  completed_at: u.completedAt?.toISOString() ?? null,
});

/** GET /compliance/dnd: newest first, `search` matching digits anywhere in the number. */
export async function listDnd(db: DbOrTx, companyId: string, q: { page_number: number; page_size: number; search?: string }): Promise<DndPage> {
  const digits = q.search?.replace(/\D/g, '');
  const where = digits ? and(eq(complianceDndNumbers.companyId, companyId), ilike(complianceDndNumbers.number, likePattern(digits))) : eq(complianceDndNumbers.companyId, companyId);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(complianceDndNumbers).where(where).orderBy(desc(complianceDndNumbers.createdAt), desc(complianceDndNumbers.dndId)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
    db.select({ total: count() }).from(complianceDndNumbers).where(where),
  ]);
  return { numbers: rows.map(toRecord), total, page_number: q.page_number, page_size: q.page_size };
}

/** POST /compliance/dnd. @throws 400 INVALID_NUMBER; 409 'That number is already on the DND list' */
export async function addDnd(db: DbOrTx, companyId: string, userId: string, body: DndBody): Promise<DndRecord> {
  const number = normaliseNumber(body.number);
  if (!number) throw badRequest(INVALID_NUMBER);
  const [row] = await db.insert(complianceDndNumbers).values({ companyId, number, note: body.note || null, source: 'manual', createdBy: userId }).onConflictDoNothing().returning();
  if (!row) throw conflict('That number is already on the DND list');
  return toRecord(row);
}

/** DELETE /compliance/dnd/{dnd_id}. @throws 404 'Number not found' */
export async function removeDnd(db: DbOrTx, companyId: string, dndId: string): Promise<void> {
  const [row] = await db.delete(complianceDndNumbers).where(and(eq(complianceDndNumbers.companyId, companyId), eq(complianceDndNumbers.dndId, dndId))).returning();
  if (!row) throw notFound('Number not found');
}

/**
 * Which of `raws` (numbers in any format the loans hold) are on the company's DND list, in one
 * query: the set of their normalised forms (normaliseNumber) that are listed.
 */
export async function dndNumbersAmong(db: DbOrTx, companyId: string, raws: ReadonlyArray<string | null | undefined>): Promise<Set<string>> {
  const numbers = [...new Set(raws.map((r) => (r ? normaliseNumber(r) : null)).filter((n): n is string => Boolean(n)))];
  if (numbers.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ number: complianceDndNumbers.number })
    .from(complianceDndNumbers)
    .where(and(eq(complianceDndNumbers.companyId, companyId), inTextList(complianceDndNumbers.number, numbers)));
  return new Set(rows.map((r) => r.number));
}

/** The first column of each CSV row, with its row number in the file (a header row of text is skipped). */
function numbersOf(data: Buffer): Array<{ row: number; value: string }> {
  let rows: string[][];
  try {
    rows = parse(data, { relax_column_count: true, skip_empty_lines: false, bom: true, trim: true }) as string[][];
  } catch {
    throw badRequest('The file is not a readable CSV');
  }
  const cells = rows.map((r, i) => ({ row: i + 1, value: r[0] ?? '' })).filter((c) => c.value !== '');
  if (cells.length > 0 && !/\d/.test(cells[0].value)) cells.shift();
  return cells;
}

async function bytesOf(files: FileStorage, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of files.read(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * POST /compliance/dnd/uploads: checks the file is a CSV, keeps it in file storage, records the
 * upload as in_process with its row count and queues the job (DND_UPLOAD_QUEUE) that writes it.
 * @throws 400 when no file, not a .csv, or not a readable CSV
 */
export async function uploadDnd(db: DbOrTx, files: FileStorage, jobs: JobQueue, companyId: string, userId: string, file: FormFile | undefined): Promise<DndUploadRecord> {
  if (!file) throw badRequest('Choose a CSV file of numbers');
  if (!/\.(csv|txt)$/i.test(file.filename)) throw badRequest('Upload a .csv file');
  const cells = numbersOf(file.data);
  const uploadId = randomUUID();
  const fileKey = `compliance/dnd/${companyId}/${uploadId}.csv`;
  await files.put(fileKey, file.data);
  const [upload] = await db.insert(complianceDndUploads).values({ uploadId, companyId, fileName: file.filename.slice(0, 200), createdBy: userId, totalRows: cells.length, fileKey }).returning();
  await jobs.send<DndUploadJob>(DND_UPLOAD_QUEUE, { uploadId });
  return toUpload(upload);
}

export const DND_UPLOAD_QUEUE = 'compliance-dnd-upload';
export interface DndUploadJob {
  uploadId: string;
}

/**
 * The job: writes the file's numbers from the checkpoint on, CHUNK rows per transaction (numbers,
 * counts and checkpoint commit together, so a stopped process resumes without counting twice),
 * then marks the upload completed. A number already listed — earlier, or earlier in the file — is
 * a duplicate; a value that is not a phone number is invalid (listed in the error file).
 */
export async function runDndUpload(db: Db, files: FileStorage, uploadId: string, now: () => Date, stopping: () => boolean = () => false): Promise<void> {
  const [u] = await db.select().from(complianceDndUploads).where(eq(complianceDndUploads.uploadId, uploadId));
  if (!u || u.status !== 'in_process' || !u.fileKey) return;
  const cells = numbersOf(await bytesOf(files, u.fileKey));
  for (let i = u.processed; i < cells.length; i += CHUNK) {
    if (stopping()) return; // re-queued when the app starts again
    const chunk = cells.slice(i, i + CHUNK).map((c) => normaliseNumber(c.value));
    const valid = chunk.filter((n): n is string => n !== null);
    await db.transaction(async (tx) => {
      const inserted = valid.length
        ? await tx
            .insert(complianceDndNumbers)
            .values([...new Set(valid)].map((number) => ({ companyId: u.companyId, number, source: 'upload' as const, uploadId, createdBy: u.createdBy })))
            .onConflictDoNothing()
            .returning({ id: complianceDndNumbers.dndId })
        : [];
      await tx
        .update(complianceDndUploads)
        .set({
          processed: Math.min(i + CHUNK, cells.length),
          added: sql`${complianceDndUploads.added} + ${inserted.length}`,
          duplicates: sql`${complianceDndUploads.duplicates} + ${valid.length - inserted.length}`,
          invalid: sql`${complianceDndUploads.invalid} + ${chunk.length - valid.length}`,
        })
        .where(eq(complianceDndUploads.uploadId, uploadId));
    });
  }
  await db.update(complianceDndUploads).set({ status: 'completed', processed: cells.length, completedAt: now() }).where(eq(complianceDndUploads.uploadId, uploadId));
}

/** Uploads a stopped process left in_process (re-queued at start-up). */
export async function unfinishedDndUploads(db: Db): Promise<string[]> {
  return (await db.select({ id: complianceDndUploads.uploadId }).from(complianceDndUploads).where(eq(complianceDndUploads.status, 'in_process'))).map((r) => r.id);
}

/**
 * GET /compliance/dnd/uploads/{upload_id}/error-file: each value of the file that is not a phone
 * number, with its row in the file and the reason, as CSV (a header only when there is none).
 * @throws 404 'DND upload not found' (also another company's)
 */
export async function dndUploadErrorCsv(db: DbOrTx, files: FileStorage, companyId: string, uploadId: string): Promise<{ fileName: string; csv: string }> {
  const [u] = await db.select().from(complianceDndUploads).where(and(eq(complianceDndUploads.companyId, companyId), eq(complianceDndUploads.uploadId, uploadId)));
  if (!u) throw notFound('DND upload not found');
  const bad = u.fileKey ? numbersOf(await bytesOf(files, u.fileKey)).filter((c) => normaliseNumber(c.value) === null) : [];
  return { fileName: `dnd-upload-${uploadId}-errors.csv`, csv: stringify([['row', 'value', 'reason'], ...bad.map((c) => [String(c.row), c.value, INVALID_NUMBER])]) };
}

/** GET /compliance/dnd/uploads: the latest 50. */
export async function listDndUploads(db: DbOrTx, companyId: string): Promise<DndUploadRecord[]> {
  return (await db.select().from(complianceDndUploads).where(eq(complianceDndUploads.companyId, companyId)).orderBy(desc(complianceDndUploads.createdAt)).limit(50)).map(toUpload);
}
