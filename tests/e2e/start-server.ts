/**
 * Starts the real server for the end-to-end tests on a fresh database: a new temporary PGlite
 * directory, or, when DATABASE_URL is set, a freshly created database `e2e_<timestamp>` on that
 * PostgreSQL server. PORT (default 8787) picks the port. Stops on SIGINT/SIGTERM and removes
 * what it created.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../../src/server/main';

const port = Number(process.env.PORT ?? 8787);

async function freshPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const cleanups: Array<() => Promise<void>> = [];
let options: { port: number; dataDir?: string; databaseUrl?: string };
if (process.env.DATABASE_URL) {
  const db = await freshPostgres(process.env.DATABASE_URL);
  cleanups.push(db.drop);
  options = { port, databaseUrl: db.url };
} else {
  const dataDir = await mkdtemp(join(tmpdir(), 'recovery-ops-e2e-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  options = { port, dataDir };
}

const server = await startServer(options);

async function stop(): Promise<void> {
  await server.close().catch(() => undefined);
  for (const cleanup of cleanups) await cleanup().catch(() => undefined);
  process.exit(0);
}
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
