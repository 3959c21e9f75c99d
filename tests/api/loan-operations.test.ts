/**
 * Loan operations API (issue 5; spec 4 statuses and termination): allocate (by ids, by filters, by
 * file), move, deallocate, tags, archive; completed / partially_completed with an error file /
 * failed; termination allowed and refused; a restart mid-operation applying each loan once; the
 * executive seeing the allocation in the field app; the allocation suggestion; tenancy and
 * permissions. Over the demo month (1,000 loans of demo-lender-in).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, countDistinct, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupFigures } from '../../src/domain/allocation/suggest';
import { haversineMetres } from '../../src/domain/field/geo';
import type { AllocationSuggestion } from '../../src/domain/contracts/allocation/suggestions';
import type { LoanOperationRecord } from '../../src/domain/contracts/bulk/loan-operations';
import type { AllocationResponse } from '../../src/domain/contracts/field/visits';
import { FILE_COLUMNS_MESSAGE } from '../../src/domain/bulk/loan-operations';
import { buildApp } from '../../src/server/app';
import { loanAllocations } from '../../src/server/modules/allocation/schema';
import { loanOperations } from '../../src/server/modules/bulk/schema';
import { loanEvents, loans } from '../../src/server/modules/portfolio/schema';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { buildTeams, type Teams } from './team-helpers';

const FINAL = ['completed', 'partially_completed', 'failed', 'cancelled'];
const MONTH = demoMonth(new Date());
const dir = mkdtempSync(path.join(os.tmpdir(), 'loan-ops-'));

let t: TestApp;
let teams: Teams;
/** Loans of the month not held by the demo field executive, in loan_id order. */
let free: string[];

