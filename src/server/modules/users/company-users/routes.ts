/**
 * Routes of a company's users (spec 7 `/users/filter`, `/company/users`), served from
 * src/domain/contracts/users/company-users.ts. The access hook has resolved the company and
 * checked the User Management Module › users permission before a handler runs. The email-change
 * confirmation (`/public/email-change/confirm`, issue 12) is public: its code is the proof.
 */
import * as companyUsers from '../../../../domain/contracts/users/company-users';
import * as emailChange from '../../../../domain/contracts/users/email-change';
import { commaList } from '../../../db/sql-helpers';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { confirmEmailChange, pendingEmailChangeOf } from './email-change';
import { createCompanyUser, getCompanyUser, listCompanyUsers, setCompanyUserActive, updateCompanyUser, userFilterValues } from './service';

/** The answer to an edit that asks for a new email. */
export const EMAIL_CHANGE_SENT = 'User updated. The new email applies once confirmed with the code sent to the current address';

export const companyUserRoutes: RouteGroup = async (app, deps) => {
  const { db, config, identity, ports, clock } = deps;
  const serve = endpointServer(app, deps);

  await serve(companyUsers.userFilters, async ({ req, query }) => ok(await userFilterValues(db, callerOf(req).companyId, commaList(query.filters))));

  await serve(companyUsers.listCompanyUsers, async ({ req, query }) => ok(await listCompanyUsers(db, identity.sessions, callerOf(req).companyId, query)));

  await serve(companyUsers.getCompanyUser, async ({ req, params }) => {
    const user = await getCompanyUser(db, identity.sessions, callerOf(req).companyId, params.id);
    return ok({ user_details: user, pending_email_change: await pendingEmailChangeOf(db, user.user_id, clock.now()) });
  });

  await serve(companyUsers.createCompanyUser, async ({ req, body }) => {
    const caller = callerOf(req);
    return ok({ user_details: await createCompanyUser(db, identity, config, caller.user, caller.companyId, body) }, 'User created');
  });

  await serve(companyUsers.updateCompanyUser, async ({ req, params, body }) => {
    const caller = callerOf(req);
    const { user, pending } = await updateCompanyUser(db, identity, { messages: ports.accountMessages, now: clock.now() }, caller.user, caller.companyId, params.id, body);
    const asked = pending !== null && body.email !== undefined && body.email.trim().toLowerCase() === pending.new_email;
    return ok({ user_details: user, pending_email_change: pending }, asked ? EMAIL_CHANGE_SENT : 'User updated');
  });

  await serve(emailChange.confirmEmailChange, async ({ body }) => ok({ email: await confirmEmailChange(db, body.code, clock.now()) }, 'Email changed'));

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
