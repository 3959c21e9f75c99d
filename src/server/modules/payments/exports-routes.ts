/**
 * Payment export routes (issue 15; spec 7 recovery `/v2/export/payments`, `/exports/payments`),
 * served from src/domain/contracts/payments/exports.ts. The file is downloaded through the bulk
 * area's /recovery/export/download with operation_type payment_export (masked per caller).
 */
import * as exports from '../../../domain/contracts/payments/exports';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { createPaymentExport, listPaymentExports } from './exports-service';

export const paymentExportRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);
  await serve(exports.createPaymentExport, async ({ req, body }) => {
    const { companyId, user, permissions } = callerOf(req);
    return ok(await createPaymentExport(deps.db, deps.jobs, { userId: user.userId, name: user.name, unmasked: canReadUnmasked(permissions) }, companyId, body), 'Export accepted');
  });
  await serve(exports.listPaymentExports, async ({ req, query }) => ok(await listPaymentExports(deps.db, callerOf(req).companyId, query)));
};
