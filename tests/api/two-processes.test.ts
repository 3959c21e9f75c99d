/**
 * Two API processes on one PostgreSQL (issue 12 "Tests that keep it so"; README "Deploy it for
 * real": several copies behind a load balancer, one database, one shared DATA_DIR for files).
 * Two real `tsx src/server/main.ts` processes on their own ports share a fresh database: a session
 * made on one works on the other, each export job runs once whichever process picks it up, and a
 * tracking ping posted to one reaches a map's live stream opened on the other (LISTEN/NOTIFY), and
 * the per-account sign-in limit counts failures on both (rate_limit_counters).
 *
 * PostgreSQL only: PGlite is embedded in one process by design, so the PGlite run skips this file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import type { LoginKey, LoginResult } from '../../src/domain/contracts/auth/sign-in';
import { DEMO_PASSWORD, freshPostgres, LENDER } from './helpers';

const serverUrl = process.env.DATABASE_URL;

interface Server {
  url: string;
  child: ChildProcess;
  log: string[];
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const log: string[] = [];
  const child = spawn('npx', ['tsx', 'src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout!.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => log.push(c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${log.join('').slice(-2000)}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child, log };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server on ${port} did not start: ${log.join('').slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

function stop(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!server || server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    if (server.child.pid) process.kill(-server.child.pid, 'SIGTERM');
  });
}

async function signIn(url: string, email: string): Promise<Record<string, string>> {
  return (await signInAs(url, email)).h;
}

async function signInAs(url: string, email: string): Promise<{ h: Record<string, string>; userId: string }> {
  const key = (await (await fetch(`${url}/api/user/public/login-key`)).json()).data as LoginKey;
  const body = await encryptForServer(key, { email, password: DEMO_PASSWORD });
  const res = await fetch(`${url}/api/user/public/login?source=web`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  const login = (await res.json()).data as LoginResult;
  return { h: { authenticationtoken: login.token, 'x-company-id': LENDER }, userId: login.user.user_id };
}

async function json(url: string, h: Record<string, string>, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { ...h, ...(init.body ? { 'content-type': 'application/json' } : {}) } });
  const body = await res.json();
  return { status: res.status, body };
}

describe.skipIf(!serverUrl)('two API processes on one PostgreSQL', () => {
  let db: { url: string; drop(): Promise<void> };
  let dataDir: string;
  let a: Server | undefined;
  let b: Server | undefined;

  beforeAll(async () => {
    db = await freshPostgres(serverUrl!);
    dataDir = await mkdtemp(join(tmpdir(), 'two-processes-'));
    // A low per-account limit, so the shared count across both processes shows in a few requests.
    const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, AUTH_ACCOUNT_RATE_LIMIT: '3' };
    // The first migrates and seeds the demo; the second finds both done.
    a = await startServer(env);
    b = await startServer(env);
  }, 400_000);

  afterAll(async () => {
    await Promise.all([stop(a), stop(b)]);
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('keeps a session made on one process on the other, and ends it on both', async () => {
    const h = await signIn(a!.url, 'admin@demo.in');
    const onB = await json(`${b!.url}/api/recovery/exports`, h);
    expect(onB.status).toBe(200);
    const out = await fetch(`${b!.url}/api/user/logout`, { method: 'POST', headers: h });
    expect(out.status).toBeLessThan(300);
    expect((await json(`${a!.url}/api/recovery/exports`, h)).status).toBe(401);
  });

  it('masks a variable on one process as soon as an admin marks it masked on the other (cached variables follow the settings version)', async () => {
    const caller = await signIn(a!.url, 'telecaller@demo.in');
    const admin = await signIn(b!.url, 'admin@demo.in');
    const page = async () => {
      const res = await json(`${a!.url}/api/recovery/loans?page_size=5`, caller);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.loans as Record<string, unknown>[];
    };
    const before = await page();
    expect(before.length).toBeGreaterThan(0);
    const city = String(before[0].city);
    expect(city).toMatch(/^[A-Za-z ]+$/);
    expect((await page())[0].city).toBe(city); // served from process a's cache now
    const patched = await json(`${b!.url}/api/recovery/variables/system:city`, admin, { method: 'PATCH', body: JSON.stringify({ is_masked: true }) });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const after = await page();
    expect(after[0].loan_id).toBe(before[0].loan_id);
    expect(after[0].city).not.toBe(city);
    expect(String(after[0].city)).toMatch(/^X+/);
  });

  it('runs each export job once, whichever process picks it up, and serves its file from either', async () => {
    const h = await signIn(a!.url, 'admin@demo.in');
    const month = new Date().toISOString().slice(0, 7);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const made = await json(`${(i % 2 ? b : a)!.url}/api/recovery/exports`, h, { method: 'POST', body: JSON.stringify({ allocation_month: month, format: 'csv' }) });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.data.export_id);
    }
    const deadline = Date.now() + 90_000;
    const done = new Map<string, { status: string; total_rows: number }>();
    while (done.size < ids.length) {
      if (Date.now() > deadline) throw new Error(`exports not finished: ${ids.filter((id) => !done.has(id)).join(', ')}`);
      for (const id of ids.filter((x) => !done.has(x))) {
        const [record] = (await json(`${b!.url}/api/recovery/exports?search=${id}`, h)).body.data.exports;
        if (record?.status === 'completed' || record?.status === 'failed') done.set(id, record);
      }
      await new Promise((r) => setTimeout(r, 300));
    }
    const totals = new Set([...done.values()].map((r) => `${r.status}:${r.total_rows}`));
    expect(totals.size).toBe(1);
    const [only] = [...done.values()];
    expect(only.status).toBe('completed');
    expect(only.total_rows).toBeGreaterThan(0);
    for (const [i, id] of ids.entries()) {
      const file = await fetch(`${(i % 2 ? a : b)!.url}/api/recovery/export/download?export_id=${id}&operation_type=loan_export`, { headers: h });
      expect(file.status).toBe(200);
      const rows = parse(await file.text()) as string[][];
      expect(rows.length - 1).toBe(only.total_rows);
    }
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const jobs = await client.query<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where name = 'recovery-exports'`);
      expect(jobs.rows).toHaveLength(4);
      expect(jobs.rows.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
    } finally {
      await client.end();
    }
  }, 120_000);

  it('delivers a ping posted to one process to a live map opened on the other', async () => {
    const manager = await signIn(b!.url, 'area.manager@demo.in');
    const { h: executive, userId } = await signInAs(a!.url, 'fos.kothrud@demo.in');
    const abort = new AbortController();
    const res = await fetch(`${b!.url}/api/fos/tracking/stream`, { headers: manager, signal: abort.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = decoder.decode((await reader.read()).value, { stream: true });
    try {
      const at = new Date().toISOString();
      const posted = await fetch(`${a!.url}/api/fos/tracking/pings`, {
        method: 'POST',
        headers: { ...executive, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ pings: [{ latitude: 18.5204, longitude: 73.8567, accuracy_m: 9, recorded_at: at, battery: 70 }] }),
      });
      expect(posted.status).toBe(200);
      const event = await Promise.race([
        (async () => {
          for (;;) {
            const block = buffer.split('\n\n').find((x) => x.startsWith('event: position'));
            if (block) return JSON.parse(/^data: (.+)$/m.exec(block)![1]) as { user_id: string; latitude: number };
            const { value, done } = await reader.read();
            if (done) throw new Error('stream ended');
            buffer += decoder.decode(value, { stream: true });
          }
        })(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no position event on the other process')), 15_000)),
      ]);
      expect(event).toMatchObject({ latitude: 18.5204 });
      expect(event.user_id).toBe(userId);
    } finally {
      abort.abort();
    }
  }, 60_000);

  it('shares the per-account sign-in limit: 3 failures spread over both processes lock the account on both', async () => {
    const email = 'lawyer@demo.in';
    const attempt = async (url: string, password: string) => {
      const key = (await (await fetch(`${url}/api/user/public/login-key`)).json()).data as LoginKey;
      const body = await encryptForServer(key, { email, password });
      return (await fetch(`${url}/api/user/public/login?source=web`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
    };
    expect(await attempt(a!.url, 'Wrong#Pass1')).toBe(401);
    expect(await attempt(b!.url, 'Wrong#Pass1')).toBe(401);
    expect(await attempt(a!.url, 'Wrong#Pass1')).toBe(401);
    // b saw one failure; in-process counters would let the right password in here.
    expect(await attempt(b!.url, DEMO_PASSWORD)).toBe(429);
    expect(await attempt(a!.url, DEMO_PASSWORD)).toBe(429);
  });
});
