/**
 * Benchmark of payment reconciliation (issue 15 "npm run bench"; prints figures, exits 1 when the
 * target is missed or a count is wrong): `npx tsx tests/bench/reconciliation.ts [payments]`
 * (default 100,000) against as many loans, on PGlite or, with DATABASE_URL, a throw-away
 * PostgreSQL database.
 *
 * The loans are written by one generate_series insert (setup, not measured). The payments are an
 * offline upload: 96 % name a loan and match, 2 % name no loan of the company (unknown_loan),
 * 2 % differ from their stated expected amount (amount_mismatch), and 1,000 rows repeat another
 * row of the batch. Measured: `reconcileBatch` — one set-based statement, no per-row loop — on
 * all of them (target < 60 s), then the same batch again (every row a duplicate).
 */
import { performance } from 'node:perf_hooks';
import { and, count, eq, sql } from 'drizzle-orm';
import { reconcileBatch, type BatchPayment } from '../../src/server/modules/payments/queries';
import { loanPayments, paymentExceptions } from '../../src/server/modules/payments/schema';
import { createTestApp, LENDER } from '../api/helpers';
import { seedBenchLoans } from './loan-seed';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 100_000);
const MONTH = '2031-01';
const REPEATS = Math.min(1000, Math.floor(N / 100));
const TARGET_S = 60;

const t = await createTestApp();
try {
  const s0 = performance.now();
  await seedBenchLoans(t.database.db, N, MONTH);
  console.log(`setup: ${N} loans in ${((performance.now() - s0) / 1000).toFixed(1)} s`);
  let unknown = 0;
  let mismatch = 0;
  const payments: BatchPayment[] = Array.from({ length: N }, (_, i) => {
    const g = i + 1;
    const amount = ((g * 7919) % 500000) + 100;
    const row: BatchPayment = { source_ref: `RB${g}`, loan_id: `BL${String(g).padStart(8, '0')}`, amount_minor: amount, paid_at: '2031-01-15T10:00:00+05:30', channel: 'neft' };
    if (g % 50 === 0) {
      unknown++;
      return { ...row, loan_id: `ZZ${g}` };
    }
    if (g % 50 === 25) {
      mismatch++;
      return { ...row, expected_minor: amount + 100 };
    }
    return g % 3 === 0 ? { ...row, expected_minor: amount } : row;
  });
  const batch = [...payments, ...payments.slice(0, REPEATS)];
  const good = N - unknown - mismatch;

  const t1 = performance.now();
  const first = await reconcileBatch(t.database.db, LENDER, 'upload', batch);
  const firstS = (performance.now() - t1) / 1000;
  const t2 = performance.now();
  const again = await reconcileBatch(t.database.db, LENDER, 'upload', batch);
  const againS = (performance.now() - t2) / 1000;

  const [{ posted }] = await t.database.db.select({ posted: count() }).from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, 'upload'), sql`${loanPayments.sourceRef} like 'RB%'`));
  const queued = await t.database.db
    .select({ reason: paymentExceptions.reason, n: count() })
    .from(paymentExceptions)
    .where(and(eq(paymentExceptions.companyId, LENDER), sql`${paymentExceptions.sourceRef} like 'RB%'`))
    .groupBy(paymentExceptions.reason);
  const by = Object.fromEntries(queued.map((q) => [q.reason, q.n]));
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`reconciliation on ${db}: ${batch.length} payment rows (${N} distinct, ${REPEATS} repeated in the batch) against ${N} loans`);
  console.log(`  one set-based statement: ${firstS.toFixed(1)} s (target < ${TARGET_S} s) — posted ${first.posted}, exceptions ${first.exceptions}, duplicates ${first.duplicates}`);
  console.log(`  the same batch again: ${againS.toFixed(1)} s — posted ${again.posted}, exceptions ${again.exceptions}, duplicates ${again.duplicates}`);
  console.log(`  in the tables: ${posted} posted (must be ${good}), unknown_loan ${by.unknown_loan ?? 0} (must be ${unknown}), amount_mismatch ${by.amount_mismatch ?? 0} (must be ${mismatch})`);
  const right = posted === good && first.posted === good && (by.unknown_loan ?? 0) === unknown && (by.amount_mismatch ?? 0) === mismatch && first.duplicates === REPEATS && again.posted === 0 && again.exceptions === 0;
  if (!right) {
    console.log('  counts wrong');
    process.exitCode = 1;
  }
  if (firstS >= TARGET_S) {
    console.log('  target missed');
    process.exitCode = 1;
  }
} finally {
  await t.close();
}
