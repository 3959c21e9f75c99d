/** Routes of legal notices (issue 17), served from src/domain/contracts/legal/notices.ts. The batch worker is registered by the area's front door. */
import * as n from '../../../domain/contracts/legal/notices';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload, sendStoredFile } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { createBatch, getBatchDetail, listBatches, updateDispatch } from './batches-service';
import { errorFile, mergedDownload, noticeDownload, type NoticeDownload, NOTICE_NOT_READY } from './notice-files';
import { approveTemplate, createTemplate, listTemplates } from './templates-service';

const PDF = 'application/pdf';

export const noticeRoutes: RouteGroup = async (app, deps) => {
  const { db, jobs, files, clock } = deps;
  const serve = endpointServer(app, deps);
  const send = (reply: Parameters<typeof sendDownload>[0], d: NoticeDownload) =>
    'key' in d ? sendStoredFile(reply, files, { key: d.key, fileName: d.fileName, contentType: PDF }, NOTICE_NOT_READY) : sendDownload(reply, d.bytes, { fileName: d.fileName, contentType: PDF });

  await serve(n.listTemplates, async ({ req }) => ok({ templates: await listTemplates(db, callerOf(req).companyId) }));
  await serve(n.createTemplate, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await createTemplate(db, companyId, user.userId, body), 'Template saved as a draft');
  });
  await serve(n.approveTemplate, async ({ req, params }) => {
    const { companyId, user } = callerOf(req);
    return ok(await approveTemplate(db, companyId, user, params.template_id, clock.now()), 'Template approved');
  });

  await serve(n.createBatch, async ({ req, body }) => {
    const { companyId, user, permissions } = callerOf(req);
    return ok(await createBatch(db, jobs, { userId: user.userId, name: user.name, unmasked: canReadUnmasked(permissions) }, companyId, body, clock.now()), 'Notice generation started');
  });
  await serve(n.listBatches, async ({ req, query }) => ok(await listBatches(db, callerOf(req).companyId, query)));
  await serve(n.getBatch, async ({ req, params }) => {
    const caller = callerOf(req);
    return ok(await getBatchDetail(db, caller.companyId, params.batch_id, canReadUnmasked(caller.permissions)));
  });
  await serve(n.mergedFile, async ({ req, reply, params }) => {
    const caller = callerOf(req);
    return send(reply, await mergedDownload(db, caller.companyId, params.batch_id, canReadUnmasked(caller.permissions)));
  });
  await serve(n.batchErrors, async ({ req, reply, params }) => {
    const file = await errorFile(db, callerOf(req).companyId, params.batch_id);
    return sendDownload(reply, file.body, { fileName: file.fileName, contentType: 'text/csv; charset=utf-8' });
  });
  await serve(n.noticePdf, async ({ req, reply, params }) => {
    const caller = callerOf(req);
    return send(reply, await noticeDownload(db, caller.companyId, params.notice_id, canReadUnmasked(caller.permissions)));
  });
  await serve(n.updateDispatch, async ({ req, params, body }) => {
    const caller = callerOf(req);
    return ok(await updateDispatch(db, caller.companyId, { userId: caller.user.userId, unmasked: canReadUnmasked(caller.permissions) }, params.notice_id, body, clock.now()), 'Dispatch recorded');
  });
};
