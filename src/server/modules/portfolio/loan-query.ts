/**
 * SQL for the loan list (issue 3 "Loans list": server-side filters, search, sort, paging): where
 * clauses from applied filters and a search text, and the sort expression of any variable.
 * Promoted columns (schema.ts) are used when a variable has one, so the month indexes apply;
 * other variables are read from the `variables` jsonb. Renders the same on PGlite and PostgreSQL.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { CO_APPLICANT_COUNT_FILTER_KEY, type FilterConfigItem, type LoanFilter } from '../../../domain/contracts/portfolio/filters';
import type { VariableDataType } from '../../../domain/portfolio/system-variables';
import { likePattern } from '../../db/sql-helpers';
import { loans } from './schema';

/** Variables kept in their own column of `loans` (see schema.ts). */
export const PROMOTED_COLUMNS: Readonly<Record<string, AnyColumn>> = {
  loan_id: loans.loanId,
  client_customer_id: loans.clientCustomerId,
  customer_id: loans.customerId,
  applicant_name: loans.applicantName,
  applicant_contact_number: loans.applicantContactNumber,
  product: loans.product,
  city: loans.city,
  state: loans.state,
  pincode: loans.pincode,
  dpd: loans.dpd,
  allocation_dpd_value: loans.allocationDpdValue,
  principal_outstanding: loans.principalOutstandingMinor,
  total_claim_amount: loans.totalClaimAmountMinor,
  expected_emi: loans.expectedEmiMinor,
  date_of_default: loans.dateOfDefault,
  [CO_APPLICANT_COUNT_FILTER_KEY]: loans.coApplicantCount,
};

/** Promoted amount variables whose column holds minor units (`<name>_minor`, bigint). */
const MINOR_COLUMNS: ReadonlySet<string> = new Set(['principal_outstanding', 'total_claim_amount', 'expected_emi']);

const NUMERIC_TYPES: ReadonlySet<string> = new Set(['amount', 'number', 'integer']);

/**
 * The SQL value of variable `name`: its promoted column, else the jsonb value — as numeric for
 * numeric data types (non-numbers read as null), as text otherwise. Dates compare as
 * 'YYYY-MM-DD' text, which orders like dates.
 */
export function variableSql(name: string, dataType: VariableDataType | string): SQL {
  const column = PROMOTED_COLUMNS[name];
  // Amount columns hold minor units; filters and options speak the variable's major units (exact numeric division).
  if (column && MINOR_COLUMNS.has(name)) return sql`(${column}::numeric / 100)`;
  if (column) return name === 'date_of_default' ? sql`${column}::text` : sql`${column}`;
  if (NUMERIC_TYPES.has(dataType)) {
    return sql`(case when jsonb_typeof(${loans.variables} -> ${name}) = 'number' then (${loans.variables} ->> ${name})::numeric end)`;
  }
  return sql`(${loans.variables} ->> ${name})`;
}

/**
 * A range bound in major units (rupees) as the minor-unit (paise) bound that selects the same
 * integer column values: `column / 100 >= min` ⇔ `column >= ceil(min × 100)`, `<= max` ⇔
 * `<= floor(max × 100)`, computed on the decimal digits (no float rounding). Null for values
 * written in exponent form or beyond ±10^15 (the caller then compares the exact numeric quotient).
 */
export function minorUnitBound(major: number, side: 'min' | 'max'): string | null {
  if (!Number.isFinite(major) || Math.abs(major) >= 1e15) return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(String(major));
  if (!m) return null;
  const [, sign, whole, fraction = ''] = m;
  const magnitude = BigInt(whole) * 100n + BigInt(`${fraction}00`.slice(0, 2));
  let minor = sign ? -magnitude : magnitude;
  // Digits finer than paise: no integer equals the value, so the bound moves to its side.
  if (/[1-9]/.test(fraction.slice(2))) {
    if (side === 'min' && !sign) minor += 1n;
    if (side === 'max' && sign) minor -= 1n;
  }
  return minor.toString();
}

/**
 * The condition of one applied filter (already checked by validateLoanFilters against `item`).
 * multi_select: value in the values; range: min ≤ value ≤ max (numbers); date_range: the same on
 * 'YYYY-MM-DD'; text: contains, case-insensitive.
 */
export function filterSql(filter: LoanFilter, item: FilterConfigItem): SQL {
  const value = variableSql(filter.filter_key, item.data_type);
  const parts: SQL[] = [];
  switch (item.input_type) {
    case 'multi_select':
      parts.push(sql`${value} in (${sql.join((filter.values ?? []).map((v) => sql`${v}`), sql`, `)})`);
      break;
    case 'range': {
      // On an amount column the bounds become paise, so the comparison is on the column itself
      // and its index applies (the quotient `column / 100` hides it from every index).
      const column = MINOR_COLUMNS.has(filter.filter_key) ? PROMOTED_COLUMNS[filter.filter_key] : undefined;
      for (const [bound, op] of [['min', sql`>=`], ['max', sql`<=`]] as const) {
        if (filter[bound] === undefined) continue;
        const minor = column ? minorUnitBound(Number(filter[bound]), bound) : null;
        parts.push(minor !== null ? sql`${column} ${op} ${minor}` : sql`${value} ${op} ${Number(filter[bound])}`);
      }
      break;
    }
    case 'date_range':
      if (filter.min !== undefined) parts.push(sql`${value} >= ${String(filter.min)}`);
      if (filter.max !== undefined) parts.push(sql`${value} <= ${String(filter.max)}`);
      break;
    case 'text':
      parts.push(sql`${value} ilike ${likePattern(filter.text ?? '')}`);
      break;
  }
  return and(...parts) ?? sql`true`;
}

