/**
 * Visit verification API (issue 5): the queue of flagged visits per the reports-to scope (too far,
 * PTP above the dues, receipt not deposited after RECEIPT_DEPOSIT_DAYS), filters, approve and
 * reject (a reason is required, markup refused, decided once), and the executive seeing the
 * decision on their own visits.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationQueue } from '../../src/domain/contracts/field/verification';
import type { AllocatedLoan, VisitRecord } from '../../src/domain/contracts/field/visits';
import { formatReceiptNumber } from '../../src/domain/field/receipt-number';
import { REJECT_REASON_REQUIRED } from '../../src/domain/field/verification';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, type TestApp } from './helpers';
import { allocateLoans, allocationOf, buildTeams, JPEG, postVisit, type Teams, type TeamUser } from './team-helpers';

const MONTH = demoMonth(new Date());
const DAY = 86_400_000;

let t: TestApp;
let teams: Teams;
const visits: Record<'far' | 'ptp' | 'clean' | 'cash' | 'south', VisitRecord> = {} as never;

const visit = (user: TeamUser, loan: AllocatedLoan, over: Record<string, unknown> = {}, photos = [JPEG]) => postVisit(t.app, user, loan, over, photos);

async function queue(h: Record<string, string>, query = ''): Promise<VerificationQueue> {
  const res = await t.app.inject({ url: `/api/fos/verification/visits${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as VerificationQueue;
}

async function decide(h: Record<string, string>, visitId: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/fos/verification/visits/${visitId}`, headers: h, payload: body });
}

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  teams = await buildTeams(t.app, 'ver', 1);
  const all = (await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${MONTH}`, headers: teams.admin })).json().data.loan_ids as string[];
  const [north] = teams.north.executives;
  const [south] = teams.south.executives;
  await allocateLoans(t.app, teams.admin, north, MONTH, all.slice(500, 504));
  await allocateLoans(t.app, teams.admin, south, MONTH, all.slice(504, 505));
  const mine = await allocationOf(t.app, north);
  const [a, b, c, d] = mine.loans;
  visits.far = await visit(north, a, { latitude: a.latitude! + 0.1 });
  visits.ptp = await visit(north, b, { disposition: 'Promise to Pay', ptp_date: new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10), ptp_amount: Math.round(((b.total_dues ?? 0) + 1000) * 100) / 100 });
  visits.clean = await visit(north, c);
  // Cash collected three days ago and never deposited.
  const receiptNumber = formatReceiptNumber(mine.executive.executive_code, 1);
  const collectedAt = new Date(Date.now() - 3 * DAY).toISOString();
  visits.cash = await visit(north, d, { disposition: 'Paid', amount_collected: 1500, receipt_number: receiptNumber, checked_in_at: collectedAt });
  const receipt = await t.app.inject({
    method: 'POST',
    url: '/api/fos/receipts',
    headers: { ...north.h, 'idempotency-key': randomUUID() },
    payload: { receipt_number: receiptNumber, loan_id: d.loan_id, allocation_month: d.allocation_month, amount: 1500, payment_mode: 'cash', payer_name: 'Borrower', collected_at: collectedAt },
  });
  expect(receipt.statusCode, receipt.body).toBe(200);
  const southLoan = (await allocationOf(t.app, south)).loans[0];
  visits.south = await visit(south, southLoan, {}, []);
}, 120_000);
afterAll(async () => t?.close());

describe('queue', () => {
  it("lists the pending flagged visits of the manager's executives only, with what a reviewer needs", async () => {
    expect(visits.far.flags).toEqual(['too_far']);
    expect(visits.ptp.flags).toEqual(['ptp_above_dues']);
    expect(visits.clean).toMatchObject({ flags: [], verification_status: 'not_required' });
    expect(visits.cash.verification_status).toBe('not_required');
    const q = await queue(teams.north.manager.h);
    expect(q.visits.map((v) => v.visit.visit_id).sort()).toEqual([visits.far.visit_id, visits.ptp.visit_id, visits.cash.visit_id].sort());
    expect(q.total).toBe(3);
    // Oldest first: the cash visit was three days ago.
    expect(q.visits[0].visit.visit_id).toBe(visits.cash.visit_id);
    const cash = q.visits[0];
    expect(cash.visit.flags).toEqual(['receipt_not_deposited']);
    // The limit behind that flag comes with the queue, for the reviewer's reason text.
    expect(q.receipt_deposit_days).toBe(2);
    expect(cash.receipt).toMatchObject({ amount_paise: 150000, payment_mode: 'cash', deposited: false });
    const far = q.visits.find((v) => v.visit.visit_id === visits.far.visit_id)!;
    expect(far.visit.distance_m).toBeGreaterThan(10_000);
    expect(far.visit.photo_urls).toEqual([`/api/fos/visits/${visits.far.visit_id}/photos/1`]);
    expect(far.loan.latitude).not.toBeNull();
    expect(far.executive).toMatchObject({ user_id: teams.north.executives[0].userId, team: 'ver-North' });
    const ptp = q.visits.find((v) => v.visit.visit_id === visits.ptp.visit_id)!;
    expect(ptp.visit.ptp_amount! * 100).toBeGreaterThan(ptp.loan.total_dues_paise!);
  });

  it('filters by flag and executive; the collection head sees both areas', async () => {
    expect((await queue(teams.north.manager.h, '?flag=ptp_above_dues')).visits.map((v) => v.visit.visit_id)).toEqual([visits.ptp.visit_id]);
    expect((await queue(teams.north.manager.h, `?user_id=${teams.south.executives[0].userId}`)).total).toBe(0);
    const head = await queue(teams.head.h, '?page_size=100');
    expect(head.visits.map((v) => v.visit.visit_id)).toEqual(expect.arrayContaining([visits.far.visit_id, visits.south.visit_id]));
    const executive = await t.app.inject({ url: '/api/fos/verification/visits', headers: teams.north.executives[0].h });
    expect(executive.statusCode).toBe(403);
  });
});

describe('decisions', () => {
  it('needs a reason to reject, refuses markup, records who and why, and the executive sees it', async () => {
    const m = teams.north.manager;
    const noReason = await decide(m.h, visits.far.visit_id, { decision: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(REJECT_REASON_REQUIRED);
    const markup = await decide(m.h, visits.far.visit_id, { decision: 'rejected', reason: '<b>fake</b>' });
    expect(markup.statusCode).toBe(400);
    const rejected = await decide(m.h, visits.far.visit_id, { decision: 'rejected', reason: 'Checked in 11 km from the address' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ message: 'Visit rejected', data: { verification_status: 'rejected', verified_by: m.userId, verified_by_name: m.name, verification_reason: 'Checked in 11 km from the address' } });

    const own = (await t.app.inject({ url: `/api/fos/visits?loan_id=${visits.far.loan_id}`, headers: teams.north.executives[0].h })).json().data.visits as VisitRecord[];
    expect(own[0]).toMatchObject({ visit_id: visits.far.visit_id, verification_status: 'rejected', verified_by_name: m.name, verification_reason: 'Checked in 11 km from the address' });
    expect(own[0].verified_at).not.toBeNull();

    const again = await decide(m.h, visits.far.visit_id, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This visit was already rejected');
  });

  it('approves, moving the visit from the pending queue to the approved one', async () => {
    const approved = await decide(teams.north.manager.h, visits.ptp.visit_id, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ verification_status: 'approved', verification_reason: null });
    const pending = await queue(teams.north.manager.h);
    expect(pending.visits.map((v) => v.visit.visit_id)).toEqual([visits.cash.visit_id]);
    expect((await queue(teams.north.manager.h, '?status=approved')).visits.map((v) => v.visit.visit_id)).toEqual([visits.ptp.visit_id]);
    expect((await queue(teams.north.manager.h, '?status=rejected')).visits.map((v) => v.visit.visit_id)).toEqual([visits.far.visit_id]);
  });

  it("keeps other areas' visits out of reach", async () => {
    const res = await decide(teams.south.manager.h, visits.cash.visit_id, { decision: 'approved' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Visit not found');
    const exec = await decide(teams.north.executives[0].h, visits.cash.visit_id, { decision: 'approved' });
    expect(exec.statusCode).toBe(403);
    // Photos too: the reviewer of the executive's area sees them, another area's does not.
    const photo = `/api/fos/visits/${visits.far.visit_id}/photos/1`;
    const own = await t.app.inject({ url: photo, headers: teams.north.manager.h });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ url: photo, headers: teams.south.manager.h })).statusCode).toBe(404);
  });
});
