/**
 * The webhook inbox (issue 15, webhook-inbox.ts: a link event is answered `received` once stored,
 * and posts right after): in a burst a repeat is a duplicate; each stored event then gets its own
 * outcome; two partial payments on one link add up; a payment beyond what the link expects goes
 * to the exceptions queue; a failure posted before a success of the same payment makes that
 * success a late success after failure; the loan's dues fall by exactly what posted; an event a
 * stopped process stored posts from another process; an event that cannot be posted stays in the
 * inbox with its attempts counted and holds up no other.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, SandboxPayment } from '../../src/server/modules/payments/gateways/types';
import { loanPayments, paymentGatewayEvents } from '../../src/server/modules/payments/schema';
import { acceptEvents, createWebhookInbox, WEBHOOK_INBOX_MAX_ATTEMPTS, type EventJob } from '../../src/server/modules/payments/webhook-inbox';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { postedOutcome } from './payment-webhook-outcome';

let t: TestApp;
let admin: Record<string, string>;
let loan: LoanRecord;
const CREDS: GatewayCredentials = { merchantId: 'CF-BURST', apiKey: 'cf-burst-app', apiSecret: 'cf-burst-secret', webhookSecrets: ['cf-burst-secret'] };
let n = 0;
const uid = (p: string) => `${p}-${Date.now()}-${++n}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  loan = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data as LoansPage).loans[0];
  const res = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-BURST', api_key: 'cf-burst-app', api_secret: 'cf-burst-secret' } });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

async function newLink(amount: number, partial = false): Promise<PaymentLinkRecord> {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...admin, 'idempotency-key': uid('key') }, payload: { loan_id: loan.loan_id, amount_minor: amount, pg_vendor: 'cashfree', partial } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentLinkRecord;
}
const signed = (link: PaymentLinkRecord, over: Partial<SandboxPayment>) =>
  GATEWAYS.cashfree.signWebhook(CREDS, { linkId: link.link_id, amountMinor: link.amount_minor, linkAmountMinor: link.amount_minor, paidBeforeMinor: 0, outcome: 'SUCCESS', paymentId: uid('pay'), channel: 'upi', ...over }, new Date());
const deliver = (s: { headers: Record<string, string>; body: Buffer }) => t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${LENDER}`, headers: s.headers, payload: s.body });
const getLink = async (id: string) => (await t.app.inject({ url: `/api/payment/links/${id}`, headers: admin })).json().data as PaymentLinkRecord;
const dues = async () => (await t.app.inject({ url: `/api/recovery/loan-details/${loan.loan_id}`, headers: admin })).json().data.header.total_dues_minor as number;

const eventRow = async (eventId: string) =>
  (await t.database.db.select().from(paymentGatewayEvents).where(and(eq(paymentGatewayEvents.companyId, LENDER), eq(paymentGatewayEvents.pgVendor, 'cashfree'), eq(paymentGatewayEvents.eventId, eventId))))[0];
/**
 * The event's row once no inbox works on it any more: posted (any outcome but 'received') or
 * given up on (attempts at the limit). The test app's own inbox (still draining after the previous
 * test's webhook, or its sweep) may take an event first (SKIP LOCKED) and still be posting it when
 * "another process's" drain has settled: CI saw the good event still 'received' once.
 */
const settledRow = (eventId: string) =>
  vi.waitFor(
    async () => {
      const row = await eventRow(eventId);
      if (row.outcome === 'received' && row.postAttempts < WEBHOOK_INBOX_MAX_ATTEMPTS) throw new Error(`${eventId} is still waiting to be posted`);
      return row;
    },
    { timeout: 15_000, interval: 100 },
  );
const verify = (s: { headers: Record<string, string>; body: Buffer }): EventJob => {
  const v = GATEWAYS.cashfree.verifyWebhook(s.body, s.headers, CREDS, new Date());
  if (!v.ok) throw new Error(v.reason);
  return { companyId: LENDER, vendor: 'cashfree' as const, event: v.event, now: new Date() };
};
/** Another process's inbox over the same database: posts what it finds, then stops. */
async function anotherProcessDrains(): Promise<void> {
  const other = createWebhookInbox(t.database.db);
  other.kick();
  await other.settled();
  await other.stop();
}

