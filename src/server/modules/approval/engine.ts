/**
 * The approval engine (issue 16 "Approvals: one engine for every request that needs a checker").
 * An owning area submits a request inside its own transaction; the request snapshots the levels of
 * the company's chain for its type that apply to it (thresholds add levels) and who may decide each;
 * each decision is checked (maker-checker, rank, remarks), recorded as an event (the audit trail),
 * written to the user audit and to the loan's timeline; the final decision (last level approved, or
 * any rejection) runs the owning area's handler in the same transaction. Overdue requests (past the
 * current level's SLA) are escalated by a job.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { ADMIN_LEVEL_USER_TYPES } from '../../../domain/users/permissions';
import { escalationTarget, refusal, requestLevels, rolesAbove, type ApprovalDecision, type ApprovalRequestType, type ApprovalStatus, type Decider, type RequestLevel } from '../../../domain/approval/chains';
import type { Db, DbOrTx } from '../../db/client';
import { forbidden, notFound, conflict } from '../../http/errors';
import { centralApprovalConfigured } from '../companies/queries';
import { addLoanEvents } from '../portfolio/queries';
import { memberRoleId, recordAudit, roleLinks, userNamesSubquery } from '../users/queries';
import { approvalChains, approvalEvents, approvalRequests, approvalTeamMembers, type ApprovalRequestRow } from './schema';

export const REQUEST_NOT_FOUND = 'Approval request not found';
export const ALREADY_DECIDED = 'This request is already decided';
/** Each level has its own checker: whoever approved one level of a request decides no other. */
export const SECOND_LEVEL_MESSAGE = 'You already approved an earlier level of this request';

/** What an owning area submits (amounts in minor units; waiver in percent). */
export interface ApprovalSubmission {
  companyId: string;
  type: ApprovalRequestType;
  loanId: string | null;
  subjectId: string;
  makerUserId: string;
  amountMinor?: number;
  waiverPct?: number;
  summary: string;
  /** When the request is made (SLA clock); default the current time. */
  now?: Date;
}

/** The final decision an owning area acts on. */
export interface ApprovalOutcome {
  requestId: string;
  subjectId: string;
  companyId: string;
  loanId: string | null;
  decision: ApprovalDecision;
  remarks: string;
  decidedBy: string;
}
export type ApprovalHandler = (tx: DbOrTx, d: ApprovalOutcome) => Promise<void>;

const handlers = new Map<ApprovalRequestType, ApprovalHandler[]>();

/** Registers what the owning area does on a final decision of `type`; runs inside the decision's transaction (a throw rolls the decision back). */
export function onApprovalDecision(type: ApprovalRequestType, handler: ApprovalHandler): void {
  const list = handlers.get(type) ?? [];
  if (!list.includes(handler)) list.push(handler);
  handlers.set(type, list);
}

async function runHandlers(tx: DbOrTx, row: ApprovalRequestRow, decision: ApprovalDecision, remarks: string, decidedBy: string): Promise<void> {
  for (const h of handlers.get(row.requestType) ?? []) {
    await h(tx, { requestId: row.requestId, subjectId: row.subjectId, companyId: row.companyId, loanId: row.loanId, decision, remarks, decidedBy });
  }
}

const hours = (n: number) => n * 3_600_000;

async function timeline(db: DbOrTx, row: Pick<ApprovalRequestRow, 'companyId' | 'loanId' | 'requestId' | 'requestType'>, remark: string, details: Record<string, unknown>, authorId: string | null, at?: Date): Promise<void> {
  if (!row.loanId) return;
  await addLoanEvents(db, [{ companyId: row.companyId, loanId: row.loanId, allocationMonth: null, kind: 'approval', module: 'approval', remark, details: { request_id: row.requestId, request_type: row.requestType, ...details }, authorId, createdAt: at }]);
}

const label = (t: ApprovalRequestType) => t.replace(/_/g, ' ');

/**
 * Creates the request at level 1 of the company's chain for the type, inside `tx`. With no chain
 * (or no level applying) it is approved at once and the owning area's handler runs.
 * @returns the request id and its status
 */
