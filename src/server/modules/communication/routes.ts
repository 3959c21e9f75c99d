/**
 * Routes of the communication area (issue 13), served from src/domain/contracts/communication.
 * The provider webhooks live in a child context whose body parsers keep the raw bytes (Meta signs
 * the raw body; a re-serialised JSON would not match) and read Exotel's form-encoded reports.
 */
import * as campaigns from '../../../domain/contracts/communication/campaigns';
import * as chat from '../../../domain/contracts/communication/chat';
import * as messages from '../../../domain/contracts/communication/messages';
import * as templates from '../../../domain/contracts/communication/templates';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { badRequest, forbidden } from '../../http/errors';
import { endpointServer } from '../../http/route';
import { campaignErrorCsv, campaignResults, getCampaign, listCampaigns, startCampaign } from './campaign-service';
import { sendDownload } from '../../http/downloads';
import { listMessages, messagesForCaller, sendMessage } from './message-service';
import { canReadUnmasked } from '../portfolio/queries';
import { chatThread, listChats, sendChatReply } from './chat-service';
import { settingsOf, toSettingsRecord, updateSettings } from './settings-service';
import { createTemplate, deleteTemplate, listTemplates, previewTemplate, updateTemplate } from './template-service';
import { smsReceipt, whatsappNotification } from './webhook-service';
import { existingSettings, secretOf } from './settings-service';
import { verifyHandshake } from './providers/whatsapp';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's body bytes (communication webhooks only). */
    rawBody?: Buffer;
  }
}

export const communicationRoutes: RouteGroup = async (app, deps) => {
  const { db, clock, jobs, config } = deps;
  const via = { keys: config };
  const serve = endpointServer(app, deps);

  await serve(templates.listTemplates, async ({ req, query }) => ok({ templates: await listTemplates(db, callerOf(req).companyId, query) }));
  await serve(templates.createTemplate, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await createTemplate(db, companyId, user.userId, body), 'Template added');
  });
  await serve(templates.updateTemplate, async ({ req, params, body }) => ok(await updateTemplate(db, callerOf(req).companyId, params.template_id, body), 'Template saved'));
  await serve(templates.deleteTemplate, async ({ req, params }) => {
    await deleteTemplate(db, callerOf(req).companyId, params.template_id);
    return ok(null, 'Template removed');
  });
  await serve(templates.previewTemplate, async ({ req, params, body }) => ok(await previewTemplate(db, callerOf(req).companyId, params.template_id, body.loan_id, body.variables, clock.now())));

  await serve(messages.sendMessage, async ({ req, body, idempotency }) => {
    const { companyId, user } = callerOf(req);
    const sent = await sendMessage(idempotency!.tx, { companyId, loanId: body.loan_id, channel: body.channel, templateId: body.template_id, variables: body.variables, to: body.to, actorId: user.userId, lang: body.lang }, clock.now(), via);
    const [m] = await messagesForCaller(idempotency!.tx, companyId, body.loan_id, canReadUnmasked(callerOf(req).permissions), [sent]);
    return ok(m, m.status === 'blocked' ? 'Blocked' : m.status === 'failed' ? 'Failed' : 'Sent');
  });
  await serve(messages.listMessages, async ({ req, query }) => {
    const { companyId, permissions } = callerOf(req);
    return ok({ messages: await messagesForCaller(db, companyId, query.loan_id, canReadUnmasked(permissions), await listMessages(db, companyId, query.loan_id, query.channel)) });
  });

  await serve(chat.getChat, async ({ req, query }) => {
    const { companyId, permissions } = callerOf(req);
    const thread = await chatThread(db, companyId, query.loan_id, clock.now());
    return ok({ ...thread, messages: await messagesForCaller(db, companyId, query.loan_id, canReadUnmasked(permissions), thread.messages) });
  });
  await serve(chat.sendChatReply, async ({ req, body, idempotency }) => {
    const { companyId, user } = callerOf(req);
    const m = await sendChatReply(idempotency!.tx, { companyId, loanId: body.loan_id, text: body.text, actorId: user.userId, lang: body.lang }, clock.now(), via);
    return ok(m, m.status === 'blocked' ? 'Blocked' : m.status === 'failed' ? 'Failed' : 'Sent');
  });
  await serve(chat.listChats, async ({ req, query }) => ok({ chats: await listChats(db, callerOf(req).companyId, query.waiting === 'true', clock.now()) }));

  await serve(messages.getChannelSettings, async ({ req }) => ok(toSettingsRecord(await settingsOf(db, callerOf(req).companyId))));
  await serve(messages.updateChannelSettings, async ({ req, body }) => ok(await updateSettings(db, config, callerOf(req).companyId, body), 'Settings saved'));

  await serve(campaigns.startCampaign, async ({ req, body }) => {
    const { companyId, user } = callerOf(req);
    return ok(await startCampaign(db, jobs, companyId, user.userId, body), 'Campaign queued');
  });
  await serve(campaigns.listCampaigns, async ({ req, query }) => ok(await listCampaigns(db, callerOf(req).companyId, query)));
  await serve(campaigns.getCampaign, async ({ req, params }) => ok(await getCampaign(db, callerOf(req).companyId, params.campaign_id)));
  await serve(campaigns.campaignResults, async ({ req, params, query }) => ok(await campaignResults(db, callerOf(req).companyId, params.campaign_id, query)));
  await serve(campaigns.campaignErrorFile, async ({ req, reply, params }) => {
    const { fileName, csv } = await campaignErrorCsv(db, callerOf(req).companyId, params.campaign_id);
    return sendDownload(reply, csv, { fileName, contentType: 'text/csv; charset=utf-8' });
  });

  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
      req.rawBody = body as Buffer;
      try {
        done(null, (body as Buffer).length ? JSON.parse((body as Buffer).toString('utf8')) : undefined);
      } catch {
        done(badRequest('The body is not valid JSON'), undefined);
      }
    });
    hooks.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (req, body, done) => {
      req.rawBody = body as Buffer;
      done(null, Object.fromEntries(new URLSearchParams((body as Buffer).toString('utf8'))));
    });
    const serveHook = endpointServer(hooks, deps);
    await serveHook(messages.smsDeliveryReport, async ({ params, query, body }) => ok(await smsReceipt(db, params.company_id, query.token, body, clock.now())));
    await serveHook(messages.whatsappVerify, async ({ params, query, reply }) => {
      const s = await existingSettings(db, params.company_id);
      const challenge = verifyHandshake(query, s ? secretOf(config, s, 'whatsappVerifyToken') : null);
      if (challenge === null) throw forbidden('Webhook verification failed');
      return reply.code(200).type('text/plain').send(challenge);
    });
    await serveHook(messages.whatsappWebhook, async ({ req, params, body }) =>
      ok(await db.transaction((tx) => whatsappNotification(tx, config, params.company_id, req.rawBody, req.headers['x-hub-signature-256'], body, clock.now()))),
    );
  });
};
