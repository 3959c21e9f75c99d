/**
 * Writes a synthetic allocation file (issue 3 "Demo data"):
 *
 *   npm run gen:allocation -- --rows 100000 [--format xlsx|csv] [--country INDIA|INDONESIA]
 *                             [--messy] [--title "ABC Finance allocation"] [--seed 1] [--start 0]
 *                             [--blank-rows 3] [--out path]
 *
 * Prints the file's path and the time taken. Rows come from generateAllocationRows and are
 * streamed to the file, so any size fits in memory.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateAllocationRows } from '../src/server/seed/allocation-generator';
import { writeAllocationCsv, writeAllocationXlsx } from '../src/server/seed/allocation-files';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    format: { type: 'string', default: 'xlsx' },
    country: { type: 'string', default: 'INDIA' },
    messy: { type: 'boolean', default: false },
    title: { type: 'string' },
    seed: { type: 'string', default: '1' },
    start: { type: 'string', default: '0' },
    'blank-rows': { type: 'string', default: '0' },
    out: { type: 'string' },
  },
});

function whole(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number ≥ 0, got "${value}"`);
  return n;
}

const rows = whole('rows', values.rows);
const format = values.format;
const country = values.country?.toUpperCase();
if (format !== 'xlsx' && format !== 'csv') throw new Error(`--format must be xlsx or csv, got "${format}"`);
if (country !== 'INDIA' && country !== 'INDONESIA') throw new Error(`--country must be INDIA or INDONESIA, got "${values.country}"`);

const out = path.resolve(values.out ?? path.join('data', 'allocations', `allocation-${country.toLowerCase()}-${rows}${values.messy ? '-messy' : ''}.${format}`));
mkdirSync(path.dirname(out), { recursive: true });
const generated = generateAllocationRows({ country, count: rows, seed: whole('seed', values.seed), startIndex: whole('start', values.start), messy: values.messy });

const t0 = performance.now();
const written =
  format === 'xlsx'
    ? await writeAllocationXlsx(out, generated, { titleRow: values.title, blankTrailingRows: whole('blank-rows', values['blank-rows']) })
    : await writeAllocationCsv(out, generated);
const seconds = (performance.now() - t0) / 1000;
console.log(out);
console.log(`${written.rows} rows, ${(statSync(out).size / 1_048_576).toFixed(1)} MB, ${seconds.toFixed(1)} s`);
