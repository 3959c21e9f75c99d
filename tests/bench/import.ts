/**
 * Benchmark of the allocation import end to end (issue 3 "Benchmark"; prints figures, not a
 * pass/fail test): `npx tsx tests/bench/import.ts [--rows 100000]`.
 *
 * 1. Writes a generated xlsx allocation file in a child process (its memory is not the server's).
 * 2. Starts the real server (`node --import tsx src/server/main.ts`) on a free port with a fresh
 *    DATA_DIR: on PGlite, then, when DATABASE_URL is set, on a throw-away database of that server.
 * 3. Signs in as admin@demo.in the way the browser does, uploads through POST /api/bulk/imports,
 *    polls GET /api/bulk/imports/{id} until the import ends.
 * 4. Prints rows, seconds (upload start to all rows committed), rows/s and the server's peak
 *    resident memory (VmHWM of /proc/<pid>/status). Targets: ≥ 10,000 rows/s on PostgreSQL, peak
 *    under 400 MB.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import type { LoginKey } from '../../src/domain/contracts/auth/sign-in';
import { freshPostgres } from '../api/helpers';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const ROWS = Number(values.rows);
const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
const tsxBin = path.join(root, 'node_modules', '.bin', 'tsx');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Peak resident set size of a process, MB (VmHWM). */
function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function json<T>(res: Response): Promise<T> {
  const body = (await res.json()) as { success: boolean; message: string; data: T };
  if (!res.ok) throw new Error(`${res.status} ${body.message}`);
  return body.data;
}

async function runOnce(label: string, filePath: string, databaseUrl: string | undefined): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(work, 'data-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', JOB_POLLING_SECONDS: '0.5', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i += 1) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
      const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (i > 600) throw new Error('server did not start within 120 s');
      await new Promise((r) => setTimeout(r, 200));
    }
    const key = await json<LoginKey>(await fetch(`${base}/api/user/public/login-key`));
    const login = await json<{ token: string }>(
      await fetch(`${base}/api/user/public/login?source=web`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(await encryptForServer(key, { email: 'admin@demo.in', password: 'Demo@1234' })),
      }),
    );
    const headers = { authenticationtoken: login.token, 'x-company-id': 'demo-lender-in' };
    const form = new FormData();
    form.append('allocation_month', '2024-01');
    form.append('file', await openAsBlob(filePath), path.basename(filePath));
    const t0 = performance.now();
    const created = await json<{ id: string }>(await fetch(`${base}/api/bulk/imports`, { method: 'POST', headers, body: form }));
    let record: { status: string; success_rows: number; failed_rows: number; total_rows: number; message: string | null };
    for (;;) {
      record = await json(await fetch(`${base}/api/bulk/imports/${created.id}`, { headers }));
      if (['completed', 'partially_completed', 'failed', 'cancelled'].includes(record.status)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - t0) / 1000;
    const peak = peakRssMb(server.pid!);
    console.log(
      `${label.padEnd(10)} ${record.status.padEnd(20)} rows ${String(record.success_rows).padStart(7)} (failed ${record.failed_rows})  ` +
        `${seconds.toFixed(1).padStart(6)} s  ${Math.round(record.success_rows / seconds).toLocaleString('en-US').padStart(7)} rows/s  peak server RSS ${peak.toFixed(0)} MB` +
        (record.message ? `  (${record.message})` : ''),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  const filePath = path.join(work, `allocation-${ROWS}.xlsx`);
  const gen = spawnSync(tsxBin, ['scripts/gen-allocation.ts', '--rows', String(ROWS), '--out', filePath, '--title', 'Bench Lender – Allocation January 2024'], { cwd: root, encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(`generator failed: ${gen.stderr}`);
  console.log(`file: ${gen.stdout.trim().split('\n').join(', ')}`);
  await runOnce('pglite', filePath, undefined);
  if (process.env.DATABASE_URL) {
    const db = await freshPostgres(process.env.DATABASE_URL);
    try {
      await runOnce('postgres', filePath, db.url);
    } finally {
      await db.drop();
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
