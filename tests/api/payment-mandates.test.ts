/**
 * eNACH / UPI Autopay mandates (issue 15): a mandate for a loan's EMI is registered on the
 * company's Cashfree (Subscriptions), authorised in the local sandbox (the sandbox sends Cashfree's
 * signed status webhooks), presented on its due date by the scheduler once, and a debit posts once
 * to the loan through reconciliation (source `mandate`); a bounce is recorded with the bank's
 * reason and may be presented again; a success after the same debit bounced is queued as an
 * exception; an old status delivered late changes nothing; bad signatures and another company's
 * URL post nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { MandateRecord } from '../../src/domain/contracts/payments/mandates';
import { settableClock } from '../../src/server/http/clock';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, SandboxMandateEvent } from '../../src/server/modules/payments/gateways/types';
import { liveMandateTransport, presentDueDebits } from '../../src/server/modules/payments/mandates-service';
import { loanPayments, paymentExceptions } from '../../src/server/modules/payments/schema';
import { loanEvents } from '../../src/server/modules/portfolio/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let loanId: string;
const CREDS: GatewayCredentials = { merchantId: 'CF-LENDER', apiKey: 'cf-app-id-1234', apiSecret: 'cf-client-secret-lender', webhookSecrets: ['cf-client-secret-lender'] };
const form = { 'content-type': 'application/x-www-form-urlencoded' };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loanId = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data as LoansPage).loans[0].loan_id;
  const put = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' } });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

const get = async (id: string, h = admin) => (await t.app.inject({ url: `/api/payment/mandates/${id}`, headers: h })).json().data as MandateRecord;
const sweep = () => presentDueDebits(t.database.db, { config: t.config, transport: liveMandateTransport, now: clock.now() });
const deliver = (e: SandboxMandateEvent, company = LENDER, creds = CREDS) => {
  const s = GATEWAYS.cashfree.mandates!.signWebhook(creds, e, clock.now());
  return t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${company}`, headers: s.headers, payload: s.body });
};
const settle = (debitId: string, outcome: 'success' | 'bounce') => t.app.inject({ method: 'POST', url: `/api/payment/sandbox/mandate-debits/${debitId}/settle`, headers: form, payload: `outcome=${outcome}` });
const mandatePayments = () => t.database.db.select().from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, 'mandate')));

/** Saves the company's recurring_payments section (spec 3). */
const recurring = (auto_present: string, max_attempts = 3) =>
  t.app.inject({ method: 'PUT', url: '/api/payment/settings/recurring_payments', headers: admin, payload: { auto_present, max_attempts, retry_gap_days: 3, pre_debit_notice: 'true' } });

let mandate: MandateRecord;

