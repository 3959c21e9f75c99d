/**
 * The PostgreSQL pool's clients run a transaction's side-by-side reads one after another
 * (src/server/db/client.ts serializeQueries): services run Promise.all on whatever DbOrTx they get,
 * and node-postgres's own queue for a busy client is deprecated (refused by pg@9). PostgreSQL only:
 * PGlite has no pool.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, serializeQueries, type Database } from '../../src/server/db/client';

const url = process.env.DATABASE_URL;
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
let database: Database | null = null;

afterEach(async () => {
  (pg.Client.prototype as unknown as { query: Query }).query = original;
  await database?.close();
  database = null;
});

describe.skipIf(!url)('the PostgreSQL client', () => {
  it("runs a transaction's side-by-side reads one after another, in the order asked", async () => {
    // Any query handed to a connection still busy with another is what pg@9 refuses.
    const overlapping: string[] = [];
    (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
      if ((this as unknown as { _activeQuery?: unknown })._activeQuery) overlapping.push(JSON.stringify(args[0]).slice(0, 80));
      return original.apply(this, args);
    };
    database = await createDatabase({ databaseUrl: url });
    const answers = await database.db.transaction((tx) =>
      Promise.all([tx.execute(sql`select pg_sleep(0.05), 1 as n`), tx.execute(sql`select 2 as n`), tx.execute(sql`select 3 as n`)]),
    );
    expect(answers.map((a) => Number((a as { rows: { n: number }[] }).rows[0].n))).toEqual([1, 2, 3]);
    expect(overlapping).toEqual([]);
  });

  it('a failed query fails alone; the queries asked after it still run', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('connect', serializeQueries);
    const client = await pool.connect();
    try {
      const [first, second] = await Promise.allSettled([client.query('select 1/0 as n'), client.query('select 2 as n')]);
      expect(first.status === 'rejected' && String(first.reason)).toContain('division by zero');
      expect(second.status === 'fulfilled' && second.value.rows[0]).toEqual({ n: 2 });
    } finally {
      client.release();
      await pool.end();
    }
  });
});
