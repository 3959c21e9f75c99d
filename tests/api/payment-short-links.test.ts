/**
 * Short links for payment links sent by SMS (issue 15; India's DLT: each {#var#} of a registered
 * template holds at most 30 characters, a checkout URL is longer): a link sent with send_via sms
 * carries `{origin}/p/{code}` (12 random base62 characters) and passes the DLT check; the public
 * `/p/{code}` redirects to the checkout with no session, answers 410 once the link is cancelled or
 * expired, 404 for a code nobody was given, 400 for something that is not a code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { settableClock } from '../../src/server/http/clock';
import { newShortCode } from '../../src/server/modules/payments/short-links';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-24T11:00:00+05:30'));
const DLT = { dlt_template_id: '1107161234567890777', dlt_entity_id: '1101234567890', dlt_sender_header: 'RCVOPS', dlt_category: 'service_explicit' };
let t: TestApp;
let admin: Record<string, string>;
let loans: LoanRecord[];
let smsTemplateId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=40', headers: admin })).json().data as LoansPage).loans.filter((l) => l.applicant_contact_number);
  const put = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' } });
  expect(put.statusCode, put.body).toBe(200);
  const reg = await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { template_id: DLT.dlt_template_id, entity_id: DLT.dlt_entity_id, sender_header: 'RCVOPS', category: 'service_explicit', body: 'Pay {#var#} for loan {#var#} at {#var#} - RCVOPS' } });
  expect(reg.statusCode, reg.body).toBe(200);
  const tpl = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Pay link (SMS)', channel: 'sms', language: 'en', body: 'Pay {{link_amount}} for loan {{loan_id}} at {{payment_link}} - RCVOPS', dlt: DLT } });
  expect(tpl.statusCode, tpl.body).toBe(200);
  smsTemplateId = tpl.json().data.template_id;
}, 120_000);
afterAll(async () => t?.close());

let n = 0;
/** Sends a link by SMS as a server reached at https://rc.in would (a short origin, as a deployment's SMS domain is). */
async function sendBySms(): Promise<{ link: PaymentLinkRecord; text: string; code: string }> {
  const loan = loans[n++];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/links',
    headers: { ...admin, host: 'rc.in', 'idempotency-key': `short-${Date.now()}-${n}` },
    payload: { loan_id: loan.loan_id, amount_minor: 150_000, pg_vendor: 'cashfree', send_via: 'sms', template_id: smsTemplateId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const link = res.json().data as PaymentLinkRecord;
  const messages = (await t.app.inject({ url: `/api/communication/messages?loan_id=${loan.loan_id}`, headers: admin })).json().data.messages as Array<{ text: string }>;
  const text = messages[0].text;
  const code = /\/p\/([0-9A-Za-z]{12}) /.exec(text)?.[1] ?? '';
  return { link, text, code };
}

describe('payment links sent by SMS', () => {
  it('carry a short link that fits a DLT variable and pass the DLT check; the checkout URL would not', async () => {
    const { link, text, code } = await sendBySms();
    expect(link.message?.reasons ?? []).toEqual([]);
    expect(['sent', 'delivered']).toContain(link.message?.status);
    expect(code).toMatch(/^[0-9A-Za-z]{12}$/);
    expect(text).toContain(`http://rc.in/p/${code}`);
    expect(`http://rc.in/p/${code}`.length).toBeLessThanOrEqual(30);
    expect(text).not.toContain(link.url);
    expect(link.url.length).toBeGreaterThan(30);
  });

  it('/p/{code} redirects to the checkout with no session; cancelled or expired: 410; unknown: 404; not a code: 400', async () => {
    const { link, code } = await sendBySms();
    const open = await t.app.inject({ url: `/p/${code}` });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe(link.url);
    expect(open.headers['cache-control']).toBe('no-store');

    expect((await t.app.inject({ url: `/p/${newShortCode()}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/p/short' })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'POST', url: `/api/payment/links/${link.link_id}/cancel`, headers: admin })).statusCode).toBe(200);
    const cancelled = await t.app.inject({ url: `/p/${code}` });
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json().message).toBe('This payment link has expired');

    const later = await sendBySms();
    expect((await t.app.inject({ url: `/p/${later.code}` })).statusCode).toBe(302);
    clock.set(new Date(new Date(later.link.expires_at).getTime() + 1000));
    expect((await t.app.inject({ url: `/p/${later.code}` })).statusCode).toBe(410);
    clock.set(new Date('2026-11-24T11:00:00+05:30'));
  });

  it('codes are 12 random base62 characters, every one different', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => newShortCode()));
    expect(codes.size).toBe(5000);
    for (const c of codes) expect(c).toMatch(/^[0-9A-Za-z]{12}$/);
  });
});
