/**
 * Portfolio use cases (issue 3 "Loans list"; spec 7 recovery `/loans`, `/all-loans`,
 * `/filters/config`, `/saved/filters`; spec 9 filter batch size). Loans leave through
 * `toLoanRecord` and a Masker, so masked personal fields are masked for callers without
 * access_unmasked_data (spec 3, 6).
 */
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FilterGroup, LoanFilter } from '../../../domain/contracts/portfolio/filters';
import type { LoanRecord, LoansPage, LoansQuery } from '../../../domain/contracts/portfolio/loans';
import type { SavedFilter } from '../../../domain/contracts/portfolio/saved-filters';
import type { createSavedFilterBody, updateSavedFilterBody } from '../../../domain/contracts/portfolio/saved-filters.schema';
import { loanFilters } from '../../../domain/contracts/portfolio/filters.schema';
import { filterConfigItems, groupFilterItems, validateLoanFilters } from '../../../domain/portfolio/loan-filters';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { parseJsonText } from '../../http/json-text';
import { rowsOf } from '../../db/sql-helpers';
import { loanListTotal, readTotalProbe, totalProbeSql, type TotalProbe } from './loan-counts';
import { loanPageIds } from './loan-page-ids';
import { Masker } from './loan-masking';
import type { LoanSelection } from './loan-query';
import { PROMOTED_COLUMNS, latestRemarkSql, selectionSql, sortSql, variableSql } from './loan-query';
import { loans, savedFilters, type LoanRow, type SavedFilterRow } from './schema';
import { companyVariablesAt, type CompanyVariable } from './variables';
import { defaultMonth } from '../../../domain/common/calendar';
import { countryTimeZone, localDay } from '../../../domain/common/dates';
import { companyCountry } from '../companies/queries';

/** The company's current month 'YYYY-MM' in its time zone. */
async function companyMonth(db: DbOrTx, companyId: string, now = new Date()): Promise<string> {
  const { country } = await companyCountry(db, companyId);
  return localDay(now, countryTimeZone(country).offsetMinutes).slice(0, 7);
}

/** Options of a multi_select filter sent with the config (the most frequent first). */
export const FILTER_OPTIONS_LIMIT = 200;

/** A caller's view of a company's portfolio: its variables and the masker for that caller. */
export interface PortfolioView {
  companyId: string;
  variables: CompanyVariable[];
  masker: Masker;
}

/**
 * Loads the company's variables and builds the caller's masker (`unmasked`: the caller may read
 * clear values). With the caller's `settingsVersion` (Caller.companySettingsVersion) the variables
 * may come from this process's cache (companyVariablesAt).
 */
export async function portfolioView(db: DbOrTx, companyId: string, unmasked: boolean, settingsVersion: number | null = null): Promise<PortfolioView> {
  const variables = await companyVariablesAt(db, companyId, settingsVersion);
  return { companyId, variables, masker: new Masker(variables, unmasked) };
}

/**
 * Months with loans for the company, newest first, as an array-valued SQL expression. A loose
 * index scan over (company_id, allocation_month, …): one index probe per month instead of reading
 * every loan.
 */
function allocationMonthsSql(companyId: string): SQL<string[]> {
  return sql<string[]>`array(
    with recursive months(m) as (
      select max(allocation_month) from loans where company_id = ${companyId}
      union all
      select (select max(allocation_month) from loans where company_id = ${companyId} and allocation_month < months.m) from months where months.m is not null
    )
    select m from months where m is not null order by m desc)`;
}

/** Months with loans for the company, newest first. */
export async function allocationMonths(db: DbOrTx, companyId: string): Promise<string[]> {
  const [row] = rowsOf<{ months: string[] }>(await db.execute(sql`select ${allocationMonthsSql(companyId)} as months`));
  return row?.months ?? [];
}

/**
 * Parses and validates `filters` (JSON of loanFilters, or already parsed) against the company's
 * filter config. @throws 400 "filters must be JSON …" or the validateLoanFilters message (e.g.
 * "Unknown filter: foo").
 */
