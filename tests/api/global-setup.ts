/**
 * Global set-up of the API tests (vitest.config.ts, project `api`): migrates and seeds ONE database
 * per run, and every test file's createTestApp starts from a copy of it instead of migrating and
 * seeding its own (about 8 s a file on PGlite; CI time). PostgreSQL (DATABASE_URL): a template
 * database, copied by `CREATE DATABASE … TEMPLATE`; PGlite: a dump of the data directory in a
 * temporary file, loaded into each in-memory PGlite. The seed is the one createTestApp ran before
 * (seedDemo with the same test configuration), so the files see the same data.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/seed/demo';
import { freshPostgres, SEEDED_DUMP_ENV, SEEDED_TEMPLATE_ENV } from './helpers';

export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const pgServer = url ? await freshPostgres(url) : null;
  // createTestApp's configuration, as far as the seed reads it (password hashing, file storage).
  const config = loadConfig({}, { dataDir: 'memory://', databaseUrl: pgServer?.url, argon2: { memoryCost: 1024, timeCost: 1 }, webDistDir: '/nonexistent-dist' });
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await seedDemo(database.db, config);
  if (pgServer) {
    await database.close();
    process.env[SEEDED_TEMPLATE_ENV] = new URL(pgServer.url).pathname.slice(1);
    return () => pgServer.drop();
  }
  const dump = await ((database.db as unknown as { $client: PGlite }).$client).dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'api-seeded-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[SEEDED_DUMP_ENV] = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}
