/**
 * Where an allocation import's database time per row goes (issue 12 "Speed"): writes the same
 * 100,000 generated loans through writeStagedLoans (COPY into the staging table, one upsert per
 * 5,000-row transaction, as the import job commits them) into an emptied `loans`, once per variant,
 * the variants interleaved over several rounds so load swings hit each alike; prints each variant's
 * median seconds (wall, and CPU of the database's backends, which the machine's load hardly moves)
 * and its difference from the baseline.
 *
 * `DATABASE_URL=postgres://… npx tsx tests/bench/import-write-costs.ts [--rows 100000] [--rounds 3] [--only baseline,plain]`
 * Variants: baseline; a plain INSERT instead of the upsert (writeStagedLoans's expectNew); without the company_id foreign key; without loans_month_dpd; without
 * loans_month_claim; without the loan-count triggers (every trigger of `loans`: the statement-level
 * count triggers with transition tables). A warm-up round runs first, not counted.
 * Runs on a throw-away database; prints figures, not a pass/fail test.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../../src/server/db/client';
import { loanStageLine } from '../../src/domain/portfolio/loan-stage';
import { writeStagedLoans } from '../../src/server/modules/portfolio/loan-writer';
import { generateAllocationRows } from '../../src/server/seed/allocation-generator';
import { freshPostgres } from '../api/helpers';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' }, chunk: { type: 'string', default: '5000' } } });
const ROWS = Number(values.rows);
const CHUNK = Number(values.chunk);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');

const COMPANY = 'bench-co';
/** The generated file's columns as the import maps them (promoted variables by name, the rest snake_case). */
const NAMES: Record<string, string> = {
  'Loan Account No': 'loan_id', 'Cust ID': 'client_customer_id', 'Customer Name': 'applicant_name', 'Mobile No': 'applicant_contact_number',
  City: 'city', State: 'state', 'Pin Code': 'pincode', Product: 'product', DPD: 'dpd', Bucket: 'allocation_dpd_value', POS: 'principal_outstanding',
  TOS: 'total_claim_amount', 'EMI Amount': 'expected_emi', 'NPA Date': 'date_of_default', 'Co Applicant Name': 'co_applicant_1_name',
  'Co Applicant Mobile': 'co_applicant_1_contact_number', 'Co Applicant 2': 'co_applicant_2_name', 'Co Applicant 2 Mobile': 'co_applicant_2_contact_number',
};
const snake = (h: string) => NAMES[h] ?? h.toLowerCase().replace(/[^a-z0-9]+/g, '_');
const lines = [...generateAllocationRows({ country: 'INDIA', count: ROWS })].map((row, i) => {
  const v: Record<string, string | number | null> = {};
  for (const [h, x] of Object.entries(row)) v[snake(h)] = x instanceof Date ? x.toISOString().slice(0, 10) : x;
  return loanStageLine(COMPANY, i + 2, String(v.loan_id), v);
});

