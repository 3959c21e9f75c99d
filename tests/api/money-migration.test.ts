/**
 * Migration 0005_money_minor_units (issue 11 "A migration converts existing amounts exactly"): a
 * database migrated up to 0004 holds awkward numeric(18,2) amounts in every money column; after
 * the migration each `<column>_minor` holds exactly amount × 100 as an integer, NOT NULL columns
 * stay NOT NULL, nulls stay null and the old columns are gone. Runs on PGlite, and on PostgreSQL
 * when DATABASE_URL is set (like every API test).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres } from './helpers';

const MIGRATIONS = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** Awkward amounts as numeric(18,2) text and the paise they must become. */
const AMOUNTS: Array<[text: string, paise: number]> = [
  ['0.01', 1],
  ['0.10', 10],
  ['0.20', 20],
  ['0.30', 30],
  ['1234.57', 123_457],
  ['1.15', 115],
  ['8.675', 868], // numeric(18,2) stores 8.68 (PostgreSQL rounds half away from zero on input)
  ['99999999999.99', 9_999_999_999_999],
  ['0', 0],
];

interface Handle {
  run(text: string): Promise<Record<string, unknown>[]>;
  migrateWith(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(): Promise<Handle> {
  if (process.env.DATABASE_URL) {
    const server = await freshPostgres(process.env.DATABASE_URL);
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    const db = drizzlePg({ client: pool });
    return {
      run: async (text) => (await pool.query(text)).rows as Record<string, unknown>[],
      migrateWith: (folder) => migratePg(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await server.drop();
      },
    };
  }
  const client = new PGlite();
  const db = drizzlePglite({ client });
  return {
    run: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    migrateWith: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder whose journal stops before `tag`. */
function historyBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'money-migration-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string; idx: number }> };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  expect(stop, `${tag} is in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

let h: Handle;
let before: string;

beforeAll(async () => {
  h = await open();
  before = historyBefore('0005_money_minor_units');
  await h.migrateWith(before);
  // Rows only: the companies and users they point at do not matter to the conversion.
  await h.run('set session_replication_role = replica');
  for (const [i, [amount]] of AMOUNTS.entries()) {
    const n = String(i).padStart(2, '0');
    await h.run(`insert into fos_receipts (company_id, idempotency_key, user_id, receipt_number, loan_id, allocation_month, amount, payment_mode, payer_name, collected_at)
      values ('c1', 'key-r${n}', 'u1', 'FOS1-0000${n}', 'L${n}', '2026-11', ${amount}, 'cash', 'Payer', now())`);
    await h.run(`insert into fos_deposits (company_id, idempotency_key, user_id, bank_name, deposited_at, amount) values ('c1', 'key-d${n}', 'u1', 'Bank', now(), ${amount})`);
    await h.run(`insert into loan_payments (company_id, loan_id, allocation_month, amount, paid_at, channel, reference) values ('c1', 'L${n}', '2026-11', ${amount}, now(), 'upi', 'P${n}')`);
    await h.run(`insert into fos_visits (company_id, idempotency_key, user_id, loan_id, allocation_month, checked_in_at, person_met, disposition, verification_status, amount_collected, ptp_amount)
      values ('c1', 'key-v${n}', 'u1', 'L${n}', '2026-11', now(), 'Borrower', 'Paid', 'not_required', ${amount}, ${i % 2 === 0 ? 'null' : amount})`);
    await h.run(`insert into loans (company_id, allocation_month, loan_id, principal_outstanding, total_claim_amount, expected_emi)
      values ('c1', '2026-11', 'L${n}', ${amount}, ${amount}, ${i % 2 === 0 ? 'null' : amount})`);
  }
  await h.run('set session_replication_role = origin');
  await h.migrateWith(MIGRATIONS);
}, 120_000);

afterAll(async () => {
  await h?.close();
  if (before) rmSync(before, { recursive: true, force: true });
});

/** Each row's values of `columns`, ordered by `orderBy`, as JS numbers (bigint comes back as text on node-postgres). */
async function values(table: string, columns: string[], orderBy: string): Promise<Array<Array<number | null>>> {
  const rows = await h.run(`select ${columns.join(', ')} from ${table} order by ${orderBy}`);
  return rows.map((r) => columns.map((c) => (r[c] === null ? null : Number(r[c]))));
}

describe('0005_money_minor_units', () => {
  const paise = AMOUNTS.map(([, p]) => p);

  it('converts receipts, deposits and payments to exact paise', async () => {
    expect(await values('fos_receipts', ['amount_minor'], 'receipt_number')).toEqual(paise.map((p) => [p]));
    expect(await values('fos_deposits', ['amount_minor'], 'idempotency_key')).toEqual(paise.map((p) => [p]));
    expect(await values('loan_payments', ['amount_minor'], 'reference')).toEqual(paise.map((p) => [p]));
  });

  it('converts visits and loans, keeping nulls null', async () => {
    expect(await values('fos_visits', ['amount_collected_minor', 'ptp_amount_minor'], 'idempotency_key')).toEqual(paise.map((p, i) => [p, i % 2 === 0 ? null : p]));
    expect(await values('loans', ['principal_outstanding_minor', 'total_claim_amount_minor', 'expected_emi_minor'], 'loan_id')).toEqual(paise.map((p, i) => [p, p, i % 2 === 0 ? null : p]));
  });

  it('sums the converted amounts to the paisa', async () => {
    const [row] = await h.run('select sum(amount_minor)::text as total from fos_receipts');
    expect(row.total).toBe(String(paise.reduce((a, b) => a + b, 0)));
  });

  it('leaves bigint columns, NOT NULL where the amount was required, and no numeric amount column', async () => {
    const columns = await h.run(`select table_name, column_name, data_type, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name in ('fos_receipts', 'fos_deposits', 'fos_visits', 'loan_payments', 'loans') and (column_name like '%amount%' or column_name like '%outstanding%' or column_name like '%emi%')
      order by table_name, column_name`);
    expect(columns).toEqual([
      { table_name: 'fos_deposits', column_name: 'amount_minor', data_type: 'bigint', is_nullable: 'NO' },
      { table_name: 'fos_receipts', column_name: 'amount_minor', data_type: 'bigint', is_nullable: 'NO' },
      { table_name: 'fos_visits', column_name: 'amount_collected_minor', data_type: 'bigint', is_nullable: 'YES' },
      { table_name: 'fos_visits', column_name: 'ptp_amount_minor', data_type: 'bigint', is_nullable: 'YES' },
      { table_name: 'loan_payments', column_name: 'amount_minor', data_type: 'bigint', is_nullable: 'NO' },
      { table_name: 'loans', column_name: 'expected_emi_minor', data_type: 'bigint', is_nullable: 'YES' },
      { table_name: 'loans', column_name: 'principal_outstanding_minor', data_type: 'bigint', is_nullable: 'YES' },
      { table_name: 'loans', column_name: 'total_claim_amount_minor', data_type: 'bigint', is_nullable: 'YES' },
    ]);
    const [index] = await h.run(`select indexdef from pg_indexes where indexname = 'loans_month_claim'`);
    expect(index.indexdef).toContain('total_claim_amount_minor');
  });
});
