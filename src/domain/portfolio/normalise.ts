/**
 * Cell normalisers for the allocation-file import (issue 3 "Import management", spec 5, spec 9).
 *
 * Lenders' files are messy: amounts like '1,23,456.50' or 'Rs. 45,000', dates as 'dd/mm/yyyy',
 * 'dd-MMM-yy' or Excel serial numbers, mobiles with '+91', a trunk '0' or spaces. Each parser
 * normalises what is unambiguous and otherwise answers a human reason naming the raw value, e.g.
 * `Amount '12,34a' is not a number`. None of them throws.
 *
 * Pure functions: no I/O, no Node or browser APIs; used by the server's import job and the web's
 * mapping preview alike. This module holds the cell and text basics; amounts and numbers are in
 * normalise-numbers.ts, dates in normalise-dates.ts, mobiles, pincodes and emails in
 * normalise-contact.ts.
 */

/** Outcome of one normaliser: the normalised value, or a human reason the raw value was refused. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Spec 5 / spec 3 company ISD codes. */
export type IsdCode = '+91' | '+62';

/** A normaliser's success (for the normalise-* modules). */
export const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });
/** A normaliser's refusal with its human reason (for the normalise-* modules). */
export const fail = <T = never>(reason: string): ParseResult<T> => ({ ok: false, reason });

/** Placeholders lenders put in cells that hold nothing (compared trimmed, case-insensitively). */
export const BLANK_PLACEHOLDERS: readonly string[] = ['-', '--', '---', 'na', 'n/a', 'n.a.', 'n.a', 'nil', 'null', 'none', '#n/a'];

/** Excel error values a reader may hand over as text (besides '#N/A', which counts as blank). */
const EXCEL_ERRORS = ['#value!', '#ref!', '#div/0!', '#name?', '#num!', '#null!', '#spill!', '#calc!', '#getting_data'];

/**
 * Unwraps the cell objects spreadsheet readers produce into a primitive: `{ result }` (formula),
 * `{ richText: [{ text }] }`, `{ text }` (hyperlink), `{ error }` (answers the error text, e.g.
 * '#VALUE!'). Strings, numbers, booleans, Dates, null and undefined pass unchanged; any other
 * object becomes `undefined`. Never throws.
 */
export function unwrapCell(raw: unknown): string | number | boolean | Date | null | undefined {
  if (raw == null || typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean' || raw instanceof Date) {
    return raw;
  }
  if (typeof raw === 'bigint') return Number(raw);
  if (typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    if ('result' in o) return unwrapCell(o.result);
    if (Array.isArray(o.richText)) {
      return o.richText.map((part) => (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '')).join('');
    }
    if (typeof o.text === 'string' || typeof o.text === 'object') return unwrapCell(o.text);
    if (typeof o.error === 'string') return o.error;
  }
  return undefined;
}

/**
 * True when a cell holds nothing: null, undefined, NaN, a blank string, or one of the
 * BLANK_PLACEHOLDERS ('-', 'NA', 'N/A', 'NIL', 'NULL', 'None', '#N/A', ...). Reader cell objects
 * are unwrapped first (see unwrapCell).
 */
export function isBlankCell(raw: unknown): boolean {
  const v = unwrapCell(raw);
  if (v == null) return true;
  if (typeof v === 'number') return Number.isNaN(v);
  if (typeof v !== 'string') return false;
  return BLANK_TEXT.test(v);
}

/**
 * A string isBlankCell calls blank: squashed and lower-cased it is '' or one of the
 * BLANK_PLACEHOLDERS. None of them holds a space, so inner whitespace means "not blank"; one
 * anchored test instead of squash + toLowerCase + a list search on every cell (issue 12 "Speed":
 * an import asks this about 2.3 million cells). Kept in step with BLANK_PLACEHOLDERS by a unit test.
 */
const BLANK_TEXT = /^[\s\u200b]*(?:-|--|---|na|n\/a|n\.a\.|n\.a|nil|null|none|#n\/a)?[\s\u200b]*$/i;

/** Trims and collapses every run of whitespace (including no-break spaces, tabs, new lines) to one space. */
/** Inner whitespace squashed to single spaces, trimmed. */
export function squash(s: string): string {
  // Most cells are already squashed: testing is cheaper than a replace and a trim that copy.
  return NOT_SQUASHED.test(s) ? s.replace(/[\s\u00a0\u2007\u202f\u200b]+/g, ' ').trim() : s;
}

/** Whitespace other than a single inner space: what squash changes (trim removes only \s). */
const NOT_SQUASHED = /[^\S ]|\u200b| {2}|^ | $/;

/** Shows a raw value inside a reason: strings as typed (cut at 40 characters), others via String(). */
/** A raw value as a reason quotes it. */
export function show(raw: unknown): string {
  const v = unwrapCell(raw);
  const s = v instanceof Date ? (Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString()) : String(v);
  const t = squash(s);
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
}

/** A reason when the cell is an Excel error value such as '#VALUE!', else null. */
/** The Excel error text a cell holds, or null. */
export function excelError(v: unknown): string | null {
  if (typeof v === 'string' && EXCEL_ERRORS.includes(v.trim().toLowerCase())) {
    return `Cell holds the Excel error '${v.trim()}'`;
  }
  return null;
}
