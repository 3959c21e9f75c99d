/**
 * Payments API (issue 15): gateway credentials stored encrypted and never answered in clear;
 * payment links (idempotent create, read, list by loan, cancel); per vendor, a verified webhook
 * posts a payment once into loan_payments (what online recoveries reads) and the loan timeline,
 * the same webhook again changes nothing, a bad signature / old timestamp / changed body is
 * refused with 401, a webhook sent to another company's URL posts nothing; partial payments;
 * out-of-order events never move a PAID link back; the local sandbox's checkout pays a link.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import { settableClock } from '../../src/server/http/clock';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, PgVendor, SandboxPayment } from '../../src/server/modules/payments/gateways/types';
import { loanEvents } from '../../src/server/modules/portfolio/schema';
import { loanPayments, paymentGatewayCredentials } from '../../src/server/modules/payments/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { postedOutcome } from './payment-webhook-outcome';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let telecaller: Record<string, string>;
let loan: LoanRecord;

/** The credentials the tests set, as the adapters see them (so the tests sign like the vendor). */
const LENDER_CREDS: Record<PgVendor, GatewayCredentials> = {
  cashfree: { merchantId: 'CF-LENDER', apiKey: 'cf-app-id-1234', apiSecret: 'cf-client-secret-lender', webhookSecrets: ['cf-client-secret-lender'] },
  easebuzz: { merchantId: 'EB-LENDER', apiKey: 'EBKEYLENDER9', saltKey: 'eb-salt-lender', webhookSecrets: [] },
  phonepe: { merchantId: 'PPLENDER', saltKey: 'pp-salt-key-lender', saltIndex: '1', webhookSecrets: [], webhookUsername: 'pp-user', webhookPassword: 'pp-password-lender' },
};
const TRUST_CASHFREE: GatewayCredentials = { merchantId: 'CF-TRUST', apiKey: 'cf-app-id-trust', apiSecret: 'cf-client-secret-trust', webhookSecrets: ['cf-client-secret-trust'] };
const ALL_SECRETS = ['cf-client-secret-lender', 'eb-salt-lender', 'pp-salt-key-lender', 'pp-password-lender', 'cf-client-secret-trust', 'cf-rotated-secret'];

let n = 0;
const paymentId = () => `${Date.now()}${++n}`;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  loan = ((await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data as LoansPage).loans[0];
  const put = (h: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: h, payload });
  for (const res of [
    await put(admin, { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' }),
    await put(admin, { pg_vendor: 'easebuzz', merchant_id: 'EB-LENDER', api_key: 'EBKEYLENDER9', salt_key: 'eb-salt-lender' }),
    await put(admin, { pg_vendor: 'phonepe', merchant_id: 'PPLENDER', salt_key: 'pp-salt-key-lender', salt_index: '1', webhook_username: 'pp-user', webhook_password: 'pp-password-lender' }),
    await put(trustAdmin, { pg_vendor: 'cashfree', merchant_id: 'CF-TRUST', api_key: 'cf-app-id-trust', api_secret: 'cf-client-secret-trust' }),
  ]) {
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);
afterAll(async () => t?.close());

async function createLink(payload: Record<string, unknown>, h = admin, key = `key-${paymentId()}`) {
  const res = await t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...h, 'idempotency-key': key }, payload });
  return res;
}
async function newLink(vendor: PgVendor, amount: number, partial = false): Promise<PaymentLinkRecord> {
  const res = await createLink({ loan_id: loan.loan_id, amount_minor: amount, pg_vendor: vendor, partial });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentLinkRecord;
}
function signed(vendor: PgVendor, link: PaymentLinkRecord, over: Partial<SandboxPayment> = {}, creds = LENDER_CREDS[vendor]) {
  return GATEWAYS[vendor].signWebhook(
    creds,
    { linkId: link.link_id, amountMinor: link.amount_minor - link.paid_minor, linkAmountMinor: link.amount_minor, paidBeforeMinor: link.paid_minor, outcome: 'SUCCESS', paymentId: paymentId(), channel: 'upi', ...over },
    clock.now(),
  );
}
const deliver = (vendor: PgVendor, company: string, s: { headers: Record<string, string>; body: Buffer }) =>
  t.app.inject({ method: 'POST', url: `/api/payment/webhooks/${vendor}/${company}`, headers: s.headers, payload: s.body });
