/**
 * Outgoing webhooks to the lender's own systems (issue 15; spec 3 webhook_configurations), against
 * a real HTTP receiver this test starts on 127.0.0.1: a payment posted by a gateway webhook reaches
 * the subscribed endpoint once, after the commit, signed so the secret verifies it; a receiver that
 * answers 500 is retried when the backoff is due (the clock is moved and the delivery job run, no
 * sleeping), and given up after the last attempt; resend; another company sees none of it; a
 * telecaller may not configure; bad URLs are refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import type { WebhookConfigurationWithSecret, WebhookDeliveriesPage } from '../../src/domain/contracts/payments/webhook-configurations';
import { settableClock } from '../../src/server/http/clock';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials } from '../../src/server/modules/payments/gateways/types';
import { deliverDue, RETRY_DELAYS_MS } from '../../src/server/modules/payments/outgoing-webhooks';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { postedOutcome } from './payment-webhook-outcome';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
const CREDS: GatewayCredentials = { merchantId: 'CF-HOOKS', apiKey: 'cf-hooks-app', apiSecret: 'cf-hooks-secret', webhookSecrets: ['cf-hooks-secret'] };

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
const received: Received[] = [];
/** Status codes each path answers with, in order; 200 once a path's list is used up. */
const answers = new Map<string, number[]>();
let receiver: Server;
let base: string;

