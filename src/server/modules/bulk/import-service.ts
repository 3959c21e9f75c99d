/**
 * Import management use cases (issue 3 "Import management"; spec 2 tab import_management; spec 4
 * import statuses and termination; spec 5 upload rules; spec 9 header read limit).
 *
 * An upload is streamed to file storage (allocation-upload.ts), never buffered whole. A preview reads only the top of the
 * sheet; creating an import checks the mapping, remembers it for the company, records the import
 * (awaiting_file → initiated) and queues the job (import-job.ts) that reads the rows.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, count, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { FINAL_STATUSES, TERMINATION_FAILED_MESSAGE, canTerminate } from '../../../domain/bulk/termination';
import type { ImportPreview, ImportRecord } from '../../../domain/contracts/bulk/imports';
import { importErrorFile } from '../../../domain/contracts/bulk/imports';
import { pathOf } from '../../../domain/contracts/endpoint';
import type { importsQuery } from '../../../domain/contracts/bulk/imports.schema';
import { EXCEL_HEADER_READ_TIMEOUT_MS } from '../../../domain/contracts/bulk/imports';
import type { ColumnMapping, MappingProblem } from '../../../domain/portfolio/column-mapping';
import { applyRememberedMapping, columnMappingSchema, suggestMapping, validateMapping } from '../../../domain/portfolio/column-mapping';
import { normaliseHeader } from '../../../domain/portfolio/header-detection';
import type { RowContext } from '../../../domain/portfolio/row-validation';
import { knownHeaderLabels } from '../../../domain/portfolio/system-variables';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { parseJsonText } from '../../http/json-text';
import type { ModuleDeps } from '../../http/deps';
import type { FileStorage } from '../../storage/files';
import { activeCompanies } from '../companies/queries';
import { companyVariables, monthHasLoans, type CompanyVariable, type PortfolioView } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import type { HeadRead } from './allocation-reader';
import { findUpload, type StoredUpload } from './allocation-upload';
import { readHead, SheetLimitError } from './allocation-reader';
import { UNKNOWN_COLUMN, maskReason, rowMasker } from './masked-download';
import { importErrors, importMappings, imports, type ImportRow } from './schema';

/** The pg-boss queue imports run on. */
export const IMPORT_QUEUE = 'bulk-imports';
/** Data of an import job. */
export interface ImportJobData {
  importId: string;
}

/** The company's active variables (system and company-defined) and its row context (ISD code, country). */
export async function importContext(db: Db, companyId: string): Promise<{ variables: CompanyVariable[]; context: RowContext }> {
  const [variables, [company]] = await Promise.all([companyVariables(db, companyId), activeCompanies(db, [companyId])]);
  if (!company) throw notFound('Company not found');
  return { variables: variables.filter((v) => v.active !== false), context: { isd: company.countryIsdCode, country: company.country } };
}

/** Reads the top of a stored upload within the spec 9 limit. @throws 400 when no header can be read or a cap is passed (the cap's message). */
async function readUploadHead(files: FileStorage, upload: StoredUpload, variables: readonly CompanyVariable[], headerRowIndex?: number): Promise<HeadRead> {
  let head: HeadRead;
  try {
    head = await readHead(files.localPath(upload.key), upload.kind, knownHeaderLabels(variables), EXCEL_HEADER_READ_TIMEOUT_MS, headerRowIndex);
  } catch (err) {
    if (err instanceof Error && err.message === 'timeout') {
      throw badRequest(`The header row could not be read within ${EXCEL_HEADER_READ_TIMEOUT_MS / 1000} seconds`);
    }
    if (err instanceof SheetLimitError) throw badRequest(err.message);
    throw badRequest(`The file could not be read as ${upload.kind}`);
  }
  if (head.headerRowIndex < 0) throw badRequest('No header row found: the file is empty');
  return head;
}

async function rememberedMapping(db: DbOrTx, companyId: string): Promise<ColumnMapping | null> {
  const [row] = await db.select({ mapping: importMappings.mapping }).from(importMappings).where(eq(importMappings.companyId, companyId));
  return row?.mapping ?? null;
}

