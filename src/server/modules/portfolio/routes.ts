/**
 * Portfolio routes of the recovery service (spec 7 /api/recovery; issue 3), served from the
 * endpoint definitions of src/domain/contracts/portfolio/: variables, filter config, loans list,
 * all-loans, batch filter, loan and customer profiles, activity, remarks and saved filters. Loan
 * values are masked for callers without access_unmasked_data read (spec 3, 6).
 */
import type { FastifyRequest } from 'fastify';
import * as filters from '../../../domain/contracts/portfolio/filters';
import * as loans from '../../../domain/contracts/portfolio/loans';
import * as profiles from '../../../domain/contracts/portfolio/profiles';
import * as savedFilters from '../../../domain/contracts/portfolio/saved-filters';
import * as variables from '../../../domain/contracts/portfolio/variables';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from './loan-masking';
import { addRemark, customerProfile, loanActivity, loanCallDetails, loanDetails, loanFinalStatus } from './profiles';
import { allLoanIds, createSavedFilter, deleteSavedFilter, filterLoanBatch, filtersConfig, listLoans, listSavedFilters, portfolioView, updateSavedFilter } from './service';
import { companyVariables, createVariable, toVariable, updateVariable } from './variables';

export const portfolioRoutes: RouteGroup = async (app, deps) => {
  const { db } = deps;
  const serve = endpointServer(app, deps);
  /** The caller's view of the company's portfolio (variables and masking). */
  const viewOf = (req: FastifyRequest) => {
    const caller = callerOf(req);
    return portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions), caller.companySettingsVersion);
  };

  // ------------------------------------------------------------ variables
  await serve(variables.listVariables, async ({ req }) => ok({ variables: (await companyVariables(db, callerOf(req).companyId)).map(toVariable) }));
  // This area's writes run behind the company wall (route.ts `companyWall`): plain SQL, no jobs.
  const walled = { companyWall: true } as const;
  await serve(variables.createVariable, async ({ req, body }) => ok(await createVariable(db, callerOf(req).companyId, body), 'Variable created'), walled);
  await serve(variables.updateVariable, async ({ req, params, body }) => ok(await updateVariable(db, callerOf(req).companyId, params.variable_id, body), 'Variable updated'), walled);

  // ------------------------------------------------------------ filters and loans
  await serve(filters.filtersConfig, async ({ req }) => ok({ groups: await filtersConfig(db, await viewOf(req)) }));
  await serve(loans.listLoans, async ({ req, query }) => ok(await listLoans(db, await viewOf(req), query)));
  await serve(loans.allLoanIds, async ({ req, query }) => ok(await allLoanIds(db, await viewOf(req), query)));
  await serve(loans.filterLoans, async ({ req, body }) => ok({ loan_ids: await filterLoanBatch(db, await viewOf(req), body) }));

  // ------------------------------------------------------------ profiles
  await serve(profiles.loanDetails, async ({ req, params, query }) => ok(await loanDetails(db, await viewOf(req), params.loan_id, query.allocation_month)));
  await serve(profiles.loanCallDetails, async ({ req, params }) => ok(await loanCallDetails(db, callerOf(req).companyId, params.loan_id)));
  await serve(profiles.loanFinalStatus, async ({ req, params, query }) =>
    ok({ final_status: await loanFinalStatus(db, await viewOf(req), params.loan_id, query.allocation_month) }),
  );
  await serve(profiles.loanActivity, async ({ req, params, query }) => ok(await loanActivity(db, callerOf(req).companyId, params.loan_id, query)));
  await serve(profiles.addRemark, async ({ req, params, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await addRemark(db, companyId, { userId: user.userId, name: user.name }, params.loan_id, body), 'Remark added');
  }, walled);
  await serve(profiles.customerProfile, async ({ req, params, query }) => ok(await customerProfile(db, await viewOf(req), params.client_customer_id, query.allocation_month)));

  // ------------------------------------------------------------ saved filters (per user per company)
  await serve(savedFilters.listSavedFilters, async ({ req }) => {
    const { companyId, user } = callerOf(req);
    return ok({ saved_filters: await listSavedFilters(db, companyId, user.userId) });
  });
  await serve(savedFilters.createSavedFilter, async ({ req, body }) => ok(await createSavedFilter(db, await viewOf(req), callerOf(req).user.userId, body), 'Filter saved'), walled);
  await serve(savedFilters.updateSavedFilter, async ({ req, body }) => ok(await updateSavedFilter(db, await viewOf(req), callerOf(req).user.userId, body), 'Filter updated'), walled);
  await serve(savedFilters.deleteSavedFilter, async ({ req, query }) => {
    const { companyId, user } = callerOf(req);
    await deleteSavedFilter(db, companyId, user.userId, query.filter_id);
    return ok(null, 'Filter deleted');
  }, walled);
};