export async function submitApprovalRequest(tx: DbOrTx, input: ApprovalSubmission): Promise<{ requestId: string; status: ApprovalStatus }> {
  const now = input.now ?? new Date();
  const [chain] = await tx.select({ levels: approvalChains.levels }).from(approvalChains).where(and(eq(approvalChains.companyId, input.companyId), eq(approvalChains.requestType, input.type)));
  const makerRoleId = await memberRoleId(tx, input.companyId, input.makerUserId);
  const links = chain ? await roleLinks(tx, input.companyId) : [];
  const levels = chain ? requestLevels(chain.levels, { amountMinor: input.amountMinor, waiverPct: input.waiverPct }, makerRoleId, links) : [];
  const first = levels[0];
  const [row] = await tx
    .insert(approvalRequests)
    .values({
      companyId: input.companyId,
      requestType: input.type,
      loanId: input.loanId,
      subjectId: input.subjectId,
      makerUserId: input.makerUserId,
      makerRoleId,
      amountMinor: input.amountMinor ?? null,
      waiverBp: input.waiverPct === undefined ? null : Math.round(input.waiverPct * 100),
      summary: input.summary,
      status: first ? 'pending' : 'approved',
      levels,
      currentLevel: first ? 1 : 0,
      currentRoleIds: first?.role_ids ?? [],
      currentCentral: first?.central ?? false,
      dueAt: first ? new Date(now.getTime() + hours(first.sla_hours)) : null,
      createdAt: now,
      decidedAt: first ? null : now,
    })
    .returning();
  await tx.insert(approvalEvents).values({ requestId: row.requestId, companyId: row.companyId, level: 0, kind: 'submitted', actorUserId: input.makerUserId, remarks: input.summary, createdAt: now });
  await recordAudit(tx, { companyId: row.companyId, actorUserId: input.makerUserId, action: 'approval_requested', details: { request_id: row.requestId, request_type: row.requestType, subject_id: row.subjectId, loan_id: row.loanId, levels: levels.length } });
  await timeline(tx, row, `${label(row.requestType)} approval requested: ${input.summary}`, { status: row.status, levels: levels.length }, input.makerUserId, now);
  if (!first) {
    await tx.insert(approvalEvents).values({ requestId: row.requestId, companyId: row.companyId, level: 0, kind: 'auto_approved', actorUserId: null, remarks: 'No approval chain for this request type', createdAt: now });
    await runHandlers(tx, row, 'approved', 'No approval chain for this request type', input.makerUserId);
  }
  return { requestId: row.requestId, status: row.status };
}

/** The caller as a decider. */
export interface DeciderCaller {
  userId: string;
  userType: string;
  roleId: string | null;
}

export async function deciderOf(db: DbOrTx, companyId: string, caller: DeciderCaller): Promise<Decider> {
  const [member] = await db.select({ userId: approvalTeamMembers.userId }).from(approvalTeamMembers).where(and(eq(approvalTeamMembers.companyId, companyId), eq(approvalTeamMembers.userId, caller.userId)));
  return { userId: caller.userId, roleId: caller.roleId, adminLevel: (ADMIN_LEVEL_USER_TYPES as readonly string[]).includes(caller.userType), centralMember: Boolean(member) };
}

/** Why `caller` may not decide `row` now, or null. */
export async function decisionRefusal(db: DbOrTx, row: ApprovalRequestRow, decider: Decider): Promise<string | null> {
  if (row.status !== 'pending') return ALREADY_DECIDED;
  const level: RequestLevel | undefined = row.levels[row.currentLevel - 1];
  if (!level) return ALREADY_DECIDED;
  const [links, central, earlier] = await Promise.all([
    roleLinks(db, row.companyId),
    centralApprovalConfigured(db, row.companyId),
    db.select({ id: approvalEvents.eventId }).from(approvalEvents).where(and(eq(approvalEvents.requestId, row.requestId), eq(approvalEvents.actorUserId, decider.userId), eq(approvalEvents.kind, 'approved'))).limit(1),
  ]);
  const why = refusal(level, { userId: row.makerUserId, roleId: row.makerRoleId }, decider, links, central);
  if (!why && earlier.length > 0) return SECOND_LEVEL_MESSAGE;
  return why;
}

