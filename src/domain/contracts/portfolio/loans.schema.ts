/**
 * Schemas of the loans list (/api/recovery/loans, /all-loans, /loans/filter; spec 3 "Loan table
 * columns"; spec 7 recovery service; issue 3). Behind ./loans.ts. Also the wire pieces other
 * portfolio, bulk and allocation schemas share: the allocation month and a loan's cell values.
 */
import { z } from 'zod';
import { MONTH_MESSAGE, isMonth } from '../../common/calendar';
import { pagingQuery } from '../envelope';
import { LOAN_FILTER_BATCH_SIZE, LOAN_SORT_ORDERS } from './loans';
import { loanFilters } from './filters.schema';
export { companyQuery } from '../envelope';

/** 'YYYY-MM', e.g. '2026-11'. */
/** An allocation month 'YYYY-MM' (spec 3), within the calendar's years. */
export const allocationMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'allocation_month must be YYYY-MM').refine(isMonth, MONTH_MESSAGE);

/** A cell value after import normalisation: text, a number, or null when empty. */
export const variableValue = z.union([z.string(), z.number(), z.null()]);
export type VariableValue = z.infer<typeof variableValue>;

/**
 * A loan as lists and exports send it: every variable's value keyed by variable_name (flat, as in
 * the allocation file), plus the fields the platform keeps.
 */
export const loanRecord = z
  .object({
    loan_id: z.string(),
    allocation_month: z.string(),
    client_customer_id: z.string().nullable(),
    applicant_name: z.string().nullable(),
    co_applicant_count: z.number().int(),
    /** Latest remark (spec 3 "remarks (shown as Activity Timeline)"). */
    remarks: z.string().nullable(),
    updated_at: z.string(),
  })
  .catchall(variableValue);
export type LoanRecord = z.infer<typeof loanRecord>;

/** GET /loans: `filters` is JSON (loanFilters); `sort_by` a variable_name. page_size up to 500. */
export const loansQuery = pagingQuery.extend({
  company_id: z.string().optional(),
  allocation_month: allocationMonth.optional(),
  search: z.string().trim().max(100).optional(),
  filters: z.string().max(20_000).optional(),
  sort_by: z.string().max(100).optional(),
  sort_order: z.enum(LOAN_SORT_ORDERS).default('asc'),
});
export type LoansQuery = z.infer<typeof loansQuery>;
export const loansPage = z.object({
  loans: z.array(loanRecord),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
  /** The month answered: the query's, else the latest month with loans (null when none). */
  allocation_month: z.string().nullable(),
  /** Months with loans, newest first, for the month switch. */
  allocation_months: z.array(z.string()),
});
export type LoansPage = z.infer<typeof loansPage>;

/** GET /all-loans: every matching loan_id (spec 7), for bulk actions. */
export const allLoansQuery = z.object({
  company_id: z.string().optional(),
  allocation_month: allocationMonth,
  search: z.string().trim().max(100).optional(),
  filters: z.string().max(20_000).optional(),
});
export const allLoansResponse = z.object({ loan_ids: z.array(z.string()), total: z.number().int() });

/** POST /loans/filter: which of up to 50 loan_ids match the filters (spec 7 "filter loans in batches of 50"). */
export const filterLoansBody = z.object({
  allocation_month: allocationMonth,
  loan_ids: z.array(z.string()).min(1).max(LOAN_FILTER_BATCH_SIZE),
  filters: loanFilters,
});
export const filterLoansResponse = z.object({ loan_ids: z.array(z.string()) });
