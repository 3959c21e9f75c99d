/**
 * Benchmark of the allocation import end to end (issue 3 "Benchmark"; prints figures, not a
 * pass/fail test): `npx tsx tests/bench/import.ts [--rows 100000]`.
 *
 * 1. Writes the same generated allocation rows as .csv and as .xlsx in child processes (their
 *    memory is not the server's).
 * 2. When DATABASE_URL is set: the yardstick, PostgreSQL's own `COPY ... FROM STDIN (FORMAT csv)`
 *    of the .csv into a staging table of text columns on a throw-away database (psql's \copy).
 * 3. For each file: starts the real server (`node --import tsx src/server/main.ts`) on a free port
 *    with a fresh DATA_DIR, on PGlite, then, when DATABASE_URL is set, on a throw-away database of
 *    that server; signs in as admin@demo.in the way the browser does, uploads through
 *    POST /api/bulk/imports, polls GET /api/bulk/imports/{id} until the import ends.
 * 4. Prints rows, seconds (upload start to all rows committed), rows/s, the server's peak resident
 *    memory (VmHWM of /proc/<pid>/status) and the ratio to COPY's rows/s. Targets (issue 12
 *    "Speed", PostgreSQL): ≥ 40,000 rows/s for .csv, ≥ 20,000 for .xlsx, peak under 400 MB.
 *    `--only pglite|postgres` and `--formats csv,xlsx` narrow the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import type { LoginKey } from '../../src/domain/contracts/auth/sign-in';
import { freshPostgres } from '../api/helpers';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, only: { type: 'string' }, formats: { type: 'string', default: 'csv,xlsx' } } });
const ROWS = Number(values.rows);
const FORMATS = values.formats.split(',').filter((f) => f === 'csv' || f === 'xlsx');
/** COPY's rows/s measured in this run (the yardstick), when PostgreSQL is there. */
let copyRowsPerSecond: number | null = null;
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

/** Peak (VmHWM) or current (VmRSS) resident set size of a process, MB. */
function peakRssMb(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0);
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
  // BENCH_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') goes to the server's node, for profiling.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
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
    // The server's memory before the import (after start-up, migrations and the demo seed).
    const before = { rss: peakRssMb(server.pid!, 'VmRSS'), peak: peakRssMb(server.pid!) };
    const t0 = performance.now();
    const created = await json<{ id: string }>(await fetch(`${base}/api/bulk/imports`, { method: 'POST', headers, body: form }));
    const uploaded = performance.now();
    let firstRows: number | null = null;
    let record: { status: string; success_rows: number; failed_rows: number; total_rows: number; processed_rows: number; message: string | null };
    for (;;) {
      record = await json(await fetch(`${base}/api/bulk/imports/${created.id}`, { headers }));
      if (firstRows === null && record.processed_rows > 0) firstRows = performance.now();
      if (['completed', 'partially_completed', 'failed', 'cancelled'].includes(record.status)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - t0) / 1000;
    const peak = peakRssMb(server.pid!);
    const delay = databaseUrl ? await jobStartDelay(databaseUrl, created.id) : null;
    const rate = record.success_rows / seconds;
    const ratio = copyRowsPerSecond ? `  ${((100 * rate) / copyRowsPerSecond).toFixed(1)} % of COPY` : '';
    console.log(
      `${label.padEnd(12)} ${record.status.padEnd(20)} rows ${String(record.success_rows).padStart(7)} (failed ${record.failed_rows})  ` +
        `${seconds.toFixed(1).padStart(6)} s  ${Math.round(rate).toLocaleString('en-US').padStart(7)} rows/s  peak server RSS ${peak.toFixed(0)} MB${ratio}` +
        (record.message ? `  (${record.message})` : '') +
        `\n             before the upload: server RSS ${before.rss.toFixed(0)} MB (peak so far ${before.peak.toFixed(0)} MB)` +
        `\n             upload ${((uploaded - t0) / 1000).toFixed(1)} s, to the first chunk ${(((firstRows ?? uploaded) - uploaded) / 1000).toFixed(1)} s` +
        (delay === null ? '' : `, job start delay ${delay.toFixed(3)} s (import recorded → job's lease taken)`),
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seconds from the import's row being recorded (created_at) to its job taking the lease (started_at), from the server's database. */
async function jobStartDelay(databaseUrl: string, importId: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ s: string | null }>('select extract(epoch from started_at - created_at)::text as s from imports where import_id = $1', [importId]);
    return rows[0]?.s == null ? null : Number(rows[0].s);
  } finally {
    await client.end();
  }
}

/** Times psql's `\\copy` of the .csv into an unlogged table of text columns; @returns rows/s. */
async function measureCopy(csvPath: string, databaseUrl: string): Promise<number> {
  const db = await freshPostgres(databaseUrl);
  try {
    const header = readFileSync(csvPath, 'utf8').slice(0, 4096).split('\n')[0].split(',');
    const columns = header.map((_, i) => `c${i} text`).join(', ');
    const psql = (command: string) => {
      const r = spawnSync('psql', ['-X', '-q', '-tA', '-v', 'ON_ERROR_STOP=1', '-d', db.url, '-c', command], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`psql failed: ${r.stderr}`);
      return r.stdout;
    };
    psql(`create unlogged table copy_staging (${columns})`);
    const t0 = performance.now();
    psql(`\\copy copy_staging from '${csvPath}' with (format csv, header true)`);
    const seconds = (performance.now() - t0) / 1000;
    const rows = Number(psql('select count(*) from copy_staging').trim());
    const rate = rows / seconds;
    console.log(`COPY       ${rows} rows  ${seconds.toFixed(2)} s  ${Math.round(rate).toLocaleString('en-US')} rows/s (psql \\copy into an unlogged staging table)`);
    return rate;
  } finally {
    await db.drop();
  }
}

function generate(format: 'csv' | 'xlsx'): string {
  const filePath = path.join(work, `allocation-${ROWS}.${format}`);
  const title = format === 'xlsx' ? ['--title', 'Bench Lender – Allocation January 2024'] : [];
  const gen = spawnSync(tsxBin, ['scripts/gen-allocation.ts', '--rows', String(ROWS), '--format', format, '--out', filePath, ...title], { cwd: root, encoding: 'utf8' });
  if (gen.status !== 0) throw new Error(`generator failed: ${gen.stderr}`);
  console.log(`file: ${gen.stdout.trim().split('\n').join(', ')}`);
  return filePath;
}

try {
  const files = Object.fromEntries(FORMATS.map((f) => [f, generate(f as 'csv' | 'xlsx')]));
  if (process.env.DATABASE_URL && values.only !== 'pglite') copyRowsPerSecond = await measureCopy(files.csv ?? generate('csv'), process.env.DATABASE_URL);
  for (const [format, filePath] of Object.entries(files)) {
    if (values.only !== 'postgres') await runOnce(`pglite ${format}`, filePath, undefined);
    if (process.env.DATABASE_URL && values.only !== 'pglite') {
      const db = await freshPostgres(process.env.DATABASE_URL);
      try {
        await runOnce(`pg ${format}`, filePath, db.url);
      } finally {
        await db.drop();
      }
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
