/**
 * FOS dashboard routes under /api/fos (issue 5; spec 2 "FOS Dashboard"): the figures and the rows
 * behind any figure. fos › fos_dashboard read; the caller's reports-to scope decides whose figures.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRows, dashboardRowsQuery, fosDashboard, fosDashboardQuery } from '../../../domain/contracts/field';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { dashboardRows as readRows, fosDashboard as readDashboard } from './dashboard';
import { callerOf } from './routes';

const DASHBOARD_READ = { access: 'company', permission: { module: 'fos', action: 'fos_dashboard', access: 'read' } satisfies PermissionRequirement } as const;

export const dashboardRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.get(
    '/dashboard',
    {
      config: DASHBOARD_READ,
      schema: {
        tags: ['fos'],
        summary: 'FOS dashboard per executive, per team and in total: visits made vs planned, dispositions, PTPs kept, collections, undeposited cash by age, coverage (money in paise)',
        querystring: fosDashboardQuery,
        response: okResponse(fosDashboard),
      },
    },
    async (req) => ok(await readDashboard(deps.db, callerOf(req), req.query)),
  );

  app.get(
    '/dashboard/rows',
    {
      config: DASHBOARD_READ,
      schema: {
        tags: ['fos'],
        summary: 'The rows behind one dashboard figure (same period and scope); total and amount_paise_total equal the figure',
        querystring: dashboardRowsQuery,
        response: okResponse(dashboardRows),
      },
    },
    async (req) => ok(await readRows(deps.db, callerOf(req), req.query)),
  );
};
