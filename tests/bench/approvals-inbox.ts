/**
 * Approvals inbox benchmark (issue 16 "npm run bench": the approvals inbox with 10,000 pending
 * requests over a 5-level chain, list p95, target < 100 ms). Prints figures; not a pass/fail test.
 *
 * Seeds 10,000 pending waiver requests of the demo lender's telecaller with one generate_series
 * insert, spread over the five levels of the chain (each with its submitted event and the approvals
 * of the levels before it, as the engine writes them), then times GET /api/approval/requests
 * (view to_decide: the caller's pending requests with counts per type) through Fastify's inject,
 * n=100 each, for the collection head (a role checker, sees most levels), the telecalling
 * supervisor (sees the levels of their role, minus those they already approved) and the company
 * admin (admin rank, sees all), paging through the first five pages.
 *
 * `npx tsx tests/bench/approvals-inbox.ts` runs on in-memory PGlite; with DATABASE_URL on a
 * throw-away database of that PostgreSQL server.
 */
import { requestLevels, type ChainLevel } from '../../src/domain/approval/chains';
import { roleLinks } from '../../src/server/modules/users/queries';
import { LENDER, createTestApp, headers, signIn } from '../api/helpers';

const REQUESTS = 10_000;
const RUNS = 100;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const t = await createTestApp();
console.log(`database: ${t.database.kind}${process.env.DATABASE_URL ? ' (throw-away database on DATABASE_URL)' : ' (in-memory PGlite)'}`);
try {
  const sign = async (email: string) => {
    const s = await signIn(t.app, email);
    return { h: headers(s.token, LENDER), id: s.user.user_id };
  };
  const [admin, head, supervisor, telecaller] = await Promise.all(['admin@demo.in', 'manager@demo.in', 'supervisor@demo.in', 'telecaller@demo.in'].map(sign));
  const links = await roleLinks(t.database.db, LENDER);
  const role = (name: string) => links.find((l) => l.roleName === name)!.roleId;
  const chain: ChainLevel[] = [
    { name: 'Reporting manager', approver: { kind: 'reports_to', depth: 1 }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 },
    { name: 'Telecalling supervisor', approver: { kind: 'role', role_id: role('Telecalling Supervisor') }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 },
    { name: 'Area manager', approver: { kind: 'role', role_id: role('Area Manager') }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 },
    { name: 'Collection head', approver: { kind: 'role', role_id: role('Collection Head') }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 48 },
    { name: 'Central approval team', approver: { kind: 'central_team' }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 48 },
  ];
  const saved = await t.app.inject({ method: 'PUT', url: '/api/approval/chains/waiver', headers: admin.h, payload: { levels: chain } });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  const levels = requestLevels(chain, {}, role('Telecaller'), links);
  // Who approved each earlier level in the seed: level 1 the supervisor, 2 the head, 3 and 4 the admin.
  const approvers = [supervisor.id, head.id, admin.id, admin.id];

  const t0 = performance.now();
  await t.database.executeSql(
    `insert into approval_requests (request_id, company_id, request_type, loan_id, subject_id, maker_user_id, maker_role_id, amount_minor, waiver_bp, summary, status, levels, current_level, current_role_ids, current_central, due_at, created_at)
     select 'bench-' || g, $1, case when g % 4 = 0 then 'settlement' else 'waiver' end, 'LN' || lpad((g % 1000 + 1)::text, 8, '0'), 'bench-subject-' || g, $2, $3, 100000 + g, 1500, 'Bench waiver ' || g, 'pending', $4::jsonb,
       (g % 5) + 1,
       '{}'::text[],
       (g % 5) = 4, now() + interval '1 day', now() - (g || ' seconds')::interval
     from generate_series(1, ${REQUESTS}) g`,
    [LENDER, telecaller.id, role('Telecaller'), JSON.stringify(levels)],
  );
  // current_role_ids: the roles of each request's current level, as the engine denormalises them.
  for (let k = 0; k < levels.length; k++) {
    await t.database.executeSql(`update approval_requests set current_role_ids = $1::text[] where request_id like 'bench-%' and current_level = $2`, [levels[k].role_ids, k + 1]);
  }
  await t.database.executeSql(`insert into approval_events (request_id, company_id, level, kind, actor_user_id, remarks) select request_id, company_id, 0, 'submitted', maker_user_id, summary from approval_requests where request_id like 'bench-%'`);
  for (let k = 1; k < levels.length; k++) {
    await t.database.executeSql(
      `insert into approval_events (request_id, company_id, level, kind, actor_user_id, remarks) select request_id, company_id, $1, 'approved', $2, 'ok' from approval_requests where request_id like 'bench-%' and current_level > $1`,
      [k, approvers[k - 1]],
    );
  }
  await t.database.executeSql('analyze approval_requests; analyze approval_events');
  console.log(`seeded ${REQUESTS.toLocaleString('en')} pending requests over a ${levels.length}-level chain in ${(performance.now() - t0).toFixed(0)} ms`);

  for (const [who, caller] of [
    ['collection head', head],
    ['telecalling supervisor', supervisor],
    ['company admin', admin],
  ] as const) {
    const url = '/api/approval/requests?view=to_decide&page_size=20';
    const first = await t.app.inject({ url, headers: caller.h });
    if (first.statusCode !== 200) throw new Error(first.body);
    const data = first.json().data;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t1 = performance.now();
      const res = await t.app.inject({ url: `${url}&page_number=${1 + (i % 5)}`, headers: caller.h });
      times.push(performance.now() - t1);
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    times.sort((a, b) => a - b);
    const counts = (data.counts as { request_type: string; pending: number }[]).map((c) => `${c.request_type} ${c.pending}`).join(', ');
    console.log(`GET /approval/requests to_decide as ${who} (${data.total} to decide: ${counts})  n=${RUNS}  p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  (target p95 < 100 ms)`);
  }
} finally {
  await t.close();
}
