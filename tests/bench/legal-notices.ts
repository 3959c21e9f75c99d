/**
 * Benchmark of bulk notice generation (issue 17 "npm run bench": 10,000 notices generated — notices
 * per second, target ≥ 10/s; peak memory, target < 1 GB): `npx tsx tests/bench/legal-notices.ts [count]`
 * (default 10,000) on PGlite (a data directory on disk, as the server runs it) or, with
 * DATABASE_URL, a throw-away PostgreSQL database.
 *
 * Setup (not measured): `count` loans written by one generate_series insert (loan-seed.ts) and a
 * batch of them for the built-in loan recall notice in English, recorded by createBatch as the API
 * does. Measured: the batch job (runNoticeBatch) from its first notice to the stored Merged File —
 * every notice printed by headless Chromium, stored on disk, its timeline event written.
 * Peak memory is the largest proportional set size (Pss) of this process plus its Chromium
 * processes, sampled every 250 ms from /proc. Exits 1 when a target is missed or a notice is missing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, count, eq } from 'drizzle-orm';
import { runNoticeBatch } from '../../src/server/modules/legal/batch-job';
import { createBatch } from '../../src/server/modules/legal/batches-service';
import { noticeBatches, notices, noticeTemplates } from '../../src/server/modules/legal/schema';
import { ensureBuiltIns } from '../../src/server/modules/legal/templates-service';
import type { JobQueue } from '../../src/server/jobs/queue';
import { localFileStorage } from '../../src/server/storage/files';
import { createTestApp, LENDER } from '../api/helpers';
import { seedBenchLoans } from './loan-seed';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10_000);
const MONTH = '2031-01';
const TARGET_RATE = 10;
const TARGET_PEAK_MB = 1024;

/** Proportional and resident set sizes (KB) of one process, from /proc/<pid>/smaps_rollup; 0 once it has ended. */
function setKb(pid: number): { pss: number; rss: number } {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return { pss: Number(/^Pss:\s+(\d+)/m.exec(text)?.[1] ?? 0), rss: Number(/^Rss:\s+(\d+)/m.exec(text)?.[1] ?? 0) };
  } catch {
    return { pss: 0, rss: 0 };
  }
}

/**
 * Memory (KB) of this process and of all its descendants (Chromium's browser, renderer, GPU and
 * utility processes, pdfunite): Pss, so pages those processes share are counted once, not once per
 * process; `rss` is the plain sum of their resident sets (shared pages counted in each), an upper bound.
 */
function memoryKb(): { own: number; children: number; rss: number } {
  const kids = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    kids.set(pp, [...(kids.get(pp) ?? []), p]);
  }
  let children = 0;
  const own = setKb(process.pid);
  let rss = own.rss;
  const stack = [...(kids.get(process.pid) ?? [])];
  while (stack.length) {
    const p = stack.pop()!;
    const m = setKb(p);
    children += m.pss;
    rss += m.rss;
    stack.push(...(kids.get(p) ?? []));
  }
  return { own: own.pss, children, rss };
}

const dir = mkdtempSync(join(tmpdir(), 'notice-bench-'));
// PGlite on a data directory on disk, as the server runs it (tests/e2e/start-server.ts, the
// DATA_DIR of a PGlite deployment), not the API tests' `memory://`, which also keeps the data files
// in the process (measured with 1,000 notices: 667 MB before the job in memory, 634 MB on disk).
const t = await createTestApp(process.env.DATABASE_URL ? {} : { dataDir: join(dir, 'pgdata') });
try {
  const db = t.database.db;
  const s0 = performance.now();
  await seedBenchLoans(db, N, MONTH);
  await ensureBuiltIns(db, LENDER);
  const [template] = await db
    .select()
    .from(noticeTemplates)
    .where(and(eq(noticeTemplates.companyId, LENDER), eq(noticeTemplates.kind, 'loan_recall'), eq(noticeTemplates.version, 1)));
  // The job is run here, in the foreground, instead of by the queue.
  const jobs = { send: async () => 'bench' } as unknown as JobQueue;
  const batch = await createBatch(db, jobs, { userId: 'bench', name: 'Bench', unmasked: true }, LENDER, { template_id: template.templateId, language: 'en', allocation_month: MONTH, filters: [] }, new Date());
  console.log(`setup: ${N} loans and a batch of ${batch.total} in ${((performance.now() - s0) / 1000).toFixed(1)} s`);

  const base = memoryKb();
  const baseKb = base.own + base.children;
  let peakKb = baseKb;
  let childrenPeakKb = base.children;
  let rssPeakKb = base.rss;
  const sample = () => {
    const m = memoryKb();
    rssPeakKb = Math.max(rssPeakKb, m.rss);
    peakKb = Math.max(peakKb, m.own + m.children);
    childrenPeakKb = Math.max(childrenPeakKb, m.children);
  };
  const sampler = setInterval(sample, 250);
  const files = localFileStorage(dir);
  const t1 = performance.now();
  await runNoticeBatch(db, files, batch.batch_id, (err) => console.error(err));
  const seconds = (performance.now() - t1) / 1000;
  clearInterval(sampler);
  sample();

  const [{ done }] = await db.select({ done: count() }).from(notices).where(and(eq(notices.batchId, batch.batch_id), eq(notices.status, 'success')));
  const [row] = await db.select().from(noticeBatches).where(eq(noticeBatches.batchId, batch.batch_id));
  const mergedBytes = row.mergedKey ? await files.size(row.mergedKey) : null;
  const merged = mergedBytes === null ? null : { length: mergedBytes };
  const pages = row.mergedKey && merged ? Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [files.localPath(row.mergedKey)], { encoding: 'utf8' }))?.[1] ?? 0) : 0;
  const rate = done / seconds;
  const peakMb = peakKb / 1024;
  console.log(`notices: ${done} of ${N} generated, Merged File ${merged ? `${(merged.length / 1048576).toFixed(1)} MB, ${pages} pages` : 'missing'} (batch ${row.status})`);
  console.log(`time: ${seconds.toFixed(1)} s → ${rate.toFixed(1)} notices/s (target ≥ ${TARGET_RATE}/s)`);
  console.log(`peak memory (this process + Chromium): ${peakMb.toFixed(0)} MB (target < ${TARGET_PEAK_MB} MB; ${(baseKb / 1024).toFixed(0)} MB before the job: server and database; Chromium at most ${(childrenPeakKb / 1024).toFixed(0)} MB)`);
  console.log(`peak resident sets summed (shared pages counted per process): ${(rssPeakKb / 1024).toFixed(0)} MB`);
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length} cores`);
  if (done !== N || !merged || pages < N) process.exitCode = 1;
  if (rate < TARGET_RATE || peakMb >= TARGET_PEAK_MB) {
    console.log('target missed');
    process.exitCode = 1;
  }
} finally {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
}
