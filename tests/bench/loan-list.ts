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
import { sql } from 'drizzle-orm';
import { LENDER, createTestApp, headers, signIn } from '../api/helpers';

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
  await t.database.db.execute(sql`
    insert into loans (company_id, allocation_month, loan_id, client_customer_id, applicant_name, applicant_contact_number, product, city, state, pincode,
                       dpd, allocation_dpd_value, principal_outstanding_minor, total_claim_amount_minor, expected_emi_minor, date_of_default, co_applicant_count, variables)
    select ${LENDER}, ${MONTH}, l.loan_id, l.cust, l.name, l.mobile, l.product, l.city, l.state, l.pincode,
           l.dpd, l.bucket, (l.pos * 100)::bigint, (l.tos * 100)::bigint, (l.emi * 100)::bigint, l.dod, l.co,
           jsonb_build_object('loan_id', l.loan_id, 'client_customer_id', l.cust, 'applicant_name', l.name, 'applicant_contact_number', l.mobile,
                              'product', l.product, 'city', l.city, 'state', l.state, 'pincode', l.pincode, 'dpd', l.dpd, 'allocation_dpd_value', l.bucket,
                              'principal_outstanding', l.pos, 'total_claim_amount', l.tos, 'expected_emi', l.emi, 'date_of_default', l.dod::text,
                              'co_applicant_1_name', case when l.co > 0 then 'Co ' || l.g end)
    from (
      select g, 'BL' || lpad(g::text, 8, '0') as loan_id, 'BC' || lpad(g::text, 8, '0') as cust, 'Bench Customer ' || g as name,
             (9000000000 + g)::text as mobile,
             (array['Home Loan','Personal Loan','Business Loan','Two Wheeler Loan'])[1 + g % 4] as product,
             (array['Pune','Mumbai','Nagpur','Jaipur','Lucknow','Patna','Indore','Surat','Kochi','Guwahati'])[1 + (g * 7) % 10] as city,
             (array['Maharashtra','Rajasthan','Uttar Pradesh','Bihar','Madhya Pradesh','Gujarat','Kerala','Assam','Punjab','Karnataka'])[1 + (g * 13) % 10] as state,
             (400000 + g % 99999)::text as pincode,
             (g * 37) % 721 as dpd,
             (array['B0','B1','B2','B3','NPA'])[1 + ((g * 37) % 721) / 150] as bucket,
             round(((g * 7919) % 1500000 + 10000)::numeric, 2) as pos,
             round(((g * 7919) % 1500000 + 12000 + (g % 500))::numeric, 2) as tos,
             round(((g * 31) % 50000 + 1000)::numeric, 2) as emi,
             date '2024-01-01' + (g % 700) as dod,
             g % 3 as co
      from generate_series(1, ${LOANS}) g
    ) l`);
  await t.database.db.execute(sql`analyze loans`);
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
