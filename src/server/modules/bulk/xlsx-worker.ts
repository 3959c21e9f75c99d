/**
 * Parses a spreadsheet (.xlsx or .xls) in a worker thread (issue 3 benchmark: the import's main
 * thread was bound by exceljs's XML parsing; issue 12: a 40 kB .xls blocked the server for 6 s when
 * SheetJS parsed it on the main thread and widened every row to the sheet's declared range).
 *
 * Caps (SHEET_LIMITS): at most 200,000 rows and 500 columns (a file beyond them is refused with a
 * SheetLimitError naming the cap), and a capped worker heap (a file that needs more ends the worker,
 * not the server). Rows are as long as their last stored cell, never the declared range.
 *
 * .xlsx: the worker scans the first worksheet's XML as it inflates (xlsx-sheet.ts; exceljs's
 * WorkbookReader was the xlsx import's bottleneck, issue 12 "Speed").
 * .xls: the legacy format cannot be streamed; the worker reads it whole with SheetJS (dense, at
 * most 200,001 rows parsed) and posts its stored cells.
 *
 * Owns one worker per opened file. The worker reads the sheet and posts rows in batches; the main
 * thread hands out credits so at most a few batches wait in memory (backpressure). Cells cross the
 * thread boundary by structured clone: strings, numbers, booleans, Dates, null, and plain cell
 * objects ({ error }), which unwrapCell reads.
 *
 * The worker's code is a small CommonJS script evaluated in the worker; it loads csv-parse and
 * SheetJS from the paths the main thread resolved, and the TypeScript modules (xlsx-sheet.ts,
 * import-rows.ts) through tsx's CommonJS hook.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ImportRowsBatch, ImportRowsConfig } from './import-rows';

/** An ImportRowsBatch as the worker sends it: the staging text as UTF-8 bytes in a transferred buffer (hand it back with ImportReader.recycle). */
export type StagedBatch = Omit<ImportRowsBatch, 'copy'> & { copy: Uint8Array };

/** Rows per message from the worker. */
const BATCH_ROWS = 500;
/** Batches the worker may post ahead of the reader. */
const CREDITS = 4;
/** The caps of a sheet (issue 12). */
export const SHEET_LIMITS = { maxRows: 200_000, maxColumns: 500 } as const;

/** Longest CSV line read, in characters: a 20 MB one-line file is refused, not buffered whole. */
export const MAX_CSV_LINE = 64 * 1024;

/** A file beyond a cap (rows, columns, memory): its message is the user's answer. */
export class SheetLimitError extends Error {}

/** Old-generation heap of the parser worker, MB: room for a 50 MB file's shared strings; a pathological file ends the worker (the import fails with a read error), not the server. */
const WORKER_HEAP_MB = 512;
/**
 * Young generation of the parser worker, MB. Left to V8, a worker churning through 100,000 rows grew
 * it to 64 MB of resident memory; at 16 the import reads as fast (measured: 100,000 rows of .csv and
 * .xlsx, the same rows/s within noise) and the process's peak is ~50 MB lower (issue 12 "Speed":
 * the import's peak under 400 MB).
 */
