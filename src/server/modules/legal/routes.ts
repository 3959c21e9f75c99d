/** Routes of legal notices (issue 17), served from src/domain/contracts/legal/notices.ts: templates, batches, files, dispatch (paper, email / WhatsApp through communication, POD uploaded or read from the courier's tracking). The workers are registered by the area's front door. */
import * as n from '../../../domain/contracts/legal/notices';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { sendDownload, sendStoredFile } from '../../http/downloads';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { canReadUnmasked } from '../portfolio/queries';
import { createBatch, getBatchDetail, listBatches, loanNotices, toNoticeRecords, updateDispatch } from './batches-service';
import { DOCUMENT_NOT_FOUND, listNoticeDocuments, noticeDocument, queueBatchSend, sendNotice, uploadNoticeDocument } from './dispatch-service';
import { portfolioView } from '../portfolio/queries';
import { errorFile, mergedDownload, noticeDownload, type NoticeDownload, NOTICE_NOT_READY } from './notice-files';
import { approveTemplate, createTemplate, listTemplates } from './templates-service';
import { localCourier } from './courier/local';
import { trackNotice } from './tracking-service';

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
  await serve(n.loanNotices, async ({ req, query }) => {
    const caller = callerOf(req);
    return ok({ notices: await loanNotices(db, caller.companyId, query.loan_id, canReadUnmasked(caller.permissions)) });
  });
  await serve(n.updateDispatch, async ({ req, params, body }) => {
    const caller = callerOf(req);
    return ok(await updateDispatch(db, caller.companyId, { userId: caller.user.userId, unmasked: canReadUnmasked(caller.permissions) }, params.notice_id, body, clock.now()), 'Dispatch recorded');
  });

  await serve(n.sendNotice, async ({ req, params, body, idempotency }) => {
    const caller = callerOf(req);
    const tx = idempotency!.tx;
    const row = await sendNotice(tx, deps.config, files, caller.companyId, caller.user.userId, params.notice_id, body, clock.now());
    const [record] = await toNoticeRecords(tx, caller.companyId, [row], await portfolioView(tx, caller.companyId, canReadUnmasked(caller.permissions)));
    const said = record.dispatch_status === 'blocked' ? `Not sent: ${record.dispatch_reason}` : record.dispatch_status === 'failed' ? `Not sent: ${record.dispatch_reason}` : 'Notice sent';
    return ok(record, said);
  });
  await serve(n.sendBatch, async ({ req, params, body }) => {
    const caller = callerOf(req);
    return ok(await queueBatchSend(db, jobs, caller.companyId, caller.user.userId, params.batch_id, body), 'Sending the notices');
  });
  await serve(n.uploadNoticeDocument, async ({ req, params, form, files: [file] }) => {
    const caller = callerOf(req);
    return ok(await uploadNoticeDocument(db, files, caller.companyId, caller.user.userId, params.notice_id, form.document_type, file, clock.now()), `${form.document_type} uploaded`);
  });
  await serve(n.trackNotice, async ({ req, params }) => {
    const caller = callerOf(req);
    return ok(await trackNotice(db, files, localCourier, { companyId: caller.companyId, userId: caller.user.userId, unmasked: canReadUnmasked(caller.permissions) }, params.notice_id, clock.now()), "Read from the courier's tracking");
  });
  await serve(n.listNoticeDocuments, async ({ req, params }) => ok({ documents: await listNoticeDocuments(db, callerOf(req).companyId, params.notice_id) }));
  await serve(n.noticeDocumentFile, async ({ req, reply, params }) => {
    const doc = await noticeDocument(db, callerOf(req).companyId, params.document_id);
    return sendStoredFile(reply, files, { key: doc.fileKey, fileName: doc.fileName, contentType: doc.contentType }, DOCUMENT_NOT_FOUND);
  });
};
