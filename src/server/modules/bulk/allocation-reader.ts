/**
 * Reading allocation files row by row (issue 3 "Import management": .xlsx, .xls or .csv; stream
 * the file, do not load it whole; spec 9 header read limit).
 *
 * - .xlsx: a streaming scan of the sheet's XML in a worker thread (xlsx-worker.ts, xlsx-sheet.ts), first worksheet
 *   only; shared strings and styles are cached (so date-formatted cells arrive as Dates).
 * - .xls: SheetJS (@e965/xlsx) in the same kind of worker (never on the main thread: issue 12).
 * - .csv: csv-parse streaming, UTF-8 with or without a byte order mark, ragged rows allowed.
 * Every kind has the same caps (SHEET_LIMITS: rows, columns; a CSV line at most 64 KB): a file
 * beyond them throws a SheetLimitError whose message is the user's answer.
 *
 * Every row comes out as an array of raw cells (index 0 is column A), blank rows included as empty
 * arrays, so the n-th row yielded is row n of the sheet.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { HEADER_SCAN_ROWS, detectHeaderRow, isBlankRow, makeHeaderNames } from '../../../domain/portfolio/header-detection';
import { cellText, isEmptyDataRow } from './import-rows';
import { MAX_CSV_LINE, readSheetInWorker, SHEET_LIMITS, SheetLimitError } from './xlsx-worker';

export { MAX_CSV_LINE, SHEET_LIMITS, SheetLimitError } from './xlsx-worker';
export { cellText, isEmptyDataRow } from './import-rows';

/** The allocation file kinds the import accepts (issue 3). */
export type AllocationFileKind = 'xlsx' | 'xls' | 'csv';

/** An opened allocation file. */
export interface AllocationSource {
  /** The sheet's rows in order (see the module comment); iterate once. */
  rows: AsyncGenerator<unknown[]>;
  /** Share of the file read so far, 0–1 (bytes of the file consumed), for a row-count estimate. */
  fractionRead(): number;
  /** Stops reading and releases the file (safe to call more than once). */
  close(): void;
}

/** Counts the bytes flowing out of a file stream, for fractionRead. */
function countingStream(filePath: string, size: number): { stream: Readable; fraction: () => number } {
  const stream = createReadStream(filePath, { highWaterMark: 256 * 1024 });
  let read = 0;
  stream.on('data', (chunk: Buffer | string) => {
    read += chunk.length;
  });
  return { stream, fraction: () => (size > 0 ? Math.min(1, read / size) : 1) };
}

async function* csvRows(stream: Readable): AsyncGenerator<unknown[]> {
  const parser = stream.pipe(parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: MAX_CSV_LINE }));
  let rows = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rows += 1;
      if (rows > SHEET_LIMITS.maxRows) throw new SheetLimitError(`The file has more than ${SHEET_LIMITS.maxRows.toLocaleString('en-US')} rows`);
      if (record.length > SHEET_LIMITS.maxColumns) throw new SheetLimitError(`The file has more than ${SHEET_LIMITS.maxColumns} columns`);
      yield record.length === 1 && record[0] === '' ? [] : record;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'CSV_MAX_RECORD_SIZE') throw new SheetLimitError(`A line of the file is longer than ${MAX_CSV_LINE / 1024} KB`);
    throw err;
  }
}

/**
 * Opens an allocation file for reading.
 * @param filePath a local path (see FileStorage.localPath)
 * @param kind from the file's extension
 * @param options.csvInWorker parse a .csv in a worker thread too (the import job: parsing 100,000
 *   rows then runs beside validation and the database writes); a preview reads a few rows on the
 *   main thread without starting a worker
 * @throws Error when the file cannot be read; parse errors surface while iterating `rows`
 *   (e.g. a corrupt .xlsx throws from the first `next()`), a cap passed as a SheetLimitError
 */
