/**
 * A loan as one line of the import's staging table (issue 12 "Speed": rows are staged with
 * PostgreSQL's `COPY ... FROM` in text format, then upserted into `loans` in one statement).
 *
 * Pure string work, so the import's worker thread builds the lines beside the parsing and the
 * validation, and the server's main thread only hands text to the database
 * (portfolio/loan-writer.ts `writeStagedLoans`). The promoted columns are the fields lists filter,
 * sort and search on (architecture.md "Portfolio and bulk").
 */
import { MAX_MINOR } from '../common/money';
import type { RowValue } from './row-validation';

export type SqlType = 'text' | 'int' | 'minor' | 'date';

/** Variables copied from `variables` into typed columns of `loans` (for filters, sorting, search). */
export const PROMOTED: readonly [name: string, type: SqlType][] = [
  ['client_customer_id', 'text'],
  ['customer_id', 'text'],
  ['applicant_name', 'text'],
  ['applicant_contact_number', 'text'],
  ['product', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['pincode', 'text'],
  ['dpd', 'int'],
  ['allocation_dpd_value', 'text'],
  ['principal_outstanding', 'minor'],
  ['total_claim_amount', 'minor'],
  ['expected_emi', 'minor'],
  ['date_of_default', 'date'],
];

const CO_APPLICANT_KEY = /^co_applicant_(\d+)_(?:name|contact_number)$/;

/**
 * A JSON number as PostgreSQL's numeric prints it: JavaScript's shortest decimal form, with an
 * exponent ('1e+21', '1.5e-7') written out in full ('1000000000000000000000', '0.00000015'), as
 * `jsonb::text` / `#>> '{}'` give it.
 */
export function numericText(n: number): string {
  const s = String(n);
  const e = s.indexOf('e');
  if (e < 0) return s;
  const negative = s.startsWith('-');
  const mantissa = s.slice(negative ? 1 : 0, e);
  const exponent = Number(s.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + exponent; // digits before the decimal point
  const body =
    point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${body}` : body;
}

const INT_TEXT = /^-?[0-9]{1,9}$/;
const ISO_DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/**
 * An amount in major units as bigint minor units, exactly as `round(<numeric> * 100)::bigint`
 * does it: on the number's decimal digits (no binary rounding), halves away from zero.
 */
function minorUnits(n: number): string {
  const text = numericText(Math.abs(n));
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.slice(0, dot);
  const fraction = dot < 0 ? '' : text.slice(dot + 1);
  const digits = whole + (fraction + '00').slice(0, 2);
  const up = fraction.length > 2 && fraction[2] >= '5' ? 1 : 0;
  // Up to 15 digits the sum is exact in a double; BigInt only beyond (issue 12 "Speed": 300,000 amounts an import).
  const minor = digits.length <= 15 ? String(Number(digits) + up) : String(BigInt(digits) + BigInt(up));
  return n < 0 && minor !== '0' ? `-${minor}` : minor;
}

/**
 * The value of variable `name` for its promoted column of `type`, or null when the value does not
 * fit (a company may have re-typed a variable, e.g. dpd as text). The same rules the upsert applied
 * in SQL before issue 12: int — a number printing as at most 9 digits; minor — a number within
 * MAX_MINOR, times 100, rounded half away from zero; date — a 'YYYY-MM-DD' string (PostgreSQL
 * checks the day); text — a string, or a number as numeric prints it.
 */
export function promotedValue(value: RowValue | undefined, type: SqlType): string | null {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'int': {
      const text = typeof value === 'number' ? numericText(value) : '';
      return INT_TEXT.test(text) ? text : null;
    }
    case 'minor':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_MINOR / 100 ? minorUnits(value) : null;
    case 'date':
      return typeof value === 'string' && ISO_DAY.test(value) ? value : null;
    default:
      return typeof value === 'string' ? value : Number.isFinite(value) ? numericText(value) : null;
  }
}

/** How many co-applicants (co_applicant_N_name or co_applicant_N_contact_number non-empty, per N) the values carry. */
export function countCoApplicants(values: Readonly<Record<string, RowValue>>): number {
  let present: Set<string> | null = null;
  for (const key in values) {
    if (!key.startsWith('co_applicant_')) continue;
    const value = values[key];
    if (value === null || value === '') continue;
    const m = CO_APPLICANT_KEY.exec(key);
    if (m) (present ??= new Set()).add(m[1]);
  }
  return present ? present.size : 0;
}

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * One field of a text-format COPY line: null → `\N`; backslash, tab, newline and carriage return
 * escaped; numbers and booleans as text. (JSON text rarely holds a backslash, so most fields pass
 * through untouched.)
 */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const s = typeof value === 'string' ? value : String(value);
  return SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : s;
}

/** The column of a promoted variable: amounts live in `<name>_minor`. */
export const promotedColumn = ([name, type]: readonly [string, SqlType]): string => (type === 'minor' ? `${name}_minor` : name);

/** The staging table's columns in line order: row number, company, loan_id, the promoted columns, co-applicant count (`c`), variables (`v`). */
export const STAGE_COLUMN_NAMES: readonly string[] = ['n', 'company_id', 'loan_id', ...PROMOTED.map(promotedColumn), 'c', 'v'];

/**
 * One loan as a staging line (fields in STAGE_COLUMN_NAMES order, tab-separated, ending in '\n').
 * @param companyId the owning company (every staged row carries it: the row-level security wall's key)
 * @param rowNumber the row's 1-based number in the source file
 * @param loanId the loan's id (non-empty)
 * @param values the row's normalised values by variable_name (validateRow's output)
 */
export function loanStageLine(companyId: string, rowNumber: number, loanId: string, values: Readonly<Record<string, RowValue>>): string {
  let line = `${rowNumber}\t${copyField(companyId)}\t${copyField(loanId)}`;
  for (const [name, type] of PROMOTED) {
    const value = promotedValue(values[name], type);
    // int, minor and date values are digits, '-' and '.': nothing a COPY line escapes.
    line += value === null ? '\t\\N' : type === 'text' ? `\t${copyField(value)}` : `\t${value}`;
  }
  return `${line}\t${countCoApplicants(values)}\t${copyField(JSON.stringify(values))}\n`;
}
