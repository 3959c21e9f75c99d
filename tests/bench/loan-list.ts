/**
 * Loan list benchmark (issue 3 "Benchmark": loan list query with three filters over 100k loans,
 * target p95 < 150 ms on PostgreSQL). Prints figures; not a pass/fail test.
 *
 * Seeds 100,000 loans of demo-lender-in into one allocation month with one generate_series
 * insert (dpd, state, amounts, co-applicants, variables jsonb as an import writes them), then
 * times GET /api/recovery/loans with a dpd range, a state multi_select and a total_claim_amount
 * range, sorted by total_claim_amount, through Fastify's inject (no network), n=100; and
 * GET /api/recovery/filters/config, whose multi_select options are read from those loans, n=10.
 *
 * `npx tsx tests/bench/loan-list.ts` runs on in-memory PGlite; with DATABASE_URL on a throw-away
 * database of that PostgreSQL server.
 */
import { LENDER, createTestApp, headers, signIn } from '../api/helpers';
import { seedBenchLoans } from './loan-seed';

const LOANS = 100_000;
const MONTH = '2030-01';
const RUNS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const t = await createTestApp();
console.log(`database: ${t.database.kind}${process.env.DATABASE_URL ? ' (throw-away database on DATABASE_URL)' : ' (in-memory PGlite)'}`);
try {
  const t0 = performance.now();
  await seedBenchLoans(t.database.db, LOANS, MONTH);
  console.log(`seeded ${LOANS.toLocaleString('en')} loans in ${(performance.now() - t0).toFixed(0)} ms`);

  const { token } = await signIn(t.app, 'admin@demo.in');
  const h = headers(token, LENDER);
  const filters = JSON.stringify([
    { filter_key: 'dpd', min: 30, max: 180 },
    { filter_key: 'state', values: ['Maharashtra', 'Gujarat', 'Kerala'] },
    { filter_key: 'total_claim_amount', min: 100000, max: 900000 },
  ]);
  const url = `/api/recovery/loans?allocation_month=${MONTH}&page_size=50&sort_by=total_claim_amount&sort_order=desc&filters=${encodeURIComponent(filters)}`;
  const first = await t.app.inject({ url, headers: h });
  if (first.statusCode !== 200) throw new Error(first.body);
  console.log(`matching loans: ${first.json().data.total}`);

  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // Vary the page so the database cannot answer from one cached plan result only.
    const t1 = performance.now();
    const res = await t.app.inject({ url: `${url}&page_number=${1 + (i % 5)}`, headers: h });
    times.push(performance.now() - t1);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  times.sort((a, b) => a - b);
  console.log(`GET /loans 3 filters + sort over ${LOANS.toLocaleString('en')} loans  n=${RUNS}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms`);

  // The filter config reads the multi_select options (distinct values) of the latest month.
  const config: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const t1 = performance.now();
    const res = await t.app.inject({ url: '/api/recovery/filters/config', headers: h });
    config.push(performance.now() - t1);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  config.sort((a, b) => a - b);
  console.log(`GET /filters/config (options of ${LOANS.toLocaleString('en')} loans)  n=10  p50 ${percentile(config, 50).toFixed(1)} ms  p95 ${percentile(config, 95).toFixed(1)} ms`);
} finally {
  // Close the pool and let its sockets finish closing before the throw-away database is dropped
  // (a forced drop would otherwise kill a still-closing connection and crash the process).
  await t.app.close();
  await t.database.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await t.close();
}
