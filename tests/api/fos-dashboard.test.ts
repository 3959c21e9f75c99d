/**
 * FOS dashboard API (issue 5): figures on known data (visits made vs planned, dispositions, PTPs
 * kept / broken, collections, undeposited cash by age, coverage) per executive, per team and in
 * total, within the caller's reports-to scope; and the drill-down rows adding up to each figure.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardMetric, DashboardRows, FosDashboard } from '../../src/domain/contracts/field/dashboard';
import type { AllocatedLoan } from '../../src/domain/contracts/field/visits';
import { addDays, localDay } from '../../src/domain/common/dates';
import { formatReceiptNumber } from '../../src/domain/field/receipt-number';
import { fosVisits } from '../../src/server/modules/field/schema';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, type TestApp } from './helpers';
import { allocateLoans, allocationOf, buildTeams, postVisit, type Teams, type TeamUser } from './team-helpers';

const MONTH = demoMonth(new Date());
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TODAY = localDay(new Date(), 330);
const PERIOD = `from=${addDays(TODAY, -10)}&to=${TODAY}`;

let t: TestApp;
let teams: Teams;
let seq = 1;

async function visit(user: TeamUser, loan: AllocatedLoan, at: Date, over: Record<string, unknown> = {}) {
  await postVisit(t.app, user, loan, { checked_in_at: at.toISOString(), ...over });
}

async function receipt(user: TeamUser, code: string, loan: AllocatedLoan, amount: number, at: Date) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/fos/receipts',
    headers: { ...user.h, 'idempotency-key': randomUUID() },
    payload: { receipt_number: formatReceiptNumber(code, seq++), loan_id: loan.loan_id, allocation_month: loan.allocation_month, amount, payment_mode: 'cash', payer_name: 'Borrower', collected_at: at.toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function dashboard(h: Record<string, string>, query = PERIOD): Promise<FosDashboard> {
  const res = await t.app.inject({ url: `/api/fos/dashboard?${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as FosDashboard;
}

async function rows(h: Record<string, string>, metric: DashboardMetric, extra = ''): Promise<DashboardRows> {
  const res = await t.app.inject({ url: `/api/fos/dashboard/rows?${PERIOD}&metric=${metric}&page_size=100${extra}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DashboardRows;
}

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  teams = await buildTeams(t.app, 'dash', 2);
  // Loans the demo seed visited or saw paid (dated relative to today) would add their own visits and
  // payments to the figures: the test's executives get loans the seed never touched.
  const db = t.database.db;
  const seeded = new Set([...(await db.selectDistinct({ id: loanPayments.loanId }).from(loanPayments)), ...(await db.selectDistinct({ id: fosVisits.loanId }).from(fosVisits))].map((r) => r.id));
  const every = (await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${MONTH}`, headers: teams.admin })).json().data.loan_ids as string[];
  const all = every.filter((id) => !seeded.has(id));
  expect(all.length).toBeGreaterThan(607);
  const [fe1, fe2] = teams.north.executives;
  const [south] = teams.south.executives;
  await allocateLoans(t.app, teams.admin, fe1, MONTH, all.slice(600, 604));
  await allocateLoans(t.app, teams.admin, fe2, MONTH, all.slice(604, 606));
  await allocateLoans(t.app, teams.admin, south, MONTH, all.slice(606, 607));
  const now = Date.now();
  const a = await allocationOf(t.app, fe1);
  const code = a.executive.executive_code;
  const [l1, l2, l3, l4] = a.loans;
  // Paid today, receipt of Rs 1,500.
  await visit(fe1, l1, new Date(now - 3 * HOUR), { disposition: 'Paid', amount_collected: 1500 });
  await receipt(fe1, code, l1, 1500, new Date(now - 3 * HOUR));
  // PTP of Rs 2,000 today, paid an hour later: kept.
  await visit(fe1, l2, new Date(now - 2 * HOUR), { disposition: 'Promise to Pay', ptp_amount: 2000, ptp_date: addDays(TODAY, 3) });
  await receipt(fe1, code, l2, 2000, new Date(now - HOUR));
  // PTP of Rs 1,000 five days ago, due three days ago, never paid: broken; a revisit is planned today.
  await visit(fe1, l3, new Date(now - 5 * DAY), { disposition: 'Promise to Pay', ptp_amount: 1000, ptp_date: addDays(TODAY, -3), next_visit_date: TODAY });
  // Paid three days ago, Rs 500 still not deposited.
  await visit(fe1, l4, new Date(now - 3 * DAY), { disposition: 'Paid', amount_collected: 500 });
  await receipt(fe1, code, l4, 500, new Date(now - 3 * DAY));
  const b = await allocationOf(t.app, fe2);
  await visit(fe2, b.loans[0], new Date(now - HOUR));
  const s = await allocationOf(t.app, south);
  await visit(south, s.loans[0], new Date(now - HOUR), { disposition: 'Refused to Pay' });
}, 120_000);
afterAll(async () => t?.close());

describe('figures', () => {
  it("adds up one executive's day: visits, dispositions, PTPs kept and broken, collections, cash by age, coverage", async () => {
    const d = await dashboard(teams.north.manager.h);
    expect(d).toMatchObject({ from: addDays(TODAY, -10), to: TODAY, time_zone: 'Asia/Kolkata', currency: 'INR' });
    expect(d.executives.map((e) => e.user_id).sort()).toEqual(teams.north.executives.map((e) => e.userId).sort());
    const fe1 = d.executives.find((e) => e.user_id === teams.north.executives[0].userId)!;
    expect(fe1).toMatchObject({
      visits_made: 4,
      dispositions: { Paid: 2, 'Promise to Pay': 2 },
      allocated_loans: 4,
      visited_loans: 4,
      coverage_pct: 100,
      visits_planned: 5,
      ptps: 2,
      ptps_kept: 1,
      ptps_broken: 1,
      ptps_open: 0,
      ptp_amount_paise: 300_000,
      ptp_kept_amount_paise: 200_000,
      receipts: 3,
      amount_collected_paise: 400_000,
      cash_undeposited_receipts: 3,
      cash_undeposited_paise: 400_000,
      cash_age: { lt_1d: { count: 2, amount_paise: 350_000 }, d1_2: { count: 0, amount_paise: 0 }, d2_7: { count: 1, amount_paise: 50_000 }, gt_7d: { count: 0, amount_paise: 0 } },
    });
    const fe2 = d.executives.find((e) => e.user_id === teams.north.executives[1].userId)!;
    expect(fe2).toMatchObject({ visits_made: 1, allocated_loans: 2, visited_loans: 1, coverage_pct: 50, visits_planned: 2, dispositions: { 'Door Locked': 1 } });
    expect(d.teams).toEqual([expect.objectContaining({ team: 'dash-North', executives: 2, visits_made: 5, allocated_loans: 6, visited_loans: 5, coverage_pct: 83.3, amount_collected_paise: 400_000 })]);
    expect(d.totals).toMatchObject({ visits_made: 5, dispositions: { Paid: 2, 'Promise to Pay': 2, 'Door Locked': 1 } });
  });

  it('shows the collection head both teams, narrows by team and executive, and leaves out visits before the period', async () => {
    const head = await dashboard(teams.head.h);
    const teamsSeen = head.teams.map((x) => x.team);
    expect(teamsSeen).toEqual(expect.arrayContaining(['dash-North', 'dash-South']));
    expect(head.teams.find((x) => x.team === 'dash-South')).toMatchObject({ visits_made: 1, dispositions: { 'Refused to Pay': 1 } });
    const south = await dashboard(teams.head.h, `${PERIOD}&team=dash-South`);
    expect(south.executives.map((e) => e.user_id).sort()).toEqual(teams.south.executives.map((e) => e.userId).sort());
    const lastTwo = await dashboard(teams.north.manager.h, `from=${addDays(TODAY, -1)}&to=${TODAY}&user_id=${teams.north.executives[0].userId}`);
    expect(lastTwo.executives).toHaveLength(1);
    expect(lastTwo.totals).toMatchObject({ visits_made: 2, ptps: 1, ptps_kept: 1, receipts: 2, amount_collected_paise: 350_000, cash_undeposited_paise: 400_000 });
  });

  it('refuses a bad period and callers without fos_dashboard', async () => {
    const bad = await t.app.inject({ url: `/api/fos/dashboard?from=${TODAY}&to=${addDays(TODAY, -1)}`, headers: teams.head.h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('from must not be after to');
    const exec = await t.app.inject({ url: '/api/fos/dashboard', headers: teams.north.executives[0].h });
    expect(exec.statusCode).toBe(403);
    expect(exec.json().data.missing_permission).toEqual({ module: 'fos', action: 'fos_dashboard', access: 'read' });
  });
});

describe('drill-down', () => {
  it('lists rows whose count and amount equal every figure', async () => {
    const h = teams.north.manager.h;
    const { totals } = await dashboard(h);
    const pairs: [DashboardMetric, number, number | null][] = [
      ['visits_made', totals.visits_made, null],
      ['visits_planned', totals.visits_planned, null],
      ['allocated_loans', totals.allocated_loans, null],
      ['visited_loans', totals.visited_loans, null],
      ['ptps', totals.ptps, totals.ptp_amount_paise],
      ['ptps_kept', totals.ptps_kept, totals.ptp_kept_amount_paise],
      ['ptps_broken', totals.ptps_broken, null],
      ['ptps_open', totals.ptps_open, null],
      ['amount_collected', totals.receipts, totals.amount_collected_paise],
      ['cash_undeposited', totals.cash_undeposited_receipts, totals.cash_undeposited_paise],
    ];
    for (const [metric, n, amount] of pairs) {
      const r = await rows(h, metric);
      expect(r.total, metric).toBe(n);
      expect(r.rows, metric).toHaveLength(n);
      if (amount !== null) expect(r.amount_paise_total, metric).toBe(amount);
    }
  });

  it('shows what a row is about and narrows by disposition, age bucket and executive', async () => {
    const h = teams.north.manager.h;
    const kept = (await rows(h, 'ptps_kept')).rows;
    expect(kept).toEqual([expect.objectContaining({ kind: 'visit', disposition: 'Promise to Pay', ptp_state: 'kept', amount_paise: 200_000, paid_paise: 200_000, executive_name: teams.north.executives[0].name })]);
    const old = await rows(h, 'cash_undeposited', '&age_bucket=d2_7');
    expect(old.rows).toEqual([expect.objectContaining({ kind: 'receipt', amount_paise: 50_000, payment_mode: 'cash', age_bucket: 'd2_7' })]);
    expect(old.rows[0].age_hours).toBeGreaterThanOrEqual(72);
    expect((await rows(h, 'visits_made', '&disposition=Paid')).total).toBe(2);
    const planned = await rows(h, 'visits_planned');
    expect(planned.rows.filter((r) => r.kind === 'next_visit')).toEqual([expect.objectContaining({ date: TODAY, at: null })]);
    expect((await rows(h, 'visited_loans', `&user_id=${teams.north.executives[1].userId}`)).rows).toEqual([expect.objectContaining({ kind: 'allocation', visit_id: expect.any(String) })]);
    // Another area's rows are not the north manager's.
    expect((await rows(h, 'visits_made', `&user_id=${teams.south.executives[0].userId}`)).total).toBe(0);
  });
});
