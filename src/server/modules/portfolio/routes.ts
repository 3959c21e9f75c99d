/**
 * Portfolio routes of the recovery service (spec 7, prefix /api/recovery; issue 3): variables,
 * filter config, loans list, all-loans, batch filter, loan and customer profiles, activity,
 * remarks and saved filters. Permission module 'Core Collection Modules'; loan values are masked
 * for callers without access_unmasked_data read (spec 3, 6).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyQuery, pagingQuery } from '../../../domain/contracts/envelope';
import {
  activityEvent,
  activityResponse,
  allLoansQuery,
  allLoansResponse,
  callDetails,
  createRemarkBody,
  createSavedFilterBody,
  createVariableBody,
  customerProfile,
  deleteSavedFilterQuery,
  filterLoansBody,
  filterLoansResponse,
  filtersConfigResponse,
  finalStatus,
  loanDetails,
  loanDetailsQuery,
  loansPage,
  loansQuery,
  savedFilter,
  savedFiltersResponse,
  updateSavedFilterBody,
  updateVariableBody,
  variable,
  variablesResponse,
} from '../../../domain/contracts/portfolio';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import { requireCompany } from '../../http/access';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { canReadUnmasked } from './loan-masking';
import { addRemark, customerProfile as readCustomerProfile, loanActivity, loanCallDetails, loanDetails as readLoanDetails, loanFinalStatus } from './profiles';
import {
  allLoanIds,
  createSavedFilter,
  deleteSavedFilter,
  filterLoanBatch,
  filtersConfig,
  listLoans,
  listSavedFilters,
  portfolioView,
  updateSavedFilter,
} from './service';
import { companyVariables, createVariable, toVariable, updateVariable } from './variables';

type Action = 'portfolio' | 'loan_profile' | 'saved_filters' | 'variables';
const need = (action: Action, access: 'read' | 'write') =>
  ({ access: 'company', permission: { module: 'Core Collection Modules', action, access } satisfies PermissionRequirement }) as const;
const tags = ['portfolio'];
const loanParams = z.object({ loan_id: z.string().min(1).max(100) });

export const portfolioRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  /** The caller's view of the company's portfolio (variables and masking). */
  const viewOf = (req: FastifyRequest) => {
    const auth = requireCompany(req);
    return portfolioView(db, auth.companyId, canReadUnmasked(auth.company.permissions));
  };

  // ------------------------------------------------------------ variables
  app.get('/variables', { config: need('portfolio', 'read'), schema: { tags, querystring: companyQuery, response: okResponse(variablesResponse) } }, async (req) =>
    ok({ variables: (await companyVariables(db, requireCompany(req).companyId)).map(toVariable) }),
  );
  app.post('/variables', { config: need('variables', 'write'), schema: { tags, querystring: companyQuery, body: createVariableBody, response: okResponse(variable) } }, async (req) =>
    ok(await createVariable(db, requireCompany(req).companyId, req.body), 'Variable created'),
  );
  app.patch(
    '/variables/:variable_id',
    { config: need('variables', 'write'), schema: { tags, params: z.object({ variable_id: z.string().min(1).max(100) }), querystring: companyQuery, body: updateVariableBody, response: okResponse(variable) } },
    async (req) => ok(await updateVariable(db, requireCompany(req).companyId, req.params.variable_id, req.body), 'Variable updated'),
  );

  // ------------------------------------------------------------ filters and loans
  app.get('/filters/config', { config: need('portfolio', 'read'), schema: { tags, querystring: companyQuery, response: okResponse(filtersConfigResponse) } }, async (req) =>
    ok({ groups: await filtersConfig(db, await viewOf(req)) }),
  );
  app.get('/loans', { config: need('portfolio', 'read'), schema: { tags, querystring: loansQuery, response: okResponse(loansPage) } }, async (req) =>
    ok(await listLoans(db, await viewOf(req), req.query)),
  );
  app.get('/all-loans', { config: need('portfolio', 'read'), schema: { tags, querystring: allLoansQuery, response: okResponse(allLoansResponse) } }, async (req) =>
    ok(await allLoanIds(db, await viewOf(req), req.query)),
  );
  app.post('/loans/filter', { config: need('portfolio', 'read'), schema: { tags, querystring: companyQuery, body: filterLoansBody, response: okResponse(filterLoansResponse) } }, async (req) =>
    ok({ loan_ids: await filterLoanBatch(db, await viewOf(req), req.body) }),
  );

  // ------------------------------------------------------------ profiles
  app.get('/loan-details/:loan_id', { config: need('loan_profile', 'read'), schema: { tags, params: loanParams, querystring: loanDetailsQuery, response: okResponse(loanDetails) } }, async (req) =>
    ok(await readLoanDetails(db, await viewOf(req), req.params.loan_id, req.query.allocation_month)),
  );
  app.get('/loan/call-details/:loan_id', { config: need('loan_profile', 'read'), schema: { tags, params: loanParams, querystring: companyQuery, response: okResponse(callDetails) } }, async (req) =>
    ok(await loanCallDetails(db, requireCompany(req).companyId, req.params.loan_id)),
  );
  app.get(
    '/final/status/:loan_id',
    { config: need('loan_profile', 'read'), schema: { tags, params: loanParams, querystring: loanDetailsQuery, response: okResponse(z.object({ final_status: z.array(finalStatus) })) } },
    async (req) => ok({ final_status: await loanFinalStatus(db, await viewOf(req), req.params.loan_id, req.query.allocation_month) }),
  );
  app.get(
    '/loan/activity/:loan_id',
    { config: need('loan_profile', 'read'), schema: { tags, params: loanParams, querystring: companyQuery.extend(pagingQuery.shape), response: okResponse(activityResponse) } },
    async (req) => ok(await loanActivity(db, requireCompany(req).companyId, req.params.loan_id, req.query)),
  );
  app.post(
    '/loan/remarks/:loan_id',
    { config: need('loan_profile', 'write'), schema: { tags, params: loanParams, querystring: companyQuery, body: createRemarkBody, response: okResponse(activityEvent) } },
    async (req) => {
      const auth = requireCompany(req);
      return ok(await addRemark(db, auth.companyId, { userId: auth.user.userId, name: auth.user.name }, req.params.loan_id, req.body), 'Remark added');
    },
  );
  app.get(
    '/customer/profile/:client_customer_id',
    { config: need('loan_profile', 'read'), schema: { tags, params: z.object({ client_customer_id: z.string().min(1).max(100) }), querystring: loanDetailsQuery, response: okResponse(customerProfile) } },
    async (req) => ok(await readCustomerProfile(db, await viewOf(req), req.params.client_customer_id, req.query.allocation_month)),
  );

  // ------------------------------------------------------------ saved filters (per user per company)
  app.get('/saved/filters', { config: need('saved_filters', 'read'), schema: { tags, querystring: companyQuery, response: okResponse(savedFiltersResponse) } }, async (req) => {
    const auth = requireCompany(req);
    return ok({ saved_filters: await listSavedFilters(db, auth.companyId, auth.user.userId) });
  });
  app.post('/saved/filters', { config: need('saved_filters', 'write'), schema: { tags, querystring: companyQuery, body: createSavedFilterBody, response: okResponse(savedFilter) } }, async (req) =>
    ok(await createSavedFilter(db, await viewOf(req), requireCompany(req).user.userId, req.body), 'Filter saved'),
  );
  app.patch('/saved/filters', { config: need('saved_filters', 'write'), schema: { tags, querystring: companyQuery, body: updateSavedFilterBody, response: okResponse(savedFilter) } }, async (req) =>
    ok(await updateSavedFilter(db, await viewOf(req), requireCompany(req).user.userId, req.body), 'Filter updated'),
  );
  app.delete('/saved/filters', { config: need('saved_filters', 'write'), schema: { tags, querystring: deleteSavedFilterQuery, response: okResponse(z.null()) } }, async (req) => {
    const auth = requireCompany(req);
    await deleteSavedFilter(db, auth.companyId, auth.user.userId, req.query.filter_id);
    return ok(null, 'Filter deleted');
  });
};
