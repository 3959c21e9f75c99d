/**
 * What the browser benchmarks of the field app share (issue 4 "Benchmarks"): a real server started
 * as a child process on a free port with a fresh PGlite data directory (or a throw-away database of
 * DATABASE_URL's server), the built web app checked, and the encrypted sign-in the login page does.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import type { LoginKey } from '../../src/domain/contracts/auth/sign-in';
import { freshPostgres } from '../api/helpers';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const DEMO_PASSWORD = 'Demo@1234';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Runs `npm run build` when dist/ has no built app (the benchmarks measure the production build). */
export function ensureBuild(): void {
  if (existsSync(path.join(ROOT, 'dist', 'index.html')) && existsSync(path.join(ROOT, 'dist', 'sw.js'))) return;
  console.log('dist/ missing: npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm run build failed');
}

/** Unwraps the API envelope, throwing `<status> <message>` on an error answer. */
export async function envelopeData<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { success: boolean; message: string; data: T };
  if (!res.ok) throw new Error(`${res.status} ${body.message}`);
  return body.data;
}

export interface BenchServer {
  base: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts `src/server/main.ts` in a child process on a free port and waits for /api/health.
 * @param env extra environment (e.g. MAP_TILE_URL).
 */
export async function startBenchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-field-'));
  const pg = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : null;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    // A bench that ran vite's build() in-process has NODE_ENV=production: the server would refuse the log-only message provider.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', LOG_LEVEL: 'warn', ALLOW_LOG_ONLY_MESSAGES: 'true', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await pg?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i += 1) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
      if (i > 900) throw new Error('server did not start within 180 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, pid: child.pid ?? 0, stop };
}

/** Signs in the way the login page does (RSA-OAEP encrypted credentials); returns the token (`uat`). */
export async function apiSignIn(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const key = await envelopeData<LoginKey>(await fetch(`${base}/api/user/public/login-key`));
  const login = await envelopeData<{ token: string }>(
    await fetch(`${base}/api/user/public/login?source=web`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await encryptForServer(key, { email, password })),
    }),
  );
  return login.token;
}

/**
 * Stores a signed-in session in the page's origin the way the login page does (src/web/lib/store.ts:
 * `uat`, `email`, `country_login`; English), from a same-origin JSON page so the app itself is
 * neither loaded nor cached. Leaves the page on `${base}/api/health`.
 */
export async function seedStoredSession(page: Page, base: string, token: string, email: string): Promise<void> {
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    ({ uat, email }) => {
      localStorage.setItem('uat', uat);
      localStorage.setItem('email', email);
      localStorage.setItem('country_login', 'INDIA');
      localStorage.setItem('i18nextLng', 'en');
    },
    { uat: token, email },
  );
}
