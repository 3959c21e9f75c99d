/**
 * Payment links in bulk (issue 15): links for the loans the loans list's filters select, created
 * and sent by a durable job through the same compliance check as a single link — its progress and
 * counts read back, each loan's link sent once, a blocked message counted blocked with its link
 * still made; an unconfigured gateway or an empty selection is refused at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=6', headers: admin })).json().data as LoansPage).loans;
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
    expect(lines[0]).toBe('seq,loan_id,status,amount_minor,reason,link_id,link_url');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`1,${loan.loan_id},blocked,20000,`);
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

  describe('amount per loan from its own data', () => {
    // Three loans of one month found by one search; their dues set apart: two with dues, one with none.
    const ours = () => loans.slice(3, 6);
    const DUES = [123_400, 56_700, 0];
    beforeAll(async () => {
      clock.set(new Date('2026-11-24T11:00:00+05:30'));
      for (const [n, l] of ours().entries()) {
        await t.database.db.execute(sql`update loans set client_customer_id = ${`BATCHRULE-${n}`}, total_claim_amount_minor = ${DUES[n]}, expected_emi_minor = ${n === 0 ? 9_900 : null} where company_id = ${LENDER} and loan_id = ${l.loan_id} and allocation_month = ${l.allocation_month}`);
      }
    });
    const items = async (id: string) => (await t.app.inject({ url: `/api/payment/link-batches/${id}/items?page_size=10`, headers: admin })).json().data.items as { loan_id: string; status: string; amount_minor: number | null; reason: string | null; link_id: string | null }[];
    const body = (rule: string) => ({ allocation_month: ours()[0].allocation_month, search: 'BATCHRULE', pg_vendor: 'cashfree', amount_rule: rule, send_via: 'whatsapp' });

    it("dues: each loan's link is of its own dues; a loan with no dues gets no link and is in the error file with the reason", async () => {
      expect(new Set(ours().map((l) => l.allocation_month)).size).toBe(1);
      const res = await start(body('dues'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ total: 3, amount_rule: 'dues', amount_minor: null });
      const done = await finished(res.json().data.batch_id);
      expect(done).toMatchObject({ status: 'completed', total: 3, done: 3, created: 2 });
      expect(done.failed).toBeGreaterThanOrEqual(1);
      const [a, b, c] = ours();
      expect((await linksOf(a.loan_id)).map((l) => l.amount_minor)).toEqual([123_400]);
      expect((await linksOf(b.loan_id)).map((l) => l.amount_minor)).toEqual([56_700]);
      expect(await linksOf(c.loan_id)).toEqual([]);
      const byLoan = new Map((await items(done.batch_id)).map((i) => [i.loan_id, i]));
      expect(byLoan.get(a.loan_id)).toMatchObject({ amount_minor: 123_400 });
      expect(byLoan.get(b.loan_id)).toMatchObject({ amount_minor: 56_700 });
      expect(byLoan.get(c.loan_id)).toMatchObject({ status: 'failed', amount_minor: null, link_id: null, reason: "No link: the loan's dues (total claim amount) is 0" });
      const file = await t.app.inject({ url: `/api/payment/link-batches/${done.batch_id}/error-file`, headers: admin });
      expect(file.statusCode).toBe(200);
      const row = file.body.split(/\r?\n/).find((line) => line.includes(c.loan_id));
      expect(row).toContain(`${c.loan_id},failed,,No link: the loan's dues (total claim amount) is 0,,`);
    });

    it('emi, and an open PTP before dues; fixed needs amount_minor and the other rules refuse one', async () => {
      const [a, b, c] = ours();
      const emi = await finished((await start(body('emi'))).json().data.batch_id);
      const emiItems = new Map((await items(emi.batch_id)).map((i) => [i.loan_id, i]));
      expect(emiItems.get(a.loan_id)).toMatchObject({ amount_minor: 9_900 });
      expect(emiItems.get(b.loan_id)).toMatchObject({ status: 'failed', amount_minor: null, reason: 'No link: the loan has no EMI amount (expected EMI)' });
      // An open PTP on loan b (dated after today, nothing paid since): its amount, not the dues.
      await t.database.db.execute(sql`insert into loan_events (company_id, loan_id, allocation_month, kind, details) values (${LENDER}, ${b.loan_id}, ${b.allocation_month}, 'ptp', ${JSON.stringify({ ptp_date: '2026-11-30', ptp_amount: 200, ptp_amount_minor: 20_000, broken: false })}::jsonb)`);
      const ptp = await finished((await start(body('ptp_else_dues'))).json().data.batch_id);
      const ptpItems = new Map((await items(ptp.batch_id)).map((i) => [i.loan_id, i]));
      expect(ptpItems.get(a.loan_id)).toMatchObject({ amount_minor: 123_400 });
      expect(ptpItems.get(b.loan_id)).toMatchObject({ amount_minor: 20_000 });
      expect(ptpItems.get(c.loan_id)).toMatchObject({ status: 'failed', reason: "No link: the loan's dues (total claim amount) is 0, and no open PTP" });
      expect((await linksOf(b.loan_id)).map((l) => l.amount_minor).sort()).toEqual([20_000, 56_700]);
      // The body's rules.
      const noAmount = await start({ ...body('fixed') });
      expect(noAmount.statusCode).toBe(400);
      expect(noAmount.body).toContain('amount_minor is required with amount_rule fixed');
      const extra = await start({ ...body('dues'), amount_minor: 100 });
      expect(extra.statusCode).toBe(400);
      expect((await start({ ...body('weekly') })).statusCode).toBe(400);
    });
  });
});