async function get(app: FastifyInstance, h: Record<string, string>, id: string): Promise<LoanOperationRecord> {
  const res = await app.inject({ url: `/api/bulk/loan-operations/${id}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LoanOperationRecord;
}

async function waitFor(app: FastifyInstance, h: Record<string, string>, id: string, done = (r: LoanOperationRecord) => FINAL.includes(r.status), timeoutMs = 60_000): Promise<LoanOperationRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const record = await get(app, h, id);
    if (done(record)) return record;
    if (Date.now() > until) throw new Error(`operation ${id} still ${record.status} (${record.processed_count}/${record.total_count})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function start(body: Record<string, unknown>, h = teams.admin) {
  return t.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: h, payload: { allocation_month: MONTH, ...body } });
}

/** Starts an operation and waits for its end. */
async function run(body: Record<string, unknown>, h = teams.admin): Promise<LoanOperationRecord> {
  const res = await start(body, h);
  expect(res.statusCode, res.body).toBe(200);
  return waitFor(t.app, h, res.json().data.id);
}

async function allocationOf(h: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({ url: '/api/fos/allocation', headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as AllocationResponse).loans.map((l) => l.loan_id).sort();
}

async function errorFile(id: string): Promise<string[][]> {
  const res = await t.app.inject({ url: `/api/bulk/loan-operations/${id}/error-file`, headers: teams.admin });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body.trim().split(/\r?\n/).map((l) => l.split(','));
}

async function loansTotal(filters: unknown[] = []): Promise<number> {
  const res = await t.app.inject({ url: `/api/recovery/loans?allocation_month=${MONTH}&page_size=1&filters=${encodeURIComponent(JSON.stringify(filters))}`, headers: teams.admin });
  return res.json().data.total as number;
}

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5, loanOperationChunkRows: 50 });
  teams = await buildTeams(t.app, 'lop');
  const held = new Set(await allocationOf(teams.demoFos.h));
  const all = (await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${MONTH}`, headers: teams.admin })).json().data.loan_ids as string[];
  free = all.filter((id) => !held.has(id));
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('allocate', () => {
  it('allocates loans by id to a field executive, who then sees them in the field app, with an audit and a timeline entry', async () => {
    const fe = teams.north.executives[0];
    const ids = free.slice(0, 12);
    const op = await run({ operation_type: 'allocate_loans', loan_ids: ids, user_id: fe.userId });
    expect(op).toMatchObject({ status: 'completed', total_count: 12, success_count: 12, failed_count: 0, progress: 100, agent_type: 'fos', user_name: fe.name, error_file_url: null, can_terminate: false, selection: 'loan_ids' });
    expect(await allocationOf(fe.h)).toEqual([...ids].sort());
    const [row] = await t.database.db.select().from(loanAllocations).where(and(eq(loanAllocations.companyId, LENDER), eq(loanAllocations.loanId, ids[0]), eq(loanAllocations.allocationMonth, MONTH)));
    const adminId = (await signIn(t.app, 'admin@demo.in')).user.user_id;
    expect(row).toMatchObject({ userId: fe.userId, agentType: 'fos', allocatedBy: adminId });
    const activity = (await t.app.inject({ url: `/api/recovery/loan/activity/${ids[0]}`, headers: teams.admin })).json().data.events as { kind: string; remark: string }[];
    expect(activity.find((e) => e.kind === 'allocation')?.remark).toBe(`Allocated to ${fe.name} (FOS)`);
  });

  it('allocates the loans a filter selects, as many as the loans list shows for it', async () => {
    const filters = [{ filter_key: 'dpd', min: 0, max: 15 }];
    const expected = await loansTotal(filters);
    expect(expected).toBeGreaterThan(0);
    const op = await run({ operation_type: 'allocate_loans', filters, user_id: teams.south.executives[0].userId });
    expect(op).toMatchObject({ status: 'completed', selection: 'filters', total_count: expected, success_count: expected });
    expect((await allocationOf(teams.south.executives[0].h)).length).toBe(expected);
  });

  it('ends partially_completed with an error file naming each failed loan and why', async () => {
    const archived = free[20];
    expect(await run({ operation_type: 'archive_loans', loan_ids: [archived] })).toMatchObject({ status: 'completed', success_count: 1 });
    const op = await run({ operation_type: 'allocate_loans', loan_ids: [free[21], 'NO-SUCH-LOAN', archived, free[22]], user_id: teams.north.executives[1].userId });
    expect(op).toMatchObject({ status: 'partially_completed', total_count: 4, success_count: 2, failed_count: 2, error_file_url: `/api/bulk/loan-operations/${op.id}/error-file` });
    expect(await errorFile(op.id)).toEqual([
      ['loan_id', 'reason'],
      ['NO-SUCH-LOAN', `Loan not found in allocation month ${MONTH}`],
      [archived, 'Loan is archived'],
    ]);
    expect(await run({ operation_type: 'unarchive_loans', loan_ids: [archived] })).toMatchObject({ status: 'completed' });
  });

  it('fails when no loan can be changed, and when the selection is empty', async () => {
    const none = await run({ operation_type: 'allocate_loans', loan_ids: ['GONE-1', 'GONE-2'], user_id: teams.north.executives[1].userId });
    expect(none).toMatchObject({ status: 'failed', failed_count: 2, success_count: 0, message: 'No loan could be changed; see the error file' });
    const empty = await run({ operation_type: 'allocate_loans', filters: [{ filter_key: 'dpd', min: 99999 }], user_id: teams.north.executives[1].userId });
    expect(empty).toMatchObject({ status: 'failed', total_count: 0, message: 'No loans matched the selection', error_file_url: null });
  });

  it('refuses bad requests before queueing anything', async () => {
    const before = (await t.database.db.select({ n: count() }).from(loanOperations))[0].n;
    const other = await signIn(t.app, 'other@demo.in');
    const cases: [Record<string, unknown>, string, Record<string, string>?][] = [
      [{ operation_type: 'allocate_loans', loan_ids: [free[0]] }, 'user_id is required for allocate_loans'],
      [{ operation_type: 'allocate_loans', loan_ids: [free[0]], user_id: other.user.user_id }, 'Agent Deepa Kulkarni does not hold loans (profession: other)'],
      [{ operation_type: 'allocate_loans', loan_ids: [free[0]], user_id: teams.south.executives[0].userId }, `Agent ${teams.south.executives[0].name} does not report to you`, teams.north.manager.h],
      [{ operation_type: 'allocate_loans', filters: [{ filter_key: 'nonsense', values: ['x'] }], user_id: teams.north.executives[0].userId }, 'Unknown filter: nonsense'],
      [{ operation_type: 'add_tags', loan_ids: [free[0]], tags: ['<b>x</b>'] }, 'A tag is 1 to 40 letters, digits, spaces, _ or -'],
      [{ operation_type: 'move_loans', user_id: teams.north.executives[0].userId }, 'from_user_id is required for move_loans'],
      // About 1.6 MB of JSON: read (not refused for its size), then refused by the 100,000-id limit.
      [{ operation_type: 'archive_loans', loan_ids: Array.from({ length: 100_001 }, (_, i) => `LN${String(i).padStart(10, '0')}`) }, 'loan_ids'],
    ];
    for (const [body, message, h] of cases) {
      const res = await start(body, h);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await t.database.db.select({ n: count() }).from(loanOperations))[0].n).toBe(before);
  });
});

describe('move, deallocate, tags, archive', () => {
  it("moves every loan of one executive to another, then deallocates the second's", async () => {
    const [a, b] = teams.north.executives;
    const held = await allocationOf(a.h);
    expect(held.length).toBe(12);
    const moved = await run({ operation_type: 'move_loans', from_user_id: a.userId, user_id: b.userId });
    expect(moved).toMatchObject({ status: 'completed', selection: 'agent_loans', total_count: 12, from_user_name: a.name });
    expect(await allocationOf(a.h)).toEqual([]);
    const bHeld = await allocationOf(b.h);
    expect(bHeld).toEqual(expect.arrayContaining(held));
    const activity = (await t.app.inject({ url: `/api/recovery/loan/activity/${held[0]}`, headers: teams.admin })).json().data.events as { kind: string; remark: string }[];
    expect(activity.filter((e) => e.kind === 'allocation').map((e) => e.remark)).toContain(`Moved from ${a.name} to ${b.name} (FOS)`);

    const gone = await run({ operation_type: 'deallocate_loans', user_id: b.userId });
    expect(gone).toMatchObject({ status: 'completed', total_count: bHeld.length });
    expect(await allocationOf(b.h)).toEqual([]);
    // Nothing left to move: the selection is empty.
    expect(await run({ operation_type: 'move_loans', from_user_id: a.userId, user_id: b.userId })).toMatchObject({ status: 'failed', message: 'No loans matched the selection' });
  });

  it('adds and deletes tags, failing the loans that lack the tag', async () => {
    const ids = free.slice(30, 33);
    expect(await run({ operation_type: 'add_tags', loan_ids: ids, tags: ['priority', 'legal hold'] })).toMatchObject({ status: 'completed', success_count: 3 });
    const del = await run({ operation_type: 'delete_tags', loan_ids: [...ids, free[34]], tags: ['legal hold'] });
    expect(del).toMatchObject({ status: 'partially_completed', success_count: 3, failed_count: 1 });
    expect((await errorFile(del.id))[1]).toEqual([free[34], 'Loan has none of these tags']);
    const rows = await t.database.db.select({ loanId: loans.loanId, tags: loans.tags }).from(loans).where(and(eq(loans.companyId, LENDER), eq(loans.allocationMonth, MONTH), sql`${loans.loanId} in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})`));
    expect(rows.map((r) => r.tags)).toEqual([['priority'], ['priority'], ['priority']]);
  });

  it('archives loans out of the loans list and brings every archived loan back by filter', async () => {
    const total = await loansTotal();
    expect(await run({ operation_type: 'archive_loans', loan_ids: free.slice(40, 42) })).toMatchObject({ status: 'completed', success_count: 2 });
    expect(await loansTotal()).toBe(total - 2);
    const again = await run({ operation_type: 'archive_loans', loan_ids: [free[40]] });
    expect(again).toMatchObject({ status: 'failed' });
    expect((await errorFile(again.id))[1]).toEqual([free[40], 'Loan is already archived']);
    const back = await run({ operation_type: 'unarchive_loans', filters: [] });
    expect(back).toMatchObject({ status: 'completed', total_count: 2 });
    expect(await loansTotal()).toBe(total);
  });
});

describe('allocate via excel', () => {
  it('reads loan id and agent columns, derives the agent type from the profession, and reports bad rows by row number', async () => {
    const fe = teams.south.executives[1];
    const telecaller = await signIn(t.app, 'telecaller@demo.in');
    const csv = [
      'Loan ID,Agent Email,Note',
      `${free[50]},${fe.email},first`,
      `${free[51]},${fe.email.toUpperCase()},case does not matter`,
      `${free[52]},nobody@nowhere.test,unknown agent`,
      `${free[50]},${fe.email},repeated`,
      `${free[53]},telecaller@demo.in,a telecaller`,
      `${free[54]},,no agent`,
    ].join('\n');
    writeFileSync(path.join(dir, 'assign.csv'), csv);
    const form = new FormData();
    form.append('operation_type', 'allocate_loans_via_excel');
    form.append('allocation_month', MONTH);
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'assign.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: teams.admin, payload: form });
    expect(res.statusCode, res.body).toBe(200);
    const op = await waitFor(t.app, teams.admin, res.json().data.id);
    expect(op).toMatchObject({ status: 'partially_completed', selection: 'file', file_name: 'assign.csv', total_count: 6, success_count: 3, failed_count: 3 });
    expect(await allocationOf(fe.h)).toEqual([free[50], free[51]].sort());
    const [tc] = await t.database.db.select().from(loanAllocations).where(and(eq(loanAllocations.companyId, LENDER), eq(loanAllocations.loanId, free[53]), eq(loanAllocations.allocationMonth, MONTH)));
    expect(tc).toMatchObject({ agentType: 'telecaller', userId: telecaller.user.user_id });
    expect(await errorFile(op.id)).toEqual([
      ['row_number', 'loan_id', 'agent', 'reason'],
      ['4', free[52], 'nobody@nowhere.test', "Agent 'nobody@nowhere.test' is not a user of this company"],
      ['5', free[50], fe.email, `Loan '${free[50]}' is repeated: first in row 2`],
      ['7', free[54], '', 'Agent is missing'],
    ]);
  });

  it('refuses a file without the loan id and agent columns', async () => {
    const form = new FormData();
    form.append('operation_type', 'allocate_loans_via_excel');
    form.append('allocation_month', MONTH);
    form.append('file', new Blob(['Customer,Amount\nA,1\n'], { type: 'text/csv' }), 'wrong.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: teams.admin, payload: form });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FILE_COLUMNS_MESSAGE);
    const exe = new FormData();
    exe.append('operation_type', 'allocate_loans_via_excel');
    exe.append('allocation_month', MONTH);
    exe.append('file', new Blob(['x']), 'run.exe');
    const refused = await t.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: teams.admin, payload: exe });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('.exe file type is not supported!');
  });
});

describe('termination and listing', () => {
  it('terminates a running operation, and refuses to terminate it again or a finished one', async () => {
    const res = await start({ operation_type: 'add_tags', filters: [], tags: ['sweep'] });
    const id = res.json().data.id as string;
    const stopped = await t.app.inject({ method: 'POST', url: `/api/bulk/loan-operations/${id}/terminate`, headers: teams.admin });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().data).toMatchObject({ status: 'cancelled', can_terminate: false });
    const after = await waitFor(t.app, teams.admin, id);
    expect(after.status).toBe('cancelled');
    const tagged = (await t.database.db.select({ n: count() }).from(loans).where(and(eq(loans.companyId, LENDER), sql`'sweep' = any(${loans.tags})`)))[0].n;
    expect(tagged).toBe(after.success_count);
    expect(tagged).toBeLessThan(1000);
    for (const target of [id, (await run({ operation_type: 'add_tags', loan_ids: [free[60]], tags: ['done'] })).id]) {
      const again = await t.app.inject({ method: 'POST', url: `/api/bulk/loan-operations/${target}/terminate`, headers: teams.admin });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Failed to terminate operation');
    }
  });

  it('lists operations newest first, 10 to a page by default, filtered by status', async () => {
    const page = (await t.app.inject({ url: '/api/bulk/loan-operations', headers: teams.admin })).json().data as { operations: LoanOperationRecord[]; total: number };
    expect(page.operations).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    expect(page.operations.map((o) => o.created_at)).toEqual([...page.operations.map((o) => o.created_at)].sort().reverse());
    const partial = (await t.app.inject({ url: '/api/bulk/loan-operations?status=partially_completed&page_size=50', headers: teams.admin })).json().data as { operations: LoanOperationRecord[] };
    expect(partial.operations.length).toBeGreaterThanOrEqual(3);
    expect(partial.operations.every((o) => o.status === 'partially_completed')).toBe(true);
  });

  it("keeps operations to their company and needs the allocation permission", async () => {
    const mine = (await t.app.inject({ url: '/api/bulk/loan-operations?page_size=1', headers: teams.admin })).json().data.operations[0] as LoanOperationRecord;
    const trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
    expect((await t.app.inject({ url: `/api/bulk/loan-operations/${mine.id}`, headers: trust })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/bulk/loan-operations/${mine.id}/error-file`, headers: trust })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/bulk/loan-operations/${mine.id}/terminate`, headers: trust })).statusCode).toBe(404);
    const refused = await start({ operation_type: 'archive_loans', loan_ids: [free[0]] }, teams.demoFos.h);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.missing_permission).toEqual({ module: 'Core Collection Modules', action: 'allocation', access: 'write' });
  });
});

describe('suggestion', () => {
  it('shares loans within reach of the executives\' bases in equal counts, says why the rest are left out, then confirmed as allocations', { timeout: 120_000 }, async () => {
    // Executives of their own, who have no position and no loans this month yet (no base).
    const fresh = await buildTeams(t.app, 'sug');
    const executives = [...fresh.south.executives, ...fresh.north.executives];
    const suggest = (body: Record<string, unknown>, h = teams.head.h) =>
      t.app.inject({ method: 'POST', url: '/api/allocation/suggestions', headers: h, payload: { allocation_month: MONTH, user_ids: executives.map((e) => e.userId), ...body } });
    const candidates = free.slice(100, 700);

    // Nobody has a base yet (no position, no loans this month): nobody is sent anywhere (issue 12).
    const before = (await suggest({ loan_ids: candidates })).json().data as AllocationSuggestion;
    expect(before.executives.map((e) => e.count)).toEqual([0, 0, 0, 0]);
    expect(before.left_out).toHaveLength(candidates.length);
    expect(new Set(before.left_out.map((l) => l.reason))).toEqual(new Set(['no_executive_base', ...(before.unlocated_loans > 0 ? ['no_location'] : [])]));

    // The densest area: the loans within 20 km of one area point; four of them give the executives a base.
    const pointOf = new Map(before.areas.flatMap((a) => a.loan_ids.map((id) => [id, { lat: a.latitude, lng: a.longitude }] as const)));
    const km = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => haversineMetres(a, b) / 1000;
    const near = (p: { lat: number; lng: number }) => candidates.filter((id) => pointOf.has(id) && km(pointOf.get(id)!, p) <= 20);
    const centre = [...before.areas].map((a) => ({ lat: a.latitude, lng: a.longitude })).sort((a, b) => near(b).length - near(a).length)[0];
    const cluster = near(centre);
    expect(cluster.length).toBeGreaterThanOrEqual(12);
    const seedLoans = cluster.slice(0, 4);
    for (const [i, e] of executives.entries()) expect((await run({ operation_type: 'allocate_loans', loan_ids: [seedLoans[i]], user_id: e.userId }, teams.head.h)).status).toBe('completed');

    const ids = candidates.filter((id) => !seedLoans.includes(id));
    const res = await suggest({ loan_ids: ids });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as AllocationSuggestion;
    expect(s.total_loans).toBe(ids.length);
    expect(s.max_km).toBe(50);
    // Every loan is proposed once or left out once.
    const proposed = s.executives.flatMap((e) => e.loan_ids);
    expect([...proposed, ...s.left_out.map((l) => l.loan_id)].sort()).toEqual([...ids].sort());
    const inReach = ids.filter((id) => pointOf.has(id) && executives.some((_, i) => km(pointOf.get(id)!, pointOf.get(seedLoans[i])!) <= 50));
    expect(proposed.sort()).toEqual([...inReach].sort());
    // The bases are close together, so the counts are even.
    const counts = s.executives.map((e) => e.count);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    for (const e of s.executives) {
      expect(e.seed?.source).toBe('current_allocation');
      const base = { lat: e.seed!.latitude, lng: e.seed!.longitude };
      for (const id of e.loan_ids) expect(km(pointOf.get(id)!, base)).toBeLessThanOrEqual(50);
      expect(e.base_km).not.toBeNull();
      expect(e.base_km!).toBeLessThanOrEqual(50);
      expect(e.radius_km).toBeGreaterThanOrEqual(e.spread_km);
      const figures = groupFigures(e.loan_ids.map((id) => pointOf.get(id)!), base);
      expect(figures.spreadKm).toBeCloseTo(e.spread_km, 3);
      expect(figures.baseKm!).toBeCloseTo(e.base_km!, 3);
    }
    // Each loan left out says why: no address point, or the nearest base farther than the reach.
    for (const l of s.left_out) {
      if (!pointOf.has(l.loan_id)) {
        expect(l).toEqual({ loan_id: l.loan_id, reason: 'no_location', nearest_km: null });
        continue;
      }
      expect(l.reason).toBe('out_of_range');
      const nearest = Math.min(...s.executives.map((e) => km(pointOf.get(l.loan_id)!, { lat: e.seed!.latitude, lng: e.seed!.longitude })));
      expect(l.nearest_km).toBeGreaterThan(50);
      expect(l.nearest_km!).toBeCloseTo(nearest, 0);
    }
    expect(s.left_out.filter((l) => l.reason === 'no_location')).toHaveLength(s.unlocated_loans);
    expect(s.left_out.some((l) => l.reason === 'out_of_range')).toBe(true);

    // A wider reach (configurable, within a maximum) takes in at least as many; beyond the maximum is refused.
    const wide = (await suggest({ loan_ids: ids, max_km: 300 })).json().data as AllocationSuggestion;
    expect(wide.executives.reduce((n, e) => n + e.count, 0)).toBeGreaterThanOrEqual(proposed.length);
    expect((await suggest({ loan_ids: ids, max_km: 301 })).statusCode).toBe(400);
    expect((await suggest({ loan_ids: ids, max_km: 0 })).statusCode).toBe(400);

    for (const e of s.executives) {
      if (e.loan_ids.length === 0) continue;
      const op = await run({ operation_type: 'allocate_loans', loan_ids: e.loan_ids, user_id: e.user_id }, teams.head.h);
      expect(op.status).toBe('completed');
    }
    const north0 = s.executives.find((e) => e.user_id === fresh.north.executives[0].userId)!;
    expect(await allocationOf(fresh.north.executives[0].h)).toEqual(expect.arrayContaining(north0.loan_ids));

    const outside = await suggest({ loan_ids: ids, user_ids: [fresh.south.executives[0].userId] }, fresh.north.manager.h);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(`Not an active field executive of your team: ${fresh.south.executives[0].userId}`);
  });
});

describe('restart mid-operation', () => {
  it('resumes in a second app on the same database and allocates each loan exactly once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loan-ops-restart-'));
    const first = await createTestApp({ dataDir, jobPollingSeconds: 0.5, loanOperationChunkRows: 5 });
    let second: FastifyInstance | null = null;
    try {
      const admin = headers((await signIn(first.app, 'admin@demo.in')).token, LENDER);
      const telecaller = (await signIn(first.app, 'telecaller@demo.in')).user.user_id;
      // Not the loans the demo seed put in the telecaller's calling queue (issue 14): those would not change.
      const queued = await first.database.db
        .select({ id: loanAllocations.loanId })
        .from(loanAllocations)
        .where(and(eq(loanAllocations.companyId, LENDER), eq(loanAllocations.allocationMonth, MONTH), eq(loanAllocations.agentType, 'telecaller')));
      const inQueue = new Set(queued.map((r) => r.id));
      const ids = free.filter((id) => !inQueue.has(id)).slice(200, 400);
      const res = await first.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: admin, payload: { operation_type: 'allocate_loans', allocation_month: MONTH, loan_ids: ids, user_id: telecaller } });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as string;
      await waitFor(first.app, admin, id, (r) => r.processed_count >= 20);
      await first.app.close();
      const [stopped] = await first.database.db.select().from(loanOperations).where(eq(loanOperations.operationId, id));
      expect(stopped.status).toBe('in_progress');
      expect(stopped.processedCount).toBeLessThan(200);
      expect(stopped.leaseUntil).toBeNull();

      second = await buildApp({ db: first.database, config: first.config, logger: false });
      await second.ready();
      const done = await waitFor(second, admin, id);
      expect(done).toMatchObject({ status: 'completed', total_count: 200, success_count: 200, failed_count: 0 });
      const [allocated] = await first.database.db
        .select({ n: count(), distinct: countDistinct(loanAllocations.loanId) })
        .from(loanAllocations)
        .where(and(eq(loanAllocations.companyId, LENDER), eq(loanAllocations.allocationMonth, MONTH), eq(loanAllocations.agentType, 'telecaller'), inArray(loanAllocations.loanId, ids)));
      expect(allocated).toEqual({ n: 200, distinct: 200 });
      const [events] = await first.database.db
        .select({ n: count() })
        .from(loanEvents)
        .where(and(eq(loanEvents.companyId, LENDER), eq(loanEvents.kind, 'allocation'), sql`${loanEvents.details} ->> 'operation_id' = ${id}`));
      expect(events.n).toBe(200);
    } finally {
      await second?.close();
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
