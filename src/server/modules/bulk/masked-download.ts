/**
 * Masking files per caller at download time (issue 12 "mask per caller, at download time too";
 * spec 3 "Masked personal fields", spec 6 access_unmasked_data). Files holding loan values (exports,
 * import error files) are kept in clear; whoever downloads one gets it through their own Masker,
 * so a file asked for by an admin reaches a masked manager masked. See docs/architecture.md
 * "Masking".
 *
 * Every column is named by the variable it holds. A column whose variable is not known (an
 * import's unmapped column) is masked whole for a masked caller: unknown data fails closed.
 */
import { pipeline } from 'node:stream';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';
import { maskValue } from '../../../domain/common/masking';
import type { PortfolioView } from '../portfolio/queries';
import type { FileStorage } from '../../storage/files';

const requireHere = createRequire(import.meta.url);
/**
 * exceljs, loaded on first use (a file written or masked): ~21 MB of the server process otherwise
 * held from start-up by every process, a notice job's too (issue 17 memory target).
 */
export const excelJs = (): typeof ExcelJSModule => requireHere('exceljs') as typeof ExcelJSModule;

type Masker = PortfolioView['masker'];

/** A column holding data of no known variable (masked whole for a masked caller). */
export const UNKNOWN_COLUMN = null;
/** The variable each column of a file holds, left to right (UNKNOWN_COLUMN when not known). */
export type FileColumns = readonly (string | null)[];

/** Where the column names of a stored file are kept, next to it. */
export const columnsKey = (fileKey: string): string => `${fileKey}.columns.json`;

/** Stores the column names of the file at `fileKey`. */
export async function putColumns(files: FileStorage, fileKey: string, columns: FileColumns): Promise<void> {
  await files.put(columnsKey(fileKey), JSON.stringify({ columns }));
}

/** The column names of the file at `fileKey`, or null when none were stored. */
export async function readColumns(files: FileStorage, fileKey: string): Promise<FileColumns | null> {
  const key = columnsKey(fileKey);
  if ((await files.size(key)) === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of files.read(key)) chunks.push(chunk as Buffer);
  const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { columns?: unknown };
  return Array.isArray(parsed.columns) ? parsed.columns.map((c) => (typeof c === 'string' ? c : null)) : null;
}

/** Masks one cell of a column holding `variable` for the masker's caller. */
export function maskCell(masker: Masker, variable: string | null, value: unknown): unknown {
  if (masker.unmasked || value === null || value === undefined || value === '') return value;
  if (variable === UNKNOWN_COLUMN) return maskValue('identifier', String(value));
  return masker.value(variable, value);
}

/**
 * A failure reason as a masked caller may read it: the quoted value of each reason ("Mobile
 * '98765…' is not a phone number") becomes '****' (reasons quote the cell they refuse).
 */
export function maskReason(masker: Masker, reason: string): string {
  if (masker.unmasked) return reason;
  return reason
    .split('; ')
    .map((part) => part.replace(/'.*'/, "'****'"))
    .join('; ');
}

/** A row masker over `columns` (cells past the named columns are treated as unknown). */
export function rowMasker(masker: Masker, columns: FileColumns): (row: readonly unknown[]) => unknown[] {
  return (row) => row.map((cell, i) => maskCell(masker, i < columns.length ? columns[i] : UNKNOWN_COLUMN, cell));
}

/** A stored CSV (first row the header, kept) with every data row passed through `maskRow`. */
export function maskCsv(source: Readable, maskRow: (row: readonly unknown[]) => unknown[]): Readable {
  let header = true;
  const mask = new Transform({
    objectMode: true,
    transform(row: string[], _enc, done) {
      done(null, header ? row : maskRow(row));
      header = false;
    },
  });
  const out = stringify();
  pipeline(source, parse({ relax_column_count: true, bom: true }), mask, out, () => undefined);
  return out;
}

/** A stored XLSX (first sheet; its first row the header, kept) rewritten with every data row passed through `maskRow`. */
export function maskXlsx(source: Readable, maskRow: (row: readonly unknown[]) => unknown[]): Readable {
  const out = new PassThrough();
  const writer = new (excelJs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: false, useSharedStrings: false });
  void (async () => {
    const reader = new (excelJs().stream.xlsx.WorkbookReader)(source, { sharedStrings: 'cache', worksheets: 'emit', styles: 'ignore', hyperlinks: 'ignore', entries: 'ignore' });
    let first = true;
    for await (const worksheet of reader) {
      if (!first) continue;
      first = false;
      const sheet = writer.addWorksheet('Loans');
      let header = true;
      for await (const row of worksheet) {
        // row.values is 1-based (index 0 empty).
        const values = (row.values as unknown[]).slice(1);
        sheet.addRow(header ? values : maskRow(values)).commit();
        header = false;
      }
      sheet.commit();
    }
    await writer.commit();
  })().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
