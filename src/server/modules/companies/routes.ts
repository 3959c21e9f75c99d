/**
 * Company routes of the user service (spec 7): `/companies`, `/company` (GET, PUT),
 * `/company-type`, served from src/domain/contracts/companies/companies.ts.
 * (`/company/permissions` is the users area's.)
 */
import * as companies from '../../../domain/contracts/companies/companies';
import type { RouteGroup } from '../../http/area';
import { callerOf, requireAuth } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { getCompany, listCompanies, updateCompany } from './service';

export const companyRoutes: RouteGroup = async (app, deps) => {
  const { db, identity } = deps;
  const serve = endpointServer(app, deps);

  await serve(companies.listCompanies, async ({ req, query }) => ok(await listCompanies(db, identity.memberships, requireAuth(req).user.userId, query)));

  await serve(companies.getCompany, async ({ req }) => ok(await getCompany(db, callerOf(req).companyId)));

  await serve(companies.updateCompany, async ({ req, body }) => {
    const caller = callerOf(req);
    return ok(await updateCompany(db, identity.audit, caller.companyId, caller.user.userId, body), 'Company settings updated');
  });

  await serve(companies.companyTypeOf, async ({ req }) => {
    const c = await getCompany(db, callerOf(req).companyId);
    return ok({ company_id: c.company_id, company_type: c.company_type, is_credit_line: c.is_credit_line, ui_version: c.ui_version, trademark: c.trademark, country: c.country });
  });
};
