/**
 * Legal imports (issue 17; spec 4 legal import statuses in_progress, success, failed): a CSV or
 * spreadsheet of cases, hearings or dispatches. The file is stored and its header checked at once
 * (a missing column is the uploader's answer, not a failed import); the `legal-imports` job
 * (imports-job.ts) applies the rows as the uploader through the screens' own services. Reads for
 * the imports list and the error file.
 */
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq } from 'drizzle-orm';
import { LEGAL_IMPORT_COLUMNS, type LegalImportRecord, type LegalImportsPage, type LegalImportType } from '../../../domain/contracts/legal/transfers';
import type { Db, DbOrTx } from '../../db/client';
import type { ModuleDeps } from '../../http/deps';
import { badRequest, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import { cellText, isEmptyDataRow, openSheetFile, SheetLimitError, sheetFileKindOf, storeCheckedSheet, type SheetFileKind } from '../bulk/queries';
import { legalImportErrors, legalImports, type LegalImportRow } from './schema';

export const LEGAL_IMPORT_QUEUE = 'legal-imports';
export interface LegalImportJobData {
  importId: string;
}
export const IMPORT_NOT_FOUND = 'Legal import not found';
/** Rows looked at for the header row: the first non-empty one among them. */
const HEAD_ROWS = 20;

/** A header cell as a column name: lower case, spaces and dashes as underscores. */
export const columnName = (cell: string) => cell.trim().toLowerCase().replace(/[\s-]+/g, '_');

/**
 * Where each column of `type` is in `header` (-1 when absent) and the required ones missing.
 */
export function importColumns(type: LegalImportType, header: readonly string[]): { columns: Record<string, number>; missing: string[] } {
  const names = header.map(columnName);
  const { required, optional } = LEGAL_IMPORT_COLUMNS[type];
  const columns: Record<string, number> = {};
  for (const c of [...required, ...optional]) columns[c] = names.indexOf(c);
  return { columns, missing: required.filter((c) => columns[c] < 0) };
}

export function toImportRecord(r: LegalImportRow): LegalImportRecord {
  return {
    import_id: r.importId,
    import_type: r.importType,
    file_name: r.fileName,
    status: r.status,
    progress: r.progress,
    rows_read: r.dataRows,
    applied: r.applied,
    error_rows: r.errorRows,
    message: r.message,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The header row of an import file (the first non-empty row), read without loading the file.
 * @throws 400 when the file cannot be read or a required column of `type` is missing
 */
export async function readImportHeader(path: string, kind: SheetFileKind, type: LegalImportType): Promise<string[]> {
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
        const { missing } = importColumns(type, header);
        const { required, optional } = LEGAL_IMPORT_COLUMNS[type];
        if (missing.length > 0) throw badRequest(`The file has no ${missing.join(', ')} column (columns: ${required.join(', ')}; ${optional.join(', ')} optional)`);
        return header;
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
 * POST /litigation/imports: stores the file under legal/<company>/imports/, checks its header and
 * queues the import (in_progress). @throws 400 (see readImportHeader)
 */
export async function createImport(deps: Pick<ModuleDeps, 'db' | 'files' | 'jobs'>, companyId: string, author: { userId: string; profession: string }, type: LegalImportType, file: FormFile): Promise<LegalImportRecord> {
  const kind = sheetFileKindOf(file.filename);
  const [row] = await deps.db
    .insert(legalImports)
    .values({ companyId, importType: type, fileName: file.filename.slice(0, 200), fileKey: '', fileKind: kind, createdBy: author.userId, createdByProfession: author.profession })
    .returning();
  const key = `legal/${companyId}/imports/${row.importId}.${kind}`;
  await storeCheckedSheet(deps.files, key, file.data, (path) => readImportHeader(path, kind, type), () => deps.db.delete(legalImports).where(eq(legalImports.importId, row.importId)));
  const [stored] = await deps.db.update(legalImports).set({ fileKey: key }).where(eq(legalImports.importId, row.importId)).returning();
  await deps.jobs.send<LegalImportJobData>(LEGAL_IMPORT_QUEUE, { importId: row.importId });
  return toImportRecord(stored);
}

/** GET /litigation/imports: newest first, paged. */
export async function listImports(db: Db, companyId: string, q: { page_number: number; page_size: number }): Promise<LegalImportsPage> {
  const where = eq(legalImports.companyId, companyId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(legalImports).where(where),
    db.select().from(legalImports).where(where).orderBy(desc(legalImports.createdAt)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
  ]);
  return { imports: rows.map(toImportRecord), total };
}

/** One import of the company. @throws 404 IMPORT_NOT_FOUND */
export async function importOf(db: DbOrTx, companyId: string, importId: string): Promise<LegalImportRow> {
  const [row] = await db.select().from(legalImports).where(and(eq(legalImports.companyId, companyId), eq(legalImports.importId, importId)));
  if (!row) throw notFound(IMPORT_NOT_FOUND);
  return row;
}

/**
 * GET /litigation/imports/{id}/error-file: the rows not applied as CSV — row number, the row's
 * cells, the reason — under the file's own header. @throws 404 not found / 'No error file for this import'
 */
export async function importErrorFile(db: Db, files: ModuleDeps['files'], companyId: string, importId: string): Promise<{ fileName: string; csv: string }> {
  const u = await importOf(db, companyId, importId);
  if (u.errorRows === 0) throw notFound('No error file for this import');
  const header = await readImportHeader(files.localPath(u.fileKey), u.fileKind, u.importType);
  const rows = await db.select().from(legalImportErrors).where(eq(legalImportErrors.importId, importId)).orderBy(legalImportErrors.rowNumber);
  const csv = stringify([['row_number', ...header, 'reason'], ...rows.map((r) => [r.rowNumber, ...r.cells, r.reason])]);
  return { fileName: `${u.fileName.replace(/\.[^.]+$/, '')}-errors.csv`, csv };
}
