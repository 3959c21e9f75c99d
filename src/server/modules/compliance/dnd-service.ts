/**
 * The company's do-not-disturb list (issue 13): numbers kept as national digits
 * (contracts/compliance/numbers.ts), one by one or from an uploaded CSV (spec 4 "DND upload":
 * in_process while its rows are written, completed after). An upload of at most 5 MB is read and
 * written in the request, in chunks of 1,000 numbers.
 */
import { parse } from 'csv-parse/sync';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { DndBody, DndPage, DndRecord, DndUploadRecord } from '../../../domain/contracts/compliance/dnd';
import { normaliseNumber } from '../../../domain/contracts/compliance/numbers';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import { complianceDndNumbers, complianceDndUploads } from './schema';

const CHUNK = 1000;
export const INVALID_NUMBER = 'Enter a phone number (7 to 15 digits)';

const toRecord = (r: typeof complianceDndNumbers.$inferSelect): DndRecord => ({ dnd_id: r.dndId, number: r.number, note: r.note, source: r.source, created_at: r.createdAt.toISOString() });
const toUpload = (u: typeof complianceDndUploads.$inferSelect): DndUploadRecord => ({
  upload_id: u.uploadId,
  file_name: u.fileName,
  status: u.status,
  total_rows: u.totalRows,
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

/** Whether `raw` (any spelling of a number) is on the company's list. */
export async function isOnDnd(db: DbOrTx, companyId: string, raw: string | null | undefined): Promise<boolean> {
  const number = raw ? normaliseNumber(raw) : null;
  if (!number) return false;
  const [row] = await db.select({ id: complianceDndNumbers.dndId }).from(complianceDndNumbers).where(and(eq(complianceDndNumbers.companyId, companyId), eq(complianceDndNumbers.number, number))).limit(1);
  return Boolean(row);
}

/** The first column of each CSV row (a header row of text is counted as invalid-free and skipped). */
function numbersOf(file: FormFile): string[] {
  let rows: string[][];
  try {
    rows = parse(file.data, { relax_column_count: true, skip_empty_lines: true, bom: true, trim: true }) as string[][];
  } catch {
    throw badRequest('The file is not a readable CSV');
  }
  const cells = rows.map((r) => r[0] ?? '').filter((c) => c !== '');
  if (cells.length > 0 && !/\d/.test(cells[0])) cells.shift();
  return cells;
}

/**
 * POST /compliance/dnd/uploads: records the upload as in_process, adds each valid new number,
 * then marks it completed with its counts. @throws 400 when the file is not a CSV
 */
export async function uploadDnd(db: DbOrTx, companyId: string, userId: string, file: FormFile | undefined, now: Date): Promise<DndUploadRecord> {
  if (!file) throw badRequest('Choose a CSV file of numbers');
  if (!/\.(csv|txt)$/i.test(file.filename)) throw badRequest('Upload a .csv file');
  const cells = numbersOf(file);
  const [upload] = await db.insert(complianceDndUploads).values({ companyId, fileName: file.filename.slice(0, 200), createdBy: userId, totalRows: cells.length }).returning();
  const valid = cells.map(normaliseNumber);
  const unique = [...new Set(valid.filter((n): n is string => n !== null))];
  let added = 0;
  for (let i = 0; i < unique.length; i += CHUNK) {
    const chunk = unique.slice(i, i + CHUNK);
    const inserted = await db
      .insert(complianceDndNumbers)
      .values(chunk.map((number) => ({ companyId, number, source: 'upload' as const, uploadId: upload.uploadId, createdBy: userId })))
      .onConflictDoNothing()
      .returning({ id: complianceDndNumbers.dndId });
    added += inserted.length;
  }
  const invalid = valid.filter((n) => n === null).length;
  const [done] = await db
    .update(complianceDndUploads)
    .set({ status: 'completed', added, invalid, duplicates: cells.length - invalid - added, completedAt: now })
    .where(eq(complianceDndUploads.uploadId, upload.uploadId))
    .returning();
  return toUpload(done);
}

/** GET /compliance/dnd/uploads: the latest 50. */
export async function listDndUploads(db: DbOrTx, companyId: string): Promise<DndUploadRecord[]> {
  return (await db.select().from(complianceDndUploads).where(eq(complianceDndUploads.companyId, companyId)).orderBy(desc(complianceDndUploads.createdAt)).limit(50)).map(toUpload);
}
