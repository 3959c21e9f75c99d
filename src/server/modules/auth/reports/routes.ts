/**
 * The user reports route (spec 3 "User report types"; `GET /user/reports/users`), served from
 * src/domain/contracts/auth/reports.ts: the sign-in reports are this area's (its sessions), the
 * others the users area's (through its queries.ts).
 */
import * as reports from '../../../../domain/contracts/auth/reports';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { userReport } from './service';

export const reportRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);

  await serve(reports.userReport, async ({ req, query }) => ok(await userReport(deps.db, callerOf(req).companyId, query)));
};
