/**
 * Cashfree Subscriptions adapter (issue 15 mandates): the create and charge requests carry the
 * documented fields in rupees; a webhook shaped as Cashfree documents it (2025-01-01
 * SUBSCRIPTION_STATUS_CHANGED sample) verifies with the x-webhook-signature scheme and is read in
 * our terms; a changed body, another secret or an old timestamp are refused; due dates per month.
 */
import { describe, expect, it } from 'vitest';
import { cashfreeSignature } from '../../../src/server/modules/payments/gateways/cashfree';
import { cashfreeSubscriptions } from '../../../src/server/modules/payments/gateways/cashfree-subscriptions';
import type { GatewayCredentials } from '../../../src/server/modules/payments/gateways/types';
import { currentDueDate, indiaDay, nextDebitDay } from '../../../src/server/modules/payments/mandates-service';

const creds: GatewayCredentials = { merchantId: 'M', apiKey: 'app-id', apiSecret: 'secret', webhookSecrets: ['secret', 'old-secret'] };
const now = new Date('2025-09-06T05:00:00Z');

function signedWith(secret: string, body: string, at = now) {
  const ts = String(at.getTime());
  return { headers: { 'x-webhook-timestamp': ts, 'x-webhook-signature': cashfreeSignature(secret, ts, Buffer.from(body)) }, raw: Buffer.from(body) };
}

describe('Cashfree Subscriptions requests', () => {
  it('create an ON_DEMAND subscription for eNACH with the maximum in rupees', () => {
    const r = cashfreeSubscriptions.createRequest(creds, {
      mandateId: 'md_1',
      mode: 'enach',
      emiMinor: 1_250_050,
      maxMinor: 1_500_000,
      customer: { name: 'Loan L1', phone: '9900000000', email: 'a@b.in' },
      firstDebitDate: '2026-12-05',
      expiresAt: new Date('2027-06-05T18:29:59Z'),
      returnUrl: 'https://ops.example/payment/return/md_1',
      notes: { loan_id: 'L1' },
    });
    expect(r.path).toBe('/pg/subscriptions');
    expect(r.headers).toMatchObject({ 'x-client-id': 'app-id', 'x-client-secret': 'secret', 'x-api-version': '2025-01-01', 'x-idempotency-key': 'md_1' });
    const body = JSON.parse(r.body);
    expect(body).toMatchObject({
      subscription_id: 'md_1',
      plan_details: { plan_type: 'ON_DEMAND', plan_currency: 'INR', plan_max_amount: 15000 },
      authorization_details: { payment_methods: ['enach'], authorization_amount_refund: true },
      subscription_first_charge_time: '2026-12-05T10:00:00+05:30',
      subscription_meta: { return_url: 'https://ops.example/payment/return/md_1' },
    });
  });

  it('present a charge with our debit id as payment_id', () => {
    const r = cashfreeSubscriptions.chargeRequest(creds, { mandateId: 'md_1', debitId: 'mdd_1', amountMinor: 1_250_050, dueDate: '2026-12-05' });
    expect(r.path).toBe('/pg/subscriptions/pay');
    expect(JSON.parse(r.body)).toMatchObject({ subscription_id: 'md_1', payment_id: 'mdd_1', payment_amount: 12500.5, payment_type: 'CHARGE', payment_schedule_date: '2026-12-05T10:00:00+05:30' });
  });
});

describe('Cashfree Subscriptions webhooks', () => {
  // Cashfree's documented SUBSCRIPTION_STATUS_CHANGED sample (2025-01-01), trimmed to the fields read.
  const documented = JSON.stringify({
    data: {
      subscription_details: { cf_subscription_id: '23639356', subscription_id: 'mozuyYwUCbWEfJVVRLi', subscription_status: 'BANK_APPROVAL_PENDING', subscription_expiry_time: '2055-08-07T10:30:46', subscription_first_charge_time: null },
      customer_details: { customer_name: null, customer_email: 'john@dummy.com', customer_phone: '9900000000' },
      plan_details: { plan_id: 'mozuyYwUCbWEfJVVRLi', plan_type: 'ON_DEMAND', plan_max_amount: 399.0, plan_currency: 'INR' },
    },
    event_time: '2025-08-07T10:30:50+05:30',
    type: 'SUBSCRIPTION_STATUS_CHANGED',
  });

  it('read a documented status change signed with the current or the previous secret', () => {
    for (const secret of ['secret', 'old-secret']) {
      const { headers, raw } = signedWith(secret, documented);
      const v = cashfreeSubscriptions.verifyWebhook(raw, headers, creds, now);
      expect(v).toEqual({ ok: true, event: { kind: 'status', eventId: 'sub:mozuyYwUCbWEfJVVRLi:BANK_APPROVAL_PENDING:2025-08-07T05:00:50.000Z', mandateId: 'mozuyYwUCbWEfJVVRLi', status: 'BANK_APPROVAL_PENDING', at: new Date('2025-08-07T05:00:50Z') } });
    }
  });

  it('read a payment failure with the bank’s reason, in paise', () => {
    const body = JSON.stringify({ type: 'SUBSCRIPTION_PAYMENT_FAILED', event_time: '2025-09-06T10:00:00+05:30', data: { subscription_id: 'md_1', payment_id: 'mdd_1', cf_payment_id: 998877, payment_type: 'CHARGE', payment_amount: 12500.5, payment_status: 'FAILED', failure_details: { failure_reason: 'Insufficient funds' } } });
    const { headers, raw } = signedWith('secret', body);
    const v = cashfreeSubscriptions.verifyWebhook(raw, headers, creds, now);
    expect(v.ok && v.event).toMatchObject({ kind: 'debit', debitId: 'mdd_1', gatewayPaymentId: '998877', amountMinor: 1_250_050, outcome: 'FAILED', reason: 'Insufficient funds', eventId: 'pay:998877:FAILED' });
  });

  it('refuse a changed body, an unknown secret and an old timestamp', () => {
    const { headers, raw } = signedWith('secret', documented);
    expect(cashfreeSubscriptions.verifyWebhook(Buffer.from(documented.replace('BANK_APPROVAL_PENDING', 'ACTIVE')), headers, creds, now)).toEqual({ ok: false, reason: 'signature' });
    const other = signedWith('not-ours', documented);
    expect(cashfreeSubscriptions.verifyWebhook(other.raw, other.headers, creds, now).ok).toBe(false);
    const old = signedWith('secret', documented, new Date(now.getTime() - 6 * 60_000));
    expect(cashfreeSubscriptions.verifyWebhook(old.raw, old.headers, creds, now)).toEqual({ ok: false, reason: 'timestamp' });
    expect(cashfreeSubscriptions.verifyWebhook(raw, headers, creds, now).ok).toBe(true);
  });
});

describe('due dates (India)', () => {
  it('are the debit day of the current cycle, and the next one after today', () => {
    expect(indiaDay(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12-01');
    expect(currentDueDate(5, '2026-12-05')).toBe('2026-12-05');
    expect(currentDueDate(5, '2026-12-04')).toBe('2026-11-05');
    expect(currentDueDate(28, '2027-01-10')).toBe('2026-12-28');
    expect(nextDebitDay(5, '2026-12-05')).toBe('2027-01-05');
    expect(nextDebitDay(5, '2026-12-04')).toBe('2026-12-05');
    expect(nextDebitDay(28, '2026-12-30')).toBe('2027-01-28');
  });
});
