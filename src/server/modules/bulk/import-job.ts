/**
 * The allocation import job (issue 3 "Import management": a durable job that survives a restart
 * mid-file and finishes without duplicating rows; spec 4 statuses and termination).
 *
 * Owns the worker side of an `imports` row. The row is the job's truth:
 * - a lease (`lease_until`, with `attempts` as the holder's token) keeps two workers off one import;
 *   the holder renews it with every chunk, and a graceful stop releases it;
 * - `processed_rows` is the checkpoint: the number of non-empty data rows handled, committed in the
 *   same transaction as those rows' loans and errors, so a resumed run skips exactly those rows;
 * - the status says when to stop: a user's termination ('cancelled') makes the next chunk's
 *   checkpoint update match nothing, which rolls that chunk back and ends the run.
 *
 * The file is read streaming (allocation-reader.ts) while the previous chunk is being written, so
 * parsing and the database work overlap.
 */
import { stat } from 'node:fs/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ColumnMapping } from '../../../domain/portfolio/column-mapping';
import { validateMapping } from '../../../domain/portfolio/column-mapping';
import type { RowContext } from '../../../domain/portfolio/row-validation';
import { knownHeaderLabels } from '../../../domain/portfolio/system-variables';
import type { DbOrTx } from '../../db/client';
import type { ModuleDeps } from '../../http/deps';
import { loansOfImport, writeStagedLoans } from '../portfolio/queries';
import { HEAD_ROWS, locateHeader } from './allocation-reader';
import type { FailedRow } from './import-rows';
import type { ImportJobData } from './import-service';
import { IMPORT_QUEUE, importContext } from './import-service';
import { imports, type ImportRow } from './schema';
import type { BulkWorkerState } from './bulk-lease';
import { claimLease, releaseLease, resumeLeased } from './bulk-lease';
import { readImportInWorker, type ImportReader } from './xlsx-worker';

interface Chunk {
  /** Staging lines of the valid rows (import-rows.ts), as the worker's UTF-8 bytes. */
  lines: Uint8Array[];
  valid: number;
  failed: FailedRow[];
  /** Checkpoint after this chunk: counts over the whole import so far. */
  processed: number;
  success: number;
  failedTotal: number;
  totalEstimate: number;
}

/** Why a run stopped early. */
type Stop = 'cancelled_or_lost' | 'shutdown';

const FINAL_FAILED_NO_ROWS = 'The file has no data rows below the header';
const FINAL_FAILED_ALL_ROWS = 'Every row failed validation; see the error file';

const leaseTable = { table: 'imports', idColumn: 'import_id' } as const;

/**
 * Takes the lease of an import that is initiated, or in progress with an expired or released lease.
 * @returns the row (its `attempts` is the lease token), or null when finished, cancelled or held by a live worker
 */
async function claim(db: DbOrTx, importId: string, leaseSeconds: number): Promise<ImportRow | null> {
  if ((await claimLease(db, leaseTable, importId, leaseSeconds)) === null) return null;
  const [row] = await db.select().from(imports).where(eq(imports.importId, importId));
  return row ?? null;
}

/** Ends a run of the lease holder `token` with a final status; no-op if the lease was lost or the import cancelled. */
async function finish(db: DbOrTx, importId: string, token: number, set: Partial<typeof imports.$inferInsert>): Promise<void> {
  await db
    .update(imports)
    .set({ ...set, leaseUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(imports.importId, importId), eq(imports.status, 'in_progress'), eq(imports.attempts, token)));
}

