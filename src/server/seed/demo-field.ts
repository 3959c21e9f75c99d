/**
 * The demo field day (issue 4 "The demo seed allocates loans near each demo field executive, so a
 * new user signing in as one sees a working day"): fos@demo.in gets the 40 loans of the current month
 * nearest to the centre of Pune, the lender's home area (DEMO_HOME_IN), fos@demo.id 20 around the
 * area most of the trust's loans are in; a few past visits
 * (timeline events too), cash receipts (two undeposited for a day or two, one deposited) and online
 * payments made after a visit, so every field screen has something to show.
 *
 * Idempotent: it does nothing once the executive has an allocation in the current month.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { fromMinor } from '../../domain/common/money';
import { haversineMetres } from '../../domain/field/geo';
import { formatReceiptNumber } from '../../domain/field/receipt-number';
import type { Db } from '../db/client';
import { loanAllocations } from '../modules/allocation/schema';
import { companies } from '../modules/companies/schema';
import { areaLocation } from '../geo/geocode';
import { fosDeposits, fosReceipts, fosVisits } from '../modules/field/schema';
import { executiveCode } from '../modules/field/visits/service';
import { loanPayments } from '../modules/payments/schema';
import { loanEvents, loans } from '../modules/portfolio/schema';
import { users } from '../modules/users/schema';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from './demo-constants';
import { DEMO_HOME_IN, demoMonth } from './demo-portfolio';

/**
 * Seeded receipts use sequences from here, far above what a phone's own counter (from 1) reaches in
 * a demo, so a receipt made on the phone never collides with a seeded number.
 */
const SEED_SEQUENCE_BASE = 900_001;
const DAY = 86_400_000;

/** The demo field executives and how many loans each gets. A function: demo.ts imports this module. */
function executives() {
  return [
    { email: 'fos@demo.in', companyId: DEMO_COMPANY_IN, loans: 40, base: { lat: DEMO_HOME_IN.lat, lng: DEMO_HOME_IN.lng } },
    { email: 'fos@demo.id', companyId: DEMO_COMPANY_ID, loans: 20, base: null },
  ];
}

/**
 * Seeds the demo field day (see the module comment). Needs the demo users and portfolio.
 * @returns true when it wrote anything
 */
export async function seedDemoField(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const month = demoMonth(now);
  let wrote = false;
  for (const e of executives()) {
    const [user] = await db.select().from(users).where(eq(users.email, e.email));
    const [company] = await db.select({ country: companies.country }).from(companies).where(eq(companies.companyId, e.companyId));
    if (!user || !company) continue;
    const [{ n }] = await db
      .select({ n: count() })
      .from(loanAllocations)
      .where(and(eq(loanAllocations.companyId, e.companyId), eq(loanAllocations.userId, user.userId), eq(loanAllocations.allocationMonth, month)));
    if (n > 0) continue;
    const rows = await db
      .select({ loanId: loans.loanId, pincode: loans.pincode, city: loans.city, name: loans.applicantName, emiMinor: loans.expectedEmiMinor })
      .from(loans)
      .where(and(eq(loans.companyId, e.companyId), eq(loans.allocationMonth, month)))
      .orderBy(loans.loanId);
    if (rows.length === 0) continue;
    const chosen = nearestToBase(rows, company.country, e.loans, e.base);
    await db.transaction(async (tx) => {
      await tx
        .insert(loanAllocations)
        .values(chosen.map((l) => ({ companyId: e.companyId, allocationMonth: month, loanId: l.loanId, userId: user.userId, agentType: 'fos' as const, allocatedBy: 'demo-seed' })))
        .onConflictDoNothing();
      await seedHistory(tx as unknown as Db, { companyId: e.companyId, month, userId: user.userId, code: executiveCode(user), now }, chosen);
    });
    wrote = true;
  }
  return wrote;
}

type SeedLoan = { loanId: string; pincode: string | null; city: string | null; name: string | null; emiMinor: number | null };

/**
 * The `n` loans nearest to the base: the given point (the lender's home area), else the area point
 * shared by most loans (India: PIN code, Indonesia: regency). Loans that cannot be geocoded fill up
 * the list when too few can.
 */
