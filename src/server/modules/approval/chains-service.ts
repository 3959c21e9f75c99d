/** Approval chains and the central approval team (issue 16): read and replace per company. */
import { and, asc, eq } from 'drizzle-orm';
import { APPROVAL_REQUEST_TYPES, type ApprovalRequestType, type ChainLevel } from '../../../domain/approval/chains';
import type { ChainRecord } from '../../../domain/contracts/approval/requests';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { centralApprovalConfigured } from '../companies/queries';
import { activeMembersAmong, membersSubquery, recordAudit, roleLinks } from '../users/queries';
import { approvalChains, approvalTeamMembers } from './schema';

/** Every request type's chain (an empty list of levels when none is set: such requests are approved at once), the central team, the roles and the active members to choose from. */
export async function listChains(db: DbOrTx, companyId: string) {
  const members = membersSubquery(db, companyId);
  const [rows, links, central, team, active] = await Promise.all([
    db.select().from(approvalChains).where(eq(approvalChains.companyId, companyId)),
    roleLinks(db, companyId),
    centralApprovalConfigured(db, companyId),
    centralTeam(db, companyId),
    db.select({ user_id: members.userId, name: members.name }).from(members).where(eq(members.membershipActive, true)).orderBy(asc(members.name)).limit(1000),
  ]);
  const byType = new Map(rows.map((r) => [r.requestType, r]));
  return {
    chains: APPROVAL_REQUEST_TYPES.map((t): ChainRecord => ({ request_type: t, levels: byType.get(t)?.levels ?? [], updated_at: byType.get(t)?.updatedAt.toISOString() ?? null })),
    central_approval_configured: central,
    central_team: team,
    roles: links.map((l) => ({ role_id: l.roleId, role_name: l.roleName, reports_to_role_id: l.reportsToRoleId })),
    members: active,
  };
}

/** The central approval team's active members. */
export async function centralTeam(db: DbOrTx, companyId: string): Promise<{ user_id: string; name: string }[]> {
  const ids = (await db.select({ userId: approvalTeamMembers.userId }).from(approvalTeamMembers).where(eq(approvalTeamMembers.companyId, companyId))).map((r) => r.userId);
  return (await activeMembersAmong(db, companyId, ids)).map((m) => ({ user_id: m.userId, name: m.name }));
}

/**
 * Replaces a type's chain (requests already made keep the levels they were made with).
 * @throws 400 when a level names a role the company does not have
 */
export async function saveChain(db: Db, companyId: string, actorUserId: string, type: ApprovalRequestType, levels: ChainLevel[], now: Date): Promise<ChainRecord> {
  const roleIds = new Set((await roleLinks(db, companyId)).map((r) => r.roleId));
  for (const l of levels) if (l.approver.kind === 'role' && !roleIds.has(l.approver.role_id)) throw badRequest(`Unknown role: ${l.approver.role_id}`);
  await db.transaction(async (tx) => {
    await tx
      .insert(approvalChains)
      .values({ companyId, requestType: type, levels, updatedBy: actorUserId, updatedAt: now })
      .onConflictDoUpdate({ target: [approvalChains.companyId, approvalChains.requestType], set: { levels, updatedBy: actorUserId, updatedAt: now } });
    await recordAudit(tx, { companyId, actorUserId, action: 'approval_chain_updated', details: { request_type: type, levels: levels.length } });
  });
  return { request_type: type, levels, updated_at: now.toISOString() };
}

/** Replaces the central approval team. @throws 400 when a user is not an active member of the company. */
export async function saveTeam(db: Db, companyId: string, actorUserId: string, userIds: string[]): Promise<{ user_id: string; name: string }[]> {
  const unique = [...new Set(userIds)];
  const members = await activeMembersAmong(db, companyId, unique);
  if (members.length !== unique.length) throw badRequest('Every central team member must be an active user of the company');
  await db.transaction(async (tx) => {
    await tx.delete(approvalTeamMembers).where(eq(approvalTeamMembers.companyId, companyId));
    if (unique.length > 0) await tx.insert(approvalTeamMembers).values(unique.map((userId) => ({ companyId, userId })));
    await recordAudit(tx, { companyId, actorUserId, action: 'approval_team_updated', details: { user_ids: unique } });
  });
  return centralTeam(db, companyId);
}

/** Sets a chain unless the company has one for the type (the demo seed). */
export async function ensureChain(db: DbOrTx, companyId: string, type: ApprovalRequestType, levels: ChainLevel[]): Promise<void> {
  const [row] = await db.select({ t: approvalChains.requestType }).from(approvalChains).where(and(eq(approvalChains.companyId, companyId), eq(approvalChains.requestType, type)));
  if (!row) await db.insert(approvalChains).values({ companyId, requestType: type, levels });
}