/** Commits one chunk with the checkpoint in one transaction. @returns false when the lease was lost or the import cancelled (nothing written). */
async function commitChunk(db: ModuleDeps['db'], row: ImportRow, token: number, leaseSeconds: number, chunk: Chunk): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Safe to skip waiting for the WAL flush: a chunk lost in a crash loses its checkpoint with it,
    // so the resumed run writes it again.
    // A chunk's inserted loans pass through the loan-count trigger's transition table, which stays
    // in memory only within work_mem (~600 bytes a row; the default 4 MB spilled a chunk to disk).
    await tx.execute(sql`select set_config('synchronous_commit', 'off', true), set_config('work_mem', '64MB', true)`);
    // The checkpoint first: it takes the import row's lock and proves the lease is still ours.
    const [held] = await tx
      .update(imports)
      .set({
        processedRows: chunk.processed,
        successRows: chunk.success,
        failedRows: chunk.failedTotal,
        totalRows: chunk.totalEstimate,
        leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(imports.importId, row.importId), eq(imports.status, 'in_progress'), eq(imports.attempts, token)))
      .returning({ id: imports.importId });
    if (!held) return false;
    // A month's first import (loan_upload) writes new loans: a plain insert, upserting only if a loan is there after all.
    await writeStagedLoans(tx, { companyId: row.companyId, allocationMonth: row.allocationMonth, importId: row.importId, lines: chunk.lines, expectNew: row.operationType === 'loan_upload' });
    if (chunk.failed.length > 0) {
      const json = JSON.stringify(chunk.failed.map((f) => ({ n: f.rowNumber, cells: f.cells, reason: f.reason })));
      await tx.execute(sql`
        insert into import_errors (import_id, row_number, company_id, cells, reason)
        select ${row.importId}, r.n, ${row.companyId}, r.cells, r.reason
        from jsonb_to_recordset(${json}::jsonb) as r(n int, cells jsonb, reason text)
        on conflict (import_id, row_number) do update set cells = excluded.cells, reason = excluded.reason`);
    }
    return true;
  });
}

/** loan_id → first row number, for the loans this import already wrote (a resumed run keeps finding duplicates). */
async function loansWrittenBy(db: ModuleDeps['db'], row: ImportRow): Promise<Map<string, number>> {
  const written = await loansOfImport(db, row.companyId, row.allocationMonth, row.importId);
  return new Map(written.map((w) => [w.loanId, w.sourceRow ?? 0]));
}

/**
 * Runs (or resumes) import `importId` to its end, a stop, or the loss of its lease.
 *
 * Reads the stored file streaming; skips the rows above and including the header (at the stored
 * header_row_index), blank rows and rows of blank placeholders, and the first processed_rows data
 * rows when resuming; validates each row with validateRow in the company's context (ISD code,
 * country); a loan_id already imported from an earlier row of the file fails as a duplicate naming
 * that row. Every `config.importChunkRows` data rows, one transaction writes the chunk's loans
 * (writeLoanBatch), its failed rows (import_errors) and the checkpoint.
 *
 * Ends: completed (no failed rows), partially_completed (some), failed (every row failed, no data
 * rows, an unusable mapping, or an unreadable file, with `message`). Stops without a final status
 * when cancelled, when the lease was lost, or when `state.stopping` (the lease is then released so
 * a restarted process resumes at once).
 */
export async function runImport(deps: ModuleDeps, state: BulkWorkerState, importId: string, log: FastifyBaseLogger): Promise<void> {
  const { db, config, files } = deps;
  const leaseSeconds = config.importLeaseSeconds;
  const row = await claim(db, importId, leaseSeconds);
  if (!row) return;
  const token = row.attempts;
  let source: ImportReader | null = null;
  try {
    const { variables, context } = await importContext(db, row.companyId);
    const mapping: ColumnMapping = row.mapping ?? {};
    const problems = validateMapping(mapping, variables);
    if (problems.length > 0 || !row.fileKey) {
      await finish(db, importId, token, { status: 'failed', message: problems.map((p) => p.message).join('; ') || 'The import has no file' });
      return;
    }
    try {
      const filePath = files.localPath(row.fileKey);
      source = readImportInWorker(filePath, (await stat(filePath)).size, row.fileKind, { headRows: HEAD_ROWS, batchRows: config.importChunkRows });
    } catch {
      await finish(db, importId, token, { status: 'failed', message: 'The file could not be read' });
      return;
    }
    const stop = await processRows(deps, state, row, token, source, mapping, variables, context);
    if (stop === 'shutdown') await releaseLease(db, leaseTable, importId, token);
  } catch (err) {
    log.error({ err, importId }, 'import failed');
    const message = err instanceof ReadError ? `The file could not be read: ${err.message}` : 'The import stopped on an unexpected error';
    await finish(db, importId, token, { status: 'failed', message }).catch(() => undefined);
  } finally {
    source?.close();
  }
}

/** An error of the file reader (as opposed to the database). */
class ReadError extends Error {}

/** Runs a read of the worker, its errors as ReadErrors. */
async function reading<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    throw new ReadError(err instanceof Error ? err.message : String(err));
  }
}

