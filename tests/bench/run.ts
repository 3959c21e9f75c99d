/**
 * Benchmarks for the foundation (prints figures; not a pass/fail test).
 *
 * - sign-in: full encrypted sign-in (RSA-OAEP decrypt + argon2id verify at production cost), ms p50/p95
 * - authenticated request: GET /api/user/profile/details (session lookup + idle refresh), ms p50/p95
 * - user management search over a company of 10,000 users: GET /api/user/company/users with
 *   search_type=name and filters, ms p50/p95
 *
 * Runs on in-memory PGlite, or on a throw-away database of `DATABASE_URL`'s server when set.
 * Requests go through Fastify's `inject`, so figures exclude the network.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { LENDER, createTestApp, headers, signIn } from '../api/helpers';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(label: string, runs: number, fn: () => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} n=${String(runs).padStart(4)}  p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`);
}

const production = loadConfig({}, {});
const t = await createTestApp({ argon2: production.argon2 });
console.log(`database: ${t.database.kind}${process.env.DATABASE_URL ? ' (throw-away database on DATABASE_URL)' : ' (in-memory PGlite)'}`);
try {
  await measure('sign-in (RSA-OAEP + argon2id m=19456 t=2)', 20, async () => {
    await signIn(t.app, 'admin@demo.in');
  });
  const { token } = await signIn(t.app, 'admin@demo.in');
  const h = headers(token, LENDER);
  await measure('GET /api/user/profile/details', 300, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile/details', headers: h });
    if (res.statusCode !== 200) throw new Error(res.body);
  });

  const t0 = performance.now();
  await t.database.db.execute(sql`
    insert into users (user_id, email, name, mobile, password_hash, user_type, profession, team, location)
    select 'bench-' || g, 'bench' || g || '@demo.in', 'Bench Agent ' || g, (9000000000 + g)::text, 'x', 'user',
           (array['telecalling','field executive','collection manager','area manager'])[1 + g % 4],
           'Team ' || (g % 40), (array['Pune','Mumbai','Nagpur','Nashik','Kolhapur'])[1 + g % 5]
    from generate_series(1, 10000) g`);
  await t.database.db.execute(sql`
    insert into user_companies (company_id, user_id) select ${LENDER}, 'bench-' || g from generate_series(1, 10000) g`);
  console.log(`seeded 10,000 users in ${(performance.now() - t0).toFixed(0)} ms`);

  await measure('GET /company/users page 1 (10,000 users)', 100, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/company/users?page_number=1&page_size=10', headers: h });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  let n = 0;
  await measure('GET /company/users search name + profession + location', 100, async () => {
    n++;
    const url = `/api/user/company/users?search_type=name&search_value=Agent%20${n}&professions=telecalling&locations=Pune`;
    const res = await t.app.inject({ method: 'GET', url, headers: h });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
  await measure('GET /users/filter (professions, teams, locations)', 50, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/users/filter?filters=professions,teams,locations', headers: h });
    if (res.statusCode !== 200) throw new Error(res.body);
  });
} finally {
  await t.close();
}
