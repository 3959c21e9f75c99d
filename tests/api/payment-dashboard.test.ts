/**
 * The payments dashboard (issue 15): collections posted in a range of the company's calendar days
 * (India time for an INR company: a payment at 20:00 UTC falls on the next Indian day), every day
 * of the range listed, grouped by source, channel, gateway and DPD bucket; another company's
 * payments never show; a reversed or too long range is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentsDashboard } from '../../src/domain/contracts/payments/dashboard';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let loans: LoansPage['loans'];

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=3', headers: admin })).json().data as LoansPage).loans;
  const batch = (h: Record<string, string>, source: string, payments: unknown[]) => t.app.inject({ method: 'POST', url: '/api/payment/payments/batch', headers: h, payload: { source, payments } });
  const a = await batch(admin, 'upload', [
    { source_ref: 'dash-1', loan_id: loans[0].loan_id, amount_minor: 100_000, paid_at: '2025-01-02T06:00:00Z', channel: 'neft' },
    { source_ref: 'dash-2', loan_id: loans[1].loan_id, amount_minor: 50_000, paid_at: '2025-01-02T20:00:00Z', channel: 'upi' },
    { source_ref: 'dash-3', loan_id: loans[2].loan_id, amount_minor: 25_000, paid_at: '2025-01-05T10:00:00Z', channel: 'upi' },
  ]);
  expect(a.json().data.posted, a.body).toBe(3);
  const b = await batch(admin, 'field_receipt', [{ source_ref: 'dash-4', loan_id: loans[0].loan_id, amount_minor: 7_500, paid_at: '2025-01-05T11:00:00Z', channel: 'cash' }]);
  expect(b.json().data.posted, b.body).toBe(1);
}, 120_000);
afterAll(async () => t?.close());

const dashboard = async (q: string, h = admin) => t.app.inject({ url: `/api/payment/dashboard?${q}`, headers: h });

describe('the payments dashboard', () => {
  it('sums collections by India day, source, channel, gateway and bucket', async () => {
    const res = await dashboard('from=2025-01-01&to=2025-01-05');
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data as PaymentsDashboard;
    expect(d.total).toEqual({ count: 4, amount_minor: 182_500 });
    expect(d.by_day).toEqual([
      { day: '2025-01-01', count: 0, amount_minor: 0 },
      { day: '2025-01-02', count: 1, amount_minor: 100_000 },
      // 20:00 UTC on the 2nd is 01:30 on the 3rd in India.
      { day: '2025-01-03', count: 1, amount_minor: 50_000 },
      { day: '2025-01-04', count: 0, amount_minor: 0 },
      { day: '2025-01-05', count: 2, amount_minor: 32_500 },
    ]);
    expect(d.by_source).toEqual([
      { key: 'upload', count: 3, amount_minor: 175_000 },
      { key: 'field_receipt', count: 1, amount_minor: 7_500 },
    ]);
    expect(d.by_channel.map((c) => [c.key, c.amount_minor])).toEqual([
      ['neft', 100_000],
      ['upi', 75_000],
      ['cash', 7_500],
    ]);
    expect(d.by_gateway).toEqual([{ key: 'none', count: 4, amount_minor: 182_500 }]);
    expect(d.by_bucket.reduce((s, b) => s + b.amount_minor, 0)).toBe(182_500);
    const bucketOf0 = String(loans[0].allocation_dpd_value ?? '').trim() || null;
    if (bucketOf0) expect(d.by_bucket.find((b) => b.key === bucketOf0)!.amount_minor).toBeGreaterThanOrEqual(107_500);
  });

  it('shows another company none of it, and refuses a reversed or too long range', async () => {
    const trust = (await dashboard('from=2025-01-01&to=2025-01-05', trustAdmin)).json().data as PaymentsDashboard;
    expect(trust.total).toEqual({ count: 0, amount_minor: 0 });
    expect(trust.by_day).toHaveLength(5);
    expect((await dashboard('from=2025-01-05&to=2025-01-01')).statusCode).toBe(400);
    expect((await dashboard('from=2024-01-01&to=2025-06-01')).statusCode).toBe(400);
    const recent = (await dashboard('')).json().data as PaymentsDashboard;
    expect(recent.by_day).toHaveLength(30);
  });
});
