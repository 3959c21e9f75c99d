/**
 * Starts the server: opens the database (PGlite under DATA_DIR, or DATABASE_URL), migrates,
 * seeds the demo on an empty database, listens, and prints the URL and the demo sign-ins.
 * The demo seed (and faker with it) is imported only when seed/demo-gate.ts says the database
 * wants it, so a start on real companies' data does not carry it.
 * `tsx src/server/main.ts` runs it with graceful shutdown on SIGINT/SIGTERM.
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { demoSeedWanted } from './seed/demo-gate';
import type * as DemoSeed from './seed/demo';

export interface StartOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
}

/**
 * Starts one server on `port` (default PORT or 8080).
 * @returns its URL and `close()` which stops listening and closes the database.
 */
export async function startServer(opts: StartOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const overrides = Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined));
  const config = loadConfig(process.env, overrides);
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await buildApp({ db: database, config });
  const demo = (await demoSeedWanted(database.db)) ? await import('./seed/demo') : null;
  if (demo && (await demo.seedDemo(database.db, config))) app.log.info('Seeded the demo companies and users');
  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const url = `http://${['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host}:${port}`;
  const lines = [
    '',
    `Recovery Ops is running at ${url}  (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    `API docs: ${url}/api/docs`,
    '',
    ...(demo ? await demoSignIns(demo) : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let closed = false;
  return {
    url,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
    },
  };
}

/** The banner's demo sign-in lines (main.ts prints them only when the demo is there). */
async function demoSignIns(demo: typeof DemoSeed): Promise<string[]> {
  const { demoTeam } = await import('./seed/demo-team');
  const team = demoTeam().map((m) => ({ email: m.email, userType: 'user', profession: 'field executive', companies: [demo.DEMO_COMPANY_IN] }));
  const signIns = [...demo.DEMO_USERS, ...team];
  const width = Math.max(...signIns.map((u) => u.email.length));
  return [
    `Demo sign-ins (password ${demo.DEMO_PASSWORD}):`,
    ...signIns.map((u) => `  ${u.email.padEnd(width)}  ${u.userType.padEnd(13)}  ${u.profession.padEnd(22)}  ${u.companies.join(', ')}`),
    '',
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await startServer();
  const stop = async (signal: string) => {
    process.stdout.write(`Received ${signal}, shutting down\n`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
