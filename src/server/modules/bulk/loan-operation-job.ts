/**
 * The loan operation job (issue 5; spec 4 "Loan operations default" statuses initiated →
 * in_progress → completed | partially_completed | failed, and termination): a durable job that
 * survives a restart mid-way and applies nothing twice.
 *
 * Owns the worker side of a `loan_operations` row, built like the import job:
 * - a lease (`lease_until`, `attempts` as the holder's token) keeps two workers off one operation;
 * - first the selection is resolved, once, into `loan_operation_items` (loan ids in order, seq from
 *   1) in one transaction that also sets `resolved_at` and `total_count`; a file is parsed here;
 * - then chunks of LOAN_OPERATION_CHUNK_ROWS items: one transaction writes the checkpoint
 *   (`processed_count`, counts, lease renewal; it matches nothing once the operation was
 *   terminated or the lease lost, and the chunk then stops), the chunk's effects (allocations,
 *   tags, archive flags, timeline events) and each item's outcome (success, or failed with the
 *   reason the error file shows).
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AgentType, LoanOperationContext, LoanState } from '../../../domain/bulk/loan-operations';
import { agentTypeOf, loanOperationProblem } from '../../../domain/bulk/loan-operations';
import type { UserScope } from '../../../domain/users/hierarchy';

import type { ModuleDeps } from '../../http/deps';
import type { AllocationChange } from '../allocation/queries';
import { allocationsRelation, applyAllocationChanges, currentAllocations } from '../allocation/queries';
import { canReadUnmasked, changeLoanTags, loanStates, parseFilters, portfolioView, selectedLoansRelation, setLoansArchived } from '../portfolio/queries';
import { reportsToScope, userById } from '../users/queries';
import { cellText, isEmptyDataRow, openAllocationFile } from './allocation-reader';
import type { CompanyAgent, LoanOperationJobData } from './loan-operation-service';
import { LOAN_OPERATION_QUEUE, agentFinder, companyAgents, readOperationFileHead } from './loan-operation-service';
import { loanOperationItems, loanOperations, type LoanOperationRow } from './schema';
import type { BulkWorkerState } from './bulk-lease';
import { claimLease, releaseLease, resumeLeased } from './bulk-lease';

const NO_LOANS = 'No loans matched the selection';
const ALL_FAILED = 'No loan could be changed; see the error file';
const ITEM_INSERT_BATCH = 5_000;

/** An item read for a chunk. */
interface Item {
  seq: number;
  loanId: string;
  agentRef: string | null;
  status: 'pending' | 'success' | 'failed';
  reason: string | null;
}

/** What a run knows about the operation's people, loaded once per run. */
interface RunContext {
  agents: Map<string, CompanyAgent>;
  findAgent: (ref: string) => CompanyAgent | null;
}

const leaseTable = { table: 'loan_operations', idColumn: 'operation_id' } as const;

/**
 * Runs (or resumes) operation `operationId` to its end, a stop, or the loss of its lease (see the
 * module comment). Ends completed (every loan changed), partially_completed (some failed), or
 * failed (no loan matched, every loan failed, an unreadable file) with `message`.
 */
