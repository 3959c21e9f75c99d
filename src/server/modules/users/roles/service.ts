/**
 * Roles of a company and their reports-to tree (spec 6 "role settings wizard ... reports-to role";
 * spec 7 `/roles`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role, RoleBody } from '../../../../domain/contracts/users/roles';
import type { Db } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { roles, userAudit } from '../schema';

export const ROLE_CYCLE = 'A role cannot report to itself or to a role below it';

const roleUserCount = sql<number>`(select count(*)::int from user_companies uc where uc.role_id = "roles"."role_id" and uc.active)`;

function toRole(r: { role: typeof roles.$inferSelect; userCount: number }): Role {
  return {
    role_id: r.role.roleId,
    company_id: r.role.companyId,
    role_name: r.role.roleName,
    description: r.role.description,
    reports_to_role_id: r.role.reportsToRoleId,
    user_count: Number(r.userCount),
  };
}

/** Roles of the company by name. */
export async function listRoles(db: Db, companyId: string): Promise<Role[]> {
  const rows = await db.select({ role: roles, userCount: roleUserCount }).from(roles).where(eq(roles.companyId, companyId)).orderBy(asc(roles.roleName));
  return rows.map(toRole);
}

/**
 * Creates or, with `roleId`, edits a role. The reports-to role must be of the same company and
 * must not be the role itself or one reporting (directly or not) to it.
 * @throws 400 'A role cannot report to itself or to a role below it', 400 'Role not found' for a
 *   reports-to role of another company, 404 for an unknown role id, 409 for a duplicate name.
 */
export async function saveRole(db: Db, actorUserId: string, companyId: string, body: RoleBody, roleId?: string): Promise<Role> {
  return db.transaction(async (tx) => {
    const companyRoles = await tx.select().from(roles).where(eq(roles.companyId, companyId));
    const byId = new Map(companyRoles.map((r) => [r.roleId, r]));
    if (roleId && !byId.has(roleId)) throw notFound('Role not found');
    const parentId = body.reports_to_role_id ?? null;
    if (parentId) {
      if (!byId.has(parentId)) throw badRequest('Role not found');
      // Walk up from the new parent; meeting the role itself means the edit would close a loop.
      for (let cursor: string | null = parentId, steps = 0; cursor && steps <= byId.size; steps++) {
        if (cursor === roleId) throw badRequest(ROLE_CYCLE);
        cursor = byId.get(cursor)?.reportsToRoleId ?? null;
      }
    }
    const clash = companyRoles.find((r) => r.roleName.toLowerCase() === body.role_name.toLowerCase() && r.roleId !== roleId);
    if (clash) throw conflict('A role with this name already exists');
    const values = { roleName: body.role_name, description: body.description ?? null, reportsToRoleId: parentId };
    let id = roleId;
    if (id) await tx.update(roles).set(values).where(and(eq(roles.companyId, companyId), eq(roles.roleId, id)));
    else [{ id }] = await tx.insert(roles).values({ ...values, companyId }).returning({ id: roles.roleId });
    await tx.insert(userAudit).values({ companyId, actorUserId, action: roleId ? 'role_updated' : 'role_created', details: { role_id: id, role_name: body.role_name } });
    const [row] = await tx.select({ role: roles, userCount: roleUserCount }).from(roles).where(eq(roles.roleId, id!));
    return toRole(row);
  });
}
