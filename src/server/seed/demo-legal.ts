/**
 * The demo's litigation (issue 17 "lawyer@demo.in and advocate@demo.in have cases and hearings in
 * the demo"): a few cases of the lender's current month across process types, at various stages,
 * with courts, case numbers and next hearings in the coming weeks; some assigned to the advocate,
 * the others to the lawyer. Each case with a next hearing has the hearing that gave that date (three
 * weeks ago, with proceedings, an order for some, a court fee), and each loan its `legal_status`. Notices are not seeded (printing needs Chromium): the lawyer generates
 * them from `/app/notice-tracking`. Two cases (the civil suit and the advocate's SARFAESI possession)
 * have a written acknowledgment of the debt on record, which restarts their loans' limitation (s.18).
 *
 * Idempotent: does nothing once the lender has a case (hearings: once the lender has a hearing;
 * acknowledgments: once it has one).
 */
import { addDays, daysBetween } from '../../domain/common/calendar';
import { eq, and, asc, count } from 'drizzle-orm';
import type { ProcessType } from '../../domain/legal/cases';
import type { Db } from '../db/client';
import { legalStatusOf } from '../../domain/legal/cases';
import { legalAcknowledgments, legalCases, legalCosts, legalHearings } from '../modules/legal/schema';
import { setLoanStatuses } from '../modules/portfolio/queries';
import { loans } from '../modules/portfolio/schema';
import { users } from '../modules/users/schema';
import { DEMO_COMPANY_IN } from './demo-constants';
import { demoMonth } from './demo-portfolio';

/** The demo cases: the n-th loan (by loan id, from DEMO_CASE_OFFSET), type, stage, court, who, hearing in days from today. */
const CASES: readonly [ProcessType, string, string, 'lawyer' | 'advocate', number | null][] = [
  ['sarfaesi', 'demand_13_2', 'Authorised Officer, Pune', 'lawyer', null],
  ['sarfaesi', 'possession_13_4', 'DRT Pune', 'advocate', 9],
  ['criminal_proceedings', 'summons', 'JMFC Court, Shivajinagar', 'advocate', 4],
  ['criminal_proceedings', 'evidence', 'JMFC Court, Pimpri', 'advocate', 16],
  ['arbitration', 'claim', 'Sole Arbitrator, Mumbai', 'lawyer', 12],
  ['civil', 'written_statement', 'Civil Judge Senior Division, Pune', 'lawyer', 21],
  ['against', 'reply_filed', 'District Consumer Commission, Pune', 'lawyer', 7],
  ['ibc', 'admission', 'NCLT Mumbai', 'lawyer', 30],
];
/** Loans from this index of the month (by loan id) carry the demo cases, apart from the first ones tests use. */
export const DEMO_CASE_OFFSET = 100;

export async function seedDemoLegal(db: Db, now: Date = new Date()): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(legalCases).where(eq(legalCases.companyId, DEMO_COMPANY_IN));
  if (n > 0) {
    await seedDemoHearings(db, now);
    await seedDemoAcknowledgments(db, now);
    return false;
  }
  const month = demoMonth(now);
  const picked = await db
    .select({ loanId: loans.loanId })
    .from(loans)
    .where(and(eq(loans.companyId, DEMO_COMPANY_IN), eq(loans.allocationMonth, month)))
    .orderBy(asc(loans.loanId))
    .offset(DEMO_CASE_OFFSET)
    .limit(CASES.length);
  const people = new Map((await db.select({ id: users.userId, email: users.email }).from(users)).map((u) => [u.email, u.id]));
  const today = now.toISOString().slice(0, 10);
  await db.insert(legalCases).values(
    picked.map((loan, i) => {
      const [processType, stage, court, who, hearingIn] = CASES[i];
      return {
        companyId: DEMO_COMPANY_IN,
        processType,
        loanId: loan.loanId,
        allocationMonth: month,
        stage,
        stageSince: addDays(today, -10 - i),
        court,
        caseNumber: `${processType.slice(0, 3).toUpperCase()}/${100 + i}/${today.slice(0, 4)}`,
        advocateId: people.get(`${who}@demo.in`) ?? null,
        nextHearingDate: hearingIn === null ? null : addDays(today, hearingIn),
      };
    }),
  );
  await seedDemoHearings(db, now);
  await seedDemoAcknowledgments(db, now);
  return true;
}