export function parseFilters(raw: string | readonly LoanFilter[] | undefined, variables: readonly CompanyVariable[]): LoanSelection['filters'] {
  let filters: readonly LoanFilter[] = [];
  if (typeof raw === 'string' && raw.trim() !== '') {
    filters = parseJsonText(raw, loanFilters, {
      notJson: 'filters must be JSON: [{"filter_key": "...", ...}]',
      invalid: (issue) => `filters are invalid: ${issue?.message ?? 'bad shape'}`,
    }).value;
  } else if (Array.isArray(raw)) {
    filters = raw;
  }
  const items = filterConfigItems(variables).map((i) => i.item);
  const problem = validateLoanFilters(filters, items);
  if (problem) throw badRequest(problem);
  const byKey = new Map(items.map((i) => [i.filter_key, i]));
  return filters.map((filter) => ({ filter, item: byKey.get(filter.filter_key)! }));
}

/** The loans columns a LoanRecord is made of (the promoted columns repeat what `variables` holds). */
export const loanRecordColumns = {
  variables: loans.variables,
  loanId: loans.loanId,
  allocationMonth: loans.allocationMonth,
  clientCustomerId: loans.clientCustomerId,
  applicantName: loans.applicantName,
  coApplicantCount: loans.coApplicantCount,
  updatedAt: loans.updatedAt,
};

/** A loans row (with its latest remark) as the flat record lists, profiles and exports send, before masking. */
export function toLoanRecord(row: Pick<LoanRow, keyof typeof loanRecordColumns>, remarks: string | null): LoanRecord {
  // Copied key by key, then the platform's fields: the same record (keys in the same order) as one
  // literal spreading the variables, which V8 builds ~9× slower from a parsed jsonb object (issue 12
  // "Speed": ~13 µs a loan, 0.6 ms of CPU a page of 50). Variable names are snake_case (no
  // `__proto__`), and a parsed object has no inherited keys.
  const record = {} as LoanRecord;
  const variables = row.variables;
  for (const name in variables) record[name] = variables[name];
  record.loan_id = row.loanId;
  record.allocation_month = row.allocationMonth;
  record.client_customer_id = row.clientCustomerId;
  record.applicant_name = row.applicantName;
  record.co_applicant_count = row.coApplicantCount;
  record.remarks = remarks;
  record.updated_at = row.updatedAt.toISOString();
  return record;
}

/** The sort of `sort_by`: a variable of the company or co_applicant_count. @throws 400 'Unknown sort_by: x'. */
function sortOf(view: PortfolioView, sortBy: string | undefined, order: 'asc' | 'desc') {
  const name = sortBy ?? 'loan_id';
  const variable = view.variables.find((v) => v.variable_name === name);
  if (!variable && !(name in PROMOTED_COLUMNS)) throw badRequest(`Unknown sort_by: ${name}`);
  return sortSql(name, variable?.data_type ?? 'integer', order);
}

/**
 * GET /loans: one page of the month's loans (default: the company's current month by calendar when
 * it has loans, else the newest before it; calendar.ts defaultMonth, issue 12), searched,
 * filtered and sorted in SQL, masked for the caller.
 * @throws 400 for bad filters or an unknown sort_by.
 */
