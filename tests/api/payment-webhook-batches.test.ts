/**
 * Gateway webhooks arriving together (issue 15, webhook-batch.ts: concurrent webhooks share one
 * transaction): each still gets its own event's outcome; a repeat in the same burst is a
 * duplicate; two partial payments on one link add up; a payment beyond what the link expects goes
 * to the exceptions queue; a failure processed before a success of the same payment makes that
 * success a late success after failure; the loan's dues fall by exactly what posted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, SandboxPayment } from '../../src/server/modules/payments/gateways/types';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { postEventBatch } from '../../src/server/modules/payments/webhook-batch';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

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

describe('webhooks arriving together', () => {
  it('each answers its own outcome, and the loan is paid exactly what posted', async () => {
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
    const outcomes = answers.map((a) => a.json().data.outcome as string);
    expect(burst.flatMap((s, i) => (s === fullHook ? [outcomes[i]] : [])).sort()).toEqual(['duplicate', 'duplicate', 'posted']);
    expect(outcomes.slice(2, 4)).toEqual(['posted', 'posted']);
    expect(outcomes[4]).toBe('exception');
    expect(await getLink(full.link_id)).toMatchObject({ status: 'PAID', paid_minor: 1_000 });
    expect(await getLink(partial.link_id)).toMatchObject({ status: 'PAID', paid_minor: 1_000 });
    expect(await getLink(over.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
    if (before !== null) expect(await dues()).toBe(Math.max(0, before - 2_000));
  });

  it('in one batch: a repeat is a duplicate, a failure first makes the success after it an exception', async () => {
    const before = await dues();
    const a = await newLink(700);
    const b = await newLink(800);
    const verify = (s: { headers: Record<string, string>; body: Buffer }) => {
      const v = GATEWAYS.cashfree.verifyWebhook(s.body, s.headers, CREDS, new Date());
      if (!v.ok) throw new Error(v.reason);
      return { companyId: LENDER, vendor: 'cashfree' as const, event: v.event, now: new Date() };
    };
    const payA = uid('pay');
    const failB = uid('pay');
    const okA = verify(signed(a, { paymentId: payA }));
    const jobs = [verify(signed(b, { paymentId: failB, outcome: 'FAILED' })), okA, okA, verify(signed(b, { paymentId: failB }))];
    const results = await postEventBatch(t.database.db, jobs);
    expect(results.map((r) => r.outcome)).toEqual(['recorded', 'posted', 'duplicate', 'exception']);
    expect(await t.database.db.select().from(loanPayments).where(eq(loanPayments.reference, `cashfree:${payA}`))).toHaveLength(1);
    expect(await getLink(b.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
    // Lowered once, for the one payment that posted (the batch's own dues statement).
    if (before !== null) expect(await dues()).toBe(Math.max(0, before - 700));
  });
});
