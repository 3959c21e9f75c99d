/**
 * Change requests (issue 16 "Change requests"): proposed by an agent or a field executive (a field
 * visit's "new address"), submitted to the approval area's chain, and on the checker's approval
 * applied to the loan and customer through portfolio's front door, the replaced value kept on the
 * request as the detail's history and on the loan's timeline.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { CHANGE_FIELD_VARIABLES, decidedStatus, normaliseValue, valueProblem, type ChangeField, type ChangeRequestSource, type ChangeRequestStatus } from '../../../domain/change-requests/rules';
import type { ChangeRequestBody, ChangeRequestRecord } from '../../../domain/contracts/change-requests/requests';
import { maskValue, type MaskKind } from '../../../domain/common/masking';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { addLoanEvents, applyBorrowerDetails, borrowerDetails, type BorrowerDetailVariable } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import { submitApprovalRequest } from '../approval/queries';
import { changeRequests, type ChangeRequestRow } from './schema';

export const CHANGE_REQUEST_NOT_FOUND = 'Change request not found';
const NO_LOAN = 'No loan details found';

/** Who asks: the user, and whether they read personal fields in clear. */
export interface RequestCaller {
  userId: string;
  unmasked: boolean;
}

/** How each field's values are masked for a masked caller (spec 3: contact number, email); addresses are not masked. */
const FIELD_MASK: Record<ChangeField, MaskKind | null> = { contact_number: 'mobile', alternate_numbers: 'mobile', email: 'email', address: null };

function masked(field: ChangeField, value: string | null, unmasked: boolean): string | null {
  const kind = FIELD_MASK[field];
  if (value === null || unmasked || !kind) return value;
  return field === 'alternate_numbers' ? value.split(',').map((n) => maskValue('mobile', n)).join(',') : maskValue(kind, value);
}

/** The field's current value on the loan (an address joins its lines). */
function currentValue(field: ChangeField, values: Record<BorrowerDetailVariable, string | null>): string | null {
  const names = CHANGE_FIELD_VARIABLES[field] as readonly BorrowerDetailVariable[];
  if (field === 'address') return names.map((n) => values[n]).filter(Boolean).join(', ') || null;
  return values[names[0]];
}

/** The variables a field's new value writes (an address is line 1, lines 2 and 3 cleared). */
function writes(field: ChangeField, value: string): Partial<Record<BorrowerDetailVariable, string | null>> {
  const [first, ...rest] = CHANGE_FIELD_VARIABLES[field] as readonly BorrowerDetailVariable[];
  return { [first]: value, ...Object.fromEntries(rest.map((n) => [n, null])) };
}

function toRecord(row: ChangeRequestRow, names: { requester: string | null; applicant: string | null }, unmasked: boolean): ChangeRequestRecord {
  return {
    request_id: row.requestId,
    loan_id: row.loanId,
    allocation_month: row.allocationMonth,
    applicant_name: names.applicant === null ? null : unmasked ? names.applicant : maskValue('name', names.applicant),
    field: row.field,
    old_value: masked(row.field, row.oldValue, unmasked),
    new_value: masked(row.field, row.newValue, unmasked) ?? '',
    reason: row.reason,
    source: row.source,
    visit_id: row.visitId,
    status: row.status,
    approval_request_id: row.approvalRequestId,
    requested_by: row.requestedBy,
    requested_by_name: names.requester,
    requested_at: row.requestedAt.toISOString(),
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    remarks: row.remarks,
    applied_at: row.appliedAt?.toISOString() ?? null,
  };
}

/** The requests with their requester's name. */
function withNames(db: DbOrTx) {
  const requesters = userNamesSubquery(db, 'requesters');
  return db.select({ row: changeRequests, requester: requesters.name }).from(changeRequests).leftJoin(requesters, eq(requesters.userId, changeRequests.requestedBy)).$dynamic();
}

async function records(db: DbOrTx, companyId: string, rows: { row: ChangeRequestRow; requester: string | null }[], unmasked: boolean): Promise<ChangeRequestRecord[]> {
  const names = new Map<string, string | null>();
  for (const { row } of rows) {
    if (!names.has(row.loanId)) names.set(row.loanId, (await borrowerDetails(db, companyId, row.loanId, row.allocationMonth))?.applicantName ?? null);
  }
  return rows.map(({ row, requester }) => toRecord(row, { applicant: names.get(row.loanId) ?? null, requester }, unmasked));
}

/**
 * Proposes a change and submits it to the approval chain (type 'change_request'), inside `tx`.
 * The loan's current value is kept as `old_value`. Without an approval chain for the type the
 * approval area approves at once (its handler, decideChange, runs inside the submission).
 * @throws 400 for a value the field refuses; 404 'No loan details found'; 409 when the loan has a
 *   pending request for the same field
 */
