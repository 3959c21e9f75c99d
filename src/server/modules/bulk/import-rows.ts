/**
 * The allocation import's per-row work (issue 3 "Import management", issue 12 "Speed"): validating
 * each data row, refusing a repeated loan_id, and writing the valid rows as staging lines for
 * `COPY`. It runs in the parser's worker thread (xlsx-worker.ts, `readImportInWorker`), beside the
 * parsing, so the server's main thread only hands text to the database and its heap stays small.
 *
 * Imports nothing but the domain and this file's own helpers: the worker loads it through tsx's
 * CommonJS hook, and every module it pulls in costs the worker start-up time and memory.
 */
import type { ColumnMapping } from '../../../domain/portfolio/column-mapping';
import { rowToRecord } from '../../../domain/portfolio/header-detection';
import { loanStageLine } from '../../../domain/portfolio/loan-stage';
import { isBlankCell, unwrapCell } from '../../../domain/portfolio/normalise';
import type { RowContext, RowValue, RowVariable } from '../../../domain/portfolio/row-validation';
import { rowValidator } from '../../../domain/portfolio/row-validation';

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

/** What the worker needs to handle an import's rows (structured-cloneable). */
export interface ImportRowsConfig {
  companyId: string;
  /** Column names (the mapping's keys), one per column of the header row. */
  headers: string[];
  /** 0-based index of the header row; rows up to it are skipped. */
  headerRowIndex: number;
  /** Non-empty data rows an earlier run already committed (the checkpoint): counted, not handled again. */
  skipDataRows: number;
  mapping: ColumnMapping;
  /** The variables the rows are checked against (mapped and mandatory ones are enough). */
  variables: RowVariable[];
  context: RowContext;
  /** The loan_id variable's label, for the repeated-loan reason. */
  loanIdLabel: string;
  /** loan_id → first row number of the loans this import already wrote (a resumed run). */
  firstRows: [string, number][];
}

/** A failed row: its 1-based row number, its cells as text (one per header) and the reasons joined. */
export interface FailedRow {
  rowNumber: number;
  cells: string[];
  reason: string;
}

/** The outcome of a batch of sheet rows. */
export interface ImportRowsBatch {
  /** Staging lines (loanStageLine) of the valid rows, concatenated. */
  copy: string;
  /** How many lines `copy` holds. */
  valid: number;
  failed: FailedRow[];
  /** Data rows handled (valid + failed); rows skipped on resume are not counted. */
  processed: number;
}

/**
 * Makes the handler of one import's rows. Rows must be handed over in sheet order, blank rows
 * included (as empty arrays), from the first row of the sheet.
 * @returns take(rows): validates the rows (validateRow in the company's context), refuses a loan_id
 *   already seen in an earlier row ("<label> '<id>' is repeated: first in row <n>") and answers the
 *   batch's staging lines and failed rows
 */
export function importRows(config: ImportRowsConfig): { take(rows: readonly (readonly unknown[])[]): ImportRowsBatch } {
  const { headers, headerRowIndex, skipDataRows, companyId, loanIdLabel } = config;
  const validate = rowValidator(config.mapping, config.variables, config.context);
  const firstRows = new Map(config.firstRows);
  let index = 0; // 0-based sheet row index of the next row
  let dataRows = 0; // non-empty data rows seen, including those skipped on resume
  return {
    take(rows) {
      let copy = '';
      let valid = 0;
      let processed = 0;
      const failed: FailedRow[] = [];
      for (const cells of rows) {
        const rowNumber = index + 1;
        index += 1;
        if (rowNumber - 1 <= headerRowIndex) continue;
        const own = cells.length > headers.length ? cells.slice(0, headers.length) : cells;
        if (isEmptyDataRow(own)) continue;
        dataRows += 1;
        if (dataRows <= skipDataRows) continue;
        processed += 1;
        const result = validate(rowToRecord(headers, own));
        let reason: string;
        if (result.ok) {
          const loanId = result.values.loan_id as string;
          const first = firstRows.get(loanId);
          if (first === undefined) {
            firstRows.set(loanId, rowNumber);
            copy += loanStageLine(companyId, rowNumber, loanId, result.values as Record<string, RowValue>);
            valid += 1;
            continue;
          }
          reason = `${loanIdLabel} '${loanId}' is repeated: first in row ${first}`;
        } else {
          reason = result.reasons.join('; ');
        }
        failed.push({ rowNumber, cells: headers.map((_, i) => cellText(own[i])), reason });
      }
      return { copy, valid, failed, processed };
    },
  };
}
