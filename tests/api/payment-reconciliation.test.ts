/**
 * Reconciliation and the exceptions queue (issue 15): every payment posts once per (source,
 * source_ref); a payment for an unknown loan, an amount other than the one expected (a link's
 * remainder, a stated PTP/instalment), a success after the same payment failed, or a payment on a
 * cancelled link is queued, never posted silently; a person posts it to a loan, marks a refund
 * needed or dismisses it, with remarks, audited; a batch reconciles set-based and replays as
 * duplicates; another company sees none of it.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentExceptionRecord, PaymentExceptionsPage, RecordPaymentResult, ReconcileBatchResult } from '../../src/domain/contracts/payments/exceptions';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import { settableClock } from '../../src/server/http/clock';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, SandboxPayment } from '../../src/server/modules/payments/gateways/types';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { postedOutcome } from './payment-webhook-outcome';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
const CF: GatewayCredentials = { merchantId: 'CF-LENDER', apiKey: 'cf-app-id-1234', apiSecret: 'cf-client-secret-lender', webhookSecrets: ['cf-client-secret-lender'] };
let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let loanA: string;
let loanB: string;
let n = 0;
const uid = (p: string) => `${p}-${Date.now()}-${++n}`;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  const loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=2', headers: admin })).json().data as LoansPage).loans;
  [loanA, loanB] = [loans[0].loan_id, loans[1].loan_id];
  const put = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' } });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

const record = async (payload: Record<string, unknown>, h = admin) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/payments', headers: { ...h, 'idempotency-key': uid('key') }, payload: { paid_at: '2026-11-24T09:00:00+05:30', channel: 'neft', ...payload } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RecordPaymentResult;
};
const queue = async (query = '', h = admin) => {
  const res = await t.app.inject({ url: `/api/payment/exceptions${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentExceptionsPage;
};
const resolve = (id: string, payload: Record<string, unknown>, h = admin) => t.app.inject({ method: 'POST', url: `/api/payment/exceptions/${id}/resolve`, headers: h, payload });
const postedRef = (source: string, ref: string) => t.database.db.select().from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, source as 'upload'), eq(loanPayments.sourceRef, ref)));

async function newLink(amount: number, partial = false): Promise<PaymentLinkRecord> {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...admin, 'idempotency-key': uid('link') }, payload: { loan_id: loanA, amount_minor: amount, pg_vendor: 'cashfree', partial } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentLinkRecord;
}
function webhook(link: Pick<PaymentLinkRecord, 'link_id' | 'amount_minor' | 'paid_minor'>, over: Partial<SandboxPayment> = {}) {
  const s = GATEWAYS.cashfree.signWebhook(
    CF,
    { linkId: link.link_id, amountMinor: link.amount_minor - link.paid_minor, linkAmountMinor: link.amount_minor, paidBeforeMinor: link.paid_minor, outcome: 'SUCCESS', paymentId: uid('cfpay'), channel: 'upi', ...over },
    clock.now(),
  );
  return t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${LENDER}`, headers: s.headers, payload: s.body });
}
/** Sends the webhook and answers what its posting did (payment-webhook-outcome.ts). */
const outcomeOf = async (link: Pick<PaymentLinkRecord, 'link_id' | 'amount_minor' | 'paid_minor'>, over: Partial<SandboxPayment> = {}) => postedOutcome(t, await webhook(link, over), LENDER, 'cashfree');

describe('recording an offline payment', () => {
  it('posts once per source_ref; the same payment again is a duplicate', async () => {
    const ref = uid('UTR');
    expect(await record({ source: 'upload', source_ref: ref, loan_id: loanA, amount_minor: 123450 })).toMatchObject({ outcome: 'posted', exception_id: null });
    expect(await record({ source: 'upload', source_ref: ref, loan_id: loanA, amount_minor: 123450 })).toMatchObject({ outcome: 'duplicate' });
    const rows = await postedRef('upload', ref);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ loanId: loanA, amountMinor: 123450, source: 'upload' });
  });

  it('queues an amount that is not the expected one and a payment for an unknown loan, posting neither', async () => {
    const short = uid('RCPT');
    const r1 = await record({ source: 'field_receipt', source_ref: short, loan_id: loanA, amount_minor: 40000, expected_minor: 50000, expected_from: 'ptp' });
    expect(r1).toMatchObject({ outcome: 'exception', reason: 'amount_mismatch' });
    const stranger = uid('UTR');
    const r2 = await record({ source: 'upload', source_ref: stranger, loan_id: 'NO-SUCH-LOAN-1', amount_minor: 9900 });
    expect(r2).toMatchObject({ outcome: 'exception', reason: 'unknown_loan' });
    expect(await postedRef('field_receipt', short)).toHaveLength(0);
    expect(await postedRef('upload', stranger)).toHaveLength(0);
    // Queued once: the same payment again changes nothing.
    expect(await record({ source: 'upload', source_ref: stranger, loan_id: 'NO-SUCH-LOAN-1', amount_minor: 9900 })).toMatchObject({ outcome: 'duplicate' });
    const q = await queue('?reason=amount_mismatch');
    expect(q.exceptions.find((e) => e.exception_id === r1.exception_id)).toMatchObject({ amount_minor: 40000, expected_minor: 50000, expected_from: 'ptp', loan_id: loanA, status: 'open', source: 'field_receipt' });
    expect(q.exceptions.every((e) => e.reason === 'amount_mismatch')).toBe(true);
    expect(q.open_by_reason.unknown_loan).toBeGreaterThanOrEqual(1);
  });
});

