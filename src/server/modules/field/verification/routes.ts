/** Routes of visit verification (issue 5; FOS Visits), served from src/domain/contracts/field/verification.ts. */
import * as verification from '../../../../domain/contracts/field/verification';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { decideVisit, verificationQueue } from './service';

export const verificationRoutes: RouteGroup = async (app, deps) => {
  const { db, config } = deps;
  const serve = endpointServer(app, deps);
  await serve(verification.verificationQueue, async ({ req, query }) => ok(await verificationQueue(db, callerOf(req), query, config.receiptDepositDays)));
  await serve(verification.decideVisit, async ({ req, params, body }) => {
    const record = await decideVisit(db, callerOf(req), params.visit_id, body);
    return ok(record, record.verification_status === 'approved' ? 'Visit approved' : 'Visit rejected');
  });
};