const fresh = await freshPostgres(url);
const database = await createDatabase({ databaseUrl: fresh.url });
await database.migrate();
const { db } = database;
try {
  await db.execute(sql`insert into companies (company_id, trademark, company_type, country, country_isd_code, country_currency_code) values (${COMPANY}, 'Bench', 'lender', 'INDIA', '+91', 'INR')`);
  const fk = (await db.execute(sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = 'loans'::regclass and contype = 'f'`)) as unknown as { rows: { conname: string; def: string }[] };
  const idx = (await db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'loans'`)) as unknown as { rows: { indexname: string; indexdef: string }[] };
  const defOf = (name: string) => idx.rows.find((r) => r.indexname === name)!.indexdef;
  const trig = (await db.execute(sql`select tgname from pg_trigger where tgrelid = 'loans'::regclass and not tgisinternal`)) as unknown as { rows: { tgname: string }[] };
  console.log(`loans: foreign keys ${fk.rows.map((r) => r.conname).join(', ')}; indexes ${idx.rows.map((r) => r.indexname).join(', ')}; triggers ${trig.rows.map((r) => r.tgname).join(', ')}`);
  const run = async (raw: string) => db.execute(sql.raw(raw));
  // CPU of this database's backends (a local server: /proc/<pid>/stat utime + stime, in ticks of
  // 10 ms): unlike the wall time it hardly moves with the machine's load.
  const backendCpuMs = async () => {
    const pids = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] };
    let ticks = 0;
    for (const { pid } of pids.rows) {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
    return ticks * 10;
  };
  const variants: { name: string; off: () => Promise<unknown>; on: () => Promise<unknown>; expectNew?: boolean }[] = [
    { name: 'baseline', off: async () => undefined, on: async () => undefined },
    { name: 'plain insert (expectNew)', off: async () => undefined, on: async () => undefined, expectNew: true },
    ...fk.rows.map((f) => ({ name: `no FK ${f.conname}`, off: () => run(`alter table loans drop constraint ${f.conname}`), on: () => run(`alter table loans add constraint ${f.conname} ${f.def}`) })),
    { name: 'no loans_month_dpd', off: () => run('drop index loans_month_dpd'), on: () => run(defOf('loans_month_dpd')) },
    { name: 'no loans_month_claim', off: () => run('drop index loans_month_claim'), on: () => run(defOf('loans_month_claim')) },
    {
      name: 'no count triggers',
      off: () => run(trig.rows.map((t) => `alter table loans disable trigger ${t.tgname};`).join('\n')),
      on: () => run(trig.rows.map((t) => `alter table loans enable trigger ${t.tgname};`).join('\n')),
    },
  ];
  // --only baseline,plain: the variants whose names start with one of these words.
  const only = values.only?.split(',');
  if (only) variants.splice(0, variants.length, ...variants.filter((v) => only.some((o) => v.name.startsWith(o))));
  const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  const cpus = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  // Round 0 warms the caches and is not counted.
  for (let round = 0; round <= Number(values.rounds); round += 1) {
    for (const v of variants) {
      await run('truncate loans cascade; truncate loan_month_count_deltas; truncate loan_month_counts');
      await run('vacuum analyze loans');
      await v.off();
      const cpu0 = await backendCpuMs();
      const t0 = performance.now();
      for (let i = 0; i < lines.length; i += CHUNK) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('synchronous_commit', 'off', true), set_config('work_mem', '64MB', true)`);
          await writeStagedLoans(tx, { companyId: COMPANY, allocationMonth: '2024-01', importId: null, lines: lines.slice(i, i + CHUNK), expectNew: v.expectNew });
        });
      }
      const s = (performance.now() - t0) / 1000;
      const cpu = ((await backendCpuMs()) - cpu0) / 1000;
      const written = (await db.execute(sql`select count(*)::int as n from loans`)) as unknown as { rows: { n: number }[] };
      if (written.rows[0].n !== lines.length) throw new Error(`${v.name}: ${written.rows[0].n} loans written, not ${lines.length}`);
      await v.on();
      if (round > 0) times.get(v.name)!.push(s);
      if (round > 0) cpus.get(v.name)!.push(cpu);
      console.log(`round ${round} ${v.name.padEnd(36)} ${s.toFixed(2)} s  ${Math.round(ROWS / s).toLocaleString('en-US')} rows/s  backend CPU ${cpu.toFixed(2)} s`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [label, table] of [['wall', times], ['backend CPU', cpus]] as const) {
    const base = median(table.get('baseline')!);
    for (const [name, xs] of table) {
      const m = median(xs);
      console.log(`${label.padEnd(12)} ${name.padEnd(36)} median ${m.toFixed(2)} s (${xs.map((x) => x.toFixed(2)).join(', ')})  ${(((m - base) / base) * 100).toFixed(1)} % vs baseline, ${(((m - base) * 1e6) / ROWS).toFixed(2)} µs/row`);
    }
  }
} finally {
  await database.close();
  await fresh.drop();
}
