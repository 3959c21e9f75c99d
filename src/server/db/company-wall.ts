/**
 * PostgreSQL row-level security as the second wall between companies (issue 12 "PostgreSQL
 * row-level security as the second wall"; ARCHITECTURE "Data and tenancy").
 *
 * The first wall is every query's own `company_id = caller's company` filter. The second: every
 * table with a `company_id` column has a policy for the role `recovery_company_scope` that shows and
 * accepts only rows of the company named by the transaction setting `app.company_id`. A request
 * handler run through `withCompanyWall()` executes inside one transaction that sets that company and
 * takes that role, so a query that forgets its company filter returns nothing of another company.
 *
 * Which requests run behind the wall: the company routes that read (GET, JSON answers) and the
 * idempotent company writes (the field app's queued writes; they own a transaction already) — see
 * `endpointServer` in src/server/http/route.ts. Jobs, sign-in and the other writes run as the owner
 * (no policy applies to the owner: RLS is enabled, not forced).
 *
 * Services keep using the one `db` they are given: `companyScopedDb()` wraps it so that, inside a
 * wall, every query goes through the wall's transaction (AsyncLocalStorage), and outside one, to
 * the database as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database, Db, DbOrTx } from './client';

/** The role a walled transaction takes (NOLOGIN; cluster-wide, created once, shared by databases). */
export const COMPANY_SCOPE_ROLE = 'recovery_company_scope';
const POLICY = 'company_wall';

const scope = new AsyncLocalStorage<DbOrTx>();
/** Set by installCompanyWall(); false when the database refused (no CREATEROLE): the first wall stands alone. */
let wallInstalled = false;

/**
 * Creates the role, grants it the tables, and enables RLS with the company policy on every table of
 * the public schema that has a `company_id` column — tables added by later migrations included (it
 * runs after every migrate()). Idempotent; several processes starting together serialize on an
 * advisory lock.
 * @returns the tables that carry the policy
 * @throws only on SQL errors other than a missing privilege to create roles (then it logs and returns [])
 */
export async function installCompanyWall(database: Pick<Database, 'executeSql'>): Promise<string[]> {
  // An operator's switch (and the benchmark's baseline): COMPANY_WALL=off runs company reads without it.
  if (process.env.COMPANY_WALL === 'off') {
    wallInstalled = false;
    return [];
  }
  try {
    await database.executeSql(`
      DO $$ BEGIN
        IF NOT EXISTS (select 1 from pg_roles where rolname = '${COMPANY_SCOPE_ROLE}') THEN
          CREATE ROLE ${COMPANY_SCOPE_ROLE} NOLOGIN;
        END IF;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END $$;`);
  } catch (err) {
    process.stderr.write(`Row-level security not installed (cannot create role ${COMPANY_SCOPE_ROLE}): ${(err as Error).message}\n`);
    wallInstalled = false;
    return [];
  }
  const { rows } = await database.executeSql(
    `select c.table_name as name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'company_id' and t.table_type = 'BASE TABLE'
      order by 1`,
    [],
  );
  const tables = rows.map((r) => String(r.name));
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const statements = [
    `select pg_advisory_xact_lock(7310421)`,
    // Membership lets a non-superuser owner SET ROLE; a superuser needs none (harmless).
    `DO $$ BEGIN EXECUTE format('GRANT ${COMPANY_SCOPE_ROLE} TO %I', current_user); EXCEPTION WHEN others THEN NULL; END $$`,
    `GRANT USAGE ON SCHEMA public TO ${COMPANY_SCOPE_ROLE}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${COMPANY_SCOPE_ROLE}`,
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${COMPANY_SCOPE_ROLE}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${COMPANY_SCOPE_ROLE}`,
    ...tables.flatMap((t) => [
      `ALTER TABLE ${quoted(t)} ENABLE ROW LEVEL SECURITY`,
      `DO $$ BEGIN
         IF NOT EXISTS (select 1 from pg_policies where schemaname = 'public' and tablename = '${t.replace(/'/g, "''")}' and policyname = '${POLICY}') THEN
           CREATE POLICY ${POLICY} ON ${quoted(t)} TO ${COMPANY_SCOPE_ROLE}
             USING (company_id::text = current_setting('app.company_id', true))
             WITH CHECK (company_id::text = current_setting('app.company_id', true));
         END IF;
       END $$`,
    ]),
  ];
  await database.executeSql(`BEGIN;\n${statements.join(';\n')};\nCOMMIT;`);
  wallInstalled = true;
  return tables;
}

/**
 * `db` routed through the current wall's transaction when there is one (see the module comment).
 * Outside a wall it is `db` itself, method for method.
 */
export function companyScopedDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const source = (scope.getStore() ?? target) as object;
      const value: unknown = Reflect.get(source, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/**
 * Runs `fn` behind the wall of `companyId`: one transaction with `app.company_id` set and the role
 * `COMPANY_SCOPE_ROLE` taken; queries made through a `companyScopedDb` inside `fn` run in it.
 * Nested calls reuse the outer wall. Without an installed wall, runs `fn` as is.
 * Inside, use only the database through Drizzle (a raw `executeSql` on PGlite would wait for the
 * transaction: one connection).
 */
export async function withCompanyWall<T>(db: Db, companyId: string, fn: () => Promise<T>): Promise<T> {
  if (!wallInstalled || scope.getStore()) return fn();
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return pooledWall(db, client, companyId, fn);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.company_id', ${companyId}, true), set_config('role', ${COMPANY_SCOPE_ROLE}, true)`);
    return scope.run(tx, fn);
  });
}

