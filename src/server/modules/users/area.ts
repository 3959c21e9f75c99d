/**
 * The users area's front door (spec 3 "User", spec 6 roles and permissions; spec 7 user service
 * `/company/users`, `/users/filter`, `/profiles`, `/roles`, `/company/permissions`): users,
 * memberships, profiles, roles, the reports-to tree, and the audit trail. Sub-areas: company
 * users, profiles, roles, permissions. Provides the kernel's membership and audit services.
 */
import { defineArea } from '../../http/area';
import { companyUserRoutes } from './company-users/routes';
import { membershipServices } from './membership';
import { permissionRoutes } from './permissions/routes';
import { profileRoutes } from './profiles/routes';
import { roleRoutes } from './roles/routes';
import * as tables from './schema';

export default defineArea({
  name: 'users',
  tables,
  routes: [companyUserRoutes, profileRoutes, roleRoutes, permissionRoutes],
  provides: ({ db }) => membershipServices(db),
});
