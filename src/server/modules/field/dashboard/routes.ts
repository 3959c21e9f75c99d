/** Routes of the FOS dashboard (issue 5), served from src/domain/contracts/field/dashboard.ts. */
import * as dashboard from '../../../../domain/contracts/field/dashboard';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { dashboardRows, fosDashboard } from './service';

export const dashboardRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);
  await serve(dashboard.fosDashboard, async ({ req, query }) => ok(await fosDashboard(deps.db, callerOf(req), query)));
  await serve(dashboard.dashboardRows, async ({ req, query }) => ok(await dashboardRows(deps.db, callerOf(req), query)));
};
