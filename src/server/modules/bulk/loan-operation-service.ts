/**
 * Loan operations use cases (spec 2 bulk tab "loan operations"; spec 4 "Loan operations default"
 * statuses and the termination rule; spec 8 'Failed to terminate operation'; issue 5 portfolio
 * assignment): creating an operation (JSON, or an "allocate via excel" file), reading, listing,
 * terminating, and its error file. The work itself is loan-operation-job.ts, on the
 * 'bulk-loan-operations' queue.
 *
 * The request is checked before anything is queued (bad input is a 400 and nothing is stored):
 * filters against the company's filter config, the target and source agents (active members of the
 * company, of a profession that holds loans, inside the author's reports-to scope), the file's
 * loan id and agent columns.
 */
import { isoOrNull } from '../../db/sql-helpers';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, count, desc, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AgentState, AgentType } from '../../../domain/bulk/loan-operations';
import { FILE_AGENT_HEADERS, FILE_COLUMNS_MESSAGE, FILE_LOAN_HEADERS, agentProblem, agentTypeOf, locateFileColumns } from '../../../domain/bulk/loan-operations';
import { FINAL_STATUSES, TERMINATION_FAILED_MESSAGE, canTerminate } from '../../../domain/bulk/termination';
import type { CreateLoanOperationBody, LoanOperationRecord } from '../../../domain/contracts/bulk/loan-operations';
import { loanOperationErrorFile as errorFileEndpoint } from '../../../domain/contracts/bulk/loan-operations';
import { pathOf } from '../../../domain/contracts/endpoint';
import type { createLoanOperationFields, loanOperationsQuery } from '../../../domain/contracts/bulk/loan-operations.schema';
import { EXCEL_HEADER_READ_TIMEOUT_MS } from '../../../domain/contracts/bulk/imports';
import type { UserScope } from '../../../domain/users/hierarchy';
import { scopeIncludes } from '../../../domain/users/hierarchy';
import { normaliseHeader } from '../../../domain/portfolio/header-detection';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { ModuleDeps } from '../../http/deps';
import { parseFilters, portfolioView } from '../portfolio/queries';
import type { CallerUser } from '../../http/caller';
import { reportsToScope, scopedUsers, userNamesSubquery } from '../users/queries';
import { readHead } from './allocation-reader';
import type { StoredUpload } from './allocation-upload';
import { loanOperationItems, loanOperations, type LoanOperationRow } from './schema';

/** The pg-boss queue loan operations run on. */
export const LOAN_OPERATION_QUEUE = 'bulk-loan-operations';
/** Data of a loan operation job. */
export interface LoanOperationJobData {
  operationId: string;
}

/** Who asks: company, user and their role there (for the reports-to scope). */
export interface OperationCaller {
  companyId: string;
  user: CallerUser;
  roleId: string | null;
}

/** A company member as the operation rules see them, with the keys a file may name them by. */
export interface CompanyAgent extends AgentState {
  email: string;
  clientEmployeeId: string | null;
}

/** Every member of the company (active or not) by user_id, with `inScope` for `scope`. */
export async function companyAgents(db: DbOrTx, companyId: string, scope: UserScope): Promise<Map<string, CompanyAgent>> {
  const rows = await scopedUsers(db, companyId, { kind: 'company' }, { includeInactive: true });
  return new Map(rows.map((r) => [r.userId, { userId: r.userId, name: r.name, email: r.email, profession: r.profession, clientEmployeeId: r.clientEmployeeId, active: r.active, inScope: scopeIncludes(scope, r.userId, r.roleId) }]));
}

/** Finds an agent by a file's cell: user_id, email (any case) or client_employee_id (any case). */
export function agentFinder(agents: Map<string, CompanyAgent>): (ref: string) => CompanyAgent | null {
  const byKey = new Map<string, CompanyAgent>();
  for (const a of agents.values()) {
    byKey.set(a.email.toLowerCase(), a);
    if (a.clientEmployeeId) byKey.set(a.clientEmployeeId.toLowerCase(), a);
  }
  return (ref) => agents.get(ref.trim()) ?? byKey.get(ref.trim().toLowerCase()) ?? null;
}