/** The parts of a node-postgres Drizzle database a transaction of its own is made of (Drizzle keeps them public at run time). */
interface DrizzleInternals {
  dialect: ConstructorParameters<typeof NodePgTransaction>[0];
  session: { options?: ConstructorParameters<typeof NodePgSession>[3] };
}

/**
 * withCompanyWall on PostgreSQL: the transaction Drizzle's `db.transaction` makes (nested calls
 * become savepoints), opened with BEGIN and the wall's settings in ONE round trip: the simple
 * protocol runs both statements of one message (no parameters: the company id goes as a quoted
 * literal). Every company read runs behind the wall, so this is a round trip fewer on every GET
 * (issue 12 "Speed": the loan list made 6 round trips a page; each costs a socket write and wake-up
 * on both sides, ~0.2 ms of CPU under load).
 */
async function pooledWall<T>(db: Db, pool: pg.Pool, companyId: string, fn: () => Promise<T>): Promise<T> {
  const { dialect, session: owner } = db as unknown as DrizzleInternals;
  const client = await pool.connect();
  const tx = new NodePgTransaction(dialect, new NodePgSession(client, dialect, undefined, owner.options), undefined);
  let broken: Error | undefined;
  try {
    await client.query(`begin; select set_config('app.company_id', ${client.escapeLiteral(companyId)}, true), set_config('role', '${COMPANY_SCOPE_ROLE}', true)`);
    const result = await scope.run(tx as unknown as DbOrTx, fn);
    await client.query('commit');
    return result;
  } catch (err) {
    // A connection that cannot even roll back is dropped from the pool, not reused mid-transaction.
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}

/**
 * Puts an open transaction `tx` behind the wall of `companyId` for the rest of it (setting and role
 * are transaction-local) and runs `fn` with `tx` as the current wall, so a service's `db` inside
 * `fn` means `tx` too. For writes that already own a transaction (idempotent writes, route.ts).
 */
export async function enterCompanyWall<T>(tx: DbOrTx, companyId: string, fn: () => Promise<T>): Promise<T> {
  if (!wallInstalled) return fn();
  await tx.execute(sql`select set_config('app.company_id', ${companyId}, true), set_config('role', ${COMPANY_SCOPE_ROLE}, true)`);
  return scope.run(tx, fn);
}
