/**
 * Which loans a portfolio assignment acts on (issue 5 "choose loans by selection, or by filter, or
 * by uploading an Excel/CSV"): the picker's state, the part of a loan operation body that names
 * the loans, and the spec 5 check of an "allocate via excel" file. Pure: no React, no I/O.
 */
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { IMPORT_FILE_EXTENSIONS, IMPORT_MAX_FILE_MB } from '../../../domain/contracts/bulk/imports';
import { checkUploads, fileExtension } from '../../../domain/validation/rules';

/** How the loans are chosen: ticked in the table, or every loan matching the filters and search. */
export type PickMode = 'selection' | 'filter';

/** The loan picker's state, kept by the page so it survives switching tabs. */
export interface LoanPick {
  mode: PickMode;
  /** Allocation month 'YYYY-MM'; null until the loans list answers the latest month. */
  month: string | null;
  search: string;
  filters: LoanFilter[];
  /** Ticked loan_ids (mode 'selection'); kept when the filters change so a pick can span searches. */
  selected: ReadonlySet<string>;
}

export const EMPTY_PICK: LoanPick = { mode: 'selection', month: null, search: '', filters: [], selected: new Set() };

/** The loans part of a loan operation or suggestion body: `loan_ids`, or `filters` with `search`. */
export type LoansSelector = { loan_ids: string[] } | { filters: LoanFilter[]; search?: string };

/**
 * The body part naming the picked loans.
 * @returns `{loan_ids}` for a selection (null when nothing is ticked); `{filters, search}` for a
 *   filter pick (`filters: []` is the whole month, as the contract says)
 */
export function loansSelector(pick: LoanPick): LoansSelector | null {
  if (pick.mode === 'selection') return pick.selected.size > 0 ? { loan_ids: [...pick.selected] } : null;
  const search = pick.search.trim();
  return search ? { filters: pick.filters, search } : { filters: pick.filters };
}

/**
 * How many loans the pick covers: the ticked count, or `matching` (the loans list's total for the
 * filters and search; null while it loads) for a filter pick.
 */
export function pickedCount(pick: LoanPick, matching: number | null): number | null {
  return pick.mode === 'selection' ? pick.selected.size : matching;
}

/** `selected` with `ids` ticked (`on`) or unticked; a new set, the old one is left alone. */
export function toggleLoans(selected: ReadonlySet<string>, ids: readonly string[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** 'all', 'some' or 'none' of `ids` ticked, for a header checkbox (none when `ids` is empty). */
export function tickState(selected: ReadonlySet<string>, ids: readonly string[]): 'all' | 'some' | 'none' {
  let ticked = 0;
  for (const id of ids) if (selected.has(id)) ticked += 1;
  if (ticked === 0) return 'none';
  return ticked === ids.length ? 'all' : 'some';
}

/**
 * Spec 5 check of an "allocate loans via excel" file before it is sent: blocked extensions and the
 * size limit (checkUploads' messages), then the kinds the server reads (.xlsx, .xls, .csv).
 * @returns the message to show, or null when the file may be uploaded
 */
export function checkAssignmentFile(file: { name: string; size: number }): string | null {
  const spec5 = checkUploads([file], { maxSizeMb: IMPORT_MAX_FILE_MB, maxFiles: 1 });
  if (spec5) return spec5;
  const ext = fileExtension(file.name);
  return (IMPORT_FILE_EXTENSIONS as readonly string[]).includes(ext) ? null : `.${ext || file.name} file type is not supported!`;
}

/** Tags typed as one comma-separated text: trimmed, empties dropped, repeats removed (first spelling kept). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag && !seen.has(tag)) {
      seen.add(tag);
      out.push(tag);
    }
  }
  return out;
}

/** Loan ids pasted as text (one per line, or separated by commas, semicolons, tabs or spaces): trimmed, repeats removed, in order. */
export function parseLoanIds(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}