/**
 * POST /bulk/loan-operations (JSON): checks the request and queues the operation (status initiated).
 * The agent type is `agent_type`, else the target's profession (field executive → fos, telecalling
 * → telecaller).
 * @throws 400 for filters the company's config refuses, or a target / source agent that is not an
 *   active member of a profession that holds loans inside the caller's reports-to scope
 */
export async function createLoanOperation(deps: Pick<ModuleDeps, 'db' | 'jobs'>, caller: OperationCaller, body: CreateLoanOperationBody): Promise<LoanOperationRecord> {
  const { db } = deps;
  const { companyId } = caller;
  const scope = (await reportsToScope(db, companyId, caller.user, caller.roleId)).scope;
  const agents = await companyAgents(db, companyId, scope);
  const target = body.user_id ? (agents.get(body.user_id) ?? null) : null;
  const from = body.from_user_id ? (agents.get(body.from_user_id) ?? null) : null;
  let agentType: AgentType | null = body.agent_type ?? null;
  const type = body.operation_type;
  if (type === 'allocate_loans' || type === 'move_loans' || type === 'deallocate_loans') {
    if (body.user_id && !target) throw badRequest(`Agent '${body.user_id}' is not a user of this company`);
    agentType ??= target ? agentTypeOf(target.profession) : null;
    if (!agentType) throw badRequest(target ? `Agent ${target.name} does not hold loans (profession: ${target.profession})` : 'agent_type is required');
    if (type !== 'deallocate_loans') {
      const problem = agentProblem(target, agentType, body.user_id);
      if (problem) throw badRequest(problem);
    } else if (target && !target.inScope) throw badRequest(`Agent ${target.name} does not report to you`);
    if (type === 'move_loans') {
      if (!from) throw badRequest(`Agent '${body.from_user_id}' is not a user of this company`);
      if (!from.inScope) throw badRequest(`Agent ${from.name} does not report to you`);
    }
  }
  if (body.filters !== undefined) parseFilters(body.filters, (await portfolioView(db, companyId, false)).variables);
  const selection = body.loan_ids ? 'loan_ids' : body.filters !== undefined || body.search ? 'filters' : 'agent_loans';
  const [row] = await db
    .insert(loanOperations)
    .values({
      companyId,
      authorId: caller.user.userId,
      operationType: type,
      status: 'initiated',
      allocationMonth: body.allocation_month,
      selection,
      loanIds: body.loan_ids ? [...new Set(body.loan_ids)] : null,
      filters: body.filters ?? null,
      search: body.search || null,
      agentType: type === 'allocate_loans' || type === 'move_loans' || type === 'deallocate_loans' ? agentType : null,
      userId: body.user_id ?? null,
      fromUserId: body.from_user_id ?? null,
      tags: body.tags ? [...new Set(body.tags)] : [],
    })
    .returning();
  await deps.jobs.send<LoanOperationJobData>(LOAN_OPERATION_QUEUE, { operationId: row.operationId });
  return getLoanOperation(db, companyId, row.operationId);
}

/**
 * The header of an "allocate via excel" file: where the loan id and agent columns are.
 * @throws 400 when the file cannot be read or lacks either column (FILE_COLUMNS_MESSAGE)
 */
export async function readOperationFileHead(files: ModuleDeps['files'], upload: Pick<StoredUpload, 'key' | 'kind'>): Promise<{ headerRowIndex: number; loan: number; agent: number }> {
  let head;
  try {
    head = await readHead(files.localPath(upload.key), upload.kind, [...FILE_LOAN_HEADERS, ...FILE_AGENT_HEADERS], EXCEL_HEADER_READ_TIMEOUT_MS);
  } catch {
    throw badRequest(`The file could not be read as ${upload.kind}`);
  }
  const columns = head.headerRowIndex >= 0 ? locateFileColumns(head.headers, normaliseHeader) : null;
  if (!columns) throw badRequest(FILE_COLUMNS_MESSAGE);
  return { headerRowIndex: head.headerRowIndex, ...columns };
}

