/**
 * Routes of deposits and online recoveries (issue 4; spec 2 /app/field-executive, /online), served
 * from src/domain/contracts/field/deposits.ts.
 */
import * as deposits from '../../../../domain/contracts/field/deposits';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { sendStoredFile } from '../../../http/downloads';
import { ok } from '../../../http/envelope';
import { imageTypeOfKey } from '../../../http/multipart';
import { endpointServer } from '../../../http/route';
import { companyCountry } from '../../companies/queries';
import { depositSlipKey, depositsOverview, onlineRecoveries, recordDeposit } from './service';

export const depositRoutes: RouteGroup = async (app, deps) => {
  const { db, files } = deps;
  const serve = endpointServer(app, deps);

  await serve(deposits.depositsOverview, async ({ req }) => ok(await depositsOverview(db, callerOf(req))));

  await serve(deposits.recordDeposit, async ({ req, form, files: slips, idempotency }) => {
    const caller = callerOf(req);
    const { currency } = await companyCountry(idempotency!.tx, caller.companyId);
    return ok(await recordDeposit(idempotency!.tx, files, caller, idempotency!.key, form, slips[0] ?? null, currency), 'Deposit recorded');
  });

  await serve(deposits.depositSlip, async ({ req, reply, params }) => {
    const key = await depositSlipKey(db, callerOf(req), params.deposit_id);
    return sendStoredFile(reply, files, { key, contentType: imageTypeOfKey(key), cacheControl: 'private, max-age=86400' }, 'Deposit slip not found');
  });

  await serve(deposits.onlineRecoveries, async ({ req }) => ok(await onlineRecoveries(db, callerOf(req))));
};
