/**
 * Field-force tracking and assignment benchmark (issue 5 "Benchmark"; prints figures, not a
 * pass/fail test): `npx tsx tests/bench/tracking.ts [--executives 10000] [--pings 300] [--loans 100000]`.
 *
 * 1. Seeds executives in one SQL statement: 20 areas, each an area-manager role with a field
 *    executive role under it, an area manager and executives/20 field executives (500 each at the
 *    default 10,000).
 * 2. Inserts a day of pings (`--pings` per executive, one every 2 minutes) through the real insert
 *    path: recordPings — the service behind POST /api/fos/tracking/pings, one multi-row
 *    INSERT … SELECT FROM jsonb_to_recordset per batch plus the last-position upsert — in batches of
 *    one executive's 300 pings, inside a transaction as the route does (without HTTP and the
 *    idempotency key), 8 batches at a time. Prints rows/s.
 * 3. Times, through Fastify's inject (session lookup, reports-to scope, query, serialisation; no
 *    network), GET /api/fos/tracking/last-positions as one area manager (a team of 500) and
 *    GET /api/fos/tracking/trail of one executive's day: p50/p95 over 50 runs (target p95 < 100 ms).
 * 4. Seeds `--loans` loans into one month and times an allocate_loans operation selecting all of
 *    them by filter ([]), from POST to completed (the job runs in this process), in seconds.
 *
 * On PostgreSQL (DATABASE_URL: a throw-away database of that server) at full size. On PGlite
 * (no DATABASE_URL) at a tenth of the executives, since the WASM database is single-threaded and
 * in memory: the figures are PGlite's, not a prediction for PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import os from 'node:os';
import type { PingBody } from '../../src/domain/contracts/field/tracking';
import { localDay } from '../../src/domain/common/dates';
import { ensurePingPartitions, lastPositions, recordPings } from '../../src/server/modules/field/tracking/service';
import { users } from '../../src/server/modules/users/schema';
import { rowsOf } from '../../src/server/db/sql-helpers';
import { LENDER, createTestApp, headers, signIn } from '../api/helpers';

const onPostgres = Boolean(process.env.DATABASE_URL);
const { values } = parseArgs({ options: { executives: { type: 'string' }, pings: { type: 'string', default: '300' }, loans: { type: 'string', default: '100000' } } });
const EXECUTIVES = Number(values.executives ?? (onPostgres ? 10_000 : 1_000));
const PINGS = Number(values.pings);
const LOANS = Number(values.loans);
const AREAS = 20;
const RUNS = 50;
const CONCURRENCY = 8;
const MONTH = '2031-01';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed(label: string, fn: () => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(64)} n=${RUNS}  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
}

const t = await createTestApp({ jobPollingSeconds: 0.5, logger: false } as never);
const { db } = t.database;
console.log(`database: ${t.database.kind}${onPostgres ? ' (throw-away database on DATABASE_URL)' : ' (in-memory PGlite, reduced size)'}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);
try {
  // ---------------------------------------------------------------- executives
  const t0 = performance.now();
  await db.execute(sql`
    with head as (select role_id from roles where company_id = ${LENDER} and role_name = 'Collection Head'),
    am as (insert into roles (company_id, role_name, reports_to_role_id) select ${LENDER}, 'Bench Area ' || a, (select role_id from head) from generate_series(1, ${AREAS}) a returning role_id, role_name),
    fe as (insert into roles (company_id, role_name, reports_to_role_id) select ${LENDER}, 'Bench FE ' || substr(am.role_name, 12), am.role_id from am returning role_id, role_name)
    select 1`);
  await db.execute(sql`
    insert into users (email, name, user_type, profession, password_hash, team, location)
    select 'bench.fe' || g || '@bench.test', 'Bench Executive ' || g, 'user', 'field executive', (select password_hash from users where email = 'admin@demo.in'), 'Area ' || (1 + g % ${AREAS}), 'Area ' || (1 + g % ${AREAS})
    from generate_series(1, ${EXECUTIVES}) g
    union all
    select 'bench.am' || a || '@bench.test', 'Bench Manager ' || a, 'user', 'area manager', (select password_hash from users where email = 'admin@demo.in'), 'Area ' || a, 'Area ' || a
    from generate_series(1, ${AREAS}) a`);
  await db.execute(sql`
    insert into user_companies (company_id, user_id, profile_id, role_id)
    select ${LENDER}, u.user_id,
      (select profile_id from profiles where company_id = ${LENDER} and profile_name = case when u.profession = 'area manager' then 'Manager' else 'Field Executive' end),
      (select role_id from roles where company_id = ${LENDER} and role_name = (case when u.profession = 'area manager' then 'Bench Area ' else 'Bench FE ' end) || substr(u.team, 6))
    from users u where u.email like '%@bench.test'`);
  for (const table of ['users', 'user_companies', 'roles']) await db.execute(sql`analyze ${sql.identifier(table)}`);
  console.log(`seeded ${EXECUTIVES.toLocaleString('en')} executives in ${AREAS} areas (${EXECUTIVES / AREAS} each) in ${(performance.now() - t0).toFixed(0)} ms`);

  // ---------------------------------------------------------------- pings
  const execs = rowsOf<{ user_id: string; name: string }>(await db.execute(sql`select user_id, name from users where email like 'bench.fe%' order by email`));
  const now = Date.now();
  const start = now - PINGS * 2 * 60_000;
  await ensurePingPartitions(db, [new Date(start), new Date(now)]);
  const quiet = { publish: async () => undefined };
  const batch = (i: number): PingBody[] =>
    Array.from({ length: PINGS }, (_, k) => ({
      latitude: 18.4 + (i % 100) * 0.004 + k * 0.00002,
      longitude: 73.7 + Math.floor(i / 100) * 0.002 + (k % 7) * 0.00003,
      accuracy_m: 10 + (k % 5),
      recorded_at: new Date(start + k * 2 * 60_000).toISOString(),
      battery: 90 - Math.floor(k / 5),
      source: 'timer',
    }));
  const t1 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: onPostgres ? CONCURRENCY : 1 }, async () => {
      for (let i = next++; i < execs.length; i = next++) {
        const e = execs[i];
        await db.transaction((tx) => recordPings(tx, quiet, { companyId: LENDER, userId: e.user_id, name: e.name }, batch(i)).then(() => undefined));
      }
    }),
  );
  const seconds = (performance.now() - t1) / 1000;
  const total = EXECUTIVES * PINGS;
  console.log(`insert ${total.toLocaleString('en')} pings (recordPings, multi-row INSERT…jsonb_to_recordset, ${PINGS}/batch, ${onPostgres ? CONCURRENCY : 1} at a time): ${seconds.toFixed(1)} s  ${Math.round(total / seconds).toLocaleString('en')} rows/s`);
  for (const table of ['position_pings', 'fos_last_positions']) await db.execute(sql`analyze ${sql.identifier(table)}`);
  const parts = rowsOf<{ part: string; n: string }>(await db.execute(sql`select tableoid::regclass::text as part, count(*) as n from position_pings group by 1 order by 1`));
  console.log(`partitions holding them: ${parts.map((p) => `${p.part} ${Number(p.n).toLocaleString('en')}`).join(', ')}`);

  // ---------------------------------------------------------------- reads
  const manager = headers((await signIn(t.app, 'bench.am1@bench.test')).token, LENDER);
  const first = await t.app.inject({ url: '/api/fos/tracking/last-positions', headers: manager });
  if (first.statusCode !== 200) throw new Error(first.body);
  const team = first.json().data.executives as { user_id: string; freshness: string }[];
  console.log(`area manager's team: ${team.length} executives (${team.filter((e) => e.freshness === 'fresh').length} fresh)`);
  await timed(`GET /api/fos/tracking/last-positions (team of ${team.length})`, async () => {
    const res = await t.app.inject({ url: '/api/fos/tracking/last-positions', headers: manager });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  // The same read without HTTP (session, permission, zod response check, JSON): the query's own cost.
  const [am] = rowsOf<{ user_id: string; role_id: string }>(await db.execute(sql`select u.user_id, uc.role_id from users u join user_companies uc on uc.user_id = u.user_id where u.email = 'bench.am1@bench.test'`));
  const [amUser] = await db.select().from(users).where(eq(users.userId, am.user_id));
  const caller = { companyId: LENDER, user: amUser, permissions: {}, roleId: am.role_id, profileId: null, companySettingsVersion: null };
  await timed(`  lastPositions() service only (team of ${team.length})`, async () => {
    await lastPositions(db, caller, {});
  });
  const day = localDay(new Date(now - 60_000), 330);
  const trailUrl = `/api/fos/tracking/trail?user_id=${team[0].user_id}&date=${day}`;
  const trail = (await t.app.inject({ url: trailUrl, headers: manager })).json().data as { points: unknown[]; distance_km: number; stops: unknown[] };
  console.log(`one executive's day: ${trail.points.length} points, ${trail.distance_km} km, ${trail.stops.length} stops`);
  await timed(`GET /api/fos/tracking/trail (${trail.points.length} points)`, async () => {
    const res = await t.app.inject({ url: trailUrl, headers: manager });
    if (res.statusCode !== 200) throw new Error(res.body);
  });

  // ---------------------------------------------------------------- assignment by filter
  const t2 = performance.now();
  await db.execute(sql`
    insert into loans (company_id, allocation_month, loan_id, applicant_name, city, state, pincode, dpd, total_claim_amount_minor, variables)
    select ${LENDER}, ${MONTH}, 'AL' || lpad(g::text, 8, '0'), 'Bench Customer ' || g, 'Pune', 'Maharashtra', (411000 + g % 60)::text, (g * 37) % 721, ((g * 7919) % 1500000 + 12000)::bigint * 100,
           jsonb_build_object('loan_id', 'AL' || lpad(g::text, 8, '0'), 'dpd', (g * 37) % 721)
    from generate_series(1, ${LOANS}) g`);
  await db.execute(sql`analyze loans`);
  console.log(`seeded ${LOANS.toLocaleString('en')} loans in ${MONTH} in ${(performance.now() - t2).toFixed(0)} ms`);
  const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const t3 = performance.now();
  const created = await t.app.inject({ method: 'POST', url: '/api/bulk/loan-operations', headers: admin, payload: { operation_type: 'allocate_loans', allocation_month: MONTH, filters: [], user_id: execs[0].user_id } });
  if (created.statusCode !== 200) throw new Error(created.body);
  let op: { status: string; success_count: number; failed_count: number; total_count: number };
  for (;;) {
    op = (await t.app.inject({ url: `/api/bulk/loan-operations/${created.json().data.id}`, headers: admin })).json().data;
    if (['completed', 'partially_completed', 'failed', 'cancelled'].includes(op.status)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const opSeconds = (performance.now() - t3) / 1000;
  console.log(`load average now ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(
    `allocate_loans by filter ([] = the whole month) of ${op.total_count.toLocaleString('en')} loans: ${op.status}, ${op.success_count.toLocaleString('en')} allocated in ${opSeconds.toFixed(1)} s (${Math.round(op.success_count / opSeconds).toLocaleString('en')} loans/s, chunks of ${t.config.loanOperationChunkRows})`,
  );
} finally {
  // Close the pool and let its sockets finish closing before the throw-away database is dropped.
  await t.app.close();
  await t.database.close();
  await new Promise((resolve) => setTimeout(resolve, 500));
  await t.close();
}
