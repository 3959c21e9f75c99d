/**
 * API test harness: builds the app on a fresh database with the demo seed. In-memory PGlite by
 * default; with DATABASE_URL, a throw-away database `api_<random>` is created on that server and
 * dropped afterwards. Sign-in encrypts exactly like the browser (`encryptForServer`).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import type { LoginKey, LoginResult } from '../../src/domain/contracts/auth/sign-in';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { Clock } from '../../src/server/http/clock';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createDatabase } from '../../src/server/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../src/server/seed/demo';

export { DEMO_PASSWORD };
/** Environment variables by which global-setup.ts hands the seeded copy to the test files. */
export const SEEDED_TEMPLATE_ENV = 'API_TEST_SEEDED_TEMPLATE';
export const SEEDED_DUMP_ENV = 'API_TEST_SEEDED_DUMP';
export const LENDER = 'demo-lender-in';
export const TRUST = 'demo-trust-id';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * A throw-away database `api_<random>` on the server of `url`, empty or a copy of `template` (a
 * database nobody is connected to); drop() removes it.
 */
export async function freshPostgres(url: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `api_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** What a test may add to the app: a logger (e.g. with a capturing stream) and routes of its own. */
export interface TestAppExtras {
  logger?: object;
  /** Runs after the app is built and before `ready`, e.g. to register a probe route. */
  beforeReady?: (app: FastifyInstance, database: Database) => void;
  /** The server's clock (compliance tests move the time, not the rules). */
  clock?: Clock;
}

/** A migrated, demo-seeded app. Cheap argon2 and high auth rate limits unless overridden. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, extras: TestAppExtras = {}): Promise<TestApp> {
  const seeded = seededCopy();
  const pgServer = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL, seeded?.template) : null;
  const config = loadConfig({}, {
    dataDir: 'memory://',
    databaseUrl: pgServer?.url,
    argon2: { memoryCost: 1024, timeCost: 1 },
    authRateLimitPerMinute: 10_000,
    authAccountRateLimit: 10_000,
    webDistDir: '/nonexistent-dist',
    ...overrides,
  });
  const fromDump = !config.databaseUrl && config.dataDir === 'memory://' && seeded?.dump ? seeded.dump : undefined;
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, startFrom: fromDump });
  // On a seeded copy migrate() finds no migration to apply but still installs this process's
  // row-level security wall (company-wall.ts); the seed is already there.
  await database.migrate();
  if (!(pgServer && seeded?.template) && !fromDump) await seedDemo(database.db, config);
  const app = await buildApp({ db: database, config, logger: extras.logger ?? false, clock: extras.clock });
  extras.beforeReady?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      // Each step runs even if an earlier one fails (a test may have closed the database itself),
      // so no throw-away PostgreSQL database is left behind.
      await app.close().catch(() => undefined);
      await database.close().catch(() => undefined);
      await pgServer?.drop();
    },
  };
}

/**
 * The migrated, demo-seeded database the API run's global set-up made once (global-setup.ts):
 * PostgreSQL's template database name, or PGlite's data directory dump read from its file (once per
 * test process). Absent outside the API run (benchmarks): each app migrates and seeds its own.
 */
function seededCopy(): { template?: string; dump?: Blob } | null {
  if (process.env.DATABASE_URL) return process.env[SEEDED_TEMPLATE_ENV] ? { template: process.env[SEEDED_TEMPLATE_ENV] } : null;
  const file = process.env[SEEDED_DUMP_ENV];
  if (!file) return null;
  dumpBlob ??= new Blob([readFileSync(file)]);
  return { dump: dumpBlob };
}
let dumpBlob: Blob | undefined;

/** The server's login key, as the browser fetches it. */
export async function loginKey(app: FastifyInstance): Promise<LoginKey> {
  const res = await app.inject({ method: 'GET', url: '/api/user/public/login-key' });
  return res.json().data as LoginKey;
}

/** POST /public/login with the encrypted credentials; returns the raw response. */
export async function attemptLogin(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<LightMyRequestResponse> {
  const body = await encryptForServer(await loginKey(app), { email, password });
  return app.inject({ method: 'POST', url: '/api/user/public/login?source=web', payload: body });
}

/** Signs in and returns the login result. @throws when sign-in does not answer 200. */
export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<LoginResult> {
  const res = await attemptLogin(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json().data as LoginResult;
}

/** Headers the web sends: token and, when given, the company. */
export function headers(token: string, companyId?: string): Record<string, string> {
  return companyId ? { authenticationtoken: token, 'x-company-id': companyId } : { authenticationtoken: token };
}
