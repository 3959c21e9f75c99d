/**
 * Finding and naming the header row of an allocation file (issue 3 "Import management": "a title
 * row, often merged across columns, above the header is common"; blank trailing rows; spec 9
 * header read).
 *
 * Rows are arrays of raw cells as a spreadsheet or CSV reader gives them (strings, numbers,
 * Dates, null/undefined for empty cells, or reader cell objects, see unwrapCell). A merged title
 * cell arrives as one non-empty cell followed by empty ones. Pure functions, streaming friendly:
 * detect the header on the first rows, then turn each further row into a record with rowToRecord.
 */
import { isBlankCell, unwrapCell } from './normalise';

/** How many leading rows detectHeaderRow looks at unless told otherwise. */
export const HEADER_SCAN_ROWS = 30;

/**
 * Header comparison key: NFKC, lower case, every character that is not a letter or a digit
 * (spaces, dots, underscores, slashes, hyphens, brackets, '#') removed.
 * 'Loan Account No.' → 'loanaccountno', 'loan_id' → 'loanid', 'Principal O/S' → 'principalos'.
 * Non-strings are converted with String(); null/undefined give ''.
 */
export function normaliseHeader(s: unknown): string {
  const v = unwrapCell(s);
  if (v == null) return '';
  return String(v).normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** True when every cell of the row is empty (null, undefined, blank text); an empty array is blank. */
export function isBlankRow(row: readonly unknown[] | null | undefined): boolean {
  if (!row) return true;
  return row.every((cell) => {
    const v = unwrapCell(cell);
    return v == null || (typeof v === 'string' && v.trim() === '');
  });
}

/** The rows without the blank rows at the end (a new array; the rows themselves are not copied). */
export function trimTrailingBlankRows<T extends readonly unknown[]>(rows: readonly T[]): T[] {
  let end = rows.length;
  while (end > 0 && isBlankRow(rows[end - 1])) end -= 1;
  return rows.slice(0, end);
}

function filledCount(row: readonly unknown[]): number {
  return row.reduce<number>((n, cell) => (isBlankRow([cell]) ? n : n + 1), 0);
}

/**
 * Index (0-based) of the header row among the first `maxScan` rows (default 30).
 *
 * The header is the row whose cells match the most known labels (compared with normaliseHeader);
 * on a tie the row with more filled cells, then the earlier one. Title rows (one cell, e.g. a
 * merged 'ABC Finance – Allocation March 2025', or a few cells) and blank rows above it are
 * skipped. When no row matches any known label, the first row whose filled cells are at least
 * 2 and at least half of the widest row's filled cells is taken.
 *
 * @param rows raw rows as read (see the module comment)
 * @param knownLabels variable names, labels and aliases (see knownHeaderLabels)
 * @returns the index, or -1 when the scanned rows are all blank
 */
export function detectHeaderRow(rows: readonly (readonly unknown[])[], knownLabels: Iterable<string>, maxScan: number = HEADER_SCAN_ROWS): number {
  const known = new Set<string>();
  for (const label of knownLabels) {
    const key = normaliseHeader(label);
    if (key) known.add(key);
  }
  const scanned = rows.slice(0, Math.max(0, maxScan));
  let best = -1;
  let bestMatches = 0;
  let bestFilled = 0;
  scanned.forEach((row, i) => {
    const seen = new Set<string>();
    for (const cell of row ?? []) {
      const key = normaliseHeader(cell);
      if (key && known.has(key)) seen.add(key);
    }
    const filled = filledCount(row ?? []);
    if (seen.size > bestMatches || (seen.size === bestMatches && seen.size > 0 && filled > bestFilled)) {
      best = i;
      bestMatches = seen.size;
      bestFilled = filled;
    }
  });
  if (best >= 0) return best;

  const widest = scanned.reduce((w, row) => Math.max(w, filledCount(row ?? [])), 0);
  if (widest === 0) return -1;
  const needed = Math.max(Math.min(2, widest), Math.ceil(widest / 2));
  return scanned.findIndex((row) => filledCount(row ?? []) >= needed);
}

/**
 * Display names for the header cells, one per column up to `width` (default: the row's length;
 * a larger width names the extra columns, a smaller one drops the cells beyond it).
 * Cell text is trimmed with whitespace runs collapsed ('Loan\nID' → 'Loan ID'); an empty cell is
 * named after its 1-based column, 'Column 7'; a repeated name (compared with normaliseHeader) gets
 * a counter: 'Mobile', 'Mobile' → 'Mobile', 'Mobile (2)'. The result has no two names with the
 * same normaliseHeader key, so it can key a record.
 */
export function makeHeaderNames(headerRow: readonly unknown[], width: number = headerRow.length): string[] {
  const used = new Set<string>();
  const names: string[] = [];
  for (let i = 0; i < width; i += 1) {
    const v = unwrapCell(headerRow[i]);
    const text = v == null ? '' : (v instanceof Date ? v.toISOString().slice(0, 10) : String(v)).replace(/[\s\u00a0]+/g, ' ').trim();
    let base = text === '' || normaliseHeader(text) === '' ? `Column ${i + 1}` : text;
    if (text !== '' && normaliseHeader(text) === '') base = `${text} (Column ${i + 1})`;
    let name = base;
    for (let k = 2; used.has(normaliseHeader(name)); k += 1) name = `${base} (${k})`;
    used.add(normaliseHeader(name));
    names.push(name);
  }
  return names;
}

/**
 * One data row as a record keyed by the header names (from makeHeaderNames). Cells beyond the
 * headers are dropped; missing cells are undefined. Cell values are passed through unchanged.
 */
export function rowToRecord(headers: readonly string[], row: readonly unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  headers.forEach((h, i) => {
    record[h] = row[i];
  });
  return record;
}

/** A data row of a table read by readTable: its 1-based row number in the file and its record. */
export interface TableRow {
  /** 1-based, as the spreadsheet shows it (header at index 2 → first data row is row 4). */
  rowNumber: number;
  record: Record<string, unknown>;
}

/**
 * Whole-file convenience for small files and previews: finds the header (detectHeaderRow), names
 * the columns over the widest row (makeHeaderNames) and returns the data rows below it as records,
 * skipping blank rows (trailing or in between) and rows whose every cell is a blank placeholder.
 * @returns headerRowIndex −1 with no headers and no rows when the file is blank.
 */
export function readTable(
  rows: readonly (readonly unknown[])[],
  knownLabels: Iterable<string>,
): { headerRowIndex: number; headers: string[]; rows: TableRow[] } {
  const trimmed = trimTrailingBlankRows(rows);
  const headerRowIndex = detectHeaderRow(trimmed, knownLabels);
  if (headerRowIndex < 0) return { headerRowIndex, headers: [], rows: [] };
  const body = trimmed.slice(headerRowIndex + 1);
  const headerRow = trimmed[headerRowIndex];
  let width = headerRow.length;
  while (width > 0 && isBlankRow([headerRow[width - 1]])) width -= 1;
  for (const row of body) {
    // Only count columns up to the last filled cell, so trailing empty cells add no 'Column N'.
    for (let i = row.length - 1; i >= width; i -= 1) {
      if (!isBlankRow([row[i]])) {
        width = i + 1;
        break;
      }
    }
  }
  const headers = makeHeaderNames(headerRow, width);
  const out: TableRow[] = [];
  body.forEach((row, i) => {
    if (row.every((cell) => isBlankCell(cell))) return;
    out.push({ rowNumber: headerRowIndex + 2 + i, record: rowToRecord(headers, row) });
  });
  return { headerRowIndex, headers, rows: out };
}