/**
 * POST /bulk/loan-operations (multipart, "allocate loans via excel"): checks the stored file has a
 * loan id and an agent column, records the operation and queues it.
 * @throws 400 FILE_COLUMNS_MESSAGE or an unreadable file (the caller deletes the upload)
 */
export async function createFileOperation(
  deps: Pick<ModuleDeps, 'db' | 'jobs' | 'files'>,
  caller: OperationCaller,
  upload: StoredUpload,
  fields: z.infer<typeof createLoanOperationFields>,
): Promise<LoanOperationRecord> {
  await readOperationFileHead(deps.files, upload);
  const [row] = await deps.db
    .insert(loanOperations)
    .values({
      operationId: upload.uploadId,
      companyId: caller.companyId,
      authorId: caller.user.userId,
      operationType: 'allocate_loans_via_excel',
      status: 'initiated',
      allocationMonth: fields.allocation_month,
      selection: 'file',
      agentType: fields.agent_type ?? null,
      fileName: upload.fileName,
      fileKey: upload.key,
      fileKind: upload.kind,
    })
    .returning();
  await deps.jobs.send<LoanOperationJobData>(LOAN_OPERATION_QUEUE, { operationId: row.operationId });
  return getLoanOperation(deps.db, caller.companyId, row.operationId);
}

/** Progress 0–100: 100 once finished, else processed / total (at most 99 while running). */
function progressOf(row: LoanOperationRow): number {
  if (row.status === 'completed' || row.status === 'partially_completed' || row.status === 'failed') return 100;
  if (row.totalCount <= 0) return 0;
  return Math.min(99, Math.floor((row.processedCount * 100) / row.totalCount));
}

/** The wire form (contract loanOperationRecord). */
export function toLoanOperationRecord(row: LoanOperationRow, names: { author: string | null; user: string | null; from: string | null }): LoanOperationRecord {
  return {
    id: row.operationId,
    operation_type: row.operationType,
    status: row.status,
    allocation_month: row.allocationMonth,
    selection: row.selection,
    agent_type: row.agentType,
    user_id: row.userId,
    user_name: names.user,
    from_user_id: row.fromUserId,
    from_user_name: names.from,
    tags: row.tags,
    file_name: row.fileName,
    total_count: row.totalCount,
    processed_count: row.processedCount,
    success_count: row.successCount,
    failed_count: row.failedCount,
    progress: progressOf(row),
    error_file_url: row.failedCount > 0 ? `/api${pathOf(errorFileEndpoint, { id: row.operationId })}` : null,
    message: row.message,
    author_id: row.authorId,
    author_name: names.author,
    created_at: row.createdAt.toISOString(),
    started_at: isoOrNull(row.startedAt),
    finished_at: isoOrNull(row.finishedAt),
    can_terminate: canTerminate({ status: row.status, operationType: row.operationType, tab: 'loan_operations' }),
  };
}

function withNames(db: Db) {
  const author = userNamesSubquery(db, 'author');
  const target = userNamesSubquery(db, 'target');
  const source = userNamesSubquery(db, 'source');
  return db
    .select({ row: loanOperations, author: author.name, user: target.name, from: source.name })
    .from(loanOperations)
    .leftJoin(author, eq(author.userId, loanOperations.authorId))
    .leftJoin(target, eq(target.userId, loanOperations.userId))
    .leftJoin(source, eq(source.userId, loanOperations.fromUserId));
}

/** GET /bulk/loan-operations/{id}. @throws 404 'Operation not found' (also for another company's). */
export async function getLoanOperation(db: Db, companyId: string, operationId: string): Promise<LoanOperationRecord> {
  const [hit] = await withNames(db).where(and(eq(loanOperations.companyId, companyId), eq(loanOperations.operationId, operationId)));
  if (!hit) throw notFound('Operation not found');
  return toLoanOperationRecord(hit.row, hit);
}

