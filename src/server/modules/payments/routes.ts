/** Routes of the payments area (issue 15), served from src/domain/contracts/payments. */
import * as exceptions from '../../../domain/contracts/payments/exceptions';
import * as links from '../../../domain/contracts/payments/links';
import * as mandates from '../../../domain/contracts/payments/mandates';
import { getPaymentsDashboard } from '../../../domain/contracts/payments/dashboard';
import * as linkBatches from '../../../domain/contracts/payments/link-batches';
import { createLinkBatch, getLinkBatch, linkBatchErrorFile, listLinkBatches, listLinkBatchItems, queueLinkBatch } from './link-batches';
import { paymentsDashboard } from './dashboard-service';
import * as settings from '../../../domain/contracts/payments/settings';
import { openShortLink } from '../../../domain/contracts/payments/short-links';
import { listLoanPayments } from '../../../domain/contracts/payments/loan-payments';
import * as uploads from '../../../domain/contracts/payments/uploads';
import * as webhooks from '../../../domain/contracts/payments/webhooks';
import type { FastifyRequest } from 'fastify';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { sendDownload } from '../../http/downloads';
import type { GatewayTransport } from './links-service';
import { cancelLink, createLink, getLink, linkSentence, listLinks, liveTransport, originOf } from './links-service';
import { listGatewaySettings, putGatewaySettings } from './settings-service';
import { getException, listExceptions, resolveException } from './exceptions-service';
import { reconcileBatch, recordPayment } from './reconciliation';
import { openShortCode } from './short-links';
import { listPostedPayments } from './loan-payments-service';
import { createUpload, listUploads, terminateUpload, toUploadRecord, uploadErrorFile, uploadOf } from './uploads-service';
import { handleWebhook } from './webhook-service';
import { webhookInboxOf } from './webhook-inbox';
import { forgetWebhookCredentials } from './webhook-credentials';
import { kickDeliveries } from './outgoing-webhooks';
import type { MandateTransport } from './mandates-service';
import { cancelMandate, createMandate, getMandate, listMandates, liveMandateTransport, presentDebit, retryDebit } from './mandates-service';