describe('webhooks arriving together', () => {
  it('a repeat is a duplicate at once; each stored event then posts with its own outcome, and the loan is paid exactly what posted', async () => {
    const before = await dues();
    const full = await newLink(1_000);
    const partial = await newLink(1_000, true);
    const over = await newLink(500);
    const fullHook = signed(full, {});
    const parts = [signed(partial, { amountMinor: 400 }), signed(partial, { amountMinor: 600 })];
    const tooMuch = signed(over, { amountMinor: 900 });
    const burst = [fullHook, fullHook, ...parts, tooMuch, fullHook];
    const answers = await Promise.all(burst.map(deliver));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const answered = answers.map((a) => a.json().data.outcome as string);
    expect(burst.flatMap((s, i) => (s === fullHook ? [answered[i]] : [])).sort()).toEqual(['duplicate', 'duplicate', 'received']);
    expect(answered.slice(2, 5)).toEqual(['received', 'received', 'received']);
    const outcomes = await Promise.all(answers.map((a) => postedOutcome(t, a, LENDER, 'cashfree')));
    expect(burst.flatMap((s, i) => (s === fullHook ? [outcomes[i]] : [])).sort()).toEqual(['duplicate', 'duplicate', 'posted']);
    expect(outcomes.slice(2, 4)).toEqual(['posted', 'posted']);
    expect(outcomes[4]).toBe('exception');
    expect(await getLink(full.link_id)).toMatchObject({ status: 'PAID', paid_minor: 1_000 });
    expect(await getLink(partial.link_id)).toMatchObject({ status: 'PAID', paid_minor: 1_000 });
    expect(await getLink(over.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
    if (before !== null) expect(await dues()).toBe(Math.max(0, before - 2_000));
  });

  it('in one INSERT a repeat is a duplicate; posted in arrival order, a failure first makes the success after it an exception', async () => {
    const before = await dues();
    const a = await newLink(700);
    const b = await newLink(800);
    const payA = uid('pay');
    const failB = uid('pay');
    const okA = verify(signed(a, { paymentId: payA }));
    const jobs = [verify(signed(b, { paymentId: failB, outcome: 'FAILED' })), okA, okA, verify(signed(b, { paymentId: failB }))];
    expect(await acceptEvents(t.database.db, jobs)).toEqual(['received', 'received', 'duplicate', 'received']);
    // Stored, not posted: the link is as it was until a drain takes the events.
    expect(await getLink(a.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
    await anotherProcessDrains();
    expect((await Promise.all([jobs[0], jobs[1], jobs[3]].map((j) => settledRow(j.event.eventId)))).map((r) => r.outcome)).toEqual(['recorded', 'posted', 'exception']);
    expect(await t.database.db.select().from(loanPayments).where(eq(loanPayments.reference, `cashfree:${payA}`))).toHaveLength(1);
    expect(await getLink(b.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
    // Lowered once, for the one payment that posted (the batch's own dues statement).
    if (before !== null) expect(await dues()).toBe(Math.max(0, before - 700));
  });
});

describe('an inbox that outlives its process', () => {
  it('an event one process stored and did not post is posted once by another', async () => {
    const link = await newLink(1_200);
    const job = verify(signed(link, {}));
    expect(await acceptEvents(t.database.db, [job])).toEqual(['received']);
    expect((await eventRow(job.event.eventId)).outcome).toBe('received');
    await Promise.all([anotherProcessDrains(), anotherProcessDrains()]);
    expect((await settledRow(job.event.eventId)).outcome).toBe('posted');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'PAID', paid_minor: 1_200 });
    expect(await t.database.db.select().from(loanPayments).where(eq(loanPayments.reference, `cashfree:${job.event.paymentId}`))).toHaveLength(1);
    // The same webhook again, now through the route: a duplicate, nothing posted twice.
    expect((await deliver(signed(link, { paymentId: job.event.paymentId }))).json().data.outcome).toBe('duplicate');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'PAID', paid_minor: 1_200 });
  });

  it('an event that cannot be posted stays in the inbox with its attempts counted, and the events after it post', async () => {
    const good = await newLink(900);
    const broken = uid('evt');
    // A stored event its posting cannot read (as if written by a buggy version): it fails alone.
    await t.database.db.insert(paymentGatewayEvents).values({ companyId: LENDER, pgVendor: 'cashfree', eventId: broken, linkId: 'pl_broken', outcome: 'received', event: { eventId: broken }, receivedAt: new Date() });
    const job = verify(signed(good, {}));
    expect(await acceptEvents(t.database.db, [job])).toEqual(['received']);
    await anotherProcessDrains();
    expect((await settledRow(job.event.eventId)).outcome).toBe('posted');
    expect(await getLink(good.link_id)).toMatchObject({ status: 'PAID', paid_minor: 900 });
    expect(await settledRow(broken)).toMatchObject({ outcome: 'received', postAttempts: WEBHOOK_INBOX_MAX_ATTEMPTS });
    // Given up on: a later drain leaves it alone (a person looks at the logged error).
    await anotherProcessDrains();
    expect((await eventRow(broken)).postAttempts).toBe(WEBHOOK_INBOX_MAX_ATTEMPTS);
  });
});
