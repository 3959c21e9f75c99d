/**
 * Writes allocation rows (see allocation-generator.ts) to .xlsx or .csv files, streaming: rows are
 * pulled from an iterable one at a time and committed to the file, so a 100,000-row file never
 * sits in memory as a whole workbook.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { stringify } from 'csv-stringify';
import type { AllocationRow } from './allocation-generator';

/** Options of writeAllocationXlsx. */
export interface XlsxFileOptions {
  /** A title written in row 1, merged across the header's width, above the header (row 2). */
  titleRow?: string;
  /** Empty rows written after the data, as lenders' exports often carry (default 0). */
  blankTrailingRows?: number;
  /** Sheet name (default 'Allocation'). */
  sheetName?: string;
}

/** How many rows to write before letting the zip stream drain. */
const YIELD_EVERY = 2_000;

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Writes rows to an .xlsx file with exceljs's streaming WorkbookWriter (first and only sheet).
 * The header is the first row's keys; every row's cells follow that order. Date cells get the
 * 'dd-mm-yyyy' number format so readers see them as dates.
 * @param filePath target path (overwritten)
 * @param rows any iterable of rows, e.g. generateAllocationRows(...)
 * @returns the number of data rows written
 */
export async function writeAllocationXlsx(filePath: string, rows: Iterable<AllocationRow>, options: XlsxFileOptions = {}): Promise<{ rows: number }> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Allocation');
  let headers: string[] | null = null;
  let written = 0;
  for (const row of rows) {
    if (!headers) {
      headers = Object.keys(row);
      if (options.titleRow) {
        const title = sheet.addRow([options.titleRow]);
        title.font = { bold: true, size: 14 };
        sheet.mergeCells(1, 1, 1, headers.length);
        title.commit();
      }
      const header = sheet.addRow(headers);
      header.font = { bold: true };
      header.commit();
    }
    const added = sheet.addRow(headers.map((h) => row[h] ?? null));
    added.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = 'dd-mm-yyyy';
    });
    added.commit();
    written += 1;
    if (written % YIELD_EVERY === 0) await nextTurn();
  }
  for (let i = 0; i < (options.blankTrailingRows ?? 0); i += 1) sheet.addRow([]).commit();
  sheet.commit();
  await workbook.commit();
  return { rows: written };
}

/**
 * Writes rows to a UTF-8 .csv file with csv-stringify: a header line (the first row's keys), then
 * one line per row; Date cells as 'YYYY-MM-DD', null cells empty. Honours the file stream's
 * backpressure.
 * @returns the number of data rows written
 */
export async function writeAllocationCsv(filePath: string, rows: Iterable<AllocationRow>): Promise<{ rows: number }> {
  const out = createWriteStream(filePath);
  const csv = stringify({ cast: { date: isoDay } });
  csv.pipe(out);
  let headers: string[] | null = null;
  let written = 0;
  for (const row of rows) {
    if (!headers) {
      headers = Object.keys(row);
      csv.write(headers);
    }
    if (!csv.write(headers.map((h) => row[h] ?? null))) await once(csv, 'drain');
    written += 1;
  }
  csv.end();
  await finished(out);
  return { rows: written };
}
