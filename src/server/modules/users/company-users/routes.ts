/**
 * Routes of a company's users (spec 7 `/users/filter`, `/company/users`), served from
 * src/domain/contracts/users/company-users.ts. The access hook has resolved the company and
 * checked the User Management Module › users permission before a handler runs.
 */
import * as companyUsers from '../../../../domain/contracts/users/company-users';
import { commaList } from '../../../db/sql-helpers';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { createCompanyUser, getCompanyUser, listCompanyUsers, setCompanyUserActive, updateCompanyUser, userFilterValues } from './service';

export const companyUserRoutes: RouteGroup = async (app, deps) => {
  const { db, config, identity } = deps;
  const serve = endpointServer(app, deps);

  await serve(companyUsers.userFilters, async ({ req, query }) => ok(await userFilterValues(db, callerOf(req).companyId, commaList(query.filters))));

  await serve(companyUsers.listCompanyUsers, async ({ req, query }) => ok(await listCompanyUsers(db, identity.sessions, callerOf(req).companyId, query)));

  await serve(companyUsers.getCompanyUser, async ({ req, params }) => ok({ user_details: await getCompanyUser(db, identity.sessions, callerOf(req).companyId, params.id) }));

  await serve(companyUsers.createCompanyUser, async ({ req, body }) => {
    const caller = callerOf(req);
    return ok({ user_details: await createCompanyUser(db, identity, config, caller.user, caller.companyId, body) }, 'User created');
  });

  await serve(companyUsers.updateCompanyUser, async ({ req, params, body }) => {
    const caller = callerOf(req);
    return ok({ user_details: await updateCompanyUser(db, identity, caller.user, caller.companyId, params.id, body) }, 'User updated');
  });

  for (const [e, active] of [
    [companyUsers.deactivateCompanyUser, false],
    [companyUsers.activateCompanyUser, true],
  ] as const) {
    await serve(e, async ({ req, params }) => {
      const caller = callerOf(req);
      const user = await setCompanyUserActive(db, identity, caller.user, caller.companyId, params.id, active);
      return ok({ user_details: user }, active ? 'User activated' : 'User deactivated');
    });
  }
};
