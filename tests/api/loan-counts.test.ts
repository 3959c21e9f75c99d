/**
 * The loan list's totals come from maintained counts (issue 12 "Speed"; portfolio/loan-counts.ts):
 * `loan_month_counts` plus its `loan_month_count_deltas` are kept exact by triggers on every insert,
 * update and delete of loans (deltas folded into the row now and then), and a filtered total
 * counted once is reused only while no write touched the month. Whatever writes the
 * loans, the total the list answers is the true count.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/sql-helpers';
import { seedBenchLoans } from '../bench/loan-seed';
import { LENDER, createTestApp, headers, signIn, type TestApp } from './helpers';

const MONTH = '2031-03';
let t: TestApp;
let h: Record<string, string>;
const dpdFilter = encodeURIComponent(JSON.stringify([{ filter_key: 'dpd', min: 30, max: 180 }]));

beforeAll(async () => {
  t = await createTestApp();
  h = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  await seedBenchLoans(t.database.db, 600, MONTH);
}, 120_000);
afterAll(async () => t?.close());

async function listTotal(filters?: string): Promise<number> {
  const res = await t.app.inject({ url: `/api/recovery/loans?allocation_month=${MONTH}&page_size=10${filters ? `&filters=${filters}` : ''}`, headers: h });
  expect(res.statusCode).toBe(200);
  return res.json().data.total as number;
}

async function counted(where = sql`true`): Promise<number> {
  const res = await t.database.db.execute(sql`select count(*)::int as n from loans where company_id = ${LENDER} and allocation_month = ${MONTH} and not is_archived and ${where}`);
  return rowsOf<{ n: number }>(res)[0].n;
}

const inDpd = sql`dpd between 30 and 180`;

describe('loan list totals from maintained counts', () => {
  it('answers the true totals, plain and filtered, after inserts, updates, archiving and deletes', async () => {
    expect(await listTotal()).toBe(600);
    const filtered = await counted(inDpd);
    expect(filtered).toBeGreaterThan(0);
    expect(await listTotal(dpdFilter)).toBe(filtered);
    // Asked again: the same (from the cache this time).
    expect(await listTotal(dpdFilter)).toBe(filtered);

    // An update that moves loans out of the filter, without changing how many loans there are.
    await t.database.db.execute(sql`update loans set dpd = 0 where company_id = ${LENDER} and allocation_month = ${MONTH} and loan_id in (select loan_id from loans where company_id = ${LENDER} and allocation_month = ${MONTH} and dpd between 30 and 180 order by loan_id limit 7)`);
    expect(await listTotal()).toBe(600);
    expect(await listTotal(dpdFilter)).toBe(filtered - 7);

    // Archiving takes loans out of the list; deleting too.
    await t.database.db.execute(sql`update loans set is_archived = true where company_id = ${LENDER} and allocation_month = ${MONTH} and loan_id in (select loan_id from loans where company_id = ${LENDER} and allocation_month = ${MONTH} order by loan_id limit 20)`);
    expect(await listTotal()).toBe(580);
    expect(await listTotal(dpdFilter)).toBe(await counted(inDpd));
    await t.database.db.execute(sql`delete from loans where company_id = ${LENDER} and allocation_month = ${MONTH} and loan_id in (select loan_id from loans where company_id = ${LENDER} and allocation_month = ${MONTH} and not is_archived order by loan_id desc limit 5)`);
    expect(await listTotal()).toBe(575);
    expect(await listTotal(dpdFilter)).toBe(await counted(inDpd));

    // An upsert inserting some rows and updating others (as imports write) counts only the new ones.
    await t.database.db.execute(sql`
      insert into loans (company_id, allocation_month, loan_id, dpd, variables)
      select ${LENDER}, ${MONTH}, 'BL' || lpad(g::text, 8, '0'), 45, '{}'::jsonb from generate_series(590, 610) g
      on conflict (company_id, allocation_month, loan_id) do update set dpd = excluded.dpd`);
    expect(await listTotal()).toBe(await counted());
    expect(await listTotal(dpdFilter)).toBe(await counted(inDpd));
    // BL00000596–600 were deleted above: 596–610 are new (15), 590–595 updated.
    expect(await listTotal()).toBe(575 + 15);
  });

  it('stays exact, and invalidates filtered totals, across folds of concurrent writers\' deltas', async () => {
    const deltas = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from loan_month_count_deltas where company_id = ${LENDER} and allocation_month = ${MONTH}`))[0].n;
    const filtered = await listTotal(dpdFilter);
    expect(filtered).toBe(await counted(inDpd));
    // 80 single-loan statements from 8 connections at once (as webhook postings write dues): past
    // the fold threshold (64), so the deltas were folded at least once, and no total was lost.
    const ids = rowsOf<{ loan_id: string }>(await t.database.db.execute(sql`select loan_id from loans where company_id = ${LENDER} and allocation_month = ${MONTH} and not is_archived and dpd between 30 and 180 order by loan_id limit 80`));
    expect(ids.length).toBe(80);
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (const { loan_id } of ids.filter((_, i) => i % 8 === w)) {
          await t.database.db.transaction(async (tx) => {
            await tx.execute(sql`update loans set dpd = 0 where company_id = ${LENDER} and allocation_month = ${MONTH} and loan_id = ${loan_id}`);
          });
        }
      }),
    );
    expect(await deltas()).toBeLessThan(80);
    expect(await listTotal(dpdFilter)).toBe(filtered - 80);
    await t.database.db.execute(sql`update loans set is_archived = true where company_id = ${LENDER} and allocation_month = ${MONTH} and loan_id = ${ids[0].loan_id}`);
    expect(await listTotal()).toBe(await counted());
  });

  it('keeps every month of every company exact in loan_month_counts plus its deltas', async () => {
    const res = await t.database.db.execute(sql`
      with kept as (
        select company_id, allocation_month, sum(live)::int as live, sum(archived)::int as archived from (
          select company_id, allocation_month, live, archived from loan_month_counts
          union all select company_id, allocation_month, live, archived from loan_month_count_deltas) k
        group by 1, 2)
      select l.company_id, l.allocation_month, count(*) filter (where not l.is_archived)::int as live, count(*) filter (where l.is_archived)::int as archived,
             c.live as kept_live, c.archived as kept_archived
      from loans l left join kept c using (company_id, allocation_month)
      group by l.company_id, l.allocation_month, c.live, c.archived`);
    const rows = rowsOf<{ live: number; archived: number; kept_live: number; kept_archived: number }>(res);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect([r.kept_live, r.kept_archived]).toEqual([r.live, r.archived]);
  });

  it('pages a filtered, sorted list from the ids picked once, and picks them again after any write', async () => {
    const filters = encodeURIComponent(JSON.stringify([{ filter_key: 'dpd', min: 30, max: 400 }]));
    const page = async (n: number, size = 50) => {
      const res = await t.app.inject({ url: `/api/recovery/loans?allocation_month=${MONTH}&page_size=${size}&page_number=${n}&sort_by=total_claim_amount&sort_order=desc&filters=${filters}`, headers: h });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { total: number; loans: { loan_id: string }[] };
      return { total: data.total, ids: data.loans.map((l) => l.loan_id) };
    };
    const expected = async (n: number, size = 50) => {
      const res = await t.database.db.execute(sql`select loan_id from loans where company_id = ${LENDER} and allocation_month = ${MONTH} and not is_archived and dpd between 30 and 400
        order by total_claim_amount_minor desc nulls last, loan_id desc limit ${size} offset ${(n - 1) * size}`);
      return { total: await counted(sql`dpd between 30 and 400`), ids: rowsOf<{ loan_id: string }>(res).map((r) => r.loan_id) };
    };
    // Pages 1–3 (the later two from the ids the first picked), a page past the list's end.
    for (const n of [1, 2, 3, 1, 40]) expect(await page(n)).toEqual(await expected(n));
    // An update that reorders the list and moves loans in and out of it, without changing how many loans there are.
    await t.database.db.execute(sql`update loans set total_claim_amount_minor = total_claim_amount_minor + 100000000, dpd = case when dpd between 30 and 400 then 0 else 100 end
      where company_id = ${LENDER} and allocation_month = ${MONTH} and loan_id in (select loan_id from loans where company_id = ${LENDER} and allocation_month = ${MONTH} order by loan_id desc limit 40)`);
    for (const n of [2, 1, 3]) expect(await page(n)).toEqual(await expected(n));
    // Pages past the ids kept (PAGE_IDS_PREFIX) are picked by SQL.
    expect(await page(3, 500)).toEqual(await expected(3, 500));
  });

  it('answers 0 for a month without loans', async () => {
    const res = await t.app.inject({ url: `/api/recovery/loans?allocation_month=2019-01&page_size=10&filters=${dpdFilter}`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(0);
  });
});