describe('gateway payments through reconciliation', () => {
  it('an overpayment of a link, a success after the same payment failed, a payment on a cancelled link and one for a link we never made are queued', async () => {
    const over = await newLink(10000);
    expect(await outcomeOf(over, { amountMinor: 15000 })).toBe('exception');
    expect((await t.app.inject({ url: `/api/payment/links/${over.link_id}`, headers: admin })).json().data).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });

    const late = await newLink(20000);
    const pid = uid('cfpay');
    expect(await outcomeOf(late, { outcome: 'FAILED', paymentId: pid })).toBe('recorded');
    expect(await outcomeOf(late, { paymentId: pid })).toBe('exception');

    const closed = await newLink(30000);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/links/${closed.link_id}/cancel`, headers: admin })).statusCode).toBe(200);
    expect(await outcomeOf(closed)).toBe('exception');

    const ghost = { link_id: 'pl_000000000000000000000000', amount_minor: 777, paid_minor: 0 };
    expect(await outcomeOf(ghost)).toBe('unknown_link');

    const q = await queue('?source=online&page_size=50');
    const byLink = (id: string) => q.exceptions.find((e) => e.link_id === id);
    expect(byLink(over.link_id)).toMatchObject({ reason: 'amount_mismatch', amount_minor: 15000, expected_minor: 10000, expected_from: 'link' });
    expect(byLink(late.link_id)).toMatchObject({ reason: 'late_success_after_failure' });
    expect(byLink(closed.link_id)).toMatchObject({ reason: 'link_closed' });
    expect(byLink(ghost.link_id)).toMatchObject({ reason: 'unknown_loan', loan_id: null, amount_minor: 777 });
  });

  it('a good payment still posts, and a partial link takes parts up to its amount', async () => {
    const link = await newLink(50000, true);
    expect(await outcomeOf(link, { amountMinor: 20000 })).toBe('posted');
    expect(await outcomeOf({ ...link, paid_minor: 20000 }, { amountMinor: 30000 })).toBe('posted');
    expect((await t.app.inject({ url: `/api/payment/links/${link.link_id}`, headers: admin })).json().data).toMatchObject({ status: 'PAID', paid_minor: 50000 });
  });
});

describe('resolving an exception', () => {
  it('posts an unknown-loan payment to the loan a person names, once, with remarks, audited', async () => {
    const ref = uid('UTR');
    const r = await record({ source: 'upload', source_ref: ref, loan_id: 'TYPO-LOAN', amount_minor: 55500 });
    const id = r.exception_id!;
    expect((await resolve(id, { action: 'post', remarks: 'no loan named' })).statusCode).toBe(404);
    const res = await resolve(id, { action: 'post', loan_id: loanB, remarks: 'Loan id mistyped in the bank file' });
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json().data as PaymentExceptionRecord;
    expect(done).toMatchObject({ status: 'posted', loan_id: loanB, remarks: 'Loan id mistyped in the bank file' });
    expect(done.payment_id).toBeTruthy();
    const rows = await postedRef('upload', ref);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ loanId: loanB, amountMinor: 55500, paymentId: done.payment_id });
    expect((await resolve(id, { action: 'dismiss', remarks: 'again' })).statusCode).toBe(409);
    const audit = await t.database.executeSql(`select action, details from user_audit where details->>'exception_id' = $1`, [id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ action: 'payment_exception_resolved' });
    // The same payment recorded again is still a duplicate after it was posted.
    expect(await record({ source: 'upload', source_ref: ref, loan_id: 'TYPO-LOAN', amount_minor: 55500 })).toMatchObject({ outcome: 'duplicate' });
  });

  it('posting an overpaid link payment adds it to the link; refund needed and dismiss post nothing and need remarks', async () => {
    const link = await newLink(10000);
    expect(await outcomeOf(link, { amountMinor: 12000 })).toBe('exception');
    const ex = (await queue('?source=online&page_size=50')).exceptions.find((e) => e.link_id === link.link_id)!;
    expect((await resolve(ex.exception_id, { action: 'post', remarks: 'Borrower paid the penal charge too' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/payment/links/${link.link_id}`, headers: admin })).json().data).toMatchObject({ status: 'PAID', paid_minor: 12000 });

    const a = await record({ source: 'upload', source_ref: uid('UTR'), loan_id: loanA, amount_minor: 100, expected_minor: 200 });
    const b = await record({ source: 'upload', source_ref: uid('UTR'), loan_id: loanA, amount_minor: 300, expected_minor: 200 });
    expect((await resolve(a.exception_id!, { action: 'dismiss' })).statusCode).toBe(400);
    expect((await resolve(a.exception_id!, { action: 'dismiss', remarks: 'Bank reversed it' })).json().data).toMatchObject({ status: 'dismissed', payment_id: null });
    expect((await resolve(b.exception_id!, { action: 'refund_needed', remarks: 'Paid twice; refund Rs 1' })).json().data).toMatchObject({ status: 'refund_needed', payment_id: null });
    const refunds = await queue('?status=refund_needed');
    expect(refunds.exceptions.map((e) => e.exception_id)).toContain(b.exception_id);
  });

  it('another company neither sees nor resolves it', async () => {
    const r = await record({ source: 'upload', source_ref: uid('UTR'), loan_id: 'NOT-HERE', amount_minor: 100 });
    expect((await t.app.inject({ url: `/api/payment/exceptions/${r.exception_id}`, headers: trustAdmin })).statusCode).toBe(404);
    expect((await resolve(r.exception_id!, { action: 'dismiss', remarks: 'not ours' }, trustAdmin)).statusCode).toBe(404);
    expect((await queue('?reason=unknown_loan&page_size=100', trustAdmin)).exceptions.map((e) => e.exception_id)).not.toContain(r.exception_id);
  });
});