export async function runLoanOperation(deps: ModuleDeps, state: BulkWorkerState, operationId: string, log: FastifyBaseLogger): Promise<void> {
  const { db, config } = deps;
  const token = await claimLease(db, leaseTable, operationId, config.importLeaseSeconds);
  if (token === null) return;
  // Ends the run with a final status; a no-op if the lease was lost or the operation terminated.
  const finish = (set: Partial<typeof loanOperations.$inferInsert>) =>
    db
      .update(loanOperations)
      .set({ ...set, leaseUntil: null, finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(loanOperations.operationId, operationId), eq(loanOperations.status, 'in_progress'), eq(loanOperations.attempts, token)));
  try {
    let [row] = await db.select().from(loanOperations).where(eq(loanOperations.operationId, operationId));
    if (!row.resolvedAt) {
      const resolved = await resolve(deps, row, token);
      if (resolved === 'lost') return;
      if (resolved !== 'ok') {
        await finish({ status: 'failed', message: resolved });
        return;
      }
      [row] = await db.select().from(loanOperations).where(eq(loanOperations.operationId, operationId));
    }
    if (row.totalCount === 0) {
      await finish({ status: 'failed', message: NO_LOANS });
      return;
    }
    // The author's scope as of now: an agent who left their team since the request is refused per loan.
    const author = row.authorId ? await userById(db, row.authorId) : null;
    const scope: UserScope = author ? (await reportsToScope(db, row.companyId, author, await authorRole(deps, row))).scope : { kind: 'company' };
    const agents = await companyAgents(db, row.companyId, scope);
    const ctx: RunContext = { agents, findAgent: agentFinder(agents) };
    let counts = { processed: row.processedCount, success: row.successCount, failed: row.failedCount };
    for (;;) {
      if (state.stopping) {
        await releaseLease(db, leaseTable, operationId, token);
        return;
      }
      const items = await db
        .select({ seq: loanOperationItems.seq, loanId: loanOperationItems.loanId, agentRef: loanOperationItems.agentRef, status: loanOperationItems.status, reason: loanOperationItems.reason })
        .from(loanOperationItems)
        .where(and(eq(loanOperationItems.operationId, operationId), gt(loanOperationItems.seq, counts.processed)))
        .orderBy(asc(loanOperationItems.seq))
        .limit(config.loanOperationChunkRows);
      if (items.length === 0) break;
      const next = await processChunk(deps, row, token, ctx, items, counts);
      if (!next) return;
      counts = next;
      // Let requests queued behind this run go first (PGlite serves one query at a time).
      await new Promise((r) => setTimeout(r, 0));
    }
    const status = counts.failed === 0 ? 'completed' : counts.success === 0 ? 'failed' : 'partially_completed';
    await finish({ status, processedCount: counts.processed, successCount: counts.success, failedCount: counts.failed, message: status === 'failed' ? ALL_FAILED : null });
  } catch (err) {
    log.error({ err, operationId }, 'loan operation failed');
    await finish({ status: 'failed', message: 'The operation stopped on an unexpected error' }).catch(() => undefined);
  }
}

async function authorRole(deps: Pick<ModuleDeps, 'identity'>, row: LoanOperationRow): Promise<string | null> {
  if (!row.authorId) return null;
  return (await deps.identity.memberships.membership(row.authorId, row.companyId))?.roleId ?? null;
}

/** Whether the operation's author may read unmasked data in its company now (false when unknown). */
async function authorUnmasked(deps: Pick<ModuleDeps, 'identity'>, row: LoanOperationRow): Promise<boolean> {
  if (!row.authorId) return false;
  return canReadUnmasked((await deps.identity.memberships.membership(row.authorId, row.companyId))?.permissions);
}

/** Items of the selection: loan ids (plus, for a file, the agent cell, the row and a failure found while reading). */
interface NewItem {
  loanId: string;
  agentRef?: string | null;
  rowNumber?: number | null;
  reason?: string | null;
}

/**
 * Resolves the selection into loan_operation_items with resolved_at and total_count, in one
 * transaction under the lease.
 * @returns 'ok', 'lost' (lease lost or terminated: nothing written) or a failure message
 */