export async function listLoans(db: Db, view: PortfolioView, query: LoansQuery): Promise<LoansPage> {
  const filters = parseFilters(query.filters, view.variables);
  const order = sortOf(view, query.sort_by, query.sort_order);
  // The month list and the page's total in one statement when the month is asked for (the screen
  // names it after its first request): a round trip fewer on every page.
  const selectionOf = (month: string): LoanSelection => ({ companyId: view.companyId, allocationMonth: month, search: query.search, searchMasked: view.masker.maskedNames(), filters });
  const asked = query.allocation_month ? selectionOf(query.allocation_month) : null;
  const askedWhere = asked ? selectionSql(asked) : null;
  const [first] = rowsOf<{ months: string[] } & Partial<TotalProbe>>(
    await db.execute(sql`select ${allocationMonthsSql(view.companyId)} as months${asked && askedWhere ? sql`, ${totalProbeSql(asked, askedWhere)}` : sql``}`),
  );
  const months = first.months;
  const month = query.allocation_month ?? defaultMonth(months, await companyMonth(db, view.companyId));
  const empty = { loans: [], total: 0, page_number: query.page_number, page_size: query.page_size, allocation_month: month, allocation_months: months };
  if (!month) return empty;
  const selection = asked ?? selectionOf(month);
  const where = askedWhere ?? selectionSql(selection);
  const probe: TotalProbe = asked ? { generation: first.generation ?? null, total: first.total ?? null } : await readTotalProbe(db, selection, where);
  const page = { offset: (query.page_number - 1) * query.page_size, limit: query.page_size };
  const narrowed = selection.filters.length > 0 || Boolean(selection.search && selection.search.trim() !== '');
  // A filtered or searched page's ids come from the list picked once per month generation
  // (loan-page-ids.ts): picking them reads every match, the page itself only its rows.
  const picked = narrowed ? await loanPageIds(db, selection, where, order, probe.generation === null ? null : Number(probe.generation), page) : null;
  // The total comes from maintained counts (loan-counts.ts), not a count of the month per page; a
  // picked list was counted as its ids were picked.
  const total = probe.total === null && picked && picked.generation === Number(probe.generation) ? picked.total : await loanListTotal(db, selection, where, probe);
  // Only the record's columns: a page's 50 rows are parsed and mapped column by column. A filtered
  // or searched page beyond the picked ids first picks its ids (an index-only scan when the
  // filters' columns are in the loans_month_dpd index), then reads only those rows: the wide rows
  // of every match are not read.
  const records = db.select({ loan: loanRecordColumns, remarks: latestRemarkSql }).from(loans);
  const rows = picked
    ? picked.ids.length === 0
      ? []
      : await records.where(and(eq(loans.companyId, view.companyId), sql`${loans.id} = any(${`{${picked.ids.join(',')}}`}::bigint[])`)).orderBy(...order)
    : narrowed
      ? await records
          .where(inArray(loans.id, db.select({ id: loans.id }).from(loans).where(where).orderBy(...order).limit(page.limit).offset(page.offset)))
          .orderBy(...order)
      : await records.where(where).orderBy(...order).limit(page.limit).offset(page.offset);
  return { ...empty, total, loans: rows.map((r) => view.masker.record(toLoanRecord(r.loan, r.remarks))) };
}

/** GET /all-loans (spec 7): every loan_id of the month matching search and filters, in loan_id order. */
export async function allLoanIds(db: Db, view: PortfolioView, query: { allocation_month: string; search?: string; filters?: string }): Promise<{ loan_ids: string[]; total: number }> {
  const filters = parseFilters(query.filters, view.variables);
  const rows = await db
    .select({ id: loans.loanId })
    .from(loans)
    .where(selectionSql({ companyId: view.companyId, allocationMonth: query.allocation_month, search: query.search, searchMasked: view.masker.maskedNames(), filters }))
    .orderBy(loans.loanId);
  return { loan_ids: rows.map((r) => r.id), total: rows.length };
}

/** POST /loans/filter (spec 7, at most 50 ids): which of `loanIds` in the month match the filters, in input order. */
export async function filterLoanBatch(db: Db, view: PortfolioView, body: { allocation_month: string; loan_ids: string[]; filters: LoanFilter[] }): Promise<string[]> {
  const filters = parseFilters(body.filters, view.variables);
  const rows = await db
    .select({ id: loans.loanId })
    .from(loans)
    .where(and(selectionSql({ companyId: view.companyId, allocationMonth: body.allocation_month, filters }), inArray(loans.loanId, body.loan_ids)));
  const matched = new Set(rows.map((r) => r.id));
  return body.loan_ids.filter((id) => matched.has(id));
}

/**
 * GET /filters/config: filter groups by variable_group with the synthetic co-applicant count in
 * the applicant group; multi_select options are the distinct values of the latest month (most
 * frequent first, at most FILTER_OPTIONS_LIMIT).
 */