export async function proposeChange(
  tx: DbOrTx,
  companyId: string,
  caller: RequestCaller,
  body: ChangeRequestBody,
  origin: { source: ChangeRequestSource; visitId?: string | null } = { source: 'agent' },
): Promise<ChangeRequestRecord> {
  const value = normaliseValue(body.field, body.new_value);
  const problem = valueProblem(body.field, value);
  if (problem) throw badRequest(problem);
  if (body.reason && /[<>]/.test(body.reason)) throw badRequest('Reason must not contain markup tags');
  const loan = await borrowerDetails(tx, companyId, body.loan_id, body.allocation_month ?? null);
  if (!loan) throw notFound(NO_LOAN);
  const [pending] = await tx
    .select({ id: changeRequests.requestId })
    .from(changeRequests)
    .where(and(eq(changeRequests.companyId, companyId), eq(changeRequests.loanId, body.loan_id), eq(changeRequests.field, body.field), eq(changeRequests.status, 'pending')));
  if (pending) throw conflict(`Loan ${body.loan_id} already has a pending ${body.field} change`);
  const [row] = await tx
    .insert(changeRequests)
    .values({
      companyId,
      loanId: body.loan_id,
      allocationMonth: loan.allocationMonth,
      field: body.field,
      oldValue: currentValue(body.field, loan.values),
      newValue: value,
      reason: body.reason?.trim() || null,
      source: origin.source,
      visitId: origin.visitId ?? null,
      requestedBy: caller.userId,
    })
    .returning();
  await addLoanEvents(tx, [
    { companyId, loanId: row.loanId, allocationMonth: row.allocationMonth, kind: 'change_request', module: 'change_requests', remark: `${row.field} change proposed`, details: { request_id: row.requestId, field: row.field, status: 'pending', source: row.source }, authorId: caller.userId },
  ]);
  const submitted = await submitApprovalRequest(tx, {
    companyId,
    type: 'change_request',
    loanId: row.loanId,
    subjectId: row.requestId,
    makerUserId: caller.userId,
    summary: `Change of ${row.field.replace('_', ' ')} on loan ${row.loanId}`,
  });
  // Without a chain for the type the approval area approves at once and has already run decideChange.
  await tx.update(changeRequests).set({ approvalRequestId: submitted.requestId }).where(eq(changeRequests.requestId, row.requestId));
  return getChangeRequest(tx, companyId, caller, row.requestId);
}

/**
 * The approval area's final decision on a change request (inside the decision's transaction):
 * approved applies the value to the loan and customer, keeping the replaced value as `old_value`
 * and on the timeline; rejected only closes it.
 * @throws 409 when the request is already decided
 */
export async function decideChange(tx: DbOrTx, d: { companyId: string; subjectId: string; decision: 'approved' | 'rejected'; remarks: string | null; decidedBy: string | null }): Promise<void> {
  const [row] = await tx.select().from(changeRequests).where(and(eq(changeRequests.companyId, d.companyId), eq(changeRequests.requestId, d.subjectId)));
  if (!row) throw notFound(CHANGE_REQUEST_NOT_FOUND);
  let status: ChangeRequestStatus;
  try {
    status = decidedStatus(row.status, d.decision);
  } catch (e) {
    throw conflict((e as Error).message);
  }
  const now = new Date();
  const patch: Partial<typeof changeRequests.$inferInsert> = { status, decidedBy: d.decidedBy, decidedAt: now, remarks: d.remarks };
  if (status === 'approved') {
    const loan = await borrowerDetails(tx, d.companyId, row.loanId, null);
    patch.oldValue = loan ? currentValue(row.field, loan.values) : row.oldValue;
    await applyBorrowerDetails(tx, d.companyId, row.loanId, writes(row.field, row.newValue));
    patch.appliedAt = now;
  }
  await tx.update(changeRequests).set(patch).where(eq(changeRequests.requestId, row.requestId));
  await addLoanEvents(tx, [
    {
      companyId: d.companyId,
      loanId: row.loanId,
      allocationMonth: row.allocationMonth,
      kind: 'change_request',
      module: 'change_requests',
      remark: status === 'approved' ? `${row.field} changed` : `${row.field} change rejected${d.remarks ? `: ${d.remarks}` : ''}`,
      // The old value stays in the request (masked per reader); the timeline names the request.
      details: { request_id: row.requestId, field: row.field, status },
      authorId: d.decidedBy,
    },
  ]);
}

/** GET /change-requests/{id}. @throws 404 'Change request not found' (another company's too) */
export async function getChangeRequest(db: DbOrTx, companyId: string, caller: RequestCaller, requestId: string): Promise<ChangeRequestRecord> {
  const rows = await withNames(db).where(and(eq(changeRequests.companyId, companyId), eq(changeRequests.requestId, requestId)));
  if (rows.length === 0) throw notFound(CHANGE_REQUEST_NOT_FOUND);
  return (await records(db, companyId, rows, caller.unmasked))[0];
}

/** GET /change-requests: newest first, by status and loan, with the company's counts per status. */
export async function listChangeRequests(
  db: Db,
  companyId: string,
  caller: RequestCaller,
  query: { status?: ChangeRequestStatus; loan_id?: string; page_number: number; page_size: number },
): Promise<{ requests: ChangeRequestRecord[]; total: number; counts: Record<ChangeRequestStatus, number> }> {
  const where = and(eq(changeRequests.companyId, companyId), query.status ? eq(changeRequests.status, query.status) : undefined, query.loan_id ? eq(changeRequests.loanId, query.loan_id) : undefined);
  const [[{ total }], rows, byStatus] = await Promise.all([
    db.select({ total: count() }).from(changeRequests).where(where),
    withNames(db)
      .where(where)
      .orderBy(desc(changeRequests.requestedAt), desc(changeRequests.requestId))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    db.select({ status: changeRequests.status, n: count() }).from(changeRequests).where(eq(changeRequests.companyId, companyId)).groupBy(changeRequests.status),
  ]);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const s of byStatus) counts[s.status] = s.n;
  return { requests: await records(db, companyId, rows, caller.unmasked), total, counts };
}