/** Sends a webhook and answers what its posting did (payment-webhook-outcome.ts). */
const outcomeOf = async (vendor: PgVendor, company: string, s: { headers: Record<string, string>; body: Buffer }) => postedOutcome(t, await deliver(vendor, company, s), company, vendor);
const getLink = async (id: string) => (await t.app.inject({ url: `/api/payment/links/${id}`, headers: admin })).json().data as PaymentLinkRecord;
const postedFor = async (linkId: string) => {
  const rows = await t.database.db.select().from(loanEvents).where(and(eq(loanEvents.companyId, LENDER), eq(loanEvents.kind, 'payment')));
  return rows.filter((r) => (r.details as { link_id?: string }).link_id === linkId);
};
const paymentsOf = (reference: string) => t.database.db.select().from(loanPayments).where(eq(loanPayments.reference, reference));

describe('gateway credentials', () => {
  it('are answered masked: set, last 4 of the key, never a secret', async () => {
    const res = await t.app.inject({ url: '/api/payment/settings/payment_gateway', headers: admin });
    expect(res.statusCode).toBe(200);
    for (const secret of ALL_SECRETS) expect(res.body).not.toContain(secret);
    const cf = res.json().data.gateways.find((g: { pg_vendor: string }) => g.pg_vendor === 'cashfree');
    expect(cf).toMatchObject({ merchant_id: 'CF-LENDER', is_active: 'true', webhook_path: `/api/payment/webhooks/cashfree/${LENDER}` });
    expect(cf.secrets.api_key).toEqual({ set: true, last4: '1234' });
    expect(cf.secrets.api_secret).toEqual({ set: true, last4: null });
    expect(cf.secrets.salt_key).toEqual({ set: false, last4: null });
    // The trust's gateways are the trust's only.
    const trust = (await t.app.inject({ url: '/api/payment/settings/payment_gateway', headers: trustAdmin })).json().data.gateways;
    expect(trust.map((g: { merchant_id: string }) => g.merchant_id)).toEqual(['CF-TRUST']);
  });

  it('are stored encrypted (no secret in the row)', async () => {
    const rows = await t.database.db.select().from(paymentGatewayCredentials);
    const text = JSON.stringify(rows);
    for (const secret of ALL_SECRETS) expect(text).not.toContain(secret);
  });

  it('need what the vendor needs, and a user without payment settings may not set them', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'easebuzz', merchant_id: 'X', api_key: 'k' } });
    expect(res.statusCode).toBe(200); // the stored salt is kept
    const fresh = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: trustAdmin, payload: { pg_vendor: 'easebuzz', merchant_id: 'X', api_key: 'k' } });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().message).toBe('salt_key is required for easebuzz');
    await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'easebuzz', merchant_id: 'EB-LENDER', api_key: 'EBKEYLENDER9' } });
    const denied = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: telecaller, payload: { pg_vendor: 'cashfree', merchant_id: 'M' } });
    expect(denied.statusCode).toBe(403);
  });
});