let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let telecaller: Record<string, string>;
let loan: LoanRecord;
let n = 0;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const code = answers.get(path)?.shift() ?? 200;
      res.writeHead(code, { 'content-type': 'text/plain' }).end(code === 200 ? 'ok' : `receiver says ${code}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  loan = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data as LoansPage).loans[0];
  const res = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-HOOKS', api_key: 'cf-hooks-app', api_secret: 'cf-hooks-secret' } });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const URL_BASE = '/api/payment/settings/webhook_configurations';
async function addEndpoint(path: string, events: string[], h = admin): Promise<WebhookConfigurationWithSecret> {
  const res = await t.app.inject({ method: 'POST', url: URL_BASE, headers: h, payload: { url: `${base}${path}`, events } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as WebhookConfigurationWithSecret;
}
/** Pays a fresh link of `amount` through Cashfree's signed webhook, as the gateway would. */
async function payByWebhook(amount = 50_000): Promise<{ link: PaymentLinkRecord; outcome: string; replay: () => Promise<string> }> {
  const created = await t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...admin, 'idempotency-key': `hooks-${Date.now()}-${++n}` }, payload: { loan_id: loan.loan_id, amount_minor: amount, pg_vendor: 'cashfree' } });
  expect(created.statusCode, created.body).toBe(200);
  const link = created.json().data as PaymentLinkRecord;
  const s = GATEWAYS.cashfree.signWebhook(CREDS, { linkId: link.link_id, amountMinor: amount, linkAmountMinor: amount, paidBeforeMinor: 0, outcome: 'SUCCESS', paymentId: `pay${Date.now()}${++n}`, channel: 'upi' }, clock.now());
  const send = async () => postedOutcome(t, await t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${LENDER}`, headers: s.headers, payload: s.body }), LENDER, 'cashfree');
  return { link, outcome: await send(), replay: send };
}
const at = (path: string) => received.filter((r) => r.path === path);
async function until(what: () => boolean, ms = 15_000, refresh: () => Promise<void> = async () => undefined): Promise<void> {
  const end = Date.now() + ms;
  for (await refresh(); !what(); await refresh()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
async function deliveries(endpointId: string, h = admin) {
  const res = await t.app.inject({ url: `${URL_BASE}/${endpointId}/deliveries`, headers: h });
  return res;
}

/** The endpoint's log once its newest delivery satisfies `done` (the answer is recorded just after the receiver saw the request). */
async function logWhen(endpointId: string, done: (d: WebhookDeliveriesPage['deliveries'][number]) => boolean): Promise<WebhookDeliveriesPage> {
  let page: WebhookDeliveriesPage | null = null;
  await until(() => Boolean(page?.deliveries[0] && done(page.deliveries[0])), 15_000, async () => {
    page = (await deliveries(endpointId)).json().data as WebhookDeliveriesPage;
  });
  return page!;
}

describe('outgoing webhooks', () => {
  it('delivers one signed payment.posted after the payment commits, not again for a repeated gateway webhook', async () => {
    const ep = await addEndpoint('/posted', ['payment.posted']);
    expect(ep.secret).toMatch(/^whsec_/);
    const list = (await t.app.inject({ url: URL_BASE, headers: admin })).json().data.endpoints as Record<string, unknown>[];
    expect(list.map((e) => e.endpoint_id)).toContain(ep.endpoint_id);
    expect(JSON.stringify(list)).not.toContain(ep.secret);

    const paid = await payByWebhook(50_000);
    expect(paid.outcome).toBe('posted');
    await until(() => at('/posted').length === 1);
    const got = at('/posted')[0];
    const ts = String(got.headers['x-recoveryops-timestamp']);
    expect(Math.abs(Number(ts) - clock.now().getTime() / 1000)).toBeLessThan(2);
    const expected = Buffer.from(`v1=${createHmac('sha256', ep.secret).update(`${ts}.${got.body}`).digest('hex')}`);
    const signature = Buffer.from(String(got.headers['x-recoveryops-signature']));
    expect(signature.length === expected.length && timingSafeEqual(signature, expected)).toBe(true);
    // The wrong secret does not verify it.
    expect(String(got.headers['x-recoveryops-signature'])).not.toBe(`v1=${createHmac('sha256', 'whsec_other').update(`${ts}.${got.body}`).digest('hex')}`);
    expect(got.headers['x-recoveryops-event']).toBe('payment.posted');
    const body = JSON.parse(got.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(got.headers['x-recoveryops-event-id']).toBe(body.id);
    expect(body).toMatchObject({ type: 'payment.posted', data: { loan_id: loan.loan_id, amount_minor: 50_000, currency: 'INR', link_id: paid.link.link_id, source: 'online' } });

    expect(await paid.replay()).toBe('duplicate');
    await new Promise((r) => setTimeout(r, 1500));
    expect(at('/posted')).toHaveLength(1);
    const log = await logWhen(ep.endpoint_id, (d) => d.status !== 'pending');
    expect(log.total).toBe(1);
    expect(log.deliveries[0]).toMatchObject({ event_type: 'payment.posted', status: 'delivered', attempts: 1, last_status_code: 200, response_excerpt: 'ok', next_attempt_at: null });
  });

  it('retries a receiver that answered 500 when the backoff is due, resends on request, and gives up after the last attempt', async () => {
    const ep = await addEndpoint('/flaky', ['payment_link.paid']);
    answers.set('/flaky', [500]);
    await payByWebhook(20_000);
    await until(() => at('/flaky').length === 1);
    let log = await logWhen(ep.endpoint_id, (d) => d.attempts === 1 && d.last_status_code !== null);
    expect(log.deliveries[0]).toMatchObject({ event_type: 'payment_link.paid', status: 'pending', attempts: 1, last_status_code: 500, response_excerpt: 'receiver says 500' });
    expect(new Date(log.deliveries[0].next_attempt_at!).getTime()).toBe(clock.now().getTime() + RETRY_DELAYS_MS[0]);

    // Not due yet: nothing is sent.
    await deliverDue(t.database.db, t.config, clock.now());
    expect(at('/flaky')).toHaveLength(1);
    clock.set(new Date(clock.now().getTime() + RETRY_DELAYS_MS[0]));
    await deliverDue(t.database.db, t.config, clock.now());
    await until(() => at('/flaky').length === 2);
    const [first, second] = at('/flaky');
    expect(second.headers['x-recoveryops-event-id']).toBe(first.headers['x-recoveryops-event-id']);
    expect(second.body).toBe(first.body);
    log = await logWhen(ep.endpoint_id, (d) => d.status === 'delivered');
    expect(log.deliveries[0]).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });

    // Resend: the same event again, a fresh count of attempts.
    const resent = await t.app.inject({ method: 'POST', url: `${URL_BASE}/${ep.endpoint_id}/deliveries/${log.deliveries[0].delivery_id}/resend`, headers: admin });
    expect(resent.statusCode, resent.body).toBe(200);
    await until(() => at('/flaky').length === 3);
    expect(at('/flaky')[2].headers['x-recoveryops-event-id']).toBe(first.headers['x-recoveryops-event-id']);

    // A receiver that always fails: six attempts over the backoff, then failed and left alone.
    const down = await addEndpoint('/down', ['payment.posted']);
    answers.set('/down', Array.from({ length: 10 }, () => 503));
    await payByWebhook(10_000);
    await until(() => at('/down').length === 1);
    // The job records its answer just after the receiver saw the request; a round claimed before
    // that skips the locked row (SKIP LOCKED) and the attempt would be missing.
    await logWhen(down.endpoint_id, (d) => d.attempts === 1 && d.last_status_code !== null);
    for (const [i, wait] of RETRY_DELAYS_MS.entries()) {
      clock.set(new Date(clock.now().getTime() + wait));
      // Run again until this attempt is recorded: a round that met the sweep's lock claims nothing,
      // and a second round at the same time finds nothing due once the attempt is made.
      let newest: WebhookDeliveriesPage['deliveries'][number] | undefined;
      await until(
        () => newest?.attempts === i + 2 && newest.last_status_code !== null,
        15_000,
        async () => {
          await deliverDue(t.database.db, t.config, clock.now());
          newest = ((await deliveries(down.endpoint_id)).json().data as WebhookDeliveriesPage).deliveries[0];
        },
      );
    }
    await until(() => at('/down').length === 6);
    clock.set(new Date(clock.now().getTime() + 24 * 3_600_000));
    await deliverDue(t.database.db, t.config, clock.now());
    expect(at('/down')).toHaveLength(6);
    const failed = (await logWhen(down.endpoint_id, (d) => d.status !== 'pending')).deliveries[0];
    expect(failed).toMatchObject({ status: 'failed', attempts: 6, last_status_code: 503, next_attempt_at: null });
  });

  it('rotates the secret (shown once, the next delivery verifies only with the new one) and keeps an endpoint switched off silent', async () => {
    const ep = await addEndpoint('/rotate', ['payment.posted']);
    const rotated = await t.app.inject({ method: 'POST', url: `${URL_BASE}/${ep.endpoint_id}/rotate-secret`, headers: admin });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = (rotated.json().data as WebhookConfigurationWithSecret).secret;
    expect(secret).not.toBe(ep.secret);
    await payByWebhook(5_000);
    await until(() => at('/rotate').length === 1);
    const got = at('/rotate')[0];
    const sign = (s: string) => `v1=${createHmac('sha256', s).update(`${String(got.headers['x-recoveryops-timestamp'])}.${got.body}`).digest('hex')}`;
    expect(got.headers['x-recoveryops-signature']).toBe(sign(secret));
    expect(got.headers['x-recoveryops-signature']).not.toBe(sign(ep.secret));

    const off = await t.app.inject({ method: 'PUT', url: `${URL_BASE}/${ep.endpoint_id}`, headers: admin, payload: { url: `${base}/rotate`, events: ['payment.posted'], is_active: 'false' } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.is_active).toBe('false');
    await payByWebhook(5_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(at('/rotate')).toHaveLength(1);
  });

  it('shows another company none of it, refuses a telecaller and bad URLs', async () => {
    const ep = await addEndpoint('/private', ['payment.posted']);
    const theirs = (await t.app.inject({ url: URL_BASE, headers: trustAdmin })).json().data.endpoints as unknown[];
    expect(theirs).toEqual([]);
    expect((await deliveries(ep.endpoint_id, trustAdmin)).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: `${URL_BASE}/${ep.endpoint_id}`, headers: trustAdmin, payload: { url: `${base}/stolen`, events: ['payment.posted'] } });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `${URL_BASE}/${ep.endpoint_id}/rotate-secret`, headers: trustAdmin })).statusCode).toBe(404);

    const denied = await t.app.inject({ method: 'POST', url: URL_BASE, headers: telecaller, payload: { url: `${base}/x`, events: ['payment.posted'] } });
    expect(denied.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${URL_BASE}/${ep.endpoint_id}/rotate-secret`, headers: telecaller })).statusCode).toBe(403);

    for (const url of ['ftp://example.com/hook', 'not a url', 'http://user:pw@example.com/hook', 'http://localhost/hook', 'http://127.0.0.1:8080/hook']) {
      const res = await t.app.inject({ method: 'POST', url: URL_BASE, headers: admin, payload: { url, events: ['payment.posted'] } });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: URL_BASE, headers: admin, payload: { url: `${base}/x`, events: [] } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: URL_BASE, headers: admin, payload: { url: `${base}/x`, events: ['loan.deleted'] } })).statusCode).toBe(400);
  });
});