/** The variables a search looks in (issue 3: loan id, customer ids, applicant name, mobile). */
const SEARCH_FIELDS = ['loan_id', 'client_customer_id', 'customer_id', 'applicant_name', 'applicant_contact_number'] as const;

/**
 * The fields a search treats as masked when the caller's masking is not known (a selection made
 * without `searchMasked`): the personal ones among SEARCH_FIELDS, so such a search fails closed.
 */
export const PERSONAL_SEARCH_FIELDS: ReadonlySet<string> = new Set(['applicant_name', 'applicant_contact_number']);

/** A stored national mobile from a search of digits ('+91 98765 43210', '098765…' → the last 10 / no leading 0). */
const nationalDigits = (digits: string): string => (digits.length > 10 ? digits.slice(-10) : digits.replace(/^0/, ''));

/**
 * The search condition (issue 3: loan id, customer ids, applicant name, mobile), case-insensitive
 * 'contains'. A search of digits (spaces, '+' and '-' ignored) also matches the mobile's digits,
 * so a masked user can find a loan by the mobile they were told.
 * On a field in `masked` (the caller sees it masked) only the whole value matches (trimmed,
 * case-insensitive; a mobile by its digits), never a part: otherwise a masked value could be read
 * character by character through search (issue 12).
 */
export function searchSql(search: string, masked: ReadonlySet<string> = PERSONAL_SEARCH_FIELDS): SQL {
  const text = search.trim();
  const pattern = likePattern(text);
  const digits = search.replace(/[\s+\-()]/g, '');
  const parts = SEARCH_FIELDS.map((name) => (masked.has(name) ? sql`lower(trim(${PROMOTED_COLUMNS[name]})) = ${text.toLowerCase()}` : sql`${PROMOTED_COLUMNS[name]} ilike ${pattern}`));
  if (/^\d{4,}$/.test(digits)) {
    const mobile = loans.applicantContactNumber;
    parts.push(masked.has('applicant_contact_number') ? sql`${mobile} = ${nationalDigits(digits)}` : sql`${mobile} like ${likePattern(nationalDigits(digits))}`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** What selects a set of loans: company, month, search and applied filters (validated, with their config items). */
export interface LoanSelection {
  companyId: string;
  allocationMonth: string;
  search?: string;
  filters: readonly { filter: LoanFilter; item: FilterConfigItem }[];
  /** true: select among archived loans only (unarchiving); default: archived loans are excluded. */
  archived?: boolean;
  /**
   * Variable names the searching user sees masked (Masker.maskedNames): search matches only their
   * whole value. Absent: PERSONAL_SEARCH_FIELDS (fail closed).
   */
  searchMasked?: ReadonlySet<string>;
}

/** The where clause of a LoanSelection (archived loans excluded unless `archived`). */
export function selectionSql(s: LoanSelection): SQL {
  const parts: SQL[] = [eq(loans.companyId, s.companyId), eq(loans.allocationMonth, s.allocationMonth), eq(loans.isArchived, s.archived ?? false)];
  if (s.search && s.search.trim() !== '') parts.push(searchSql(s.search, s.searchMasked));
  for (const f of s.filters) parts.push(filterSql(f.filter, f.item));
  return and(...parts)!;
}

/** ORDER BY of a sort on variable `name` of `dataType`, nulls last, ties by loan_id then row id for stable pages. */
export function sortSql(name: string, dataType: VariableDataType | string, order: 'asc' | 'desc'): SQL[] {
  // A minor-unit column sorts as itself (same order as major units, and the loans_month_claim index applies).
  const value = MINOR_COLUMNS.has(name) ? sql`${PROMOTED_COLUMNS[name]}` : variableSql(name, dataType);
  const primary = order === 'asc' ? sql`${value} asc nulls last` : sql`${value} desc nulls last`;
  return name === 'loan_id' ? [primary, asc(loans.id)] : [primary, order === 'asc' ? asc(loans.loanId) : desc(loans.loanId)];
}

/**
 * The latest remark on a loan, as a correlated subquery (spec 3 "remarks (shown as Activity Timeline)").
 * The outer columns are named with their table: Drizzle writes a one-table select's columns bare,
 * and a bare "loan_id" inside the subquery is loan_events' own — the subquery then returned the
 * newest remark of any loan (of any company, outside the company wall) on every row.
 */
export const latestRemarkSql = sql<string | null>`(select e.remark from loan_events e where e.company_id = "loans"."company_id" and e.loan_id = "loans"."loan_id" and e.kind = 'remark' order by e.created_at desc limit 1)`;
