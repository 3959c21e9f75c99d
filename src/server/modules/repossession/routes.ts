/** Routes of repossession (issue 16), served from src/domain/contracts/repossession/cases.ts. Approval decisions are the approval area's endpoint. */
import * as r from '../../../domain/contracts/repossession/cases';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload, sendStoredFile } from '../../http/downloads';
import { imageTypeOfKey } from '../../http/multipart';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { noticePdf, sendNotice } from './notice';
import { assign, bulkStatus, getCase, initiate, listAgents, listCases, myCases, recordYard, requestRelease, type RepoCaller } from './service';
import { recordStep, stepPhotoKey } from './steps';

export const repossessionRoutes: RouteGroup = async (app, deps) => {
  const { db, files, clock } = deps;
  const serve = endpointServer(app, deps);
  const who = (req: Parameters<typeof callerOf>[0]): { companyId: string; caller: RepoCaller } => {
    const { companyId, user, permissions } = callerOf(req);
    return { companyId, caller: { userId: user.userId, unmasked: canReadUnmasked(permissions) } };
  };

  await serve(r.listRepossessions, async ({ req, query }) => {
    const { companyId, caller } = who(req);
    return ok(await listCases(db, companyId, caller, query));
  });
  await serve(r.initiateRepossession, async ({ req, body }) => {
    const { companyId, caller } = who(req);
    return ok(await db.transaction((tx) => initiate(tx, companyId, caller, body)), 'Repossession submitted for approval');
  });
  await serve(r.getRepossession, async ({ req, params }) => {
    const { companyId, caller } = who(req);
    return ok(await getCase(db, companyId, caller, params.case_id));
  });
  await serve(r.repossessionNotice, async ({ req, reply, params }) => {
    const { companyId, caller } = who(req);
    const pdf = await noticePdf(db, companyId, params.case_id, caller.unmasked, clock.now().toISOString().slice(0, 10));
    return sendDownload(reply, pdf.bytes, { fileName: pdf.fileName, contentType: 'application/pdf' });
  });
  await serve(r.repossessionStepPhoto, async ({ req, reply, params }) => {
    const key = await stepPhotoKey(db, callerOf(req).companyId, params.case_id, params.step_id, params.n);
    return sendStoredFile(reply, files, { key, contentType: imageTypeOfKey(key), cacheControl: 'private, max-age=86400' }, 'Photo not found');
  });
  await serve(r.sendRepossessionNotice, async ({ req, params, body, idempotency }) => {
    const { companyId, caller } = who(req);
    const sent = await sendNotice(idempotency!.tx, deps.config, companyId, caller.userId, params.case_id, body, clock.now());
    return ok(sent, sent.outcome === 'sent' ? 'Notice sent' : sent.outcome === 'blocked' ? `Notice not sent: ${sent.reasons.join('; ')}` : 'Notice could not be sent');
  });
  await serve(r.assignRepossession, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await assign(db, companyId, caller, params.case_id, body), 'Repossession assigned');
  });
  await serve(r.recordYard, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await recordYard(db, companyId, caller, params.case_id, body), 'Yard inventory and valuation recorded');
  });
  await serve(r.requestRelease, async ({ req, params, body }) => {
    const { companyId, caller } = who(req);
    return ok(await db.transaction((tx) => requestRelease(tx, companyId, caller, params.case_id, body)), 'Release submitted for approval');
  });
  await serve(r.bulkRepossessionStatus, async ({ req, body }) => {
    const { companyId, caller } = who(req);
    return ok(await bulkStatus(db, companyId, caller, body), 'Repossession statuses updated');
  });
  await serve(r.listRepossessionAgents, async ({ req }) => ok({ agents: await listAgents(db, callerOf(req).companyId) }));
  await serve(r.myRepossessions, async ({ req }) => {
    const { companyId, caller } = who(req);
    return ok({ cases: await myCases(db, companyId, caller) });
  });
  await serve(r.recordRepossessionStep, async ({ req, form, files: photos, idempotency }) => {
    const { companyId, user } = callerOf(req);
    return ok(await recordStep(idempotency!.tx, files, { companyId, userId: user.userId, name: user.name }, idempotency!.key, form, photos), 'Step recorded');
  });
};
