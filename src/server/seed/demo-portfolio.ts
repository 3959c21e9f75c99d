/**
 * The demo portfolio (issue 3 "Demo data"): allocation rows from the generator (real geography,
 * faker names) go through the import's own path — suggestMapping, validateRow, writeLoanBatch —
 * plus a timeline of calls, PTPs (some broken), status changes and remarks, so lists, filters and
 * profiles have something to show after `npm start` and in the API tests.
 *
 * demo-lender-in: 1,000 loans in the current allocation month (about a third around Pune,
 * DEMO_HOME_IN) and 300 in the previous one (the same loan ids, the older month's values from
 * another seed); demo-trust-id: 300 in the current
 * month. Months come from the `now` argument, the rows from fixed seeds, so a test that passes the
 * same clock gets the same portfolio.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { IsdCode } from '../../domain/portfolio/normalise';
import { suggestMapping } from '../../domain/portfolio/column-mapping';
import { validateRow } from '../../domain/portfolio/row-validation';
import type { Db } from '../db/client';
import { companies } from '../modules/companies/schema';
import type { LoanBatchRow } from '../modules/portfolio/loan-writer';
import { writeLoanBatch } from '../modules/portfolio/loan-writer';
import { loanEvents, loans } from '../modules/portfolio/schema';
import { companyVariables } from '../modules/portfolio/variables';
import { users } from '../modules/users/schema';
import { generateAllocationRows, type HomeArea } from './allocation-generator';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from './demo-constants';

/**
 * The demo portfolio's shape: company, month offset from the clock's month (0 current, -1
 * previous), rows, seed. A function, not a constant: demo.ts imports this module, so its company
 * ids are read at call time.
 */
export function demoPortfolioParts() {
  return [
    { companyId: DEMO_COMPANY_IN, monthOffset: 0, count: 1000, seed: 11, home: DEMO_HOME_IN },
    { companyId: DEMO_COMPANY_IN, monthOffset: -1, count: 300, seed: 7 },
    { companyId: DEMO_COMPANY_ID, monthOffset: 0, count: 300, seed: 13, home: DEMO_HOME_ID },
  ] as const;
}

/**
 * Sahyadri Finance's home area: Pune (the post office of Pune city, 411001), where a third of its
 * current book sits within 20 km, so the demo field executives' days are a city's streets apart
 * (issue 4 "the demo seed allocates loans near each demo field executive").
 */
export const DEMO_HOME_IN = { lat: 18.5204, lng: 73.8567, radiusKm: 20, share: 0.35 } satisfies HomeArea;
/**
 * Nusantara Amanah Trust's home area: Kota Makassar. Indonesian addresses geocode only to their
 * regency (geocode.ts), so its executive's loans share one map point; the day is still one city.
 */
export const DEMO_HOME_ID: HomeArea = { regencyCodes: ['73.71'], share: 0.35 };

/** Every this-many loans of a company's current month gets a timeline. */
const EVENT_EVERY = 10;
const BATCH = 500;

/** The allocation month 'YYYY-MM' (UTC) `offset` months from `now`'s month. */
export function demoMonth(now: Date, offset = 0): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Seeds the demo portfolio when neither demo company has loans (idempotent); the demo companies
 * must exist (seedDemo). @returns true when it wrote loans.
 */
export async function seedDemoPortfolio(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const demoCompanies = await db.select().from(companies).where(inArray(companies.companyId, [DEMO_COMPANY_IN, DEMO_COMPANY_ID]));
  if (demoCompanies.length === 0) return false;
  const [{ n }] = await db.select({ n: count() }).from(loans).where(inArray(loans.companyId, [DEMO_COMPANY_IN, DEMO_COMPANY_ID]));
  if (n > 0) return false;

  for (const company of demoCompanies) {
    const variables = await companyVariables(db, company.companyId);
    const context = { isd: company.countryIsdCode as IsdCode, country: company.country };
    for (const part of demoPortfolioParts().filter((p) => p.companyId === company.companyId)) {
      const month = demoMonth(now, part.monthOffset);
      let mapping: ReturnType<typeof suggestMapping> | null = null;
      let batch: LoanBatchRow[] = [];
      let rowNumber = 1; // the header row
      const flush = async () => {
        if (batch.length > 0) await writeLoanBatch(db, { companyId: company.companyId, allocationMonth: month, importId: null, rows: batch });
        batch = [];
      };
      for (const row of generateAllocationRows({ country: company.country, count: part.count, seed: part.seed, home: 'home' in part ? part.home : undefined })) {
        rowNumber += 1;
        mapping ??= suggestMapping(Object.keys(row), variables);
        const result = validateRow(row, mapping, variables, context);
        // The generator's rows are valid by construction; a refused row would be a generator bug, so it is skipped, not invented.
        if (!result.ok) continue;
        batch.push({ rowNumber, values: result.values });
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
    await seedTimeline(db, company.companyId, demoMonth(now), now);
  }
  return true;
}

const REMARKS = [
  'Customer asked for a call back in the evening',
  'Promised to pay after salary credit',
  'Number switched off, will try the alternate number',
  'Spoke to the spouse, customer travelling',
  'Customer disputes the late fee',
];

/** Calls, PTPs, status changes and remarks for every EVENT_EVERY-th loan of `month`, dated before `now`. */
async function seedTimeline(db: Db, companyId: string, month: string, now: Date): Promise<void> {
  const [author] = await db
    .select({ id: users.userId })
    .from(users)
    .where(eq(users.email, companyId === DEMO_COMPANY_IN ? 'admin@demo.in' : 'admin@demo.id'));
  const ids = await db.select({ loanId: loans.loanId }).from(loans).where(and(eq(loans.companyId, companyId), eq(loans.allocationMonth, month))).orderBy(loans.loanId);
  const monthIds = ids.map((r) => r.loanId);
  const events: (typeof loanEvents.$inferInsert)[] = [];
  const at = (daysAgo: number, hour: number) => new Date(now.getTime() - daysAgo * 86_400_000 - hour * 3_600_000);
  const ptpDay = (daysAhead: number) => new Date(now.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  monthIds.forEach((loanId, i) => {
    if (i % EVENT_EVERY !== 0) return;
    const k = i / EVENT_EVERY;
    const base = { companyId, loanId, allocationMonth: month, authorId: author?.id ?? null };
    // Calls in the last week (some connected), and one older call outside spec 9's call window.
    for (let c = 0; c < 1 + (k % 4); c += 1) events.push({ ...base, kind: 'call', module: 'telecalling', details: { connected: (c + k) % 2 === 0 }, createdAt: at(c + 1, c) });
    events.push({ ...base, kind: 'call', module: 'telecalling', details: { connected: true }, createdAt: at(20, 1) });
    if (k % 2 === 0) {
      events.push({ ...base, kind: 'ptp', module: 'telecalling', details: { ptp_date: ptpDay(-10), ptp_amount: 5000, broken: true }, createdAt: at(15, 2) });
      events.push({ ...base, kind: 'ptp', module: 'telecalling', details: { ptp_date: ptpDay(5), ptp_amount: 2500 + (k % 5) * 1000, broken: false }, createdAt: at(2, 3) });
    }
    if (k % 3 === 0) events.push({ ...base, kind: 'status_change', module: 'fos', details: { status_name: 'Visit scheduled' }, createdAt: at(3, 4) });
    events.push({ ...base, kind: 'remark', module: null, remark: REMARKS[k % REMARKS.length], createdAt: at(1, 5) });
  });
  for (let i = 0; i < events.length; i += BATCH) await db.insert(loanEvents).values(events.slice(i, i + BATCH));
}