/** The demo acknowledgments: case type and remarks. */
const ACKNOWLEDGMENTS: readonly [ProcessType, string][] = [
  ['civil', 'Borrower signed the balance confirmation letter sent with the recall notice'],
  ['sarfaesi', 'Reply to the 13(2) notice admits the outstanding and asks for time'],
];

/** A written acknowledgment on the civil suit and on the advocate's SARFAESI case (once). */
async function seedDemoAcknowledgments(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(legalAcknowledgments).where(eq(legalAcknowledgments.companyId, DEMO_COMPANY_IN));
  if (n > 0) return;
  const cases = await db.select().from(legalCases).where(eq(legalCases.companyId, DEMO_COMPANY_IN)).orderBy(asc(legalCases.createdAt), asc(legalCases.loanId));
  const today = now.toISOString().slice(0, 10);
  const defaults = new Map((await db.select({ loanId: loans.loanId, month: loans.allocationMonth, on: loans.dateOfDefault }).from(loans).where(eq(loans.companyId, DEMO_COMPANY_IN))).map((l) => [`${l.loanId}|${l.month}`, l.on]));
  const rows = ACKNOWLEDGMENTS.flatMap(([type, remarks]) => {
    // The SARFAESI one is the advocate's (at possession), so both demo legal users have one to see.
    const c = cases.find((x) => x.processType === type && (type !== 'sarfaesi' || x.stage === 'possession_13_4'));
    const defaulted = c && defaults.get(`${c.loanId}|${c.allocationMonth}`);
    // Signed after the default (one before it restarts nothing, s.18), a few days back.
    if (!c || !defaulted || defaulted >= addDays(today, -2)) return [];
    return [{ companyId: DEMO_COMPANY_IN, caseId: c.caseId, acknowledgedOn: addDays(defaulted, Math.max(1, Math.floor(daysBetween(defaulted, today) / 2))), remarks, recordedBy: c.advocateId, recordedAt: now }];
  });
  if (rows.length > 0) await db.insert(legalAcknowledgments).values(rows);
}

/** The hearing that gave each demo case its next date, and the loans' legal_status (once). */
async function seedDemoHearings(db: Db, now: Date): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(legalHearings).where(eq(legalHearings.companyId, DEMO_COMPANY_IN));
  if (n > 0) return;
  const cases = await db.select().from(legalCases).where(eq(legalCases.companyId, DEMO_COMPANY_IN)).orderBy(asc(legalCases.createdAt), asc(legalCases.loanId));
  const held = addDays(now.toISOString().slice(0, 10), -21);
  const heard = cases.filter((c) => c.nextHearingDate);
  if (heard.length > 0) {
    await db.insert(legalHearings).values(
      heard.map((c, i) => ({
        companyId: DEMO_COMPANY_IN,
        caseId: c.caseId,
        hearingDate: held,
        stage: c.stage,
        proceedings: i % 2 === 0 ? 'Counsel for the lender present; the other side sought time' : 'Matter called out; arguments heard in part',
        orderText: i % 2 === 0 ? 'Adjourned; reply to be filed before the next date' : null,
        nextHearingDate: c.nextHearingDate,
        recordedBy: c.advocateId,
      })),
    );
    await db.insert(legalCosts).values(heard.map((c) => ({ companyId: DEMO_COMPANY_IN, caseId: c.caseId, kind: 'court_fee' as const, amountMinor: 50_000, incurredOn: held, recordedBy: c.advocateId })));
  }
  for (const c of cases) await setLoanStatuses(db, DEMO_COMPANY_IN, c.loanId, c.allocationMonth, { legal_status: legalStatusOf(c.processType, c.stage) });
}