describe('batch reconciliation', () => {
  it('posts, queues and skips duplicates in one request; the same batch again posts nothing', async () => {
    const refs = [uid('B'), uid('B'), uid('B'), uid('B')];
    const payments = [
      { source_ref: refs[0], loan_id: loanA, amount_minor: 1000, paid_at: '2026-11-24T08:00:00+05:30', channel: 'neft' },
      { source_ref: refs[1], loan_id: loanB, amount_minor: 2500, paid_at: '2026-11-24T08:00:00+05:30', channel: 'cash', expected_minor: 2500 },
      { source_ref: refs[2], loan_id: 'GHOST-LOAN', amount_minor: 700, paid_at: '2026-11-24T08:00:00+05:30', channel: 'neft' },
      { source_ref: refs[3], loan_id: loanA, amount_minor: 900, paid_at: '2026-11-24T08:00:00+05:30', channel: 'neft', expected_minor: 1000 },
      { source_ref: refs[0], loan_id: loanA, amount_minor: 1000, paid_at: '2026-11-24T08:00:00+05:30', channel: 'neft' },
    ];
    const send = () => t.app.inject({ method: 'POST', url: '/api/payment/payments/batch', headers: admin, payload: { source: 'upload', payments } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data as ReconcileBatchResult).toEqual({ received: 5, posted: 2, exceptions: 2, duplicates: 1, posted_minor: 3500 });
    expect((await send()).json().data).toEqual({ received: 5, posted: 0, exceptions: 0, duplicates: 5, posted_minor: 0 });
    expect(await postedRef('upload', refs[0])).toHaveLength(1);
    const q = await queue('?source=upload&page_size=100');
    expect(q.exceptions.find((e) => e.source_ref === refs[2])).toMatchObject({ reason: 'unknown_loan', loan_id: 'GHOST-LOAN', allocation_month: null });
    expect(q.exceptions.find((e) => e.source_ref === refs[3])).toMatchObject({ reason: 'amount_mismatch', expected_minor: 1000, expected_from: 'stated' });
  });
});

describe('dues after a gateway payment', () => {
  it("a webhook that posts lowers the loan's total claim amount and marks it partially paid", async () => {
    const dues = async () => (await t.app.inject({ url: `/api/recovery/loan-details/${loanB}`, headers: admin })).json().data as { header: { total_dues_minor: number | null }; loan: Record<string, unknown> };
    const before = await dues();
    const res = await t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...admin, 'idempotency-key': uid('link') }, payload: { loan_id: loanB, amount_minor: 1_234, pg_vendor: 'cashfree' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await outcomeOf(res.json().data as PaymentLinkRecord)).toBe('posted');
    const after = await dues();
    expect(after.header.total_dues_minor).toBe(Math.max(0, before.header.total_dues_minor! - 1_234));
    expect(after.loan.recovery_status).toBe('partially_paid');
  });
});