/** Links and gateway settings (company routes). `transport` is replaced by tests. */
export function paymentRoutes(transport: GatewayTransport = liveTransport, mandateTransport: MandateTransport = liveMandateTransport): RouteGroup {
  return async (app, deps) => {
    const { db, config, clock } = deps;
    const serve = endpointServer(app, deps);

    await serve(settings.getGatewaySettings, async ({ req }) => ok({ gateways: await listGatewaySettings(db, callerOf(req).companyId) }));
    await serve(settings.putGatewaySettings, async ({ req, body }) =>
      ok(
        await db.transaction((tx) => putGatewaySettings(tx, config, callerOf(req).companyId, body, clock.now())).finally(forgetWebhookCredentials),
        'Payment gateway saved',
      ),
    );

    await serve(links.createPaymentLink, async ({ req, body, idempotency }) => {
      const { companyId, user } = callerOf(req);
      const link = await createLink(idempotency!.tx, { config, origin: originOf(req), transport, now: clock.now() }, companyId, user.userId, body);
      return ok(link, linkSentence(link));
    });
    await serve(links.getPaymentLink, async ({ req, params }) => ok(await getLink(db, callerOf(req).companyId, params.link_id, clock.now())));
    await serve(links.listPaymentLinks, async ({ req, query }) => ok(await listLinks(db, callerOf(req).companyId, query, clock.now())));
    await serve(linkBatches.createLinkBatch, async ({ req, body, idempotency }) => {
      const { companyId, user } = callerOf(req);
      const batch = await createLinkBatch(idempotency!.tx, config, companyId, user.userId, originOf(req), body);
      idempotency!.afterCommit(() => queueLinkBatch(deps.jobs, batch.batch_id));
      return ok(batch, 'Sending payment links');
    });
    await serve(linkBatches.listLinkBatchItems, async ({ req, params, query }) => ok(await listLinkBatchItems(db, callerOf(req).companyId, params.batch_id, query)));
    await serve(linkBatches.linkBatchErrorFile, async ({ req, reply, params }) => {
      const { fileName, csv } = await linkBatchErrorFile(db, callerOf(req).companyId, params.batch_id);
      return sendDownload(reply, csv, { fileName, contentType: 'text/csv; charset=utf-8' });
    });
    await serve(linkBatches.listLinkBatches, async ({ req, query }) => ok(await listLinkBatches(db, callerOf(req).companyId, query)));
    await serve(linkBatches.getLinkBatch, async ({ req, params }) => ok(await getLinkBatch(db, callerOf(req).companyId, params.batch_id)));
    await serve(links.cancelPaymentLink, async ({ req, params }) => ok(await cancelLink(db, callerOf(req).companyId, params.link_id, clock.now()), 'Payment link cancelled'));

    await serve(exceptions.listPaymentExceptions, async ({ req, query }) => ok(await listExceptions(db, callerOf(req).companyId, query)));
    await serve(exceptions.getPaymentException, async ({ req, params }) => ok(await getException(db, callerOf(req).companyId, params.exception_id)));
    await serve(exceptions.resolvePaymentException, async ({ req, params, body }) => {
      const { companyId, user } = callerOf(req);
      const done = await db.transaction((tx) => resolveException(tx, deps.identity.audit, companyId, user.userId, params.exception_id, body, clock.now()));
      return ok(done, 'Payment exception resolved');
    });
    await serve(exceptions.recordPaymentEndpoint, async ({ req, body, idempotency }) => {
      const { companyId, user } = callerOf(req);
      const r = await recordPayment(idempotency!.tx, {
        companyId,
        source: body.source,
        sourceRef: body.source_ref,
        loanId: body.loan_id,
        amountMinor: body.amount_minor,
        paidAt: new Date(body.paid_at),
        channel: body.channel,
        reference: body.reference ?? null,
        expected: body.expected_minor ? { amountMinor: body.expected_minor, from: body.expected_from ?? 'stated' } : null,
        actorId: user.userId,
      });
      return ok(r, r.outcome === 'posted' ? 'Payment posted' : r.outcome === 'exception' ? 'Payment queued for review' : 'Payment already recorded');
    });
    await serve(exceptions.reconcilePaymentBatch, async ({ req, body }) => {
      const { companyId } = callerOf(req);
      return ok(await db.transaction((tx) => reconcileBatch(tx, companyId, body.source, body.payments)), 'Payments reconciled');
    });

    const mandateCtx = (req: FastifyRequest) => ({ config, origin: originOf(req), transport: mandateTransport, now: clock.now() });
    await serve(mandates.createMandate, async ({ req, body, idempotency }) => {
      const { companyId, user } = callerOf(req);
      return ok(await createMandate(idempotency!.tx, mandateCtx(req), companyId, user.userId, body), 'Mandate created: the borrower authorises it next');
    });
    await serve(mandates.listMandates, async ({ req, query }) => ok(await listMandates(db, callerOf(req).companyId, query, clock.now())));
    await serve(mandates.getMandate, async ({ req, params }) => ok(await getMandate(db, callerOf(req).companyId, params.mandate_id, clock.now())));
    await serve(mandates.cancelMandate, async ({ req, params }) => {
      const { companyId, user } = callerOf(req);
      return ok(await db.transaction((tx) => cancelMandate(tx, mandateCtx(req), companyId, user.userId, params.mandate_id)), 'Mandate cancelled');
    });
    await serve(mandates.presentMandateDebit, async ({ req, params, body }) =>
      ok(await db.transaction((tx) => presentDebit(tx, mandateCtx(req), callerOf(req).companyId, params.mandate_id, body)), 'Debit presented'),
    );
    await serve(mandates.retryMandateDebit, async ({ req, params }) =>
      ok(await db.transaction((tx) => retryDebit(tx, mandateCtx(req), callerOf(req).companyId, params.mandate_id, params.debit_id)), 'Debit presented again'),
    );

    await serve(getPaymentsDashboard, async ({ req, query }) => ok(await paymentsDashboard(db, callerOf(req).companyId, query, clock.now())));

    await serve(listLoanPayments, async ({ req, query }) => ok(await listPostedPayments(db, callerOf(req).companyId, query)));

    await serve(uploads.createPaymentUpload, async ({ req, files }) => {
      const { companyId, user } = callerOf(req);
      return ok(await createUpload(deps, companyId, user.userId, files[0]), 'Payments file uploaded');
    });
    await serve(uploads.listPaymentUploads, async ({ req, query }) => ok(await listUploads(db, callerOf(req).companyId, query)));
    await serve(uploads.getPaymentUpload, async ({ req, params }) => ok(toUploadRecord(await uploadOf(db, callerOf(req).companyId, params.upload_id))));
    await serve(uploads.terminatePaymentUpload, async ({ req, params }) => ok(await terminateUpload(db, callerOf(req).companyId, params.upload_id, clock.now()), 'Upload terminated'));
    await serve(uploads.paymentUploadErrorFile, async ({ req, reply, params }) => {
      const { fileName, csv } = await uploadErrorFile(db, deps.files, callerOf(req).companyId, params.upload_id);
      return sendDownload(reply, csv, { fileName, contentType: 'text/csv; charset=utf-8' });
    });
  };
}

/**
 * The public webhook route, in its own context so its body arrives as the raw bytes the vendor
 * signed (any content type, up to the endpoint's body limit), never re-serialised JSON.
 */
export const webhookRoutes: RouteGroup = async (app, deps) => {
  const { db, config, clock } = deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
  const serve = endpointServer(app, deps);
  // Concurrent webhooks of this process share their INSERT; payments post from the inbox after (webhook-inbox.ts).
  const inbox = webhookInboxOf({ ...deps, log: app.log });
  await serve(webhooks.receiveGatewayWebhook, async ({ req, params }) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const kick = () => kickDeliveries(deps.jobs, (err) => req.log.error({ err }, 'outgoing webhook kick failed'));
    const result = await handleWebhook(db, config, params.pg_vendor, params.company_id, raw, req.headers, clock.now(), kick, inbox);
    return ok(result, result.outcome === 'duplicate' ? 'Duplicate event ignored' : 'Webhook received');
  });
};

/** `/p/{code}` at the site's root (an SMS's short link): a 302 to the checkout, never cached. */
export const shortLinkRoutes: RouteGroup = async (app, deps) => {
  const serve = endpointServer(app, deps);
  await serve(openShortLink, async ({ params, reply }) => {
    const url = await openShortCode(deps.db, params.code, deps.clock.now());
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302);
  });
};