const WORKER_YOUNG_MB = 16;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
let credits = workerData.credits;
let wake = null;
let started = null;
// Buffers the main thread handed back after committing their lines (recycle), reused for the
// next batches' staging text: the text crosses as transferred bytes, so neither thread's heap
// holds it and no buffer is allocated per batch once the import runs.
const pool = [];
parentPort.on('message', (m) => {
  if (m === 'credit') { credits += 1; if (wake) { const w = wake; wake = null; w(); } }
  else if (m && m.type === 'start' && started) started(m.config);
  else if (m && m.type === 'recycle') for (const b of m.buffers) if (pool.length < 32) pool.push(b);
});
function utf8Bytes(text) {
  const n = Buffer.byteLength(text);
  let ab = null;
  while (pool.length > 0 && !ab) { const b = pool.pop(); if (b.byteLength >= n) ab = b; }
  if (!ab) ab = new ArrayBuffer(Math.ceil(n * 1.25) + 1024);
  Buffer.from(ab, 0, n).write(text);
  return new Uint8Array(ab, 0, n);
}
// Import mode (workerData.importRows): the first batch goes out raw as the head (the main thread
// finds the header in it and answers 'start' with the import's config); from then on every batch
// is validated here by import-rows.ts (loaded through tsx's CommonJS hook) and goes out as staging
// lines and failed rows.
let rowsOf = null;
// tsx's CommonJS hook, registered once, for the TypeScript modules the worker loads.
let tsxRegistered = false;
const useTypeScript = () => {
  if (!tsxRegistered) require(workerData.tsxCjsApi).register();
  tsxRegistered = true;
};
// Rows per message: the head's batch holds at least the rows the header is looked for in.
let batchRows = workerData.importRows ? Math.max(workerData.batchRows, workerData.headRows) : workerData.batchRows;
async function send(batch, fraction) {
  if (workerData.importRows && !rowsOf) {
    const config = await new Promise((resolve) => { started = resolve; parentPort.postMessage({ type: 'head', rows: batch, fraction }); });
    useTypeScript();
    rowsOf = require(workerData.importRows).importRows(config);
    batchRows = workerData.batchRows;
  }
  if (credits === 0) await new Promise((resolve) => { wake = resolve; });
  credits -= 1;
  if (rowsOf) {
    const taken = rowsOf.take(batch);
    const copy = utf8Bytes(taken.copy);
    parentPort.postMessage({ type: 'batch', batch: { ...taken, copy }, fraction }, [copy.buffer]);
  }
  else parentPort.postMessage({ type: 'rows', rows: batch, fraction });
}
// The first failure is the one reported. A cap passed is reported where it is found, before the
// throw unwinds the for-await (a torn-down stream could report its own error first).
let reported = false;
const limit = (message) => { const err = new Error(message); err.limit = true; report(err); throw err; };
const report = (err) => {
  if (reported) return;
  reported = true;
  parentPort.postMessage({ type: 'error', limit: Boolean(err && err.limit), message: err && err.message ? err.message : String(err) });
};
process.on('uncaughtException', report);
process.on('unhandledRejection', report);
const TOO_MANY_ROWS = 'The file has more than ' + workerData.maxRows.toLocaleString('en-US') + ' rows';
const TOO_MANY_COLUMNS = 'The file has more than ' + workerData.maxColumns + ' columns';
async function readXls(post, batch) {
  const XLSX = require(workerData.xlsxPath);
  const workbook = XLSX.read(fs.readFileSync(workerData.filePath), { type: 'buffer', cellDates: true, dense: true, sheets: 0, sheetRows: workerData.maxRows + 1 });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  const data = (sheet && sheet['!data']) || [];
  if (data.length > workerData.maxRows) limit(TOO_MANY_ROWS);
  for (let r = 0; r < data.length; r += 1) {
    const row = data[r] || [];
    if (row.length > workerData.maxColumns) limit(TOO_MANY_COLUMNS);
    const cells = new Array(row.length);
    for (let c = 0; c < row.length; c += 1) {
      const cell = row[c];
      cells[c] = !cell || cell.t === 'e' || cell.t === 'z' || cell.v === undefined ? null : cell.v;
    }
    batch.push(cells);
    if (batch.length >= batchRows) await post((r + 1) / data.length);
  }
}
async function readCsv(post, batch) {
  const { parse } = require(workerData.csvParsePath);
  const stream = fs.createReadStream(workerData.filePath, { highWaterMark: 256 * 1024 });
  let read = 0;
  stream.on('data', (chunk) => { read += chunk.length; });
  const fraction = () => (workerData.size > 0 ? Math.min(1, read / workerData.size) : 1);
  const parser = stream.pipe(parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: workerData.maxCsvLine }));
  let rows = 0;
  try {
    for await (const record of parser) {
      rows += 1;
      if (rows > workerData.maxRows) limit(TOO_MANY_ROWS);
      if (record.length > workerData.maxColumns) limit(TOO_MANY_COLUMNS);
      batch.push(record.length === 1 && record[0] === '' ? [] : record);
      if (batch.length >= batchRows) await post(fraction());
    }
  } catch (err) {
    if (err && err.code === 'CSV_MAX_RECORD_SIZE') limit('A line of the file is longer than ' + workerData.maxCsvLine / 1024 + ' KB');
    throw err;
  } finally {
    stream.destroy();
  }
}
(async () => {
  if (workerData.kind === 'xls' || workerData.kind === 'csv') {
    let batch = [];
    const post = async (fraction) => {
      await send(batch, fraction);
      batch.length = 0;
    };
    // post() clears the same array after cloning it into the message.
    await (workerData.kind === 'csv' ? readCsv(post, batch) : readXls(post, batch));
    if (batch.length > 0) await post(1);
    parentPort.postMessage({ type: 'done' });
    return;
  }
  // .xlsx: the sheet's XML scanned by xlsx-sheet.ts (loaded through tsx's CommonJS hook).
  useTypeScript();
  const { openXlsxSheet } = require(workerData.xlsxSheetPath);
  const sheet = await openXlsxSheet(workerData.filePath, { maxRows: workerData.maxRows, maxColumns: workerData.maxColumns });
  let batch = [];
  for await (const rows of sheet.rows) {
    for (const row of rows) {
      batch.push(row);
      if (batch.length >= batchRows) {
        await send(batch, sheet.fraction());
        batch = [];
      }
    }
  }
  if (batch.length > 0) await send(batch, 1);
  parentPort.postMessage({ type: 'done' });
})().catch(report);
`;

type Message =
  | { type: 'rows'; rows: unknown[][]; fraction: number }
  | { type: 'head'; rows: unknown[][]; fraction: number }
  | { type: 'batch'; batch: StagedBatch; fraction: number }
  | { type: 'done' }
  | { type: 'error'; message: string; limit?: boolean };

/** What the user is told when the worker runs out of its heap. */
export const TOO_LARGE_TO_READ = 'The file is too large to read';

/** A started parser worker: its messages in order (a failure as an error), credits back, and a stop. */
interface SheetWorker {
  /** The next row-bearing message; null once the worker is done. @throws the worker's error (SheetLimitError for a cap) */
  next(): Promise<Exclude<Message, { type: 'done' } | { type: 'error' }> | null>;
  post(message: unknown, transfer?: ArrayBuffer[]): void;
  fraction(): number;
  close(): void;
}

function startWorker(filePath: string, size: number, kind: 'xlsx' | 'xls' | 'csv', importMode: { headRows: number; batchRows: number } | null): SheetWorker {
  const resolve = createRequire(import.meta.url).resolve;
  const workerData = {
    filePath,
    size,
    kind,
    xlsxSheetPath: fileURLToPath(new URL('./xlsx-sheet.ts', import.meta.url)),
    tsxCjsApi: resolve('tsx/cjs/api'),
    xlsxPath: resolve('@e965/xlsx'),
    csvParsePath: resolve('csv-parse'),
    maxCsvLine: MAX_CSV_LINE,
    batchRows: importMode ? Math.max(1, Math.min(BATCH_ROWS, importMode.batchRows)) : BATCH_ROWS,
    credits: CREDITS,
    ...SHEET_LIMITS,
    ...(importMode ? { importRows: fileURLToPath(new URL('./import-rows.ts', import.meta.url)), headRows: importMode.headRows } : {}),
  };
  // A capped heap bounds what one file can cost the server.
  const worker = new Worker(WORKER_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB }, workerData });
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
  worker.on('error', (err) =>
    push((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? { type: 'error', message: TOO_LARGE_TO_READ, limit: true } : { type: 'error', message: err.message }),
  );
  worker.on('exit', () => push({ type: 'done' }));
  const close = (): void => {
    if (closed) return;
    closed = true;
    void worker.terminate();
  };
  return {
    async next() {
      if (queue.length === 0) await new Promise<void>((resolve) => (notify = resolve));
      const m = queue.shift()!;
      if (m.type === 'done') return null;
      if (m.type === 'error') throw m.limit ? new SheetLimitError(m.message) : new Error(m.message);
      fraction = m.fraction;
      if (m.type !== 'head' && !closed) worker.postMessage('credit');
      return m;
    },
    post: (message, transfer) => {
      if (!closed) worker.postMessage(message, transfer);
    },
    fraction: () => fraction,
    close,
  };
}

/**
 * Starts a worker reading `filePath`'s first worksheet.
 * @param size the file's size in bytes (for fractionRead)
 * @param kind 'xlsx' (xlsx-sheet.ts, streamed), 'xls' (SheetJS, read whole in the worker) or 'csv'
 *   (csv-parse, streamed, the same options and caps as allocation-reader's csvRows)
 * @returns the rows (blank rows as empty arrays, so the n-th row is sheet row n), the share of the
 *   file read so far, and close() which stops the worker. A parse error is thrown from the rows
 *   iterator with the worker's message; a cap passed (SHEET_LIMITS, the heap) as a SheetLimitError.
 */
export function readSheetInWorker(filePath: string, size: number, kind: 'xlsx' | 'xls' | 'csv'): { rows: AsyncGenerator<unknown[]>; fractionRead(): number; close(): void } {
  const worker = startWorker(filePath, size, kind, null);
  async function* rows(): AsyncGenerator<unknown[]> {
    try {
      for (let m = await worker.next(); m; m = await worker.next()) if (m.type === 'rows') yield* m.rows;
    } finally {
      worker.close();
    }
  }
  return { rows: rows(), fractionRead: worker.fraction, close: worker.close };
}

/** An allocation file being imported by a worker that parses and validates (readImportInWorker). */
export interface ImportReader {
  /** The sheet's first rows (at least `headRows` when the sheet has them; blank rows as empty arrays), to find the header in; [] for an empty sheet. @throws as `batches` does */
  head(): Promise<unknown[][]>;
  /**
   * Starts the validation with the import's config (after head()) and yields each batch's staging
   * lines and failed rows in sheet order, the head's rows included.
   * @throws Error with the worker's message for an unreadable file, SheetLimitError for a cap passed
   */
  batches(config: ImportRowsConfig): AsyncGenerator<StagedBatch>;
  /**
   * Hands batches' `copy` buffers back to the worker for reuse, once nothing reads them any more
   * (their rows committed: the COPY's socket writes are done). They are detached here.
   */
  recycle(copies: readonly Uint8Array[]): void;
  /** Share of the file read so far, 0–1. */
  fractionRead(): number;
  /** Stops the worker (safe to call more than once). */
  close(): void;
}

/**
 * Starts a worker that reads an allocation file (as readSheetInWorker) and also validates its rows
 * and writes the valid ones as staging lines (import-rows.ts), so the import job's main thread
 * only moves bytes to the database (issue 12 "Speed": parsing, validation and the database work
 * run side by side; the staging text reaches the main thread as transferred UTF-8 buffers, which
 * the job hands back with recycle, so its heap holds neither row objects nor the text).
 * @param size the file's size in bytes (for fractionRead)
 * @param options.headRows rows head() answers at least (the header scan)
 * @param options.batchRows rows validated per batch (at most 500): a batch is the smallest unit the
 *   job commits, so it should not exceed the job's chunk
 */
export function readImportInWorker(filePath: string, size: number, kind: 'xlsx' | 'xls' | 'csv', options: { headRows: number; batchRows: number }): ImportReader {
  const worker = startWorker(filePath, size, kind, options);
  let first: Promise<Awaited<ReturnType<SheetWorker['next']>>> | null = null;
  const head = () => (first ??= worker.next());
  return {
    async head() {
      const m = await head();
      return m?.type === 'head' ? m.rows : [];
    },
    async *batches(config) {
      try {
        const m = await head();
        if (m?.type !== 'head') return;
        worker.post({ type: 'start', config });
        for (let b = await worker.next(); b; b = await worker.next()) if (b.type === 'batch') yield b.batch;
      } finally {
        worker.close();
      }
    },
    recycle(copies) {
      const buffers = [...new Set(copies.map((c) => c.buffer as ArrayBuffer))].filter((b) => b.byteLength > 0);
      if (buffers.length > 0) worker.post({ type: 'recycle', buffers }, buffers);
    },
    fractionRead: worker.fraction,
    close: worker.close,
  };
}
