/**
 * User management routes of the user service (spec 7): `/users/filter`, `/company/users`,
 * `/profiles`, `/roles`, `/reports/users`. Each declares the User Management Module permission
 * it needs; the access hook has resolved and checked the company before the handler runs.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyQuery } from '../../../domain/contracts/envelope';
import {
  companyUser,
  companyUsersPage,
  companyUsersQuery,
  createUserBody,
  profile,
  profileBody,
  role,
  roleBody,
  updateUserBody,
  userFilters,
  userReportPage,
  userReportQuery,
} from '../../../domain/contracts/users';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { commaList } from '../../db/sql-helpers';
import { userReport } from './reports';
import {
  createCompanyUser,
  getCompanyUser,
  getProfile,
  listCompanyUsers,
  listProfiles,
  listRoles,
  saveProfile,
  saveRole,
  setCompanyUserActive,
  updateCompanyUser,
  userFilterValues,
} from './service';

const need = (action: 'users' | 'roles' | 'profiles' | 'user_reports', access: 'read' | 'write') =>
  ({ access: 'company', permission: { module: 'User Management Module', action, access } satisfies PermissionRequirement }) as const;
const idParams = z.object({ id: z.string().min(1).max(64) });
const userDetails = z.object({ user_details: companyUser });

export const userRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  app.get(
    '/users/filter',
    { config: need('users', 'read'), schema: { tags: ['users'], querystring: companyQuery.extend({ filters: z.string().default('professions,teams,locations') }), response: okResponse(userFilters) } },
    async (req) => ok(await userFilterValues(db, requireCompany(req).companyId, commaList(req.query.filters))),
  );

  app.get('/company/users', { config: need('users', 'read'), schema: { tags: ['users'], querystring: companyUsersQuery, response: okResponse(companyUsersPage) } }, async (req) =>
    ok(await listCompanyUsers(db, requireCompany(req).companyId, req.query)),
  );

  app.get('/company/users/:id', { config: need('users', 'read'), schema: { tags: ['users'], params: idParams, querystring: companyQuery, response: okResponse(userDetails) } }, async (req) =>
    ok({ user_details: await getCompanyUser(db, requireCompany(req).companyId, req.params.id) }),
  );

  app.post('/company/users', { config: need('users', 'write'), schema: { tags: ['users'], querystring: companyQuery, body: createUserBody, response: okResponse(userDetails) } }, async (req) => {
    const auth = requireCompany(req);
    return ok({ user_details: await createCompanyUser(db, config, auth.user, auth.companyId, req.body) }, 'User created');
  });

  app.put(
    '/company/users/:id',
    { config: need('users', 'write'), schema: { tags: ['users'], params: idParams, querystring: companyQuery, body: updateUserBody, response: okResponse(userDetails) } },
    async (req) => {
      const auth = requireCompany(req);
      return ok({ user_details: await updateCompanyUser(db, auth.user, auth.companyId, req.params.id, req.body) }, 'User updated');
    },
  );

  for (const [path, active] of [
    ['/company/users/:id/deactivate', false],
    ['/company/users/:id/activate', true],
  ] as const) {
    app.patch(path, { config: need('users', 'write'), schema: { tags: ['users'], params: idParams, querystring: companyQuery, response: okResponse(userDetails) } }, async (req) => {
      const auth = requireCompany(req);
      const user = await setCompanyUserActive(db, auth.user, auth.companyId, req.params.id, active);
      return ok({ user_details: user }, active ? 'User activated' : 'User deactivated');
    });
  }

  app.get('/profiles', { config: need('profiles', 'read'), schema: { tags: ['profiles'], querystring: companyQuery, response: okResponse(z.object({ profiles: z.array(profile) })) } }, async (req) =>
    ok({ profiles: await listProfiles(db, requireCompany(req).companyId) }),
  );

  app.get('/profiles/:id', { config: need('profiles', 'read'), schema: { tags: ['profiles'], params: idParams, querystring: companyQuery, response: okResponse(profile) } }, async (req) =>
    ok(await getProfile(db, requireCompany(req).companyId, req.params.id)),
  );

  app.post('/profiles', { config: need('profiles', 'write'), schema: { tags: ['profiles'], querystring: companyQuery, body: profileBody, response: okResponse(profile) } }, async (req) => {
    const auth = requireCompany(req);
    return ok(await saveProfile(db, auth.user.userId, auth.companyId, req.body), 'Profile created');
  });

  app.put('/profiles/:id', { config: need('profiles', 'write'), schema: { tags: ['profiles'], params: idParams, querystring: companyQuery, body: profileBody, response: okResponse(profile) } }, async (req) => {
    const auth = requireCompany(req);
    return ok(await saveProfile(db, auth.user.userId, auth.companyId, req.body, req.params.id), 'Profile updated');
  });

  app.get('/roles', { config: need('roles', 'read'), schema: { tags: ['roles'], querystring: companyQuery, response: okResponse(z.object({ roles: z.array(role) })) } }, async (req) =>
    ok({ roles: await listRoles(db, requireCompany(req).companyId) }),
  );

  app.post('/roles', { config: need('roles', 'write'), schema: { tags: ['roles'], querystring: companyQuery, body: roleBody, response: okResponse(role) } }, async (req) => {
    const auth = requireCompany(req);
    return ok(await saveRole(db, auth.user.userId, auth.companyId, req.body), 'Role created');
  });

  app.put('/roles/:id', { config: need('roles', 'write'), schema: { tags: ['roles'], params: idParams, querystring: companyQuery, body: roleBody, response: okResponse(role) } }, async (req) => {
    const auth = requireCompany(req);
    return ok(await saveRole(db, auth.user.userId, auth.companyId, req.body, req.params.id), 'Role updated');
  });

  app.get(
    '/reports/users',
    { config: need('user_reports', 'read'), schema: { tags: ['reports'], querystring: userReportQuery.extend({ company_id: z.string().optional() }), response: okResponse(userReportPage) } },
    async (req) => ok(await userReport(db, requireCompany(req).companyId, req.query)),
  );
};