describe('payment links', () => {
  it('are created once per Idempotency-Key, in minor units, pointing at the sandbox checkout', async () => {
    const payload = { loan_id: loan.loan_id, amount_minor: 250050, pg_vendor: 'cashfree', purpose: 'EMI November', expiry_minutes: 60 };
    const first = await createLink(payload, admin, 'create-link-once-1');
    const again = await createLink(payload, admin, 'create-link-once-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.link_id).toBe(first.json().data.link_id);
    const link = first.json().data as PaymentLinkRecord;
    expect(link).toMatchObject({ loan_id: loan.loan_id, amount_minor: 250050, paid_minor: 0, status: 'ACTIVE', pg_vendor: 'cashfree', purpose: 'EMI November', partial: false });
    expect(link.url).toMatch(new RegExp(`/api/payment/sandbox/gateway/${link.link_id}$`));
    const listed = (await t.app.inject({ url: `/api/payment/links?loan_id=${loan.loan_id}`, headers: admin })).json().data;
    expect(listed.links.map((l: PaymentLinkRecord) => l.link_id)).toContain(link.link_id);
    // Another company sees none of it.
    expect((await t.app.inject({ url: `/api/payment/links/${link.link_id}`, headers: trustAdmin })).statusCode).toBe(404);
  });

  it('refuse an unknown loan, an unconfigured gateway and partial payments a vendor does not offer', async () => {
    expect((await createLink({ loan_id: 'NO-SUCH-LOAN', amount_minor: 100, pg_vendor: 'cashfree' })).statusCode).toBe(404);
    const unconfigured = await createLink({ loan_id: loan.loan_id, amount_minor: 100, pg_vendor: 'phonepe' }, trustAdmin);
    expect(unconfigured.json().message).toBe('Payment gateway phonepe is not configured');
    const partial = await createLink({ loan_id: loan.loan_id, amount_minor: 100, pg_vendor: 'easebuzz', partial: true });
    expect(partial.statusCode).toBe(400);
    expect((await createLink({ loan_id: loan.loan_id, amount_minor: 12.5, pg_vendor: 'cashfree' })).statusCode).toBe(400);
  });

  it('expire on time and cancel only while active', async () => {
    const link = await newLink('cashfree', 1000);
    const cancel = await t.app.inject({ method: 'POST', url: `/api/payment/links/${link.link_id}/cancel`, headers: admin });
    expect(cancel.json().data.status).toBe('CANCELLED');
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/links/${link.link_id}/cancel`, headers: admin })).statusCode).toBe(409);
    const short = (await createLink({ loan_id: loan.loan_id, amount_minor: 1000, pg_vendor: 'cashfree', expiry_minutes: 15 })).json().data as PaymentLinkRecord;
    const start = clock.now();
    clock.set(new Date(start.getTime() + 16 * 60_000));
    expect((await getLink(short.link_id)).status).toBe('EXPIRED');
    clock.set(start);
  });
});

describe.each(['cashfree', 'easebuzz', 'phonepe'] as const)('%s webhooks', (vendor) => {
  it('a good webhook posts the payment once; the same again changes nothing', async () => {
    const link = await newLink(vendor, 75000);
    const s = signed(vendor, link);
    const first = await deliver(vendor, LENDER, s);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.outcome).toBe('received');
    expect(await postedOutcome(t, first, LENDER, vendor)).toBe('posted');
    const again = await deliver(vendor, LENDER, s);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.outcome).toBe('duplicate');
    const after = await getLink(link.link_id);
    expect(after).toMatchObject({ status: 'PAID', paid_minor: 75000 });
    const events = await postedFor(link.link_id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ loanId: loan.loan_id, module: 'payments' });
    const payments = await paymentsOf(`${vendor}:${(events[0].details as { gateway_payment_id: string }).gateway_payment_id}`);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amountMinor: 75000, loanId: loan.loan_id, channel: 'upi' });
  });

  it('a bad signature or a body changed after signing is refused with 401 and posts nothing', async () => {
    const link = await newLink(vendor, 5000);
    const s = signed(vendor, link);
    const other = signed(vendor, link, {}, { ...LENDER_CREDS[vendor], apiSecret: 'wrong', saltKey: 'wrong', webhookSecrets: ['wrong'], webhookPassword: 'wrong' });
    const forged = await deliver(vendor, LENDER, { headers: other.headers, body: other.body });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ success: false, message: 'Webhook signature not verified' });
    const text = s.body.toString();
    const changed =
      vendor === 'phonepe'
        ? Buffer.from(JSON.stringify({ response: Buffer.from(Buffer.from(JSON.parse(text).response, 'base64').toString().replace('"amount":5000', '"amount":50')).toString('base64') }))
        : Buffer.from(text.replace(vendor === 'cashfree' ? '"50.00"' : 'amount=50.00', vendor === 'cashfree' ? '"5.00"' : 'amount=5.00'));
    expect(changed.equals(s.body)).toBe(false);
    expect((await deliver(vendor, LENDER, { headers: s.headers, body: changed })).statusCode).toBe(401);
    // Unsigned: Cashfree and PhonePe sign in a header; Easebuzz in the body's `hash`.
    const unsigned = vendor === 'easebuzz' ? { headers: s.headers, body: Buffer.from(text.replace(/&?hash=[0-9a-f]+/, '')) } : { headers: {}, body: s.body };
    expect((await deliver(vendor, LENDER, unsigned)).statusCode).toBe(401);
    expect(await getLink(link.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
    expect(await postedFor(link.link_id)).toHaveLength(0);
  });

  it('a webhook for the lender’s link sent to the trust’s URL posts nothing', async () => {
    const link = await newLink(vendor, 6000);
    const res = await deliver(vendor, TRUST, signed(vendor, link));
    expect(res.statusCode).toBe(401);
    expect(await getLink(link.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
  });

  it('a failure after the payment does not move a PAID link back', async () => {
    const link = await newLink(vendor, 3000);
    expect(await outcomeOf(vendor, LENDER, signed(vendor, link))).toBe('posted');
    const failed = await deliver(vendor, LENDER, signed(vendor, link, { outcome: 'FAILED', amountMinor: 3000 }));
    expect(await postedOutcome(t, failed, LENDER, vendor)).toBe('recorded');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'PAID', paid_minor: 3000 });
    expect(await postedFor(link.link_id)).toHaveLength(1);
  });
});

describe('cashfree specifics', () => {
  it('refuses an old timestamp (5 minutes against the server clock)', async () => {
    const link = await newLink('cashfree', 4000);
    const s = signed('cashfree', link);
    const start = clock.now();
    clock.set(new Date(start.getTime() + 6 * 60_000));
    expect((await deliver('cashfree', LENDER, s)).statusCode).toBe(401);
    clock.set(start);
    expect(await outcomeOf('cashfree', LENDER, s)).toBe('posted');
  });

  it('takes partial payments until the link is paid, whatever order the events arrive in', async () => {
    const link = await newLink('cashfree', 100000, true);
    expect(link.partial).toBe(true);
    const firstPart = signed('cashfree', link, { amountMinor: 40000 });
    const secondPart = signed('cashfree', link, { amountMinor: 60000, paidBeforeMinor: 40000 });
    // The second part's event arrives first.
    expect(await outcomeOf('cashfree', LENDER, secondPart)).toBe('posted');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'PARTIALLY_PAID', paid_minor: 60000 });
    expect(await outcomeOf('cashfree', LENDER, firstPart)).toBe('posted');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'PAID', paid_minor: 100000 });
    expect(await outcomeOf('cashfree', LENDER, firstPart)).toBe('duplicate');
    expect(await postedFor(link.link_id)).toHaveLength(2);
  });

  it('still accepts the previous secret after a rotation', async () => {
    const rotated = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', webhook_secret: 'cf-rotated-secret' } });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.secrets.previous_webhook_secret).toEqual({ set: true, last4: null });
    expect(rotated.body).not.toContain('cf-rotated-secret');
    const a = await newLink('cashfree', 1500);
    expect(await outcomeOf('cashfree', LENDER, signed('cashfree', a))).toBe('posted');
    const b = await newLink('cashfree', 1500);
    expect(await outcomeOf('cashfree', LENDER, signed('cashfree', b, {}, { ...LENDER_CREDS.cashfree, webhookSecrets: ['cf-rotated-secret'] }))).toBe('posted');
  });

  it('a webhook signed with the trust’s own secret for the lender’s link posts nothing', async () => {
    const link = await newLink('cashfree', 2500);
    const res = await deliver('cashfree', TRUST, signed('cashfree', link, {}, TRUST_CASHFREE));
    expect(res.statusCode).toBe(200);
    expect(await postedOutcome(t, res, TRUST, 'cashfree')).toBe('unknown_link');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'ACTIVE', paid_minor: 0 });
  });
});

describe('online recoveries', () => {
  it('show a gateway payment on a loan allocated to the field executive', async () => {
    const fos = headers((await signIn(t.app, 'fos@demo.in')).token, LENDER);
    const allocated = (await t.app.inject({ url: '/api/fos/allocation', headers: fos })).json().data.loans[0] as { loan_id: string };
    const res = await createLink({ loan_id: allocated.loan_id, amount_minor: 43210, pg_vendor: 'cashfree' });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data as PaymentLinkRecord;
    const s = signed('cashfree', link);
    expect(await outcomeOf('cashfree', LENDER, s)).toBe('posted');
    const recoveries = (await t.app.inject({ url: '/api/fos/online-recoveries', headers: fos })).json().data.recoveries as { loan_id: string; amount_minor: number; reference: string; channel: string }[];
    const txn = (JSON.parse(s.body.toString()) as { data: { order: { transaction_id: string } } }).data.order.transaction_id;
    expect(recoveries.filter((r) => r.reference === `cashfree:${txn}`)).toEqual([expect.objectContaining({ loan_id: allocated.loan_id, amount_minor: 43210, channel: 'upi' })]);
  });
});

describe('local gateway sandbox', () => {
  it('shows a hosted checkout with no card fields and pays a link through a signed webhook', async () => {
    const link = await newLink('phonepe', 12345);
    const page = await t.app.inject({ url: `/api/payment/sandbox/gateway/${link.link_id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Pay with UPI');
    expect(page.body).toContain('Local gateway sandbox');
    expect(page.body).not.toMatch(/card number|cvv/i);
    const failed = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/gateway/${link.link_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=fail' });
    expect(failed.body).toContain('Payment failed');
    expect((await getLink(link.link_id)).status).toBe('ACTIVE');
    const paid = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/gateway/${link.link_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=upi' });
    expect(paid.body).toContain('Payment successful');
    expect(await getLink(link.link_id)).toMatchObject({ status: 'PAID', paid_minor: 12345 });
    expect(await postedFor(link.link_id)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/gateway/${link.link_id}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=upi' })).statusCode).toBe(409);
  });
});
