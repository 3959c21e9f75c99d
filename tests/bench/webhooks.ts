/**
 * Benchmark of gateway webhooks (issue 15 "npm run bench"; prints figures, exits 1 when payments
 * posted differ from the unique events): `npx tsx tests/bench/webhooks.ts [total] [--concurrency=N]
 * [--only=spread|hot] [--sample]` (default 10,000 per scenario, 32 in flight), on PGlite or, with
 * DATABASE_URL, a throw-away PostgreSQL database.
 *
 * The demo lender gets Cashfree, Easebuzz and PhonePe credentials through the API; 80 % of the
 * webhooks are unique payments on their own links (inserted directly: setup, not measured),
 * spread over the three vendors and signed as each vendor signs; 20 % are repeats of one of them.
 * All are posted in a shuffled order, N at a time, through the real route (in-process inject).
 * Two scenarios, one line each:
 * - spread: one link per loan over as many loans of one company month (a gateway's day: many
 *   borrowers pay) — the scenario the target is about;
 * - hot: every link on ONE loan, so every posting queues on that loan's row (a worst case, not
 *   the target).
 * Figures: p50/p95/p99 handling time per webhook (target p99 < 50 ms: the answer, sent once the
 * event is stored in the inbox, webhook-inbox.ts), when the last answer came and when the inbox
 * had posted every payment, payments posted (must equal the unique events) and `uptime` load. `--sample` (PostgreSQL) also samples
 * pg_stat_activity every 10 ms during a run and prints what the backends were waiting on.
 */
import { randomBytes } from 'node:crypto';
import { execSync } from 'node:child_process';
import { like } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, PgVendor } from '../../src/server/modules/payments/gateways/types';
import { loanPayments, paymentLinks } from '../../src/server/modules/payments/schema';
import { webhookInboxesSettled } from '../../src/server/modules/payments/webhook-inbox';
import { createTestApp, headers, LENDER, signIn } from '../api/helpers';
import { seedBenchLoans } from './loan-seed';

const args = process.argv.slice(2);
const TOTAL = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const UNIQUE = Math.round(TOTAL * 0.8);
const CONCURRENCY = Number(/^--concurrency=(\d+)$/.exec(args.find((a) => a.startsWith('--concurrency=')) ?? '')?.[1] ?? 32);
const ONLY = /^--only=(\w+)$/.exec(args.find((a) => a.startsWith('--only=')) ?? '')?.[1];
const SAMPLE = args.includes('--sample');
const VENDORS: PgVendor[] = ['cashfree', 'easebuzz', 'phonepe'];
const CREDS: Record<PgVendor, GatewayCredentials> = {
  cashfree: { merchantId: 'CF-BENCH', apiKey: 'cf-bench-app', apiSecret: 'cf-bench-secret', webhookSecrets: ['cf-bench-secret'] },
  easebuzz: { merchantId: 'EB-BENCH', apiKey: 'EBBENCHKEY', saltKey: 'eb-bench-salt', webhookSecrets: [] },
  phonepe: { merchantId: 'PPBENCH', saltKey: 'pp-bench-salt', saltIndex: '1', webhookSecrets: [] },
};
const load = () => execSync('uptime').toString().trim().replace(/^.*load average:\s*/, 'load ');

