/**
 * Company routes of the user service (spec 7): `/companies`, `/company` (GET, PUT),
 * `/company-type`, `/company/permissions`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companiesPage, companiesQuery, company, companySettingsUpdate, companyType, country, uiVersion } from '../../../domain/contracts/companies';
import { companyQuery } from '../../../domain/contracts/envelope';
import { companyPermissions } from '../../../domain/contracts/users';
import { requireAuth, requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { toCompanyPermissions } from '../users/service';
import { getCompany, listCompanies, updateCompany } from './service';

const companyTypeAnswer = z.object({
  company_id: z.string(),
  company_type: companyType,
  is_credit_line: z.boolean(),
  ui_version: uiVersion,
  trademark: z.string(),
  country,
});

export const companyRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get('/companies', { config: { access: 'authenticated' }, schema: { tags: ['companies'], querystring: companiesQuery, response: okResponse(companiesPage) } }, async (req) =>
    ok(await listCompanies(db, requireAuth(req).user.userId, req.query)),
  );

  app.get('/company', { config: { access: 'company' }, schema: { tags: ['companies'], querystring: companyQuery, response: okResponse(company) } }, async (req) =>
    ok(await getCompany(db, requireCompany(req).companyId)),
  );

  app.put(
    '/company',
    {
      config: { access: 'company', permission: { module: 'User Management Module', action: 'company_settings', access: 'write' } },
      schema: { tags: ['companies'], querystring: companyQuery, body: companySettingsUpdate, response: okResponse(company) },
    },
    async (req) => {
      const auth = requireCompany(req);
      return ok(await updateCompany(db, auth.companyId, auth.user.userId, req.body), 'Company settings updated');
    },
  );

  app.get('/company-type', { config: { access: 'company' }, schema: { tags: ['companies'], querystring: companyQuery, response: okResponse(companyTypeAnswer) } }, async (req) => {
    const c = await getCompany(db, requireCompany(req).companyId);
    return ok({ company_id: c.company_id, company_type: c.company_type, is_credit_line: c.is_credit_line, ui_version: c.ui_version, trademark: c.trademark, country: c.country });
  });

  app.get(
    '/company/permissions',
    {
      config: { access: 'company' },
      schema: { tags: ['companies'], querystring: companyQuery.extend({ simplified: z.enum(['true', 'false']).optional() }), response: okResponse(companyPermissions) },
    },
    async (req) => ok(toCompanyPermissions(requireCompany(req).company)),
  );
};