async function resolve(deps: ModuleDeps, row: LoanOperationRow, token: number): Promise<'ok' | 'lost' | string> {
  const { db } = deps;
  let fileItems: NewItem[] | null = null;
  if (row.selection === 'file') {
    try {
      fileItems = await readFileItems(deps, row);
    } catch {
      return 'The file could not be read';
    }
  }
  // The author's view: their search matches masked fields only whole (issue 12).
  const view = row.selection === 'filters' ? await portfolioView(db, row.companyId, await authorUnmasked(deps, row)) : null;
  const variables = view?.variables ?? [];
  return db.transaction(async (tx) => {
    const [held] = await tx
      .update(loanOperations)
      .set({ updatedAt: sql`now()`, leaseUntil: sql`now() + make_interval(secs => ${deps.config.importLeaseSeconds})` })
      .where(and(eq(loanOperations.operationId, row.operationId), eq(loanOperations.status, 'in_progress'), eq(loanOperations.attempts, token)))
      .returning({ id: loanOperations.operationId });
    if (!held) return 'lost';
    await tx.delete(loanOperationItems).where(eq(loanOperationItems.operationId, row.operationId));
    const base = { op: row.operationId, company: row.companyId };
    if (row.selection === 'filters') {
      const selected = selectedLoansRelation({
        companyId: row.companyId,
        allocationMonth: row.allocationMonth,
        search: row.search ?? undefined,
        searchMasked: view?.masker.maskedNames(),
        filters: parseFilters(row.filters ?? [], variables),
        archived: row.operationType === 'unarchive_loans',
      });
      await tx.execute(sql`
        insert into loan_operation_items (operation_id, seq, company_id, loan_id)
        select ${base.op}, row_number() over (order by l.loan_id), ${base.company}, l.loan_id from ${selected} l`);
    } else if (row.selection === 'agent_loans') {
      const holder = row.operationType === 'move_loans' ? row.fromUserId : row.userId;
      await tx.execute(sql`
        insert into loan_operation_items (operation_id, seq, company_id, loan_id)
        select ${base.op}, row_number() over (order by a.loan_id), ${base.company}, a.loan_id from ${allocationsRelation(row.companyId)} a
        where a.allocation_month = ${row.allocationMonth} and a.agent_type = ${row.agentType} and a.user_id = ${holder}`);
    } else {
      const items: NewItem[] = fileItems ?? (row.loanIds ?? []).map((loanId) => ({ loanId }));
      for (let i = 0; i < items.length; i += ITEM_INSERT_BATCH) {
        const batch = items.slice(i, i + ITEM_INSERT_BATCH).map((it, k) => ({
          seq: i + k + 1,
          loan_id: it.loanId,
          agent_ref: it.agentRef ?? null,
          row_number: it.rowNumber ?? null,
          status: it.reason ? 'failed' : 'pending',
          reason: it.reason ?? null,
        }));
        await tx.execute(sql`
          insert into loan_operation_items (operation_id, seq, company_id, loan_id, agent_ref, row_number, status, reason)
          select ${base.op}, r.seq, ${base.company}, r.loan_id, r.agent_ref, r.row_number, r.status, r.reason
          from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(seq int, loan_id text, agent_ref text, row_number int, status text, reason text)`);
      }
    }
    await tx
      .update(loanOperations)
      .set({ resolvedAt: sql`now()`, totalCount: sql`(select count(*) from loan_operation_items where operation_id = ${row.operationId})`, updatedAt: sql`now()` })
      .where(eq(loanOperations.operationId, row.operationId));
    return 'ok';
  });
}

/**
 * The rows of an "allocate via excel" file as items: each non-empty data row below the header
 * gives its loan id and agent cell; a row without a loan id, or repeating an earlier row's loan,
 * is an item failed at once with its reason.
 */
async function readFileItems(deps: ModuleDeps, row: LoanOperationRow): Promise<NewItem[]> {
  if (!row.fileKey || !row.fileKind) throw new Error('no file');
  const upload = { key: row.fileKey, kind: row.fileKind };
  const head = await readOperationFileHead(deps.files, upload);
  const source = await openAllocationFile(deps.files.localPath(row.fileKey), row.fileKind);
  const items: NewItem[] = [];
  const first = new Map<string, number>();
  try {
    let index = 0;
    for await (const cells of source.rows) {
      const rowNumber = index + 1;
      index += 1;
      if (rowNumber - 1 <= head.headerRowIndex || isEmptyDataRow(cells)) continue;
      const loanId = cellText(cells[head.loan]).trim();
      const agentRef = cellText(cells[head.agent]).trim();
      if (!loanId && !agentRef) continue;
      let reason: string | null = null;
      if (!loanId) reason = 'Loan ID is empty';
      else if (first.has(loanId)) reason = `Loan '${loanId}' is repeated: first in row ${first.get(loanId)}`;
      else first.set(loanId, rowNumber);
      items.push({ loanId: loanId || '(empty)', agentRef: agentRef || null, rowNumber, reason });
    }
  } finally {
    source.close();
  }
  return items;
}

const LABEL: Record<AgentType, string> = { fos: 'FOS', telecaller: 'telecaller' };

/**
 * Decides and applies one chunk in one transaction with the checkpoint (see the module comment).
 * @returns the counts after the chunk, or null when the lease was lost or the operation terminated
 */