/** The remembered mapping applied to the headers, else the automatic one (issue 3). */
function proposeMapping(headers: readonly string[], remembered: ColumnMapping | null, variables: readonly CompanyVariable[]): { mapping: ColumnMapping; source: 'remembered' | 'automatic' } {
  if (remembered) {
    const keys = new Set(Object.keys(remembered).map(normaliseHeader));
    if (headers.some((h) => keys.has(normaliseHeader(h)))) return { mapping: applyRememberedMapping(headers, remembered, variables), source: 'remembered' };
  }
  return { mapping: suggestMapping(headers, variables), source: 'automatic' };
}

/**
 * POST /bulk/imports/preview: the stored upload's header row, 5 sample rows and the proposed mapping
 * (remembered where the company's memory knows the headers, else automatic) with its problems.
 * @throws 400 when the header cannot be read (empty file, unreadable file, spec 9 time limit)
 */
export async function previewImport(deps: Pick<ModuleDeps, 'db' | 'files'>, companyId: string, upload: StoredUpload): Promise<ImportPreview> {
  const { variables } = await importContext(deps.db, companyId);
  const head = await readUploadHead(deps.files, upload, variables);
  const { mapping, source } = proposeMapping(head.headers, await rememberedMapping(deps.db, companyId), variables);
  return {
    file_id: upload.uploadId,
    file_name: upload.fileName,
    file_size: upload.size,
    header_row_index: head.headerRowIndex,
    headers: head.headers,
    sample_rows: head.sampleRows,
    mapping,
    mapping_source: source,
    problems: validateMapping(mapping, variables),
    variables: variables.map((v) => ({
      variable_name: v.variable_name,
      variable_label: v.variable_label,
      data_type: v.data_type,
      is_mandatory: v.is_mandatory,
      variable_group: v.variable_group ?? 'custom',
    })),
  };
}

/**
 * Reads the API's `mapping` field (JSON `{ "<file header>": "<variable_name>" | null }`) against the
 * file's headers. A key matches a header exactly or by normaliseHeader; headers the JSON does not
 * name are not imported.
 * @throws 400 'mapping must be JSON ...' or "Column 'X' is not in the file"
 */
export function parseMappingField(raw: string, headers: readonly string[]): ColumnMapping {
  const { value: named } = parseJsonText(raw, columnMappingSchema, { notJson: 'mapping must be JSON: { "<file header>": "<variable_name>" }' });
  const byKey = new Map(headers.map((h) => [normaliseHeader(h), h]));
  const mapping: ColumnMapping = Object.fromEntries(headers.map((h) => [h, null]));
  const missing: string[] = [];
  for (const [key, name] of Object.entries(named)) {
    const header = headers.includes(key) ? key : byKey.get(normaliseHeader(key));
    if (header === undefined) missing.push(`Column '${key}' is not in the file`);
    else mapping[header] = name;
  }
  if (missing.length > 0) throw badRequest(missing.join('; '));
  return mapping;
}

/** 400 whose message lists every mapping problem (validateMapping), with the problems as data. */
function mappingRefused(problems: MappingProblem[]): AppError {
  return new AppError(400, problems.map((p) => p.message).join('; '), { problems });
}

/**
 * POST /bulk/imports: records an import of `upload` (or a previewed `fileId`) for `allocationMonth`
 * and queues it. The mapping is the `mapping` JSON when given, else the remembered or automatic one;
 * it must pass validateMapping. The confirmed mapping is remembered for the company. The import is
 * loan_update when the company already has loans in that month, else loan_upload; it goes
 * awaiting_file → initiated once the job is queued.
 * @throws 400 for an unreadable file or mapping problems (message: the problems joined by '; '),
 *   404 for an unknown file_id
 */
