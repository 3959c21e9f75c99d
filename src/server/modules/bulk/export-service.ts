/**
 * Export management (issue 3 "Exports"; spec 7 recovery `/exports`, `/export/download`; spec 9
 * default export page size 10). Exports belong to a company: another company never lists nor
 * downloads them.
 */
import { and, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExportRecord } from '../../../domain/contracts/bulk/exports';
import type { createExportBody, exportsQuery } from '../../../domain/contracts/bulk/exports.schema';
import { LOAN_EXPORT_OPERATION_TYPE } from '../../../domain/contracts/bulk/exports';
import type { Db } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { parseFilters, portfolioView } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import type { ExportJobData } from './export-job';
import { exportsTable, type ExportRow } from './schema';

/** The export jobs' queue (worked by the bulk area's front door). */
export const EXPORT_QUEUE = 'recovery-exports';
export const EXPORT_NOT_FOUND = 'Export not found';
export const EXPORT_NOT_READY = 'Export is not ready yet';
export const EXPORT_EXPORT_AGAIN = 'This export was made before per-user masking; please export again';

/** An export row as the API answers it (author's name given). */
export function toExportRecord(row: ExportRow, authorName: string | null): ExportRecord {
  return {
    export_id: row.exportId,
    operation_type: row.operationType,
    status: row.status,
    format: row.format,
    file_name: row.fileName,
    allocation_month: row.allocationMonth,
    total_rows: row.totalRows,
    message: row.message,
    author_id: row.authorId,
    author_name: authorName,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * POST /exports: records the export as 'accepted' (with whether the author may read unmasked
 * data now) and enqueues its job. @throws 400 for filters the company's config does not offer.
 */
export async function createExport(
  db: Db,
  jobs: JobQueue,
  author: { userId: string; name: string; unmasked: boolean },
  companyId: string,
  body: z.infer<typeof createExportBody>,
): Promise<ExportRecord> {
  const view = await portfolioView(db, companyId, author.unmasked);
  parseFilters(body.filters, view.variables);
  const named = await recordExport(db, {
    companyId,
    authorId: author.userId,
    operationType: LOAN_EXPORT_OPERATION_TYPE,
    format: body.format,
    period: body.allocation_month,
    filters: body.filters,
    search: body.search,
    unmasked: author.unmasked,
    fileBase: 'loans',
  });
  await jobs.send<ExportJobData>(EXPORT_QUEUE, { exportId: named.exportId });
  return toExportRecord(named, author.name);
}

/**
 * Records an export (loans; the payments area's payment exports) as 'accepted'
 * and names its file `${fileBase}_${period}_${stamp}_${id8}.${format}`; the caller queues its job.
 * `period` is kept in allocation_month (a loan export's month; a date range 'YYYY-MM-DD..YYYY-MM-DD').
 */
export async function recordExport(
  db: Db,
  input: { companyId: string; authorId: string; operationType: string; format: 'csv' | 'xlsx'; period: string; filters: unknown; search?: string; unmasked: boolean; fileBase: string },
): Promise<ExportRow> {
  const [row] = await db
    .insert(exportsTable)
    .values({
      companyId: input.companyId,
      authorId: input.authorId,
      operationType: input.operationType,
      status: 'accepted',
      format: input.format,
      allocationMonth: input.period,
      filters: input.filters as ExportRow['filters'],
      search: input.search ?? null,
      unmasked: input.unmasked ? 'yes' : 'no',
    })
    .returning();
  const stamp = row.createdAt.toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const [named] = await db
    .update(exportsTable)
    .set({ fileName: `${input.fileBase}_${input.period.replace('..', '_')}_${stamp}_${row.exportId.slice(0, 8)}.${input.format}` })
    .where(eq(exportsTable.exportId, row.exportId))
    .returning();
  return named;
}

/**
 * GET /exports: the company's exports of `operationType` (loan exports unless told), newest first, filtered by search (file name or export id,
 * contains), status, author_id and created_at date range ('YYYY-MM-DD', inclusive, UTC).
 */
export async function listExports(
  db: Db,
  companyId: string,
  query: Omit<z.infer<typeof exportsQuery>, 'company_id' | 'pagination_token'>,
  operationType: string = LOAN_EXPORT_OPERATION_TYPE,
): Promise<{ exports: ExportRecord[]; total: number }> {
  const parts = [eq(exportsTable.companyId, companyId), eq(exportsTable.operationType, operationType)];
  if (query.search) parts.push(or(ilike(exportsTable.fileName, likePattern(query.search)), ilike(exportsTable.exportId, likePattern(query.search)))!);
  if (query.status) parts.push(eq(exportsTable.status, query.status));
  if (query.author_id) parts.push(eq(exportsTable.authorId, query.author_id));
  if (query.start_date) parts.push(gte(exportsTable.createdAt, sql`${query.start_date}::date::timestamptz`));
  if (query.end_date) parts.push(lt(exportsTable.createdAt, sql`(${query.end_date}::date + 1)::timestamptz`));
  const where = and(...parts);
  const authors = userNamesSubquery(db, 'authors');
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(exportsTable).where(where),
    db
      .select({ row: exportsTable, authorName: authors.name })
      .from(exportsTable)
      .leftJoin(authors, eq(authors.userId, exportsTable.authorId))
      .where(where)
      .orderBy(desc(exportsTable.createdAt), desc(exportsTable.exportId))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
  ]);
  return { total, exports: rows.map((r) => toExportRecord(r.row, r.authorName)) };
}

/**
 * GET /export/download: where the completed export's file is stored, its name, content type and
 * format, and whether its author could read unmasked data (a file written before per-caller
 * masking, without column names, was masked for its author).
 * @throws 404 EXPORT_NOT_FOUND (unknown, another company's, or another operation type);
 *   404 EXPORT_NOT_READY until it is completed.
 */
export async function exportDownload(
  db: Db,
  companyId: string,
  exportId: string,
  operationType: string,
): Promise<{ key: string; fileName: string; contentType: string; format: 'csv' | 'xlsx'; authorUnmasked: boolean }> {
  const [row] = await db
    .select()
    .from(exportsTable)
    .where(and(eq(exportsTable.companyId, companyId), eq(exportsTable.exportId, exportId), eq(exportsTable.operationType, operationType)));
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  if (row.status !== 'completed' || !row.fileKey) throw notFound(EXPORT_NOT_READY);
  return {
    key: row.fileKey,
    fileName: row.fileName ?? `loans.${row.format}`,
    contentType: row.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    format: row.format === 'csv' ? 'csv' : 'xlsx',
    authorUnmasked: row.unmasked === 'yes',
  };
}