describe('a mandate', () => {
  it('is registered once per Idempotency-Key, INITIALIZED with the sandbox authorisation page, one in force per loan', async () => {
    const payload = { loan_id: loanId, mode: 'enach', emi_minor: 1_250_000, max_minor: 1_500_000, debit_day: 5, tenure_months: 6 };
    const first = await t.app.inject({ method: 'POST', url: '/api/payment/mandates', headers: { ...admin, 'idempotency-key': 'mandate-once-1' }, payload });
    const again = await t.app.inject({ method: 'POST', url: '/api/payment/mandates', headers: { ...admin, 'idempotency-key': 'mandate-once-1' }, payload });
    expect(first.statusCode, first.body).toBe(200);
    mandate = first.json().data;
    expect(again.json().data.mandate_id).toBe(mandate.mandate_id);
    expect(mandate).toMatchObject({ loan_id: loanId, status: 'INITIALIZED', mode: 'enach', emi_minor: 1_250_000, max_minor: 1_500_000, debit_day: 5, first_debit_date: '2026-12-05', next_debit_date: '2026-12-05', debits: [] });
    expect(mandate.auth_url).toMatch(new RegExp(`/api/payment/sandbox/mandates/${mandate.mandate_id}$`));
    const second = await t.app.inject({ method: 'POST', url: '/api/payment/mandates', headers: { ...admin, 'idempotency-key': 'mandate-once-2' }, payload });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This loan already has a mandate in force');
    // Another company sees nothing of it, and has no gateway for it.
    expect((await t.app.inject({ url: `/api/payment/mandates/${mandate.mandate_id}`, headers: trustAdmin })).statusCode).toBe(404);
    const trust = await t.app.inject({ method: 'POST', url: '/api/payment/mandates', headers: { ...trustAdmin, 'idempotency-key': 'mandate-trust-1' }, payload });
    expect(trust.statusCode).toBe(400);
    const bad = await t.app.inject({ method: 'POST', url: '/api/payment/mandates', headers: { ...admin, 'idempotency-key': 'mandate-bad-1' }, payload: { ...payload, max_minor: 100 } });
    expect(bad.statusCode).toBe(400);
  });

  it('is authorised in the sandbox: bank approval pending, then active; debiting before that is refused', async () => {
    const early = await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/debits`, headers: admin, payload: {} });
    expect(early.statusCode).toBe(409);
    const page = await t.app.inject({ url: `/api/payment/sandbox/mandates/${mandate.mandate_id}` });
    expect(page.body).toContain('Authorise eNACH mandate');
    const rejected = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/mandates/${mandate.mandate_id}/authorise`, headers: form, payload: 'outcome=reject' });
    expect(rejected.body).toContain('Mandate not authorised');
    expect(await get(mandate.mandate_id)).toMatchObject({ status: 'INITIALIZED', auth_failure: 'Authorisation declined by the customer' });
    const ok = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/mandates/${mandate.mandate_id}/authorise`, headers: form, payload: 'outcome=authorise' });
    expect(ok.body).toContain('Mandate authorised');
    const active = await get(mandate.mandate_id);
    expect(active).toMatchObject({ status: 'ACTIVE', auth_url: null, auth_failure: null });
    const timeline = await t.database.db.select().from(loanEvents).where(and(eq(loanEvents.companyId, LENDER), eq(loanEvents.loanId, loanId)));
    const remarks = timeline.map((e) => e.remark);
    expect(remarks).toContain('Mandate bank approval pending');
    expect(remarks).toContain('Mandate active');
    // A status from before, delivered late, changes nothing.
    const late = await deliver({ kind: 'status', mandateId: mandate.mandate_id, status: 'BANK_APPROVAL_PENDING', at: new Date(clock.now().getTime() - 60_000) });
    expect(late.statusCode).toBe(200);
    expect((await get(mandate.mandate_id)).status).toBe('ACTIVE');
  });

  it('is presented on its due date once by the scheduler, and the debit posts to the loan once', async () => {
    expect(await sweep()).toBe(0); // not due yet
    clock.set(new Date('2026-12-05T09:00:00+05:30'));
    // With recurring_payments auto_present 'false' (spec 3) the lender presents by hand: the scheduler skips it.
    expect((await recurring('false')).statusCode).toBe(200);
    expect(await sweep()).toBe(0);
    expect((await recurring('true')).statusCode).toBe(200);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    const m = await get(mandate.mandate_id);
    expect(m.debits).toHaveLength(1);
    expect(m.debits[0]).toMatchObject({ due_date: '2026-12-05', amount_minor: 1_250_000, attempt: 1, status: 'PENDING' });
    expect(m.next_debit_date).toBe('2027-01-05');
    const paid = await settle(m.debits[0].debit_id, 'success');
    expect(paid.body).toContain('Debit succeeded');
    const after = await get(mandate.mandate_id);
    expect(after.debits[0]).toMatchObject({ status: 'SUCCESS' });
    expect(after.debits[0].payment_id).not.toBeNull();
    const rows = await mandatePayments();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ loanId, amountMinor: 1_250_000, channel: 'enach', sourceRef: m.debits[0].debit_id });
    // The same success again (another delivery, another event) posts nothing more.
    const again = await deliver({ kind: 'debit', mandateId: mandate.mandate_id, debitId: m.debits[0].debit_id, gatewayPaymentId: 'cf-repeat-1', amountMinor: 1_250_000, outcome: 'SUCCESS', reason: null, mode: 'enach' });
    expect(again.statusCode).toBe(200);
    expect(await mandatePayments()).toHaveLength(1);
    const listed = (await t.app.inject({ url: `/api/payment/payments?loan_id=${loanId}&source=mandate`, headers: admin })).json().data;
    expect(listed.total).toBe(1);
  });

  it('records a bounce with the bank’s reason, presents it again, and a late success after the bounce goes to the exceptions queue', async () => {
    clock.set(new Date('2027-01-05T09:00:00+05:30'));
    expect(await sweep()).toBe(1);
    const d1 = (await get(mandate.mandate_id)).debits[0];
    expect((await settle(d1.debit_id, 'bounce')).body).toContain('Debit bounced');
    const bounced = (await get(mandate.mandate_id)).debits[0];
    expect(bounced).toMatchObject({ status: 'FAILED', failure_reason: 'Insufficient funds', payment_id: null });
    expect(await mandatePayments()).toHaveLength(1);
    const timeline = await t.database.db.select().from(loanEvents).where(and(eq(loanEvents.companyId, LENDER), eq(loanEvents.loanId, loanId)));
    expect(timeline.some((e) => e.remark?.includes('bounced: Insufficient funds'))).toBe(true);
    // A failure for the earlier, successful debit changes nothing.
    const first = (await get(mandate.mandate_id)).debits.find((d) => d.due_date === '2026-12-05')!;
    await deliver({ kind: 'debit', mandateId: mandate.mandate_id, debitId: first.debit_id, gatewayPaymentId: 'cf-stale-fail', amountMinor: 1_250_000, outcome: 'FAILED', reason: 'Late', mode: 'enach' });
    expect((await get(mandate.mandate_id)).debits.find((d) => d.debit_id === first.debit_id)!.status).toBe('SUCCESS');

    // A lender allowing one attempt per due date (recurring_payments max_attempts) cannot present it again.
    expect((await recurring('true', 1)).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/debits/${d1.debit_id}/retry`, headers: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A due date is presented at most 1 times');
    expect((await recurring('true', 3)).statusCode).toBe(200);
    const retry = await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/debits/${d1.debit_id}/retry`, headers: admin });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ due_date: '2027-01-05', attempt: 2, status: 'PENDING' });
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/debits/${d1.debit_id}/retry`, headers: admin })).statusCode).toBe(409);
    await settle(retry.json().data.debit_id, 'success');
    expect(await mandatePayments()).toHaveLength(2);

    // The bank later says the bounced attempt went through after all: a person looks at it.
    const late = await deliver({ kind: 'debit', mandateId: mandate.mandate_id, debitId: d1.debit_id, gatewayPaymentId: 'cf-late-1', amountMinor: 1_250_000, outcome: 'SUCCESS', reason: null, mode: 'enach' });
    expect(late.json().data.outcome).toBe('exception');
    const queued = await t.database.db.select().from(paymentExceptions).where(and(eq(paymentExceptions.companyId, LENDER), eq(paymentExceptions.sourceRef, d1.debit_id)));
    expect(queued[0]).toMatchObject({ source: 'mandate', reason: 'late_success_after_failure' });
    expect(await mandatePayments()).toHaveLength(2);
  });

  it('refuses a bad signature, and a webhook sent to another company’s URL posts nothing', async () => {
    const s = GATEWAYS.cashfree.mandates!.signWebhook(CREDS, { kind: 'status', mandateId: mandate.mandate_id, status: 'ON_HOLD', at: clock.now() }, clock.now());
    const tampered = Buffer.from(s.body.toString().replace('ON_HOLD', 'CANCELLED'));
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${LENDER}`, headers: s.headers, payload: tampered })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${TRUST}`, headers: s.headers, payload: s.body })).statusCode).toBe(401);
    expect((await get(mandate.mandate_id)).status).toBe('ACTIVE');
    // An old timestamp is refused too.
    const old = GATEWAYS.cashfree.mandates!.signWebhook(CREDS, { kind: 'status', mandateId: mandate.mandate_id, status: 'ON_HOLD', at: clock.now() }, new Date(clock.now().getTime() - 10 * 60_000));
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/webhooks/cashfree/${LENDER}`, headers: old.headers, payload: old.body })).statusCode).toBe(401);
  });

  it('is listed, and once cancelled nothing more is presented', async () => {
    const listed = (await t.app.inject({ url: `/api/payment/mandates?loan_id=${loanId}`, headers: admin })).json().data;
    expect(listed.mandates.map((m: MandateRecord) => m.mandate_id)).toEqual([mandate.mandate_id]);
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/cancel`, headers: admin });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', next_debit_date: null });
    clock.set(new Date('2027-02-05T09:00:00+05:30'));
    expect(await sweep()).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/debits`, headers: admin, payload: {} })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/mandates/${mandate.mandate_id}/cancel`, headers: admin })).statusCode).toBe(409);
  });
});