const t = await createTestApp();
try {
  const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  for (const body of [
    { pg_vendor: 'cashfree', merchant_id: 'CF-BENCH', api_key: 'cf-bench-app', api_secret: 'cf-bench-secret' },
    { pg_vendor: 'easebuzz', merchant_id: 'EB-BENCH', api_key: 'EBBENCHKEY', salt_key: 'eb-bench-salt' },
    { pg_vendor: 'phonepe', merchant_id: 'PPBENCH', salt_key: 'pp-bench-salt', salt_index: '1' },
  ]) {
    const res = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: body });
    if (res.statusCode !== 200) throw new Error(res.body);
  }
  const demoLoan = (await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data.loans[0] as { loan_id: string; allocation_month: string };
  const month = demoLoan.allocation_month;
  // The spread scenario's loans share the demo loans' company month (one month's counts, as in production).
  if (!ONLY || ONLY === 'spread') await seedBenchLoans(t.database.db, UNIQUE, month);
  const db = t.config.databaseUrl ? 'PostgreSQL' : 'PGlite';
  console.log(`webhooks on ${db}: ${TOTAL} per scenario (${UNIQUE} unique, ${TOTAL - UNIQUE} repeats), ${CONCURRENCY} in flight (target p99 < 50 ms)`);

  const scenarios: { name: string; what: string; loanOf: (i: number) => string }[] = [
    { name: 'spread', what: `${UNIQUE} loans, one link each`, loanOf: (i) => `BL${String(i + 1).padStart(8, '0')}` },
    { name: 'hot', what: `ONE loan, ${UNIQUE} links`, loanOf: () => demoLoan.loan_id },
  ];
  for (const s of scenarios.filter((x) => !ONLY || x.name === ONLY)) {
    const now = new Date();
    const links = Array.from({ length: UNIQUE }, (_, i) => ({ linkId: `pl_${randomBytes(12).toString('hex')}`, loanId: s.loanOf(i), vendor: VENDORS[i % 3], paymentId: `bench-${s.name}-${i}` }));
    for (let i = 0; i < links.length; i += 1000) {
      await t.database.db.insert(paymentLinks).values(
        links.slice(i, i + 1000).map((l) => ({
          linkId: l.linkId,
          companyId: LENDER,
          loanId: l.loanId,
          allocationMonth: month,
          pgVendor: l.vendor,
          amountMinor: 10_000,
          purpose: 'Bench',
          partial: false,
          status: 'ACTIVE' as const,
          url: 'http://bench.invalid',
          expiresAt: new Date(now.getTime() + 86_400_000),
        })),
      );
    }
    const unique = links.map((l) => ({
      vendor: l.vendor,
      ...GATEWAYS[l.vendor].signWebhook(CREDS[l.vendor], { linkId: l.linkId, amountMinor: 10_000, linkAmountMinor: 10_000, paidBeforeMinor: 0, outcome: 'SUCCESS', paymentId: l.paymentId, channel: 'upi' }, now),
    }));
    const all = [...unique, ...Array.from({ length: TOTAL - UNIQUE }, () => unique[Math.floor(Math.random() * unique.length)])];
    for (let i = all.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [all[i], all[j]] = [all[j], all[i]];
    }

    const waits = new Map<string, number>();
    let sampling = SAMPLE && t.config.databaseUrl;
    const sampler = sampling
      ? (async () => {
          const c = new pg.Client({ connectionString: t.config.databaseUrl });
          await c.connect();
          while (sampling) {
            const r = await c.query<{ w: string; n: number }>(
              `select coalesce(a.wait_event_type || ':' || a.wait_event, 'cpu') || coalesce(' on ' || l.locktype || coalesce(' ' || l.relation::regclass::text, ''), '') as w, count(*)::int as n
               from pg_stat_activity a left join pg_locks l on l.pid = a.pid and not l.granted
               where a.datname = current_database() and a.pid <> pg_backend_pid() and a.state = 'active' group by 1`,
            );
            for (const row of r.rows) waits.set(row.w, (waits.get(row.w) ?? 0) + row.n);
            await new Promise((done) => setTimeout(done, 10));
          }
          await c.end();
        })()
      : null;
    const loadBefore = load();
    const times: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < all.length) {
          const w = all[next++];
          const t0 = performance.now();
          const res = await t.app.inject({ method: 'POST', url: `/api/payment/webhooks/${w.vendor}/${LENDER}`, headers: w.headers, payload: w.body });
          times.push(performance.now() - t0);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        }
      }),
    );
    const wall = performance.now() - started;
    // Answers come once an event is stored; its payment posts from the inbox right after.
    await webhookInboxesSettled();
    const postedAll = performance.now() - started;
    sampling = false;
    await sampler;
    times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
    const posted = (await t.database.db.select({ id: loanPayments.paymentId }).from(loanPayments).where(like(loanPayments.reference, `%:bench-${s.name}-%`))).length;
    console.log(
      `  ${s.name.padEnd(6)} (${s.what}): p50 ${pct(50).toFixed(1)} / p95 ${pct(95).toFixed(1)} / p99 ${pct(99).toFixed(1)} ms${pct(99) < 50 ? '' : ' (target missed)'}; ` +
        `posted ${posted} of ${UNIQUE} unique; answered in ${(wall / 1000).toFixed(1)} s, all posted at ${(postedAll / 1000).toFixed(1)} s; ${[...statuses].map(([c, n]) => `${c}×${n}`).join(', ')}; ${loadBefore} → ${load()}`,
    );
    if (waits.size) {
      const total = [...waits.values()].reduce((a, b) => a + b, 0);
      console.log(`    active backends sampled by what they wait on: ${[...waits].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([w, n]) => `${w} ${((100 * n) / total).toFixed(0)} %`).join(', ')}`);
    }
    if (posted !== UNIQUE) process.exitCode = 1;
  }
} finally {
  await t.close();
}