export async function createImport(
  deps: Pick<ModuleDeps, 'db' | 'files' | 'jobs'>,
  caller: { companyId: string; userId: string },
  input: { upload?: StoredUpload; fileId?: string; allocationMonth: string; mapping?: string },
): Promise<ImportRecord> {
  const { db, files } = deps;
  const { companyId } = caller;
  const upload = input.upload ?? (input.fileId ? await findUpload(files, companyId, input.fileId) : null);
  if (!upload) throw badRequest('file or file_id is required');
  const { variables } = await importContext(db, companyId);
  const head = await readUploadHead(files, upload, variables);
  const mapping =
    input.mapping !== undefined && input.mapping.trim() !== ''
      ? parseMappingField(input.mapping, head.headers)
      : proposeMapping(head.headers, await rememberedMapping(db, companyId), variables).mapping;
  const problems = validateMapping(mapping, variables);
  if (problems.length > 0) throw mappingRefused(problems);

  const importId = input.upload ? upload.uploadId : randomUUID();
  const row = await db.transaction(async (tx) => {
    const existing = await monthHasLoans(tx, companyId, input.allocationMonth);
    const [inserted] = await tx
      .insert(imports)
      .values({
        importId,
        companyId,
        authorId: caller.userId,
        allocationMonth: input.allocationMonth,
        operationType: existing ? 'loan_update' : 'loan_upload',
        status: 'awaiting_file',
        fileName: upload.fileName,
        fileKey: upload.key,
        fileSize: upload.size,
        fileKind: upload.kind,
        mapping,
        headerRowIndex: head.headerRowIndex,
      })
      .returning();
    const remembered = (await rememberedMapping(tx, companyId)) ?? {};
    const merged = { ...remembered, ...mapping };
    await tx
      .insert(importMappings)
      .values({ companyId, mapping: merged, updatedBy: caller.userId })
      .onConflictDoUpdate({ target: importMappings.companyId, set: { mapping: merged, updatedBy: caller.userId, updatedAt: sql`now()` } });
    return inserted;
  });
  // Initiated before the job is sent: the job claims only an initiated import, and a woken worker
  // may start it before send() returns (it stayed initiated, never claimed, when this came after).
  // If send() fails, the initiated import is queued again when the queue next starts (resumeLeased).
  await db
    .update(imports)
    .set({ status: 'initiated', updatedAt: sql`now()` })
    .where(and(eq(imports.importId, row.importId), eq(imports.status, 'awaiting_file')));
  await deps.jobs.send<ImportJobData>(IMPORT_QUEUE, { importId });
  return getImport(db, companyId, row.importId);
}

/** Progress 0–100: 100 once finished, else processed / total (at most 99 while running). */
function progressOf(row: ImportRow): number {
  if (row.status === 'completed' || row.status === 'partially_completed' || row.status === 'failed') return 100;
  if (row.totalRows <= 0) return 0;
  return Math.min(99, Math.floor((row.processedRows * 100) / row.totalRows));
}

/** The wire form (contract importRecord); error_file_url once the import has failed rows. */
export function toImportRecord(row: ImportRow, authorName: string | null): ImportRecord {
  return {
    id: row.importId,
    allocation_month: row.allocationMonth,
    operation_type: row.operationType,
    status: row.status,
    file_name: row.fileName,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    success_rows: row.successRows,
    failed_rows: row.failedRows,
    progress: progressOf(row),
    error_file_url: row.failedRows > 0 ? `/api${pathOf(importErrorFile, { id: row.importId })}` : null,
    message: row.message,
    author_id: row.authorId,
    author_name: authorName,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
    can_terminate: canTerminate({ status: row.status, operationType: row.operationType, tab: 'import_management' }),
  };
}

function withAuthor(db: Db) {
  const authors = userNamesSubquery(db, 'authors');
  return db.select({ row: imports, authorName: authors.name }).from(imports).leftJoin(authors, eq(authors.userId, imports.authorId));
}

/** GET /bulk/imports/{id}. @throws 404 'Import not found' (also for another company's import). */
export async function getImport(db: Db, companyId: string, importId: string): Promise<ImportRecord> {
  const [hit] = await withAuthor(db).where(and(eq(imports.companyId, companyId), eq(imports.importId, importId)));
  if (!hit) throw notFound('Import not found');
  return toImportRecord(hit.row, hit.authorName);
}

/** GET /bulk/imports: the company's imports, newest first, optionally by status and allocation month. */
export async function listImports(db: Db, companyId: string, query: z.infer<typeof importsQuery>): Promise<{ imports: ImportRecord[]; total: number }> {
  const where = and(
    eq(imports.companyId, companyId),
    query.status ? eq(imports.status, query.status) : undefined,
    query.allocation_month ? eq(imports.allocationMonth, query.allocation_month) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    withAuthor(db)
      .where(where)
      .orderBy(desc(imports.createdAt), desc(imports.importId))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    db.select({ total: count() }).from(imports).where(where),
  ]);
  return { imports: rows.map((r) => toImportRecord(r.row, r.authorName)), total };
}

