/** The role hierarchy as rows of an indented tree (spec 6 "reports-to role"). */
import type { Role } from '../../../domain/contracts/users/roles';

export interface TreeRow {
  role: Role;
  depth: number;
}

/** Roles in tree order (each role after the role it reports to); orphans start at depth 0. */
export function roleTree(roles: readonly Role[]): TreeRow[] {
  const ids = new Set(roles.map((r) => r.role_id));
  const children = new Map<string | null, Role[]>();
  for (const role of roles) {
    const parent = role.reports_to_role_id && ids.has(role.reports_to_role_id) ? role.reports_to_role_id : null;
    children.set(parent, [...(children.get(parent) ?? []), role]);
  }
  const out: TreeRow[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const role of (children.get(parent) ?? []).sort((a, b) => a.role_name.localeCompare(b.role_name))) {
      if (seen.has(role.role_id)) continue;
      seen.add(role.role_id);
      out.push({ role, depth });
      walk(role.role_id, depth + 1);
    }
  };
  walk(null, 0);
  // A cycle stored before the server refused them would hide its roles; list them flat.
  for (const role of roles) if (!seen.has(role.role_id)) out.push({ role, depth: 0 });
  return out;
}