/**
 * Decides the current level of a request (POST /approval/requests/{id}/decision). Approval of the
 * last level, or any rejection, is final: the owning area's handler runs in this transaction.
 * @throws 404 unknown request (or another company's); 409 already decided; 403 the maker, or a
 *   decider not entitled to the level (below its rank)
 */
export async function decideRequest(db: Db, companyId: string, caller: DeciderCaller, requestId: string, body: { decision: ApprovalDecision; remarks: string }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(approvalRequests).where(and(eq(approvalRequests.companyId, companyId), eq(approvalRequests.requestId, requestId))).for('update');
    if (!row) throw notFound(REQUEST_NOT_FOUND);
    if (row.status !== 'pending') throw conflict(ALREADY_DECIDED);
    const why = await decisionRefusal(tx, row, await deciderOf(tx, companyId, caller));
    if (why === ALREADY_DECIDED) throw conflict(why);
    if (why) throw forbidden(why);
    const level = row.levels[row.currentLevel - 1];
    const final = body.decision === 'rejected' || row.currentLevel >= row.levels.length;
    await tx.insert(approvalEvents).values({ requestId, companyId, level: row.currentLevel, kind: body.decision, actorUserId: caller.userId, remarks: body.remarks, createdAt: now });
    if (final) {
      await tx.update(approvalRequests).set({ status: body.decision, decidedAt: now, dueAt: null }).where(eq(approvalRequests.requestId, requestId));
    } else {
      const next = row.levels[row.currentLevel];
      await tx
        .update(approvalRequests)
        .set({ currentLevel: row.currentLevel + 1, currentRoleIds: next.role_ids, currentCentral: next.central, dueAt: new Date(now.getTime() + hours(next.sla_hours)), escalatedAt: null })
        .where(eq(approvalRequests.requestId, requestId));
    }
    await recordAudit(tx, { companyId, actorUserId: caller.userId, action: `approval_${body.decision}`, targetUserId: row.makerUserId, details: { request_id: requestId, request_type: row.requestType, level: row.currentLevel, level_name: level?.name ?? null, final, remarks: body.remarks } });
    const what = final ? (body.decision === 'approved' ? 'approved' : 'rejected') : `approved at level ${row.currentLevel} (${level?.name ?? ''}), sent to level ${row.currentLevel + 1}`;
    await timeline(tx, row, `${label(row.requestType)} ${what}: ${body.remarks}`, { decision: body.decision, level: row.currentLevel, final }, caller.userId, now);
    if (final) await runHandlers(tx, row, body.decision, body.remarks, caller.userId);
  });
}

/**
 * Escalates pending requests whose current level's SLA ran out by `now` (the SLA job): the level
 * moves to the next approver up (escalationTarget: the role its lowest approving role reports to,
 * else the central approval team), its clock restarts for another SLA period, and it is marked
 * escalated (shown first in the inbox, counted); the escalation and where it went are written to
 * its trail, the audit and the loan's timeline. The request's snapshotted level is updated, so the
 * inbox, the decision check and the trail all see the new approvers.
 * @returns how many requests were escalated
 */