/**
 * POST /bulk/imports/{id}/terminate (spec 4): an import that canTerminate allows (loan_upload or
 * loan_update, not yet failed/completed/partially_completed/cancelled) becomes 'cancelled'; its
 * worker stops before its next chunk, rows already committed stay.
 * @throws 404 'Import not found', 409 'Failed to terminate operation' when the rule refuses
 */
export async function terminateImport(db: Db, companyId: string, userId: string, importId: string): Promise<ImportRecord> {
  const [row] = await db.select().from(imports).where(and(eq(imports.companyId, companyId), eq(imports.importId, importId)));
  if (!row) throw notFound('Import not found');
  if (!canTerminate({ status: row.status, operationType: row.operationType, tab: 'import_management' })) throw conflict(TERMINATION_FAILED_MESSAGE);
  // Conditional on the status still not being final, so one that finished meanwhile is not marked
  // cancelled; not on the status read above, which the worker may have moved from initiated to in_progress.
  const [done] = await db
    .update(imports)
    .set({ status: 'cancelled', terminatedBy: userId, finishedAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()`, message: 'Terminated by user' })
    .where(and(eq(imports.importId, importId), notInArray(sql`${imports.status}`, [...FINAL_STATUSES])))
    .returning();
  if (!done) throw conflict(TERMINATION_FAILED_MESSAGE);
  return getImport(db, companyId, importId);
}

const ERROR_PAGE_ROWS = 5_000;
type Masker = PortfolioView['masker'];

/**
 * GET /bulk/imports/{id}/error-file: the failed rows as CSV, the file's own header cells plus a
 * `reason` column, each row's cells as they came, in file order. Streams from the database page by
 * page. Masked for the downloading caller (`masker`, issue 12): a cell of a column mapped to a
 * masked variable is masked, an unmapped column's cells are masked whole, and the values the
 * reasons quote are hidden. @throws 404 'Import not found' / 'No error file for this import' when
 * it has no failed rows.
 */
export async function errorFile(deps: Pick<ModuleDeps, 'db' | 'files'>, companyId: string, importId: string, masker: Masker): Promise<{ fileName: string; stream: Readable }> {
  const { db, files } = deps;
  const [row] = await db.select().from(imports).where(and(eq(imports.companyId, companyId), eq(imports.importId, importId)));
  if (!row) throw notFound('Import not found');
  if (row.failedRows === 0 || !row.fileKey) throw notFound('No error file for this import');
  const { variables } = await importContext(db, companyId);
  const upload: StoredUpload = { uploadId: importId, key: row.fileKey, fileName: row.fileName, kind: row.fileKind, size: row.fileSize ?? 0 };
  const head = await readUploadHead(files, upload, variables, row.headerRowIndex ?? undefined);
  const mapping = row.mapping ?? {};
  const maskRow = rowMasker(masker, head.headers.map((h) => mapping[h] ?? UNKNOWN_COLUMN));
  const csv = stringify();
  csv.write([...head.headerCells, 'reason']);
  void (async () => {
    let after = -1;
    try {
      for (;;) {
        const page = await db
          .select({ rowNumber: importErrors.rowNumber, cells: importErrors.cells, reason: importErrors.reason })
          .from(importErrors)
          .where(and(eq(importErrors.importId, importId), gt(importErrors.rowNumber, after)))
          .orderBy(importErrors.rowNumber)
          .limit(ERROR_PAGE_ROWS);
        for (const e of page) {
          if (!csv.write([...maskRow(e.cells), maskReason(masker, e.reason)])) await new Promise((resolve) => csv.once('drain', resolve));
        }
        if (page.length < ERROR_PAGE_ROWS) break;
        after = page[page.length - 1].rowNumber;
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  const base = row.fileName.replace(/\.[^.]+$/, '');
  return { fileName: `${base}-errors.csv`, stream: csv };
}
