/**
 * Benchmark of gateway webhooks (issue 15 "npm run bench"; prints figures, exits 1 when a target
 * is missed): `npx tsx tests/bench/webhooks.ts [total] [--concurrency=N]` (default 10,000, 32), on PGlite or, with
 * DATABASE_URL, a throw-away PostgreSQL database.
 *
 * The demo lender gets Cashfree, Easebuzz and PhonePe credentials through the API; 80 % of the
 * webhooks are unique payments on their own links (inserted directly: setup, not measured),
 * spread over the three vendors and signed as each vendor signs; 20 % are repeats of one of them.
 * All are posted in a shuffled order, N at a time, through the real route (in-process inject).
 * Figures: p50/p99 handling time per webhook (target p99 < 50 ms) and payments posted (must equal
 * the unique events).
 */
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { GATEWAYS } from '../../src/server/modules/payments/gateways';
import type { GatewayCredentials, PgVendor } from '../../src/server/modules/payments/gateways/types';
import { loanPayments, paymentLinks } from '../../src/server/modules/payments/schema';
import { createTestApp, headers, LENDER, signIn } from '../api/helpers';

const TOTAL = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000);
const UNIQUE = Math.round(TOTAL * 0.8);
const CONCURRENCY = Number(/^--concurrency=(\d+)$/.exec(process.argv.slice(2).find((a) => a.startsWith('--concurrency=')) ?? '')?.[1] ?? 32);
const VENDORS: PgVendor[] = ['cashfree', 'easebuzz', 'phonepe'];
const CREDS: Record<PgVendor, GatewayCredentials> = {
  cashfree: { merchantId: 'CF-BENCH', apiKey: 'cf-bench-app', apiSecret: 'cf-bench-secret', webhookSecrets: ['cf-bench-secret'] },
  easebuzz: { merchantId: 'EB-BENCH', apiKey: 'EBBENCHKEY', saltKey: 'eb-bench-salt', webhookSecrets: [] },
  phonepe: { merchantId: 'PPBENCH', saltKey: 'pp-bench-salt', saltIndex: '1', webhookSecrets: [] },
};

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
  const loan = (await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data.loans[0] as { loan_id: string; allocation_month: string };
  const now = new Date();
  const links = Array.from({ length: UNIQUE }, (_, i) => ({ linkId: `pl_${randomBytes(12).toString('hex')}`, vendor: VENDORS[i % 3], paymentId: `bench${i}` }));
  for (let i = 0; i < links.length; i += 1000) {
    await t.database.db.insert(paymentLinks).values(
      links.slice(i, i + 1000).map((l) => ({
        linkId: l.linkId,
        companyId: LENDER,
        loanId: loan.loan_id,
        allocationMonth: loan.allocation_month,
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
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  const posted = (await t.database.db.select({ id: loanPayments.paymentId }).from(loanPayments).where(like(loanPayments.reference, '%:bench%'))).length;
  const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`webhooks on ${db}: ${TOTAL} sent (${UNIQUE} unique, ${TOTAL - UNIQUE} repeats), ${CONCURRENCY} at a time, ${(wall / 1000).toFixed(1)} s`);
  console.log(`  statuses: ${[...statuses].map(([s, c]) => `${s}×${c}`).join(', ')}`);
  console.log(`  handling time: p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms (target < 50 ms; with ${CONCURRENCY} in flight a request also waits for the others)`);
  console.log(`  payments posted: ${posted} (must equal ${UNIQUE})`);
  if (posted !== UNIQUE) process.exitCode = 1;
  if (pct(99) >= 50) console.log('  p99 target missed');
} finally {
  await t.close();
}