/** GET /bulk/loan-operations: the company's operations, newest first (page_size default 10), by status, type and month. */
export async function listLoanOperations(db: Db, companyId: string, query: z.infer<typeof loanOperationsQuery>): Promise<{ operations: LoanOperationRecord[]; total: number }> {
  const where = and(
    eq(loanOperations.companyId, companyId),
    query.status ? eq(loanOperations.status, query.status) : undefined,
    query.operation_type ? eq(loanOperations.operationType, query.operation_type) : undefined,
    query.allocation_month ? eq(loanOperations.allocationMonth, query.allocation_month) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    withNames(db)
      .where(where)
      .orderBy(desc(loanOperations.createdAt), desc(loanOperations.operationId))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    db.select({ total: count() }).from(loanOperations).where(where),
  ]);
  return { operations: rows.map((r) => toLoanOperationRecord(r.row, r)), total };
}

/**
 * POST /bulk/loan-operations/{id}/terminate (spec 4): an operation the rule allows (every loan
 * operation type; not yet failed, completed, partially completed or cancelled) becomes
 * 'cancelled'; its worker stops before its next chunk, loans already done stay done.
 * @throws 404 'Operation not found', 409 'Failed to terminate operation' when the rule refuses
 */
export async function terminateLoanOperation(db: Db, companyId: string, userId: string, operationId: string): Promise<LoanOperationRecord> {
  const [row] = await db.select().from(loanOperations).where(and(eq(loanOperations.companyId, companyId), eq(loanOperations.operationId, operationId)));
  if (!row) throw notFound('Operation not found');
  if (!canTerminate({ status: row.status, operationType: row.operationType, tab: 'loan_operations' })) throw conflict(TERMINATION_FAILED_MESSAGE);
  // Conditional on the status still not being final, so one that finished meanwhile is not marked
  // cancelled; not on the status read above, which the worker may have moved from initiated to in_progress.
  const [done] = await db
    .update(loanOperations)
    .set({ status: 'cancelled', terminatedBy: userId, finishedAt: sql`now()`, leaseUntil: null, updatedAt: sql`now()`, message: 'Terminated by user' })
    .where(and(eq(loanOperations.operationId, operationId), notInArray(sql`${loanOperations.status}`, [...FINAL_STATUSES])))
    .returning();
  if (!done) throw conflict(TERMINATION_FAILED_MESSAGE);
  return getLoanOperation(db, companyId, operationId);
}

const ERROR_PAGE_ROWS = 5_000;

/**
 * GET /bulk/loan-operations/{id}/error-file: the failed loans as CSV — loan_id (and the file's row
 * and agent for an excel allocation) and the reason — in processing order, streamed page by page.
 * @throws 404 'Operation not found' / 'No error file for this operation'
 */
export async function loanOperationErrorFile(db: Db, companyId: string, operationId: string): Promise<{ fileName: string; stream: Readable }> {
  const [row] = await db.select().from(loanOperations).where(and(eq(loanOperations.companyId, companyId), eq(loanOperations.operationId, operationId)));
  if (!row) throw notFound('Operation not found');
  if (row.failedCount === 0) throw notFound('No error file for this operation');
  const byFile = row.selection === 'file';
  const csv = stringify();
  csv.write(byFile ? ['row_number', 'loan_id', 'agent', 'reason'] : ['loan_id', 'reason']);
  void (async () => {
    let after = 0;
    try {
      for (;;) {
        const page = await db
          .select({ seq: loanOperationItems.seq, loanId: loanOperationItems.loanId, rowNumber: loanOperationItems.rowNumber, agentRef: loanOperationItems.agentRef, reason: loanOperationItems.reason })
          .from(loanOperationItems)
          .where(and(eq(loanOperationItems.operationId, operationId), eq(loanOperationItems.status, 'failed'), gt(loanOperationItems.seq, after)))
          .orderBy(loanOperationItems.seq)
          .limit(ERROR_PAGE_ROWS);
        for (const e of page) {
          const line = byFile ? [e.rowNumber ?? '', e.loanId, e.agentRef ?? '', e.reason ?? ''] : [e.loanId, e.reason ?? ''];
          if (!csv.write(line)) await new Promise((resolve) => csv.once('drain', resolve));
        }
        if (page.length < ERROR_PAGE_ROWS) break;
        after = page[page.length - 1].seq;
      }
      csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
  })();
  return { fileName: `${row.operationType}-${row.allocationMonth}-errors.csv`, stream: csv };
}
