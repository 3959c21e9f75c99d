/**
 * Gateway adapters (issue 15): each vendor's signature against test vectors.
 * - PUBLISHED: PhonePe v2 webhook Authorization for username 'username' / password 'password'
 *   is 'bc842c31…76e0e' (PhonePe/phonepe-pg-sdk-node, tests/callback.test.ts).
 * - SELF-COMPUTED (no vector published in the vendors' SDKs/READMEs we could read): Cashfree
 *   webhook HMAC, Easebuzz request and reverse hashes, PhonePe v1 X-VERIFY. Each expected value is
 *   computed here with node:crypto, written out from the vendor's documented formula, not by the
 *   adapter's code.
 */
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashfree, cashfreeSignature, WEBHOOK_TOLERANCE_MS } from '../../../src/server/modules/payments/gateways/cashfree';
import { easebuzz, easebuzzRequestHash, easebuzzResponseHash } from '../../../src/server/modules/payments/gateways/easebuzz';
import { phonepe, phonepeCallbackVerify, phonepeV2Authorization, phonepeXVerify } from '../../../src/server/modules/payments/gateways/phonepe';
import type { GatewayCredentials, LinkSpec, SandboxPayment } from '../../../src/server/modules/payments/gateways/types';
import { paiseOf, rupees } from '../../../src/server/modules/payments/gateways/types';
import { open, seal } from '../../../src/server/security/secret-box';

const now = new Date('2026-11-24T10:00:00Z');
const link: LinkSpec = {
  linkId: 'pl_0123456789abcdef01234567',
  amountMinor: 123450,
  currency: 'INR',
  purpose: 'Loan repayment',
  customer: { name: 'Loan LN1', phone: '9876543210', email: 'a@example.com' },
  expiresAt: new Date('2026-12-01T10:00:00Z'),
  partial: true,
  notifyUrl: 'https://ops.example.com/api/payment/webhooks/cashfree/c1',
  returnUrl: 'https://ops.example.com/payment/return/pl_0123456789abcdef01234567',
  notes: { loan_id: 'LN1' },
};
const payment: SandboxPayment = { linkId: link.linkId, amountMinor: 50000, linkAmountMinor: 123450, paidBeforeMinor: 0, outcome: 'SUCCESS', paymentId: '1021206', channel: 'upi' };

describe('amounts', () => {
  it('writes paise as rupees with two decimals and reads them back exactly', () => {
    expect(rupees(123450)).toBe('1234.50');
    expect(rupees(5)).toBe('0.05');
    expect(paiseOf('1234.5')).toBe(123450);
    expect(paiseOf(22)).toBe(2200);
    expect(paiseOf('1e3')).toBeNull();
  });
});

