/** Routes of receipts made on the phone (issue 4), served from src/domain/contracts/field/receipts.ts. */
import * as receipts from '../../../../domain/contracts/field/receipts';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { companyCountry } from '../../companies/queries';
import { listReceipts, recordReceipt } from './service';

export const receiptRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);
  await serve(receipts.recordReceipt, async ({ req, body, idempotency }) => {
    const caller = callerOf(req);
    const { currency } = await companyCountry(idempotency!.tx, caller.companyId);
    return ok(await recordReceipt(idempotency!.tx, caller, idempotency!.key, body, currency), 'Receipt recorded');
  });
  await serve(receipts.listReceipts, async ({ req, query }) => ok({ receipts: await listReceipts(deps.db, callerOf(req), query.loan_id) }));
};
