/**
 * Starts the server: opens the database (PGlite under DATA_DIR, or DATABASE_URL), migrates,
 * seeds the demo on an empty database, listens, and prints the URL and the demo sign-ins.
 * `tsx src/server/main.ts` runs it with graceful shutdown on SIGINT/SIGTERM.
 */
import { pathToFileURL } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createDatabase } from './db/client';
import { DEMO_COMPANY_IN, DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo';
import { demoTeam } from './seed/demo-team';

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
  const seeded = await seedDemo(database.db, config);
  if (seeded) app.log.info('Seeded the demo companies and users');
  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const url = `http://${['0.0.0.0', '::', '127.0.0.1'].includes(config.host) ? 'localhost' : config.host}:${port}`;
  const team = demoTeam().map((m) => ({ email: m.email, userType: 'user', profession: 'field executive', companies: [DEMO_COMPANY_IN] }));
  const signIns = [...DEMO_USERS, ...team];
  const width = Math.max(...signIns.map((u) => u.email.length));
  const lines = [
    '',
    `Recovery Ops is running at ${url}  (database: ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
    `API docs: ${url}/api/docs`,
    '',
    `Demo sign-ins (password ${DEMO_PASSWORD}):`,
    ...signIns.map((u) => `  ${u.email.padEnd(width)}  ${u.userType.padEnd(13)}  ${u.profession.padEnd(22)}  ${u.companies.join(', ')}`),
    '',
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