describe('Cashfree Payment Links', () => {
  const creds: GatewayCredentials = { merchantId: 'm1', apiKey: 'app-id', apiSecret: 'cf-secret', webhookSecrets: ['cf-secret', 'cf-old-secret'] };

  it('builds the documented create-link request', () => {
    const r = cashfree.createLinkRequest(creds, link);
    expect(r.path).toBe('/pg/links');
    expect(r.headers).toMatchObject({ 'x-client-id': 'app-id', 'x-client-secret': 'cf-secret', 'x-api-version': '2023-08-01' });
    expect(JSON.parse(r.body)).toMatchObject({
      link_id: link.linkId,
      link_amount: 1234.5,
      link_currency: 'INR',
      link_purpose: 'Loan repayment',
      customer_details: { customer_phone: '9876543210' },
      link_expiry_time: '2026-12-01T10:00:00.000Z',
      link_partial_payments: true,
      link_notes: { loan_id: 'LN1' },
      link_meta: { notify_url: link.notifyUrl },
    });
  });

  it('signs Base64(HMAC-SHA256(secret, timestamp + raw body)) (self-computed vector)', () => {
    const body = Buffer.from('{"type":"PAYMENT_LINK_EVENT"}');
    const expected = createHmac('sha256', 'cf-secret').update('1764000000000{"type":"PAYMENT_LINK_EVENT"}').digest('base64');
    expect(cashfreeSignature('cf-secret', '1764000000000', body)).toBe(expected);
  });

  it('verifies its own sandbox webhook, with the current or the previous secret', () => {
    const signed = cashfree.signWebhook(creds, payment, now);
    const v = cashfree.verifyWebhook(signed.body, signed.headers, creds, now);
    expect(v).toEqual({ ok: true, event: { eventId: '1021206:SUCCESS', linkId: link.linkId, outcome: 'SUCCESS', paymentId: '1021206', amountMinor: 50000, channel: 'upi' } });
    const oldSigned = cashfree.signWebhook({ ...creds, webhookSecrets: ['cf-old-secret'] }, payment, now);
    expect(cashfree.verifyWebhook(oldSigned.body, oldSigned.headers, creds, now).ok).toBe(true);
    const other = cashfree.signWebhook({ ...creds, webhookSecrets: ['someone-else'] }, payment, now);
    expect(cashfree.verifyWebhook(other.body, other.headers, creds, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a changed body, a changed timestamp and an old timestamp', () => {
    const signed = cashfree.signWebhook(creds, payment, now);
    const changed = Buffer.from(signed.body.toString().replace('"500.00"', '"5000.00"'));
    expect(cashfree.verifyWebhook(changed, signed.headers, creds, now)).toEqual({ ok: false, reason: 'signature' });
    expect(cashfree.verifyWebhook(signed.body, { ...signed.headers, 'x-webhook-timestamp': String(now.getTime() + 1) }, creds, now)).toEqual({ ok: false, reason: 'signature' });
    const late = new Date(now.getTime() + WEBHOOK_TOLERANCE_MS + 1000);
    expect(cashfree.verifyWebhook(signed.body, signed.headers, creds, late)).toEqual({ ok: false, reason: 'timestamp' });
    expect(cashfree.verifyWebhook(signed.body, { ...signed.headers, 'x-webhook-signature': undefined }, creds, now)).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('Easebuzz', () => {
  const creds: GatewayCredentials = { merchantId: 'EBZ1', apiKey: 'EBKEY', saltKey: 'EBSALT', webhookSecrets: [] };
  const f = { txnid: 'T1', amount: '10.00', productinfo: 'Loan', firstname: 'Ravi', email: 'r@example.com', udf1: 'LN1', status: 'success' };

  it('hashes key|txnid|amount|productinfo|firstname|email|udf1..udf10|salt on initiation (self-computed vector)', () => {
    // udf1 = LN1, then udf2..udf10 empty: ten separators between LN1 and the salt.
    const expected = createHash('sha512').update(`EBKEY|T1|10.00|Loan|Ravi|r@example.com|LN1${'|'.repeat(10)}EBSALT`).digest('hex');
    expect(easebuzzRequestHash('EBKEY', 'EBSALT', f)).toBe(expected);
    const body = new URLSearchParams(easebuzz.createLinkRequest(creds, { ...link, partial: false }).body);
    expect(body.get('hash')).toBe(
      createHash('sha512').update(`EBKEY|${link.linkId}|1234.50|Loan repayment|Loan LN1|a@example.com|LN1${'|'.repeat(10)}EBSALT`).digest('hex'),
    );
  });

  it('verifies salt|status|udf10..udf1|email|firstname|productinfo|amount|txnid|key on the response (self-computed vector)', () => {
    const expected = createHash('sha512').update(`EBSALT|success${'|'.repeat(10)}LN1|r@example.com|Ravi|Loan|10.00|T1|EBKEY`).digest('hex');
    expect(easebuzzResponseHash('EBKEY', 'EBSALT', f)).toBe(expected);
    const raw = Buffer.from(new URLSearchParams({ ...f, key: 'EBKEY', easepayid: 'E1', mode: 'UPI', hash: expected }).toString());
    expect(easebuzz.verifyWebhook(raw, {}, creds, now)).toEqual({ ok: true, event: { eventId: 'E1:success', linkId: 'T1', outcome: 'SUCCESS', paymentId: 'E1', amountMinor: 1000, channel: 'upi' } });
    const tampered = Buffer.from(raw.toString().replace('amount=10.00', 'amount=100.00'));
    expect(easebuzz.verifyWebhook(tampered, {}, creds, now)).toEqual({ ok: false, reason: 'signature' });
    expect(easebuzz.verifyWebhook(raw, {}, { ...creds, saltKey: 'OTHER' }, now)).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('PhonePe', () => {
  const creds: GatewayCredentials = { merchantId: 'MERCHANTUAT', saltKey: 'salt-key-1', saltIndex: '1', webhookSecrets: [], webhookUsername: 'username', webhookPassword: 'password' };

  it('v1 X-VERIFY = SHA256(base64 payload + /pg/v1/pay + salt key) + ### + index (self-computed vector)', () => {
    const r = phonepe.createLinkRequest(creds, { ...link, partial: false });
    const { request } = JSON.parse(r.body) as { request: string };
    expect(JSON.parse(Buffer.from(request, 'base64').toString())).toMatchObject({ merchantId: 'MERCHANTUAT', merchantTransactionId: link.linkId, amount: 123450, callbackUrl: link.notifyUrl });
    const expected = `${createHash('sha256').update(`${request}/pg/v1/pay` + 'salt-key-1').digest('hex')}###1`;
    expect(r.headers['X-VERIFY']).toBe(expected);
    expect(phonepeXVerify(request, '/pg/v1/pay', 'salt-key-1', '1')).toBe(expected);
  });

  it('v1 callback: SHA256(base64 response + salt key) + ### + index, merchant checked', () => {
    const signed = phonepe.signWebhook(creds, payment, now);
    const response = (JSON.parse(signed.body.toString()) as { response: string }).response;
    expect(signed.headers['x-verify']).toBe(`${createHash('sha256').update(response + 'salt-key-1').digest('hex')}###1`);
    expect(phonepeCallbackVerify(response, 'salt-key-1', '1')).toBe(signed.headers['x-verify']);
    expect(phonepe.verifyWebhook(signed.body, signed.headers, creds, now)).toMatchObject({ ok: true, event: { linkId: link.linkId, amountMinor: 50000, outcome: 'SUCCESS' } });
    expect(phonepe.verifyWebhook(signed.body, { 'x-verify': signed.headers['x-verify'].replace('###1', '###2') }, creds, now).ok).toBe(false);
    const otherMerchant = phonepe.signWebhook({ ...creds, merchantId: 'OTHER' }, payment, now);
    expect(phonepe.verifyWebhook(otherMerchant.body, otherMerchant.headers, creds, now)).toEqual({ ok: false, reason: 'merchant' });
  });

  it('v2 Authorization = SHA256(username:password): the published PhonePe SDK vector', () => {
    expect(phonepeV2Authorization('username', 'password')).toBe('bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e');
    const body = Buffer.from(
      JSON.stringify({ event: 'checkout.order.completed', payload: { merchantOrderId: link.linkId, orderId: 'OMO1', state: 'COMPLETED', amount: 1000, paymentDetails: [{ transactionId: 'OM1', paymentMode: 'UPI_INTENT', amount: 1000, state: 'COMPLETED' }] } }),
    );
    const ok = phonepe.verifyWebhook(body, { authorization: 'bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e' }, creds, now);
    expect(ok).toMatchObject({ ok: true, event: { linkId: link.linkId, amountMinor: 1000, outcome: 'SUCCESS', channel: 'upi_intent' } });
    expect(phonepe.verifyWebhook(body, { authorization: phonepeV2Authorization('username', 'wrong') }, creds, now)).toEqual({ ok: false, reason: 'signature' });
  });
});

describe('credentials at rest', () => {
  const config = { paymentCredentialsKey: 'k'.repeat(40), production: true };
  it('seals with AES-256-GCM bound to the company and vendor', () => {
    const sealed = seal(config, 'c1|cashfree', '{"api_secret":"s3cret"}');
    expect(sealed).not.toContain('s3cret');
    expect(open(config, 'c1|cashfree', sealed)).toBe('{"api_secret":"s3cret"}');
    expect(() => open(config, 'c2|cashfree', sealed)).toThrow();
    expect(() => open({ ...config, paymentCredentialsKey: 'x'.repeat(40) }, 'c1|cashfree', sealed)).toThrow();
    expect(() => seal({ paymentCredentialsKey: undefined, production: true }, 'c1|cashfree', 'x')).toThrow('Payment credentials key is not configured');
  });
});