export async function escalateOverdue(db: Db, now: Date): Promise<number> {
  const overdue = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'pending'), lte(approvalRequests.dueAt, now)))
    .orderBy(asc(approvalRequests.dueAt))
    .limit(500);
  const linksOf = new Map<string, Awaited<ReturnType<typeof roleLinks>>>();
  let done = 0;
  for (const row of overdue) {
    let links = linksOf.get(row.companyId);
    if (!links) linksOf.set(row.companyId, (links = await roleLinks(db, row.companyId)));
    const names = new Map(links.map((l) => [l.roleId, l.roleName]));
    const level = row.levels[row.currentLevel - 1];
    const sla = level?.sla_hours ?? 24;
    const target = level ? escalationTarget(level) : null;
    const levels = target && level ? row.levels.map((l, k) => (k === row.currentLevel - 1 ? { ...l, role_ids: target.role_ids, central: target.central } : l)) : row.levels;
    const to = !target ? 'kept with the same approvers (nobody above them)' : target.central ? 'moved to the central approval team' : `moved to ${names.get(target.role_ids[0]) ?? target.role_ids[0]}`;
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(approvalRequests)
        .set({
          escalations: sql`${approvalRequests.escalations} + 1`,
          escalatedAt: now,
          dueAt: new Date(now.getTime() + hours(sla)),
          levels,
          currentRoleIds: target ? target.role_ids : row.currentRoleIds,
          currentCentral: target ? target.central : row.currentCentral,
        })
        // Only if nobody decided or escalated it since it was read (same level, still overdue).
        .where(and(eq(approvalRequests.requestId, row.requestId), eq(approvalRequests.status, 'pending'), eq(approvalRequests.currentLevel, row.currentLevel), lte(approvalRequests.dueAt, now)))
        .returning({ id: approvalRequests.requestId });
      if (updated.length === 0) return;
      done += 1;
      const remarks = `SLA of ${sla} h passed at level ${row.currentLevel} (${level?.name ?? ''}); ${to}`;
      await tx.insert(approvalEvents).values({ requestId: row.requestId, companyId: row.companyId, level: row.currentLevel, kind: 'escalated', actorUserId: null, remarks, createdAt: now });
      await recordAudit(tx, {
        companyId: row.companyId,
        actorUserId: row.makerUserId,
        action: 'approval_escalated',
        details: { request_id: row.requestId, request_type: row.requestType, level: row.currentLevel, from_role_ids: row.currentRoleIds, from_central: row.currentCentral, to_role_ids: target?.role_ids ?? row.currentRoleIds, to_central: target?.central ?? row.currentCentral },
      });
      await timeline(tx, row, `${label(row.requestType)} approval escalated: ${remarks}`, { level: row.currentLevel, escalation: true, to_role_ids: target?.role_ids ?? row.currentRoleIds, to_central: target?.central ?? row.currentCentral }, null, now);
    });
  }
  return done;
}

/** One step of a request's trail. */
export interface ApprovalStep {
  requestId: string;
  level: number;
  levelName: string | null;
  kind: 'submitted' | 'approved' | 'rejected' | 'escalated' | 'auto_approved';
  userId: string | null;
  userName: string | null;
  remarks: string | null;
  at: Date;
}

/** The trail of requests (oldest first within each): events with the level's name and the actor's name. */
export async function stepsOf(db: DbOrTx, requests: readonly Pick<ApprovalRequestRow, 'requestId' | 'levels'>[]): Promise<ApprovalStep[]> {
  if (requests.length === 0) return [];
  const names = userNamesSubquery(db, 'approval_actors');
  const rows = await db
    .select({ requestId: approvalEvents.requestId, level: approvalEvents.level, kind: approvalEvents.kind, userId: approvalEvents.actorUserId, userName: names.name, remarks: approvalEvents.remarks, at: approvalEvents.createdAt })
    .from(approvalEvents)
    .leftJoin(names, eq(names.userId, approvalEvents.actorUserId))
    .where(inArray(approvalEvents.requestId, requests.map((r) => r.requestId)))
    .orderBy(asc(approvalEvents.eventId));
  const levelsOf = new Map(requests.map((r) => [r.requestId, r.levels]));
  return rows.map((r) => ({ ...r, levelName: r.level > 0 ? (levelsOf.get(r.requestId)?.[r.level - 1]?.name ?? null) : null }));
}

/** The requests about a subject, newest first, with their trails (spec screens of settlements, change requests, repossessions). */
export async function subjectRequests(db: DbOrTx, companyId: string, type: ApprovalRequestType, subjectId: string): Promise<{ request: ApprovalRequestRow; steps: ApprovalStep[] }[]> {
  const rows = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.companyId, companyId), eq(approvalRequests.requestType, type), eq(approvalRequests.subjectId, subjectId)))
    .orderBy(sql`${approvalRequests.createdAt} desc`);
  const steps = await stepsOf(db, rows);
  return rows.map((request) => ({ request, steps: steps.filter((s) => s.requestId === request.requestId) }));
}

/** Members above a maker, used by the inbox to hide requests of higher-ranked makers. */
export function ranksAbove(links: Parameters<typeof rolesAbove>[0], roleId: string | null): string[] {
  return rolesAbove(links, roleId);
}