export async function openAllocationFile(filePath: string, kind: AllocationFileKind, options: { csvInWorker?: boolean } = {}): Promise<AllocationSource> {
  const { size } = await stat(filePath);
  if (kind === 'xls' || kind === 'xlsx' || options.csvInWorker) return readSheetInWorker(filePath, size, kind);
  const { stream, fraction } = countingStream(filePath, size);
  const rows = csvRows(stream);
  return {
    rows,
    fractionRead: fraction,
    close: () => {
      stream.destroy();
    },
  };
}

/** Where the header is and how the columns are named (see locateHeader). */
export interface SheetHead {
  /** 0-based index of the header row; -1 when the scanned rows are all blank. */
  headerRowIndex: number;
  /** The header row's cells as text ('' for empty), one per column. */
  headerCells: string[];
  /** Column names from makeHeaderNames, one per column; the mapping's keys. */
  headers: string[];
}

/**
 * Finds the header among the first rows (detectHeaderRow over `knownLabels`) and names the columns.
 * The width is the header row's last filled cell, widened to the last filled cell of any scanned
 * row below it, so a data column under an empty header cell is named 'Column N'.
 * @param rows the first rows of the sheet (at most HEADER_SCAN_ROWS are looked at for the header)
 * @param headerRowIndex the header's index when already known (an import re-reading its file),
 *   so the columns are named exactly as when the mapping was confirmed
 */
export function locateHeader(rows: readonly (readonly unknown[])[], knownLabels: Iterable<string>, headerRowIndex = detectHeaderRow(rows, knownLabels, HEADER_SCAN_ROWS)): SheetHead {
  if (headerRowIndex < 0 || headerRowIndex >= rows.length) return { headerRowIndex: -1, headerCells: [], headers: [] };
  const lastFilled = (row: readonly unknown[]): number => {
    for (let i = row.length - 1; i >= 0; i -= 1) if (!isBlankRow([row[i]])) return i + 1;
    return 0;
  };
  const width = rows.slice(headerRowIndex).reduce<number>((w, row) => Math.max(w, lastFilled(row ?? [])), 0);
  const headerRow = rows[headerRowIndex];
  return {
    headerRowIndex,
    headerCells: Array.from({ length: width }, (_, i) => cellText(headerRow[i])),
    headers: makeHeaderNames(headerRow, width),
  };
}

/** Rows readHead reads: the header scan plus the preview's sample rows; the import job reads as many to name the columns alike. */
export const HEAD_ROWS = HEADER_SCAN_ROWS + 5;
/** How many sample rows a preview shows. */
const SAMPLE_ROWS = 5;

/** The first rows of a file and its head, read within a time limit. */
export interface HeadRead extends SheetHead {
  /** Up to 5 non-empty data rows below the header (among the first HEAD_ROWS rows), as text. */
  sampleRows: string[][];
}

/**
 * Reads only the top of a file: its first HEAD_ROWS rows, then stops and closes the file.
 * @param timeoutMs give up after this long (spec 9: 120,000 ms for the header row)
 * @param headerRowIndex the header's index when already known (see locateHeader)
 * @throws Error with message 'timeout' when the limit passes first; read errors propagate
 */
export async function readHead(filePath: string, kind: AllocationFileKind, knownLabels: readonly string[], timeoutMs: number, headerRowIndex?: number): Promise<HeadRead> {
  const source = await openAllocationFile(filePath, kind);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  const read = (async () => {
    const rows: unknown[][] = [];
    for await (const row of source.rows) {
      rows.push(row);
      if (rows.length >= HEAD_ROWS) break;
    }
    const head = locateHeader(rows, knownLabels, headerRowIndex);
    const sampleRows = rows
      .slice(head.headerRowIndex + 1)
      .filter((row) => head.headerRowIndex >= 0 && !isEmptyDataRow(row))
      .slice(0, SAMPLE_ROWS)
      .map((row) => head.headers.map((_, i) => cellText(row[i])));
    return { ...head, sampleRows };
  })();
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
    source.close();
    read.catch(() => undefined);
  }
}
