/**
 * Routes of the calling desk (issue 14), served from src/domain/contracts/calling. The telephony
 * provider of a company comes from its calling settings: the local telephony simulator (default;
 * it posts its StatusCallbacks to this same app) or Exotel (token from EXOTEL_API_TOKEN, callbacks
 * to PUBLIC_ORIGIN). Simulator knobs for tests and demos: CALLING_SIMULATOR_SPEED (delays divided
 * by it), CALLING_SIMULATOR_ANSWER (curve | always | never) and CALLING_SIMULATOR_TALK (fixed talk
 * seconds; default the long-tailed spread). CALLING_PACER_MS: how often the predictive pacer runs
 * a round (default 1000); CALLING_CALL_END_SWEEP_MS: how often ended calls still owed to their
 * loans are swept (default 5000). Inbound calls reach us at the Exotel Connect applet's dynamic URL
 * (…/inbound), and its Passthru applet at …/passthru (passthru.ts); POST /calling/simulator/inbound makes the simulator place one. The desk's live
 * events: GET /calling/events (events-stream.ts).
 */
import * as campaigns from '../../../domain/contracts/calling/campaigns';
import * as calls from '../../../domain/contracts/calling/calls';
import * as softphone from '../../../domain/contracts/calling/softphone';
import * as telephony from '../../../domain/contracts/calling/telephony';
import type { RouteGroup } from '../../http/area';
import { callerOf } from '../../http/caller';
import { ok } from '../../http/envelope';
import { endpointServer } from '../../http/route';
import { toMinor } from '../../../domain/common/money';
import { paymentLinkContext, sendPaymentLinkFrom } from '../payments/queries';
import type { ProviderFor } from './calls-service';
import { endCall, getCall, startCall, statusCallbackPath } from './calls-service';
import { callDetails, callingQueue, dueReminders, recordDispositionOnce } from './desk-service';
import { dialerVendorOf, postDispositionToVendor, updateDialerVendor } from './dialer-vendor';
import { deskSettings, settingsOf } from './settings-service';
import { reportSecondLegEvent, reportSoftphoneEvent, softphoneConfig, startSoftphoneCall, updateSoftphoneSettings } from './softphone-service';
import { liveStats, supervisorAction } from './supervisor-service';
import * as dialer from '../../../domain/contracts/calling/dialer';
import { conflict } from '../../http/errors';
import { currentCallOf, paceCampaign, pacedCampaigns, routeInbound, simulatedCaller, startPacer } from './dialer-service';
import { streamCallingEvents } from './events-stream';
import { createCallEndWriter } from './call-end-writer';
import { applyStatusCallbacks, createStatusCallbackQueue } from './status-callbacks';
import { applyPassthru } from './passthru';
import { exotelProvider } from './telephony/exotel';
import { localSimulator } from './telephony/local-simulator';
import type { TelephonyProvider } from './telephony/provider';

