/**
 * The field executive's day across allocation months (issue 12 "The field day"): a loan of next
 * month allocated early joins this month's loans instead of replacing them, a loan of a month
 * already over does not come back, and the loan list opens on the current month by calendar; and a
 * field executive's session outlasts an offline working day (FIELD_SESSION_IDLE_MINUTES).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/domain/common/calendar';
import { countryTimeZone, localDay } from '../../src/domain/common/dates';
import type { AllocationResponse } from '../../src/domain/contracts/field/visits';
import { loanAllocations } from '../../src/server/modules/allocation/schema';
import { loans } from '../../src/server/modules/portfolio/schema';
import { sessions } from '../../src/server/modules/auth/schema';
import { tokenHash } from '../../src/server/modules/auth/service';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

let t: TestApp;
let fos: Record<string, string>;
let admin: Record<string, string>;
let fosUserId: string;
const thisMonth = localDay(new Date(), countryTimeZone('INDIA').offsetMinutes).slice(0, 7);
const nextMonth = addMonths(thisMonth, 1);
const lastMonth = addMonths(thisMonth, -1);

async function allocation(): Promise<AllocationResponse> {
  const res = await t.app.inject({ url: '/api/fos/allocation', headers: fos });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AllocationResponse;
}

/** A copy of one of this month's loans (not the executive's) in `month`, as an import of that month writes it. */
async function loanIn(month: string, loanId: string): Promise<string> {
  const mine = (await allocation()).loans.map((l) => l.loan_id);
  const [row] = await t.database.db
    .select()
    .from(loans)
    .where(and(eq(loans.companyId, LENDER), eq(loans.allocationMonth, thisMonth), notInArray(loans.loanId, mine)))
    .limit(1);
  const { id: _id, ...copy } = row;
  await t.database.db.insert(loans).values({ ...copy, allocationMonth: month, loanId });
  return loanId;
}

/** Allocates a loan of `month` to the executive, as the manager's loan operation writes it. */
async function allocate(month: string, loanId: string): Promise<void> {
  await t.database.db.insert(loanAllocations).values({ companyId: LENDER, allocationMonth: month, loanId, userId: fosUserId, agentType: 'fos', allocatedBy: 'manager' });
}

beforeAll(async () => {
  t = await createTestApp();
  const login = await signIn(t.app, 'fos@demo.in');
  fos = headers(login.token, LENDER);
  fosUserId = login.user.user_id;
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
});
afterAll(async () => t?.close());

describe("the executive's day", () => {
  it("keeps this month's 40 loans when one loan of next month is allocated early, and adds it", async () => {
    const before = await allocation();
    expect(before.loans).toHaveLength(40);
    expect(new Set(before.loans.map((l) => l.allocation_month))).toEqual(new Set([thisMonth]));

    const early = await loanIn(nextMonth, 'NEXT-MONTH-LOAN-1');
    await allocate(nextMonth, early);
    const after = await allocation();
    expect(after.loans).toHaveLength(41);
    expect(after.loans.filter((l) => l.allocation_month === thisMonth).map((l) => l.loan_id).sort()).toEqual(before.loans.map((l) => l.loan_id).sort());
    expect(after.loans.find((l) => l.loan_id === early)).toMatchObject({ allocation_month: nextMonth });
  });

  it("leaves out a loan of a month already over, and lists a loan held in two months once, with this month's key", async () => {
    const old = await loanIn(lastMonth, 'LAST-MONTH-LOAN-1');
    await allocate(lastMonth, old);
    const held = (await allocation()).loans[0];
    // The same loan also allocated to the executive in next month: the phone keys loans by id.
    await t.database.db.insert(loans).values({
      ...(await t.database.db.select().from(loans).where(and(eq(loans.companyId, LENDER), eq(loans.allocationMonth, thisMonth), eq(loans.loanId, held.loan_id))).then(([r]) => ({ ...r, id: undefined }))),
      allocationMonth: nextMonth,
    });
    await allocate(nextMonth, held.loan_id);

    const day = await allocation();
    expect(day.loans.map((l) => l.loan_id)).not.toContain(old);
    expect(day.loans.filter((l) => l.loan_id === held.loan_id)).toEqual([expect.objectContaining({ allocation_month: thisMonth })]);
    expect(day.loans).toHaveLength(41);
  });

  it('opens the loan list on the current month by calendar, not on the newest month with loans', async () => {
    const res = await t.app.inject({ url: `/api/recovery/loans?company_id=${LENDER}&page_size=5`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { allocation_month: string; allocation_months: string[] };
    expect(page.allocation_months).toContain(nextMonth);
    expect(page.allocation_month).toBe(thisMonth);
  });
});

describe("a field executive's session", () => {
  const idleFor = (token: string, minutes: number) => t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - minutes * 60_000) }).where(eq(sessions.tokenHash, tokenHash(token)));
  const status = async (h: Record<string, string>) => (await t.app.inject({ url: '/api/fos/allocation', headers: h })).statusCode;

  it('stays valid through 8 hours offline (no request), while a desk session ends after its idle timeout', async () => {
    expect(t.config.fieldSessionIdleMinutes).toBeGreaterThanOrEqual(600);
    const field = await signIn(t.app, 'fos@demo.in');
    await idleFor(field.token, 8 * 60);
    expect(await status(headers(field.token, LENDER))).toBe(200);

    const desk = await signIn(t.app, 'admin@demo.in');
    await idleFor(desk.token, t.config.sessionIdleMinutes + 1);
    const res = await t.app.inject({ url: '/api/user/profile/details', headers: headers(desk.token) });
    expect(res.statusCode).toBe(401);
  });

  it('still ends after the field idle timeout and at the hard lifetime', async () => {
    const idle = await signIn(t.app, 'fos@demo.in');
    await idleFor(idle.token, t.config.fieldSessionIdleMinutes + 1);
    expect(await status(headers(idle.token, LENDER))).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(idle.token)));
    expect(row.endReason).toBe('idle_timeout');

    const old = await signIn(t.app, 'fos@demo.in');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, tokenHash(old.token)));
    expect(await status(headers(old.token, LENDER))).toBe(401);
  });
});
