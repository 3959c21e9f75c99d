/**
 * The `legal-imports` job (issue 17): reads a stored cases / hearings / dispatch file row by row
 * and applies each row as its uploader through the screens' services (createCase / updateCase,
 * recordHearing, updateDispatch), so a row obeys the same rules as the screen (an advocate reaches
 * only their own cases; a stage must be of the case's type). A row that cannot be applied goes to
 * the error file with the reason. After each row the checkpoint `rows_read` and the counts are
 * committed, so a job stopped by a restart goes on from the next row (the row applied just before
 * a stop may be applied once more).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { caseBody, hearingBody } from '../../../domain/contracts/legal/cases.schema';
import { dispatchBody } from '../../../domain/contracts/legal/notices.schema';
import type { LegalImportType } from '../../../domain/contracts/legal/transfers';
import type { JobContext } from '../../http/area';
import { AppError } from '../../http/errors';
import { cellText, isEmptyDataRow, openSheetFile, SheetLimitError } from '../bulk/queries';
import { updateDispatch } from './batches-service';
import { createCase, updateCase, type CaseCaller } from './cases-service';
import { recordHearing } from './hearings-service';
import { importColumns, LEGAL_IMPORT_QUEUE, type LegalImportJobData } from './imports-service';
import { legalCases, legalImportErrors, legalImports } from './schema';

export const NO_ROW_APPLIED = 'No row could be applied: see the error file';
export const NO_DATA_ROWS = 'The file has no data rows';

/** A row's cells by column name; empty cells are absent (an absent optional column changes nothing). */
function rowObject(cells: readonly string[], columns: Record<string, number>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, i] of Object.entries(columns)) {
    const v = i >= 0 ? (cells[i] ?? '').trim() : '';
    if (v !== '') out[name] = v;
  }
  return out;
}

function parsed<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new AppError(400, `${issue.path.join('.') || 'row'}: ${issue.message}`);
}

/** Applies one row of an import of `type` as `caller`. @throws AppError with the row's reason */
async function applyRow(ctx: Pick<JobContext, 'db' | 'clock'>, companyId: string, caller: CaseCaller, type: LegalImportType, row: Record<string, string>): Promise<void> {
  const now = ctx.clock.now();
  if (type === 'dispatch') {
    const { notice_id: noticeId, ...rest } = row;
    await updateDispatch(ctx.db, companyId, caller, noticeId, parsed(dispatchBody, rest), now);
    return;
  }
  const key = parsed(caseBody.pick({ loan_id: true, process_type: true }), row);
  const [existing] = await ctx.db
    .select({ caseId: legalCases.caseId })
    .from(legalCases)
    .where(and(eq(legalCases.companyId, companyId), eq(legalCases.loanId, key.loan_id), eq(legalCases.processType, key.process_type)));
  if (type === 'hearings') {
    if (!existing) throw new AppError(404, `Loan ${key.loan_id} has no ${key.process_type} case`);
    const { loan_id: _l, process_type: _p, ...hearing } = row;
    await recordHearing(ctx.db, companyId, caller, existing.caseId, parsed(hearingBody, hearing), now);
    return;
  }
  const body = parsed(caseBody, row);
  if (!existing) {
    await createCase(ctx.db, companyId, caller, body, now);
    return;
  }
  const { loan_id: _l, process_type: _p, allocation_month: _m, ...update } = body;
  await updateCase(ctx.db, companyId, caller, existing.caseId, update, now);
}

/**
 * Applies import `importId` from its checkpoint to the end: success when at least one row was
 * applied, failed (with why) when none was, the file has no data row or cannot be read. Returns
 * early (still in_progress, resumed on the next start) when `stopping()` turns true.
 */
export async function runLegalImport(ctx: Pick<JobContext, 'db' | 'files' | 'clock'>, importId: string, stopping: () => boolean): Promise<void> {
  const { db } = ctx;
  const [job] = await db.select().from(legalImports).where(eq(legalImports.importId, importId));
  if (!job || job.status !== 'in_progress' || !job.fileKey) return;
  const caller: CaseCaller = { userId: job.createdBy, profession: job.createdByProfession, unmasked: false };
  let source;
  try {
    source = await openSheetFile(ctx.files.localPath(job.fileKey), job.fileKind, { csvInWorker: true });
  } catch {
    await finish(ctx, importId, 'failed', 'The file could not be read');
    return;
  }
  let rowNumber = 0;
  let columns: Record<string, number> | null = null;
  try {
    for await (const raw of source.rows) {
      rowNumber += 1;
      if (isEmptyDataRow(raw)) continue;
      const cells = raw.map(cellText);
      if (!columns) {
        columns = importColumns(job.importType, cells).columns;
        continue;
      }
      if (rowNumber <= job.rowsRead) continue;
      let reason: string | null = null;
      try {
        await applyRow(ctx, job.companyId, caller, job.importType, rowObject(cells, columns));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        reason = err.message;
      }
      const progress = Math.min(99, Math.floor(source.fractionRead() * 100));
      await db.transaction(async (tx) => {
        if (reason !== null) await tx.insert(legalImportErrors).values({ importId, companyId: job.companyId, rowNumber, cells, reason }).onConflictDoNothing();
        await tx
          .update(legalImports)
          .set({
            rowsRead: rowNumber,
            progress: sql`greatest(${legalImports.progress}, ${progress})`,
            dataRows: sql`${legalImports.dataRows} + 1`,
            applied: sql`${legalImports.applied} + ${reason === null ? 1 : 0}`,
            errorRows: sql`${legalImports.errorRows} + ${reason === null ? 0 : 1}`,
          })
          .where(eq(legalImports.importId, importId));
      });
      if (stopping()) return;
    }
    const [done] = await db.select().from(legalImports).where(eq(legalImports.importId, importId));
    if (done.dataRows === 0) await finish(ctx, importId, 'failed', NO_DATA_ROWS);
    else if (done.applied === 0) await finish(ctx, importId, 'failed', NO_ROW_APPLIED);
    else await finish(ctx, importId, 'success', null);
  } catch (err) {
    await finish(ctx, importId, 'failed', err instanceof SheetLimitError ? err.message : 'The import stopped: the file could not be read to the end');
    if (!(err instanceof SheetLimitError)) throw err;
  } finally {
    source.close();
  }
}

async function finish(ctx: Pick<JobContext, 'db'>, importId: string, status: 'success' | 'failed', message: string | null): Promise<void> {
  await ctx.db.update(legalImports).set({ status, message, progress: 100, finishedAt: new Date() }).where(eq(legalImports.importId, importId));
}

/**
 * Works the queue in this process; on start, queues again the imports a stopped process left in
 * progress; on close, a running import stops after its row.
 */
export function workLegalImports(ctx: JobContext): void {
  let stopping = false;
  const running = new Set<Promise<void>>();
  ctx.jobs.work<LegalImportJobData>(LEGAL_IMPORT_QUEUE, async ({ importId }) => {
    const run = runLegalImport(ctx, importId, () => stopping).catch((err: unknown) => ctx.log.error({ err, importId }, 'legal import failed'));
    running.add(run);
    try {
      await run;
    } finally {
      running.delete(run);
    }
  });
  ctx.onReady(async () => {
    if (!ctx.jobs.running) return;
    const open = await ctx.db.select({ id: legalImports.importId }).from(legalImports).where(eq(legalImports.status, 'in_progress'));
    for (const { id } of open) await ctx.jobs.send<LegalImportJobData>(LEGAL_IMPORT_QUEUE, { importId: id });
  });
  ctx.onClose(async () => {
    stopping = true;
    await Promise.allSettled([...running]);
  });
}