async function processRows(
  deps: ModuleDeps,
  state: BulkWorkerState,
  row: ImportRow,
  token: number,
  source: ImportReader,
  mapping: ColumnMapping,
  variables: Awaited<ReturnType<typeof importContext>>['variables'],
  context: RowContext,
): Promise<Stop | null> {
  const { db, config } = deps;
  const chunkRows = config.importChunkRows;
  const loanIdLabel = variables.find((v) => v.variable_name === 'loan_id')?.variable_label ?? 'Loan ID';
  // validateRow reads only mapped and mandatory variables; handing it just those saves work on every row.
  const mapped = new Set(Object.values(mapping).filter((v): v is string => v !== null));
  const rowVariables = variables.filter((v) => v.is_mandatory || mapped.has(v.variable_name));

  // The head: the same rows the preview read, so the columns get the same names.
  const head = (await reading(source.head())).slice(0, HEAD_ROWS);
  const { headers, headerRowIndex } = locateHeader(head, knownHeaderLabels(variables), row.headerRowIndex ?? undefined);
  if (headerRowIndex < 0) {
    await finish(db, row.importId, token, { status: 'failed', message: 'No header row found: the file is empty' });
    return null;
  }

  const firstRows = await loansWrittenBy(db, row);
  let processed = row.processedRows;
  let success = row.successRows;
  let failedTotal = row.failedRows;
  let chunk: Chunk = { lines: [], valid: 0, failed: [], processed, success, failedTotal, totalEstimate: 0 };
  let pending: Promise<boolean | Error> | null = null;
  let stopped: Stop | null = null;

  const settle = async (): Promise<void> => {
    if (!pending) return;
    const result = await pending;
    pending = null;
    if (result instanceof Error) throw result;
    if (!result) stopped = 'cancelled_or_lost';
  };
  const flush = async (): Promise<void> => {
    await settle();
    if (stopped) return;
    const fraction = source.fractionRead();
    // Every data row up to here is counted in `processed` (those of earlier runs included).
    chunk.totalEstimate = Math.max(processed, fraction > 0 ? Math.round(processed / fraction) : processed);
    const c = chunk;
    pending = commitChunk(db, row, token, config.importLeaseSeconds, c).then(
      (held) => {
        // Committed: the COPY has sent these bytes, so the worker may write the next batches into them.
        if (held) source.recycle(c.lines);
        return held;
      },
      (err: unknown) => (err instanceof Error ? err : new Error(String(err))),
    );
    chunk = { lines: [], valid: 0, failed: [], processed, success, failedTotal, totalEstimate: 0 };
    // Batches can arrive faster than the event loop turns (PGlite's in-process queries): let
    // requests in between chunks.
    await yieldToEventLoop();
  };

  const batches = source.batches({
    companyId: row.companyId,
    headers,
    headerRowIndex,
    skipDataRows: row.processedRows,
    mapping,
    variables: rowVariables,
    context,
    loanIdLabel,
    firstRows: [...firstRows],
  });
  for (;;) {
    if (state.stopping) {
      // Rows read but not committed are simply read again by the resumed run.
      await settle();
      return stopped ?? 'shutdown';
    }
    if (chunk.valid + chunk.failed.length >= chunkRows) {
      await flush();
      if (stopped) return stopped;
    }
    const r = await reading(batches.next());
    if (r.done) break;
    const b = r.value;
    if (b.valid > 0) chunk.lines.push(b.copy);
    chunk.valid += b.valid;
    for (const f of b.failed) chunk.failed.push(f);
    processed += b.processed;
    success += b.valid;
    failedTotal += b.failed.length;
    chunk.processed = processed;
    chunk.success = success;
    chunk.failedTotal = failedTotal;
  }
  if (chunk.valid + chunk.failed.length > 0) await flush();
  await settle();
  if (stopped) return stopped;

  if (processed === 0) {
    await finish(db, row.importId, token, { status: 'failed', totalRows: 0, message: FINAL_FAILED_NO_ROWS });
  } else {
    const status = failedTotal === 0 ? 'completed' : success === 0 ? 'failed' : 'partially_completed';
    await finish(db, row.importId, token, {
      status,
      totalRows: processed,
      processedRows: processed,
      successRows: success,
      failedRows: failedTotal,
      message: status === 'failed' ? FINAL_FAILED_ALL_ROWS : null,
    });
  }
  return null;
}

/**
 * On queue start: queues again every import left initiated or in_progress by a stopped process.
 * One whose lease has not yet expired (its holder may still be alive) is queued when it expires.
 * @returns the ids queued now
 */
export function resumeImports(deps: ModuleDeps, log: FastifyBaseLogger, timers: Set<NodeJS.Timeout>): Promise<string[]> {
  return resumeLeased<ImportJobData>(deps, log, timers, leaseTable, IMPORT_QUEUE, (importId) => ({ importId }));
}
