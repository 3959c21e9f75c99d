/**
 * Loan list under concurrency (issue 12 "Speed"): 100,000 loans, 16 clients each keeping one
 * request in flight over its own keep-alive HTTP connection to a listening server, for a fixed
 * time. Prints requests per second and p50/p95/p99 latency; the targets are p99 under
 * 100 ms and at least 300 requests/s on the 2-core machine. Figures, not a pass/fail test.
 *
 * Two loads, measured one after the other: the list as the Loans screen first opens it (the
 * month's first pages, default order) and the list with three filters and a sort (dpd range,
 * state multi_select, total_claim_amount range, by claim desc; the issue 3 query). Pages vary so
 * no single cached answer serves every request. A third load asks a new filter on every request
 * (the claim range's upper bound moves), so no request finds its list's ids or total already
 * picked (portfolio/loan-page-ids.ts, loan-counts.ts): the cost of a list's first page.
 *
 * `npx tsx tests/bench/loan-list-concurrency.ts` needs DATABASE_URL (PostgreSQL; a throw-away
 * database is made on that server). The server runs in this process (PGlite would serialise every
 * query on its one connection, so it is not measured here). CONCURRENCY and SECONDS may be set.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { LENDER, createTestApp, headers, signIn } from '../api/helpers';
import { seedBenchLoans } from './loan-seed';

const LOANS = 100_000;
const MONTH = '2030-01';
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 15);

if (!process.env.DATABASE_URL) {
  console.log('loan-list-concurrency: skipped (set DATABASE_URL to a PostgreSQL server; measured on PostgreSQL only)');
  process.exit(0);
}

/** CPU seconds (user + system) of the local PostgreSQL server's processes, or null when it is not on this machine / not readable. */
function postgresCpuSeconds(): number | null {
  try {
    const pids = execFileSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).split('\n').filter(Boolean);
    let ticks = 0;
    for (const pid of pids) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // The backend ended meanwhile.
      }
    }
    return ticks / 100;
  } catch {
    return null;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const t = await createTestApp();
console.log(`database: ${t.database.kind} (throw-away database on DATABASE_URL); ${CONCURRENCY} connections, ${SECONDS} s per load`);
try {
  const t0 = performance.now();
  await seedBenchLoans(t.database.db, LOANS, MONTH);
  console.log(`seeded ${LOANS.toLocaleString('en')} loans in ${(performance.now() - t0).toFixed(0)} ms`);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = await signIn(t.app, 'admin@demo.in');
  const h = { ...headers(token, LENDER), 'accept-encoding': 'identity' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  const filtersUpTo = (maxClaim: number) =>
    JSON.stringify([
      { filter_key: 'dpd', min: 30, max: 180 },
      { filter_key: 'state', values: ['Maharashtra', 'Gujarat', 'Kerala'] },
      { filter_key: 'total_claim_amount', min: 100000, max: maxClaim },
    ]);
  const filters = filtersUpTo(900000);
  const loads: { name: string; url: (i: number) => string }[] = [
    { name: 'list (screen opening, default order)', url: (i) => `/api/recovery/loans?allocation_month=${MONTH}&page_size=50&page_number=${1 + (i % 5)}` },
    {
      name: 'list, 3 filters + sort by claim',
      url: (i) => `/api/recovery/loans?allocation_month=${MONTH}&page_size=50&sort_by=total_claim_amount&sort_order=desc&filters=${encodeURIComponent(filters)}&page_number=${1 + (i % 5)}`,
    },
    {
      name: 'list, 3 filters + sort by claim, a new filter every request',
      url: (i) => `/api/recovery/loans?allocation_month=${MONTH}&page_size=50&sort_by=total_claim_amount&sort_order=desc&filters=${encodeURIComponent(filtersUpTo(899999 - i))}&page_number=${1 + (i % 5)}`,
    },
  ];

  // node:http with a keep-alive agent: one socket per client, no per-request connection cost.
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(`${address}${path}`, { headers: h, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 300)}`))));
        res.on('error', reject);
      });
      req.on('error', reject);
    });

  for (const load of loads) {
    // Warm-up: plans, pool connections, JIT.
    for (let i = 0; i < 20; i += 1) await get(load.url(i));
    const times: number[] = [];
    let n = 0;
    const cpu0 = process.cpuUsage();
    const pg0 = postgresCpuSeconds();
    const start = performance.now();
    const until = start + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < until) {
          const i = n++;
          const t1 = performance.now();
          await get(load.url(i));
          times.push(performance.now() - t1);
        }
      }),
    );
    const elapsed = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const pg1 = postgresCpuSeconds();
    times.sort((a, b) => a - b);
    console.log(
      `GET /loans ${load.name} over ${LOANS.toLocaleString('en')} loans  c=${CONCURRENCY}  n=${times.length}  ${(times.length / elapsed).toFixed(0)} req/s  ` +
        `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  (targets: ≥ 300 req/s, p99 < 100 ms)`,
    );
    // Where the time goes: CPU per request in this process (server and the 16 clients) and in PostgreSQL.
    const perRequest = (seconds: number) => ((seconds * 1000) / times.length).toFixed(2);
    console.log(
      `  CPU per request: node ${perRequest((cpu.user + cpu.system) / 1e6)} ms` + (pg0 !== null && pg1 !== null ? `, PostgreSQL ${perRequest(pg1 - pg0)} ms` : '') + ` (2 cores: ${(2000 / (times.length / elapsed)).toFixed(2)} ms available)`,
    );
  }
  agent.destroy();
} finally {
  await t.app.close();
  await t.database.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await t.close();
}
