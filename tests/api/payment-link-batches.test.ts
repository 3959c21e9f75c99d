/**
 * Payment links in bulk (issue 15): links for the loans the loans list's filters select, created
 * and sent by a durable job through the same compliance check as a single link — its progress and
 * counts read back, each loan's link sent once, a blocked message counted blocked with its link
 * still made; an unconfigured gateway or an empty selection is refused at once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { LinkBatchRecord } from '../../src/domain/contracts/payments/link-batches';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-24T11:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let loans: LoansPage['loans'];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=3', headers: admin })).json().data as LoansPage).loans;
  const put = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' } });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

const start = (payload: Record<string, unknown>, h = admin, key: string = randomUUID()) => t.app.inject({ method: 'POST', url: '/api/payment/link-batches', headers: { ...h, 'idempotency-key': key }, payload });
async function finished(id: string): Promise<LinkBatchRecord> {
  const until = Date.now() + 30_000;
  for (;;) {
    const b = (await t.app.inject({ url: `/api/payment/link-batches/${id}`, headers: admin })).json().data as LinkBatchRecord;
    if (b.status !== 'in_progress') return b;
    if (Date.now() > until) throw new Error('batch still running');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const linksOf = async (loanId: string) => (await t.app.inject({ url: `/api/payment/links?loan_id=${loanId}`, headers: admin })).json().data.links as PaymentLinkRecord[];

describe('payment links in bulk', () => {
  it('sends a link to each selected loan once through the job, with its counts', async () => {
    const loan = loans[0];
    const res = await start({ allocation_month: loan.allocation_month, filters: [], search: loan.loan_id, pg_vendor: 'cashfree', amount_minor: 150_000, send_via: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data as LinkBatchRecord;
    expect(made).toMatchObject({ total: 1, status: 'in_progress', amount_minor: 150_000 });
    const done = await finished(made.batch_id);
    expect(done).toMatchObject({ status: 'completed', total: 1, done: 1, progress: 100, created: 1 });
    expect(done.sent + done.blocked + done.failed).toBe(1);
    if (done.sent === 1) expect((await t.app.inject({ url: `/api/payment/link-batches/${made.batch_id}/error-file`, headers: admin })).json().message).toBe('No error file for this batch');
    const links = await linksOf(loan.loan_id);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ amount_minor: 150_000, sent_via: 'whatsapp' });
    if (done.sent === 1) expect(links[0].message?.status).not.toBe('blocked');
    const listed = (await t.app.inject({ url: '/api/payment/link-batches', headers: admin })).json().data.batches as LinkBatchRecord[];
    expect(listed.map((b) => b.batch_id)).toContain(made.batch_id);
    expect((await t.app.inject({ url: `/api/payment/link-batches/${made.batch_id}`, headers: trustAdmin })).statusCode).toBe(404);
  });

  it('counts a message the compliance check refuses as blocked (outside calling hours), the link still made', async () => {
    clock.set(new Date('2026-11-24T21:30:00+05:30'));
    const loan = loans[1];
    const res = await start({ allocation_month: loan.allocation_month, search: loan.loan_id, pg_vendor: 'cashfree', amount_minor: 20_000, send_via: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(res.json().data.batch_id);
    expect(done).toMatchObject({ status: 'completed', sent: 0, blocked: 1, failed: 0 });
    const link = (await linksOf(loan.loan_id))[0];
    expect(link.message?.status).toBe('blocked');
    // The batch's items say why, and which link was made.
    const items = (await t.app.inject({ url: `/api/payment/link-batches/${done.batch_id}/items?status=blocked`, headers: admin })).json().data;
    expect(items.total).toBe(1);
    expect(items.items[0]).toMatchObject({ seq: 1, loan_id: loan.loan_id, status: 'blocked', link_id: link.link_id, link_url: link.url });
    expect(items.items[0].reason).toBeTruthy();
    expect((await t.app.inject({ url: `/api/payment/link-batches/${done.batch_id}/items?status=sent`, headers: admin })).json().data.total).toBe(0);
    expect((await t.app.inject({ url: `/api/payment/link-batches/${done.batch_id}/items`, headers: trustAdmin })).statusCode).toBe(404);
    // The error file: the blocked loan with its reason and link.
    const file = await t.app.inject({ url: `/api/payment/link-batches/${done.batch_id}/error-file`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    const lines = file.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('seq,loan_id,status,reason,link_id,link_url');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`1,${loan.loan_id},blocked,`);
    expect(lines[1]).toContain(link.link_id);
    expect((await t.app.inject({ url: `/api/payment/link-batches/${done.batch_id}/error-file`, headers: trustAdmin })).statusCode).toBe(404);
  });

  it('answers a replayed request (same Idempotency-Key and body) with the same batch and makes nothing new', async () => {
    clock.set(new Date('2026-11-24T11:00:00+05:30'));
    const loan = loans[2];
    const body = { allocation_month: loan.allocation_month, search: loan.loan_id, pg_vendor: 'cashfree', amount_minor: 30_000, send_via: 'sms' };
    const key = randomUUID();
    const count = async () => (await t.app.inject({ url: '/api/payment/link-batches?page_size=100', headers: admin })).json().data.total as number;
    const before = await count();
    const first = await start(body, admin, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await start(body, admin, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.batch_id).toBe(first.json().data.batch_id);
    await finished(first.json().data.batch_id);
    const third = await start(body, admin, key);
    expect(third.json().data.batch_id).toBe(first.json().data.batch_id);
    expect(await count()).toBe(before + 1);
    expect(await linksOf(loan.loan_id)).toHaveLength(1);
    // The key with another body is refused; no key at all is refused.
    const other = await start({ ...body, amount_minor: 31_000 }, admin, key);
    expect(other.statusCode).toBe(422);
    const none = await t.app.inject({ method: 'POST', url: '/api/payment/link-batches', headers: admin, payload: body });
    expect(none.statusCode).toBe(400);
    expect(await count()).toBe(before + 1);
  });

  it('refuses an unconfigured gateway and a selection of no loan', async () => {
    const none = await start({ allocation_month: loans[0].allocation_month, search: 'NO-SUCH-LOAN-ANYWHERE', pg_vendor: 'cashfree', amount_minor: 100, send_via: 'sms' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No loan matches the selection');
    const trust = await start({ allocation_month: loans[0].allocation_month, pg_vendor: 'cashfree', amount_minor: 100, send_via: 'sms' }, trustAdmin);
    expect(trust.statusCode).toBe(400);
    expect(trust.json().message).toBe('Payment gateway cashfree is not configured');
  });
});