async function processChunk(
  deps: ModuleDeps,
  row: LoanOperationRow,
  token: number,
  run: RunContext,
  items: Item[],
  before: { processed: number; success: number; failed: number },
): Promise<{ processed: number; success: number; failed: number } | null> {
  const { db, config } = deps;
  const month = row.allocationMonth;
  const loanIds = items.filter((i) => i.status === 'pending').map((i) => i.loanId);
  const [states, current] = await Promise.all([loanStates(db, row.companyId, month, loanIds), currentAllocations(db, row.companyId, month, loanIds)]);
  const nameOf = (userId: string | null) => (userId ? (run.agents.get(userId)?.name ?? userId) : null);

  const outcomes: { seq: number; status: 'success' | 'failed'; reason: string | null; prev: string | null; uid: string | null }[] = [];
  const changes: AllocationChange[] = [];
  const done: string[] = [];
  for (const item of items) {
    if (item.status !== 'pending') {
      outcomes.push({ seq: item.seq, status: 'failed', reason: item.reason, prev: null, uid: null });
      continue;
    }
    const loanState = states.get(item.loanId);
    let target = row.userId ? (run.agents.get(row.userId) ?? null) : null;
    let agentType = (row.agentType ?? 'fos') as AgentType;
    if (row.selection === 'file') {
      target = item.agentRef ? run.findAgent(item.agentRef) : null;
      agentType = (row.agentType as AgentType | null) ?? (target ? agentTypeOf(target.profession) : null) ?? 'fos';
    }
    const allocatedTo = current.get(item.loanId)?.[agentType] ?? null;
    const loan: LoanState | null = loanState ? { archived: loanState.archived, tags: loanState.tags, allocatedTo } : null;
    const ctx: LoanOperationContext = {
      type: row.operationType,
      allocationMonth: month,
      agentType,
      target,
      targetRef: item.agentRef,
      from: row.fromUserId ? (run.agents.get(row.fromUserId) ?? null) : null,
      tags: row.tags,
    };
    if (row.operationType === 'deallocate_loans' && !row.userId) ctx.target = null;
    const reason = loanOperationProblem(ctx, loan);
    if (reason) {
      outcomes.push({ seq: item.seq, status: 'failed', reason, prev: allocatedTo, uid: null });
      continue;
    }
    done.push(item.loanId);
    const newUser = row.operationType === 'deallocate_loans' ? null : row.operationType.startsWith('allocate') || row.operationType === 'move_loans' ? target!.userId : allocatedTo;
    outcomes.push({ seq: item.seq, status: 'success', reason: null, prev: allocatedTo, uid: newUser });
    if (row.operationType === 'deallocate_loans') {
      changes.push({ loanId: item.loanId, agentType, userId: null, previousUserId: allocatedTo, remark: `Deallocated from ${nameOf(allocatedTo)} (${LABEL[agentType]})` });
    } else if ((row.operationType.startsWith('allocate') || row.operationType === 'move_loans') && newUser !== allocatedTo) {
      const remark = allocatedTo ? `Moved from ${nameOf(allocatedTo)} to ${target!.name} (${LABEL[agentType]})` : `Allocated to ${target!.name} (${LABEL[agentType]})`;
      changes.push({ loanId: item.loanId, agentType, userId: newUser, previousUserId: allocatedTo, remark });
    }
  }
  const success = outcomes.filter((o) => o.status === 'success').length;
  const after = { processed: before.processed + items.length, success: before.success + success, failed: before.failed + items.length - success };

  return db.transaction(async (tx) => {
    const [held] = await tx
      .update(loanOperations)
      .set({
        processedCount: after.processed,
        successCount: after.success,
        failedCount: after.failed,
        leaseUntil: sql`now() + make_interval(secs => ${config.importLeaseSeconds})`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(loanOperations.operationId, row.operationId), eq(loanOperations.status, 'in_progress'), eq(loanOperations.attempts, token)))
      .returning({ id: loanOperations.operationId });
    if (!held) return null;
    switch (row.operationType) {
      case 'archive_loans':
      case 'unarchive_loans':
        await setLoansArchived(tx, row.companyId, month, done, row.operationType === 'archive_loans');
        break;
      case 'add_tags':
      case 'delete_tags':
        await changeLoanTags(tx, row.companyId, month, done, row.tags, row.operationType === 'delete_tags');
        break;
      default:
        await applyAllocationChanges(tx, { companyId: row.companyId, month, by: row.authorId, operationId: row.operationId, operationType: row.operationType }, changes);
    }
    await tx.execute(sql`
      update loan_operation_items i set status = r.status, reason = r.reason, previous_user_id = r.prev, user_id = r.uid, processed_at = now()
      from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as r(seq int, status text, reason text, prev text, uid text)
      where i.operation_id = ${row.operationId} and i.seq = r.seq`);
    return after;
  });
}

/**
 * On queue start: queues again every operation left initiated or in_progress by a stopped process
 * (one whose lease has not expired yet is queued when it does).
 * @returns the ids queued now
 */
export function resumeLoanOperations(deps: ModuleDeps, log: FastifyBaseLogger, timers: Set<NodeJS.Timeout>): Promise<string[]> {
  return resumeLeased<LoanOperationJobData>(deps, log, timers, leaseTable, LOAN_OPERATION_QUEUE, (operationId) => ({ operationId }));
}
