/**
 * The approvals inbox (issue 16): the pending requests the caller may decide (by role, central
 * team, admin rank; never their own, never a higher-ranked maker's), their own requests, or all of
 * the company's; pending counts per type; a request's detail and the trail of a subject.
 */
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { ApprovalRequestType, ApprovalStatus } from '../../../domain/approval/chains';
import type { ApprovalRequestDetail, ApprovalRequestRecord, ApprovalStepRecord } from '../../../domain/contracts/approval/requests';
import { rolesAbove, type Decider } from '../../../domain/approval/chains';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { centralApprovalConfigured } from '../companies/queries';
import { roleLinks, userNamesSubquery } from '../users/queries';
import { decisionRefusal, REQUEST_NOT_FOUND, stepsOf, subjectRequests, type ApprovalStep } from './engine';
import { approvalEvents, approvalRequests, type ApprovalRequestRow } from './schema';

const textArray = (ids: readonly string[]) => sql`array[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::text[]`;

/** SQL: the pending requests `decider` may decide (the inbox's "to decide"). */
async function decidableSql(db: DbOrTx, companyId: string, decider: Decider): Promise<SQL> {
  const base = and(
    eq(approvalRequests.companyId, companyId),
    eq(approvalRequests.status, 'pending'),
    ne(approvalRequests.makerUserId, decider.userId),
    // Each level its own checker: not the requests this user approved a level of.
    sql`not exists (select 1 from ${approvalEvents} e where e.request_id = ${approvalRequests.requestId} and e.actor_user_id = ${decider.userId} and e.kind = 'approved')`,
  )!;
  if (decider.adminLevel) return base;
  const [links, central] = await Promise.all([roleLinks(db, companyId), centralApprovalConfigured(db, companyId)]);
  const who: SQL[] = [];
  if (decider.roleId) who.push(sql`${approvalRequests.currentRoleIds} && ${textArray([decider.roleId])}`);
  if (decider.centralMember) who.push(central ? sql`true` : sql`${approvalRequests.currentCentral}`);
  if (who.length === 0) return sql`false`;
  const above = rolesAbove(links, decider.roleId);
  const rank = above.length > 0 ? sql`(${approvalRequests.makerRoleId} is null or not (${approvalRequests.makerRoleId} = any(${textArray(above)})))` : sql`true`;
  return and(base, sql`(${sql.join(who, sql` or `)})`, rank)!;
}

function toRecord(row: ApprovalRequestRow, makerName: string | null, now: Date): ApprovalRequestRecord {
  const level = row.levels[row.currentLevel - 1];
  return {
    request_id: row.requestId,
    request_type: row.requestType,
    loan_id: row.loanId,
    subject_id: row.subjectId,
    maker_user_id: row.makerUserId,
    maker_name: makerName,
    amount_minor: row.amountMinor,
    waiver_pct: row.waiverBp === null ? null : row.waiverBp / 100,
    summary: row.summary,
    status: row.status,
    current_level: row.currentLevel,
    level_count: row.levels.length,
    current_level_name: level?.name ?? null,
    due_at: row.dueAt?.toISOString() ?? null,
    overdue: row.status === 'pending' && row.dueAt !== null && row.dueAt.getTime() <= now.getTime(),
    escalations: row.escalations,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

const toStep = (s: ApprovalStep): ApprovalStepRecord => ({ level: s.level, level_name: s.levelName, kind: s.kind, user_id: s.userId, user_name: s.userName, remarks: s.remarks, at: s.at.toISOString() });

/** GET /approval/requests. Escalated and oldest first in "to decide"; newest first otherwise. */
export async function listInbox(
  db: DbOrTx,
  companyId: string,
  decider: Decider,
  query: { view: 'to_decide' | 'mine' | 'all'; request_type?: ApprovalRequestType; status?: ApprovalStatus; page_number: number; page_size: number },
  now: Date,
): Promise<{ requests: ApprovalRequestRecord[]; total: number; counts: { request_type: ApprovalRequestType; pending: number }[] }> {
  const decidable = await decidableSql(db, companyId, decider);
  const parts: SQL[] = [];
  if (query.view === 'to_decide') parts.push(decidable);
  else {
    parts.push(eq(approvalRequests.companyId, companyId));
    if (query.view === 'mine') parts.push(eq(approvalRequests.makerUserId, decider.userId));
    if (query.status) parts.push(eq(approvalRequests.status, query.status));
  }
  if (query.request_type) parts.push(eq(approvalRequests.requestType, query.request_type));
  const where = and(...parts);
  const order = query.view === 'to_decide' ? [sql`${approvalRequests.escalatedAt} is null`, asc(approvalRequests.createdAt)] : [desc(approvalRequests.createdAt)];
  const makers = userNamesSubquery(db, 'approval_makers');
  const [[{ total }], rows, counts] = await Promise.all([
    db.select({ total: count() }).from(approvalRequests).where(where),
    db
      .select({ row: approvalRequests, makerName: makers.name })
      .from(approvalRequests)
      .leftJoin(makers, eq(makers.userId, approvalRequests.makerUserId))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    db.select({ request_type: approvalRequests.requestType, pending: count() }).from(approvalRequests).where(decidable).groupBy(approvalRequests.requestType),
  ]);
  return { total, requests: rows.map((r) => toRecord(r.row, r.makerName, now)), counts };
}

/** GET /approval/requests/{id}. @throws 404 for an unknown id or another company's. */
export async function requestDetail(db: DbOrTx, companyId: string, decider: Decider, requestId: string, now: Date): Promise<ApprovalRequestDetail> {
  const makers = userNamesSubquery(db, 'approval_makers');
  const [found] = await db
    .select({ row: approvalRequests, makerName: makers.name })
    .from(approvalRequests)
    .leftJoin(makers, eq(makers.userId, approvalRequests.makerUserId))
    .where(and(eq(approvalRequests.companyId, companyId), eq(approvalRequests.requestId, requestId)));
  if (!found) throw notFound(REQUEST_NOT_FOUND);
  const steps = await stepsOf(db, [found.row]);
  return { ...toRecord(found.row, found.makerName, now), trail: steps.map(toStep), can_decide: (await decisionRefusal(db, found.row, decider)) === null };
}

/** GET /approval/trail: the requests about a subject, newest first, each with its trail. */
export async function trailDetails(db: DbOrTx, companyId: string, decider: Decider, type: ApprovalRequestType, subjectId: string, now: Date): Promise<ApprovalRequestDetail[]> {
  const list = await subjectRequests(db, companyId, type, subjectId);
  return Promise.all(
    list.map(async ({ request, steps }) => ({ ...toRecord(request, null, now), trail: steps.map(toStep), can_decide: (await decisionRefusal(db, request, decider)) === null })),
  );
}