export const callingRoutes: RouteGroup = async (app, deps) => {
  const { db, clock, events } = deps;
  const serve = endpointServer(app, deps);
  const answer = process.env.CALLING_SIMULATOR_ANSWER;
  const simulator = localSimulator({
    speed: Number(process.env.CALLING_SIMULATOR_SPEED ?? 1),
    answer: answer === 'always' || answer === 'never' ? answer : 'curve',
    talkSeconds: Number(process.env.CALLING_SIMULATOR_TALK ?? 0),
    // The simulator posts to this app as the provider would post over the internet.
    deliver: async (url, body) => {
      const res = await app.inject({ method: 'POST', url, payload: body });
      if (res.statusCode !== 200) app.log.warn({ status: res.statusCode, body: res.body.slice(0, 200) }, 'telephony simulator callback refused');
    },
    ask: async (url) => {
      const res = await app.inject({ method: 'GET', url });
      if (res.statusCode !== 200) app.log.warn({ status: res.statusCode, body: res.body.slice(0, 200) }, 'telephony simulator inbound refused');
      return res.statusCode === 200 ? res.json() : null;
    },
  });
  const exotels = new Map<string, TelephonyProvider>();
  const providerFor: ProviderFor = (s) => {
    if (s.provider !== 'exotel' || !s.exotelSid || !s.exotelApiKey) return simulator;
    let p = exotels.get(s.companyId);
    if (!p) {
      p = exotelProvider({ sid: s.exotelSid, subdomain: s.exotelSubdomain ?? 'api.in.exotel.com', apiKey: s.exotelApiKey, apiToken: process.env.EXOTEL_API_TOKEN ?? '', publicOrigin: process.env.PUBLIC_ORIGIN ?? '' });
      exotels.set(s.companyId, p);
    }
    return p;
  };
  app.addHook('onClose', async () => simulator.close());
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  // Predictive pacing: one round per campaign with agents logged in, every CALLING_PACER_MS (default 1 s).
  let stopPacer = () => {};
  app.addHook('onReady', async () => {
    const run = async () => {
      for (const c of await pacedCampaigns(db)) await paceCampaign(db, providerFor, c.companyId, c.campaignId, clock.now());
    };
    stopPacer = startPacer(run, Number(process.env.CALLING_PACER_MS ?? 1000), (err) => app.log.error({ err }, 'predictive pacing round failed'));
  });
  app.addHook('onClose', async () => stopPacer());

  // Ended calls' timeline and calling_status, batched after the calls commit (call-end-writer.ts); swept at start-up for calls a stopped process left.
  const callEnds = createCallEndWriter(db, (err) => app.log.error({ err }, 'writing ended calls to their loans failed'));
  app.addHook('onReady', async () => callEnds.start(Number(process.env.CALLING_CALL_END_SWEEP_MS ?? 5000)));
  app.addHook('onClose', async () => callEnds.stop());
  // Status callbacks arriving together are written together (status-callbacks.ts).
  const callbacks = createStatusCallbackQueue((items) => applyStatusCallbacks(db, items, events, providerFor));

  await serve(calls.getCallingSettings, async ({ req }) => ok(await deskSettings(db, callerOf(req))));
  await serve(calls.callingQueue, async ({ req }) => ok(await callingQueue(db, callerOf(req), clock.now())));
  await serve(calls.startCall, async ({ req, body }) => ok(await startCall(db, providerFor, callerOf(req), body, clock.now(), events), 'Calling'));
  await serve(calls.getCall, async ({ req, params }) => ok(await getCall(db, callerOf(req), params.call_id)));
  await serve(calls.endCall, async ({ req, params }) => ok(await endCall(db, providerFor, callerOf(req), params.call_id), 'Ending the call'));
  await serve(calls.recordDisposition, async ({ req, body }) => {
    const caller = callerOf(req);
    const ask = body.payment_link;
    const { record, created, link } = await db.transaction(async (tx) => {
      const done = await recordDispositionOnce(tx, caller, body, clock.now());
      // "Send payment link" from the disposition (issue 15): the payments area's front door, in this transaction, once per call.
      const origin = { kind: 'call' as const, id: done.record.call_id };
      const asked = ask && { loanId: done.record.loan_id, amountMinor: toMinor(ask.amount), channel: ask.channel, lang: ask.lang, origin };
      const link = asked ? await sendPaymentLinkFrom(tx, paymentLinkContext(deps.config, req, clock.now()), caller.companyId, caller.user.userId, asked) : null;
      return { ...done, link };
    });
    // Spec 7: the dialer vendor hears of each new disposition after it is saved; its failures are only logged.
    if (created) void postDispositionToVendor(db, caller, record, req.log);
    return ok({ ...record, payment_link: link }, link && !link.sent ? `Disposition saved. ${link.message}` : 'Disposition saved');
  });
  await serve(calls.loanCallDetails, async ({ req, params }) => ok(await callDetails(db, callerOf(req), params.loan_id, clock.now())));
  await serve(calls.myReminders, async ({ req }) => ok({ reminders: await dueReminders(db, callerOf(req), clock.now()) }));

  // The browser softphone (JsSIP to the company's SIP server): the calls are mirrored here.
  await serve(softphone.getDialerVendor, async ({ req }) => ok(await dialerVendorOf(db, callerOf(req))));
  await serve(softphone.updateDialerVendor, async ({ req, body }) => ok(await updateDialerVendor(db, callerOf(req), body), 'Dialer vendor saved'));
  await serve(softphone.getSoftphone, async ({ req }) => ok(await softphoneConfig(db, callerOf(req))));
  await serve(softphone.updateSoftphoneSettings, async ({ req, body }) => ok(await updateSoftphoneSettings(db, callerOf(req), body), 'Softphone settings saved'));
  await serve(softphone.startSoftphoneCall, async ({ req, body }) => ok(await startSoftphoneCall(db, callerOf(req), body, clock.now(), events), 'Calling'));
  await serve(softphone.reportSoftphoneEvent, async ({ req, params, body }) => ok(await reportSoftphoneEvent(db, callerOf(req), params.call_id, body, clock.now(), events)));
  await serve(softphone.reportSecondLegEvent, async ({ req, params, body }) => ok(await reportSecondLegEvent(db, callerOf(req), params.call_id, body, clock.now(), events)));

  await serve(campaigns.supervisorLive, async ({ req }) => ok(await liveStats(db, callerOf(req), clock.now())));
  await serve(campaigns.supervisorAction, async ({ req, params, body }) => {
    const done = await supervisorAction(db, providerFor, callerOf(req), params.call_id, body, clock.now(), events);
    return ok(done, done.action === 'force_transfer' ? `Call transferred to ${done.transfer_to_name}` : `${done.action === 'barge' ? 'Barged into' : 'Whispering on'} the call`);
  });

  await serve(telephony.exotelStatus, async ({ req, params, body }) => {
    await callbacks.submit({ companyId: params.company_id, secret: params.secret, body, now: clock.now() });
    // The agent's screen has the call already (announced at its commit); the provider's answer waits for the loan side,
    // batched with the other calls ended meanwhile (group commit in call-end-writer.ts).
    await callEnds.flush().catch((err: unknown) => req.log.error({ err }, 'writing ended calls to their loans failed (kept pending)'));
    return ok({ received: true });
  });
  await serve(telephony.exotelPassthru, async ({ req, reply, params, query }) => {
    const done = await applyPassthru(db, (item) => callbacks.submit(item), params.company_id, params.secret, query, clock.now());
    await callEnds.flush().catch((err: unknown) => req.log.error({ err }, 'writing ended calls to their loans failed (kept pending)'));
    // The applet's flow branches on the status alone: 200 to one applet, 302 to the other.
    return reply.code(done.status).send(done.body);
  });
  await serve(telephony.exotelInbound, async ({ params, query }) => routeInbound(db, events, params.company_id, params.secret, query, clock.now()));

  await serve(dialer.currentCall, async ({ req }) => ok({ call: await currentCallOf(db, callerOf(req), clock.now()) }));
  await serve(dialer.simulateInbound, async ({ req, body }) => {
    const caller = callerOf(req);
    const settings = await settingsOf(db, caller.companyId);
    if (settings.provider !== 'local_simulator') throw conflict('Inbound calls are simulated only with the local telephony simulator');
    const from = await simulatedCaller(db, caller.companyId, body);
    const did = settings.callerIds[0] ?? '0000000000';
    const base = `/api/calling/telephony/exotel/${encodeURIComponent(settings.companyId)}/${encodeURIComponent(settings.callbackSecret)}`;
    const { sid, answer } = await simulator.inbound({ from, to: did, connectUrl: `${base}/inbound`, statusCallback: statusCallbackPath(settings), firstAgentAnswers: body.first_agent_answers });
    const callId = (answer as { call_id?: string | null } | null)?.call_id ?? null;
    return ok({ call_sid: sid, routed: callId !== null, call_id: callId }, callId ? 'Inbound call routed to an agent' : 'No agent is free to take the call');
  });
  await serve(dialer.callingEvents, async ({ req, reply }) => streamCallingEvents(deps, req, reply, streams));
};