export async function filtersConfig(db: Db, view: PortfolioView): Promise<FilterGroup[]> {
  const items = filterConfigItems(view.variables);
  const [month] = await allocationMonths(db, view.companyId);
  const withOptions = await Promise.all(
    items.map(async ({ group_key, item }) => {
      if (item.input_type !== 'multi_select') return { group_key, item };
      if (!month) return { group_key, item: { ...item, options: [] } };
      const value = variableSql(item.filter_key, item.data_type);
      const rows = await db
        .select({ v: sql<string>`${value}` })
        .from(loans)
        .where(and(eq(loans.companyId, view.companyId), eq(loans.allocationMonth, month), isNotNull(value)))
        // By position: the value's jsonb key is a bound parameter, which GROUP BY cannot match by text.
        .groupBy(sql`1`)
        .orderBy(desc(count()), sql`1`)
        .limit(FILTER_OPTIONS_LIMIT);
      return { group_key, item: { ...item, options: rows.map((r) => String(r.v)) } };
    }),
  );
  return groupFilterItems(withOptions);
}

// ---------------------------------------------------------------- saved filters

function toSavedFilter(row: SavedFilterRow): SavedFilter {
  return { filter_id: row.filterId, filter_name: row.filterName, filters: row.filters, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

const mine = (companyId: string, userId: string) => and(eq(savedFilters.companyId, companyId), eq(savedFilters.userId, userId));

/** The caller's saved filters in the company, by name. */
export async function listSavedFilters(db: Db, companyId: string, userId: string): Promise<SavedFilter[]> {
  const rows = await db.select().from(savedFilters).where(mine(companyId, userId)).orderBy(savedFilters.filterName);
  return rows.map(toSavedFilter);
}

async function assertNameFree(db: Db, companyId: string, userId: string, name: string, exceptId?: string): Promise<void> {
  const [row] = await db.select({ id: savedFilters.filterId }).from(savedFilters).where(and(mine(companyId, userId), eq(savedFilters.filterName, name)));
  if (row && row.id !== exceptId) throw conflict(`A saved filter named ${name} already exists`);
}

/** POST /saved/filters. @throws 400 for filters the config does not offer; 409 for a name the caller already uses. */
export async function createSavedFilter(db: Db, view: PortfolioView, userId: string, body: z.infer<typeof createSavedFilterBody>): Promise<SavedFilter> {
  parseFilters(body.filters, view.variables);
  await assertNameFree(db, view.companyId, userId, body.filter_name);
  const [row] = await db.insert(savedFilters).values({ companyId: view.companyId, userId, filterName: body.filter_name, filters: body.filters }).returning();
  return toSavedFilter(row);
}

/** PATCH /saved/filters (body filter_id). @throws 404 'Saved filter not found' (also for another user's filter); 400; 409. */
export async function updateSavedFilter(db: Db, view: PortfolioView, userId: string, body: z.infer<typeof updateSavedFilterBody>): Promise<SavedFilter> {
  if (body.filters) parseFilters(body.filters, view.variables);
  if (body.filter_name) await assertNameFree(db, view.companyId, userId, body.filter_name, body.filter_id);
  const [row] = await db
    .update(savedFilters)
    .set({ ...(body.filter_name ? { filterName: body.filter_name } : {}), ...(body.filters ? { filters: body.filters } : {}), updatedAt: new Date() })
    .where(and(mine(view.companyId, userId), eq(savedFilters.filterId, body.filter_id)))
    .returning();
  if (!row) throw notFound('Saved filter not found');
  return toSavedFilter(row);
}

/** DELETE /saved/filters?filter_id=. @throws 404 'Saved filter not found' (also for another user's filter). */
export async function deleteSavedFilter(db: Db, companyId: string, userId: string, filterId: string): Promise<void> {
  const rows = await db.delete(savedFilters).where(and(mine(companyId, userId), eq(savedFilters.filterId, filterId))).returning({ id: savedFilters.filterId });
  if (rows.length === 0) throw notFound('Saved filter not found');
}
