/**
 * Parses an .xlsx sheet in a worker thread (issue 3 benchmark: the import's main thread was bound
 * by exceljs's XML parsing; in a worker it runs beside the validation and the database writes).
 *
 * Owns one worker per opened file. The worker streams the first worksheet with exceljs's
 * WorkbookReader and posts rows in batches; the main thread hands out credits so at most a few
 * batches wait in memory (backpressure). Cells cross the thread boundary by structured clone:
 * strings, numbers, booleans, Dates, null, and exceljs's plain cell objects (formula results, rich
 * text, hyperlinks, errors), which unwrapCell reads.
 *
 * The worker's code is a small CommonJS script evaluated in the worker (no TypeScript loader is
 * needed there, so it runs the same under tsx, Vitest and a build); it loads exceljs from the path
 * the main thread resolved.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Rows per message from the worker. */
const BATCH_ROWS = 500;
/** Batches the worker may post ahead of the reader. */
const CREDITS = 4;
/** Old-generation heap of the parser worker, MB: room for a 50 MB file's shared strings; a pathological file ends the worker (the import fails with a read error), not the server. */
const WORKER_HEAP_MB = 512;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const ExcelJS = require(workerData.exceljsPath);
let credits = workerData.credits;
let wake = null;
parentPort.on('message', (m) => { if (m === 'credit') { credits += 1; if (wake) { const w = wake; wake = null; w(); } } });
(async () => {
  const stream = fs.createReadStream(workerData.filePath, { highWaterMark: 256 * 1024 });
  let read = 0;
  stream.on('data', (chunk) => { read += chunk.length; });
  const fraction = () => (workerData.size > 0 ? Math.min(1, read / workerData.size) : 1);
  let batch = [];
  const post = async () => {
    if (credits === 0) await new Promise((resolve) => { wake = resolve; });
    credits -= 1;
    parentPort.postMessage({ type: 'rows', rows: batch, fraction: fraction() });
    batch = [];
  };
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
  let next = 1;
  for await (const sheet of workbook) {
    for await (const row of sheet) {
      for (; next < row.number; next += 1) batch.push([]);
      const values = Array.isArray(row.values) ? row.values : [];
      const cells = new Array(Math.max(0, values.length - 1));
      for (let i = 1; i < values.length; i += 1) cells[i - 1] = values[i] === undefined ? null : values[i];
      batch.push(cells);
      next = row.number + 1;
      if (batch.length >= workerData.batchRows) await post();
    }
    break;
  }
  if (batch.length > 0) await post();
  parentPort.postMessage({ type: 'done' });
})().catch((err) => parentPort.postMessage({ type: 'error', message: err && err.message ? err.message : String(err) }));
`;

type Message = { type: 'rows'; rows: unknown[][]; fraction: number } | { type: 'done' } | { type: 'error'; message: string };

/**
 * Starts a worker reading `filePath`'s first worksheet.
 * @param size the file's size in bytes (for fractionRead)
 * @returns the rows (blank rows as empty arrays, so the n-th row is sheet row n), the share of the
 *   file read so far, and close() which stops the worker. A parse error is thrown from the rows
 *   iterator with the worker's message.
 */
export function readXlsxInWorker(filePath: string, size: number): { rows: AsyncGenerator<unknown[]>; fractionRead(): number; close(): void } {
  const exceljsPath = createRequire(import.meta.url).resolve('exceljs');
  // A capped heap bounds what one file can cost the server.
  const worker = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB }, workerData: { filePath, size, exceljsPath, batchRows: BATCH_ROWS, credits: CREDITS } });
  const queue: Message[] = [];
  let notify: (() => void) | null = null;
  let fraction = 0;
  let closed = false;
  const push = (m: Message) => {
    queue.push(m);
    notify?.();
    notify = null;
  };
  worker.on('message', (m: Message) => push(m));
  worker.on('error', (err) => push({ type: 'error', message: err.message }));
  worker.on('exit', () => push({ type: 'done' }));

  async function* rows(): AsyncGenerator<unknown[]> {
    try {
      for (;;) {
        if (queue.length === 0) await new Promise<void>((resolve) => (notify = resolve));
        const m = queue.shift()!;
        if (m.type === 'done') return;
        if (m.type === 'error') throw new Error(m.message);
        fraction = m.fraction;
        if (!closed) worker.postMessage('credit');
        yield* m.rows;
      }
    } finally {
      close();
    }
  }
  function close(): void {
    if (closed) return;
    closed = true;
    void worker.terminate();
  }
  return { rows: rows(), fractionRead: () => fraction, close };
}
