/**
 * Reading allocation files row by row (issue 3 "Import management": .xlsx, .xls or .csv; stream
 * the file, do not load it whole; spec 9 header read limit).
 *
 * - .xlsx: exceljs's streaming WorkbookReader in a worker thread (xlsx-worker.ts), first worksheet
 *   only; shared strings and styles are cached (so date-formatted cells arrive as Dates).
 * - .xls: SheetJS (@e965/xlsx). The legacy format holds at most 65,536 rows, so the sheet is read whole.
 * - .csv: csv-parse streaming, UTF-8 with or without a byte order mark, ragged rows allowed.
 *
 * Every row comes out as an array of raw cells (index 0 is column A), blank rows included as empty
 * arrays, so the n-th row yielded is row n of the sheet.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import * as XLSX from '@e965/xlsx';
import { HEADER_SCAN_ROWS, detectHeaderRow, isBlankRow, makeHeaderNames } from '../../../domain/portfolio/header-detection';
import { isBlankCell, unwrapCell } from '../../../domain/portfolio/normalise';
import { readXlsxInWorker } from './xlsx-worker';

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

async function* xlsRows(filePath: string, progress: { read: number; total: number }): AsyncGenerator<unknown[]> {
  // SheetJS's ESM build has no file system access of its own: hand it the bytes.
  const workbook = XLSX.read(await readFile(filePath), { type: 'buffer', cellDates: true, dense: true, sheets: 0 });
  const sheet = workbook.Sheets[workbook.SheetNames[0]];
  if (!sheet) return;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: null });
  progress.total = rows.length;
  for (const row of rows) {
    progress.read += 1;
    yield row;
  }
}

async function* csvRows(stream: Readable): AsyncGenerator<unknown[]> {
  const parser = stream.pipe(parseCsv({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false }));
  for await (const record of parser as AsyncIterable<string[]>) {
    yield record.length === 1 && record[0] === '' ? [] : record;
  }
}

/**
 * Opens an allocation file for reading.
 * @param filePath a local path (see FileStorage.localPath)
 * @param kind from the file's extension
 * @throws Error when the file cannot be read; parse errors surface while iterating `rows`
 *   (e.g. a corrupt .xlsx throws from the first `next()`)
 */
export async function openAllocationFile(filePath: string, kind: AllocationFileKind): Promise<AllocationSource> {
  const { size } = await stat(filePath);
  if (kind === 'xls') {
    const progress = { read: 0, total: 0 };
    const rows = xlsRows(filePath, progress);
    return {
      rows,
      fractionRead: () => (progress.total > 0 ? progress.read / progress.total : 0),
      close: () => void rows.return(undefined),
    };
  }
  if (kind === 'xlsx') return readXlsxInWorker(filePath, size);
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

/** A raw cell as it is written back into an error file or shown in a preview: text, '' for empty. */
export function cellText(raw: unknown): string {
  const v = unwrapCell(raw);
  if (v == null) return '';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  return String(v);
}

/** True when a data row holds nothing worth importing: every cell empty or a blank placeholder ('-', 'NA'). */
export function isEmptyDataRow(row: readonly unknown[]): boolean {
  return row.every((cell) => isBlankCell(cell));
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
