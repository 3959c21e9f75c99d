/**
 * Routes of the field executive's day and visits (issue 4; spec 7 fos service), served from their
 * endpoint definitions (src/domain/contracts/field/visits.ts).
 */
import * as visits from '../../../../domain/contracts/field/visits';
import { hasPermission } from '../../../../domain/users/permissions';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { sendStoredFile } from '../../../http/downloads';
import { ok } from '../../../http/envelope';
import { imageTypeOfKey } from '../../../http/multipart';
import { endpointServer } from '../../../http/route';
import { paymentLinkContext } from '../../payments/queries';
import { ensurePingPartitions } from '../tracking/service';
import { listVisits, myAllocation, recordVisit, visitPhotoKey } from './service';

/** A manager with this permission may read their team's visits and photos. */
const VERIFY = { module: 'fos', action: 'visit_verification', access: 'read' } as const;

export const visitRoutes: RouteGroup = async (app, deps) => {
  const { db, files, events } = deps;
  const serve = endpointServer(app, deps);

  await serve(visits.myAllocation, async ({ req }) => ok(await myAllocation(db, callerOf(req))));

  await serve(
    visits.recordVisit,
    async ({ req, form, files: photos, idempotency }) => ok(await recordVisit(idempotency!.tx, files, events, callerOf(req), idempotency!.key, form, photos, paymentLinkContext(deps.config, req, deps.clock.now())), 'Visit recorded'),
    // A check-in records a ping too; its day's partition is made outside the visit's transaction.
    { prepare: ({ form }) => ensurePingPartitions(db, [new Date(form.checked_in_at)]) },
  );

  await serve(visits.listVisits, async ({ req, query }) => {
    const caller = callerOf(req);
    return ok({ visits: await listVisits(db, caller, query, hasPermission(caller.permissions, VERIFY)) });
  });

  await serve(visits.visitPhoto, async ({ req, reply, params }) => {
    const caller = callerOf(req);
    const key = await visitPhotoKey(db, caller, params.visit_id, params.n, hasPermission(caller.permissions, VERIFY));
    return sendStoredFile(reply, files, { key, contentType: imageTypeOfKey(key), cacheControl: 'private, max-age=86400' }, 'Photo not found');
  });
};
