/**
 * `npm run bench`: runs every benchmark under tests/bench, one process each, in name order with
 * the foundation's `run.ts` first, so an area adds a benchmark by adding its file (no shared
 * script line to edit; docs/adding-an-area.md). A file is a benchmark unless it exports something
 * (a shared helper such as loan-seed.ts) or is a browser bundle entry (`*-entry.ts`).
 * Arguments after `--` go to every benchmark; `BENCH_ONLY=a,b` runs only those (file names without .ts).
 * Exits non-zero when a benchmark fails, after running the rest.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts' && !f.endsWith('-entry.ts'))
  .filter((f) => !/^export /m.test(readFileSync(join(dir, f), 'utf8')))
  .sort((a, b) => (a === 'run.ts' ? -1 : b === 'run.ts' ? 1 : a.localeCompare(b)))
  .filter((f) => !only || only.includes(f.replace(/\.ts$/, '')));

const failed: string[] = [];
for (const file of benches) {
  console.log(`\n=== ${file} ===`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (r.status !== 0) failed.push(`${file} (exit ${r.status ?? r.signal})`);
}
if (failed.length) {
  console.error(`\nbenchmarks that failed: ${failed.join(', ')}`);
  process.exit(1);
}