function nearestToBase(rows: SeedLoan[], country: string, n: number, home: { lat: number; lng: number } | null): SeedLoan[] {
  const located = rows.flatMap((r) => {
    const point = areaLocation(country, r);
    return point ? [{ row: r, point, area: `${point.lat},${point.lng}` }] : [];
  });
  if (located.length === 0) return rows.slice(0, n);
  const tally = new Map<string, number>();
  for (const l of located) tally.set(l.area, (tally.get(l.area) ?? 0) + 1);
  const baseArea = [...tally.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const base = home ?? located.find((l) => l.area === baseArea)!.point;
  const near = located.sort((a, b) => haversineMetres(a.point, base) - haversineMetres(b.point, base)).slice(0, n).map((l) => l.row);
  const taken = new Set(near.map((r) => r.loanId));
  return [...near, ...rows.filter((r) => !taken.has(r.loanId)).slice(0, n - near.length)];
}

/** Past visits, receipts, a deposit and online payments on the first allocated loans. */
async function seedHistory(db: Db, ctx: { companyId: string; month: string; userId: string; code: string; now: Date }, chosen: SeedLoan[]): Promise<void> {
  const { companyId, month, userId, code, now } = ctx;
  const at = (daysAgo: number, hour = 0) => new Date(now.getTime() - daysAgo * DAY - hour * 3_600_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const plan = [
    { disposition: 'Paid', daysAgo: 1, amount: 1500 },
    { disposition: 'Partially Paid', daysAgo: 2, amount: 800 },
    { disposition: 'Promise to Pay', daysAgo: 3, amount: null },
    { disposition: 'Door Locked', daysAgo: 4, amount: null },
    { disposition: 'Paid', daysAgo: 6, amount: 200_000 },
    { disposition: 'Customer Not Available', daysAgo: 5, amount: null },
  ] as const;
  let sequence = SEED_SEQUENCE_BASE;
  const depositId = randomUUID();
  // Amounts in paise (minor units).
  let depositMinor = 0;
  const deposited: string[] = [];
  for (const [i, p] of plan.entries()) {
    const loan = chosen[i];
    if (!loan) break;
    const checkedInAt = at(p.daysAgo, 2 + i);
    const receiptNumber = p.amount !== null ? formatReceiptNumber(code, sequence++) : null;
    const ptp = p.disposition === 'Promise to Pay' ? { ptpDate: day(new Date(now.getTime() + 4 * DAY)), ptpAmountMinor: loan.emiMinor ?? 100_000 } : { ptpDate: null, ptpAmountMinor: null };
    const [visit] = await db
      .insert(fosVisits)
      .values({
        companyId,
        idempotencyKey: `seed-${randomUUID()}`,
        userId,
        loanId: loan.loanId,
        allocationMonth: month,
        latitude: null,
        longitude: null,
        accuracyM: null,
        checkedInAt,
        personMet: p.disposition === 'Door Locked' || p.disposition === 'Customer Not Available' ? 'No one' : 'Borrower',
        disposition: p.disposition,
        amountCollectedMinor: p.amount,
        ...ptp,
        remarks: '',
        nextVisitDate: p.amount === null ? day(new Date(now.getTime() + 2 * DAY)) : null,
        receiptNumber,
        photoKeys: [],
        distanceM: null,
        // Seeded without a check-in position or photo: flagged like any such visit.
        flags: ['no_location', 'no_photo'],
        verificationStatus: 'pending',
      })
      .returning({ visitId: fosVisits.visitId });
    const event = { companyId, loanId: loan.loanId, allocationMonth: month, module: 'fos', authorId: userId, createdAt: checkedInAt };
    await db.insert(loanEvents).values({ ...event, kind: 'visit', remark: p.disposition, details: { visit_id: visit.visitId, disposition: p.disposition } });
    if (ptp.ptpDate) await db.insert(loanEvents).values({ ...event, kind: 'ptp', details: { ptp_date: ptp.ptpDate, ptp_amount: fromMinor(ptp.ptpAmountMinor!), ptp_amount_minor: ptp.ptpAmountMinor, broken: false, visit_id: visit.visitId } });
    if (receiptNumber && p.amount !== null) {
      // The oldest collection was deposited; the recent ones are still in hand.
      const isDeposited = p.daysAgo >= 5;
      if (isDeposited) {
        depositMinor += p.amount;
        deposited.push(receiptNumber);
      }
      await db.insert(fosReceipts).values({
        companyId,
        idempotencyKey: `seed-${randomUUID()}`,
        userId,
        receiptNumber,
        loanId: loan.loanId,
        allocationMonth: month,
        amountMinor: p.amount,
        paymentMode: 'cash',
        payerName: loan.name ?? 'Borrower',
        collectedAt: checkedInAt,
        depositId: null,
      });
    }
    // Borrowers who were visited and paid online the next day (attributed to that visit).
    if (p.disposition === 'Promise to Pay' || p.disposition === 'Door Locked' || p.disposition === 'Customer Not Available') {
      await db.insert(loanPayments).values({
        companyId,
        loanId: loan.loanId,
        allocationMonth: month,
        amountMinor: loan.emiMinor ?? 100_000,
        paidAt: new Date(checkedInAt.getTime() + DAY),
        channel: ['upi', 'netbanking', 'payment_link'][i % 3],
        reference: `SEED${String(i + 1).padStart(6, '0')}`,
      });
    }
  }
  if (deposited.length > 0) {
    await db.insert(fosDeposits).values({ depositId, companyId, idempotencyKey: `seed-${randomUUID()}`, userId, bankName: 'State Bank', branch: 'Main branch', depositedAt: at(4), amountMinor: depositMinor });
    for (const n of deposited) await db.update(fosReceipts).set({ depositId }).where(and(eq(fosReceipts.companyId, companyId), eq(fosReceipts.receiptNumber, n)));
  }
}
