/**
 * The database behind the API: PostgreSQL over node-postgres when a URL is given, else PGlite
 * (PostgreSQL in WASM) persisted under `<dataDir>/pglite`, or in memory for `memory://`.
 * Both run the same Drizzle schema and the same migration history (ARCHITECTURE "Data and tenancy").
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { installCompanyWall } from './company-wall';

/**
 * The Drizzle handle services use; the same API over PGlite and node-postgres. Built without a
 * schema map: areas query their own tables through the query builder (no relational `db.query`),
 * so the client needs no list of every area's tables.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A Drizzle transaction or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from src/server/db/migrations, then the row-level security wall (company-wall.ts). */
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  /**
   * Runs raw SQL outside Drizzle and answers `{ rows }` (the interface pg-boss's `db` option
   * takes). Without values, PGlite runs `text` as a script (several statements allowed).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * LISTENs on `channel` and calls `onPayload` with each NOTIFY payload (notifications are
   * delivered once the notifying transaction commits). PostgreSQL: one dedicated connection for
   * all channels, reconnected after an error; PGlite: its own in-process LISTEN.
   * @returns a function that stops listening
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Makes a pooled client run the queries it is given one after another through its own promise
 * chain. A transaction is one client, and services run reads side by side with Promise.all on
 * whatever DbOrTx they get; node-postgres queues such queries itself today, but that queue is
 * deprecated ("client.query() when the client is already executing a query", refused by pg@9).
 * Same order (first asked, first run), same answers. Streams and callback calls (COPY through
 * pg-copy-streams, copy-in.ts) are passed through as they are.
 */
export function serializeQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let tail: Promise<unknown> = Promise.resolve();
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [config] = args;
    const streamOrCallback = (typeof config === 'object' && config !== null && typeof (config as { submit?: unknown }).submit === 'function') || args.some((a) => typeof a === 'function');
    if (streamOrCallback) return query(...args);
    const run = () => query(...args) as Promise<unknown>;
    const result = tail.then(run, run);
    // The chain keeps only the turn, not the answer: a large result is not held until the next query.
    tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * PGlite's buffer cache. Its default, 128MB, is written through at start-up (the whole WebAssembly
 * region is touched: measured 315 MB → 186 MB of the process at 16MB after opening a migrated data
 * directory); the operating system's page cache still holds the data files, so a small cache costs
 * a read call per page, not a disk read (issue 17: the notice job's < 1 GB).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * Opens the database. `databaseUrl` wins; else PGlite in `<dataDir>/pglite` (created if absent),
 * or in memory when `dataDir` is `memory://` or omitted.
 */
export async function createDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  /**
   * In-memory PGlite only: start from this dump of a data directory (PGlite's `dumpDataDir`)
   * instead of an empty cluster. The API tests start every file from one migrated, seeded copy
   * (~1 s instead of ~9 s of initdb, migrations and demo seed per file).
   */
  startFrom?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle client the server cut off (restart, failover, a dropped database) must not crash the
    // process: node-postgres emits it on the pool, and the next query simply opens a new connection.
    pool.on('error', (err) => process.stderr.write(`PostgreSQL idle connection closed: ${err.message}\n`));
    pool.on('connect', serializeQueries);
    const db = drizzlePg({ client: pool }) as unknown as Db;
    const listener = pgListener(opts.databaseUrl);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg({ client: pool }), { migrationsFolder });
        await installCompanyWall({ executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows as Record<string, unknown>[] }) });
      },
      ping: () => ping(db),
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values)).rows as Record<string, unknown>[] }),
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir && opts.dataDir !== 'memory://') {
    dataDir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initPgliteDir(dataDir);
  }
  // PGlite is loaded only when it is the database: importing it costs the process ~48 MB of
  // resident memory (measured), which a server on PostgreSQL does not need (issue 12 "Speed": the
  // import's peak memory under 400 MB).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  // In memory PGlite keeps its defaults (the small cache is for a data directory, see above).
  const client = dataDir
    ? new PGlite(dataDir, { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] })
    : new PGlite({ loadDataDir: opts.startFrom });
  await client.waitReady;
  const pgliteDb = drizzlePglite({ client });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder });
      await installCompanyWall({
        executeSql: async (text, values) =>
          values && values.length > 0 ? { rows: (await client.query<Record<string, unknown>>(text, values)).rows } : { rows: ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[] },
      });
    },
    ping: () => ping(db),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return { rows: (await client.query<Record<string, unknown>>(text, values)).rows };
      const results = await client.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}

/**
 * Creates a PGlite data directory (initdb) in a short-lived child process. Run in this process,
 * initdb's own WebAssembly instance (~350 MB measured) stays allocated until a later full garbage
 * collection, on top of the database opened next (issue 17: the server process measured 634–982 MB
 * before a notice job). @throws when the child fails (its stderr in the message).
 */
async function initPgliteDir(dataDir: string): Promise<void> {
  const script = 'const { PGlite } = await import(process.argv[1]); const c = new PGlite(process.argv[2]); await c.waitReady; await c.close();';
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir]);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** A quoted SQL identifier (LISTEN takes no parameters). */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * LISTEN on PostgreSQL over one dedicated connection (a pooled one would lose its LISTENs when
 * returned). Connects on the first listen; after a connection error it reconnects within seconds
 * and LISTENs again on every channel (notifications sent meanwhile are lost, which live views accept).
 */
function pgListener(url: string): Pick<Database, 'listen' | 'close'> {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      c.on('error', (err) => {
        process.stderr.write(`PostgreSQL LISTEN connection lost: ${err.message}\n`);
        client = null;
        connecting = null;
        c.end().catch(() => undefined);
        if (!closed && handlers.size > 0) {
          retry = setTimeout(() => void connect().catch(() => undefined), 2_000);
          retry.unref();
        }
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${ident(channel)}`);
      client = c;
      return c;
    })().catch((err: unknown) => {
      connecting = null;
      throw err;
    });
    return connecting;
  };

  return {
    async listen(channel, onPayload) {
      const first = !handlers.has(channel);
      if (first) handlers.set(channel, new Set());
      handlers.get(channel)!.add(onPayload);
      const c = client ?? (await connect());
      if (first && client === c) await c.query(`LISTEN ${ident(channel)}`);
      return async () => {
        const set = handlers.get(channel);
        set?.delete(onPayload);
        if (set && set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${ident(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      handlers.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
