/**
 * Portfolio tables (spec 3 "Variable", "Loan and customer profile", "Saved filter"; issue 3):
 * company-defined variables, loans per allocation month, the remembered import mapping, saved
 * filters and the loan activity timeline.
 *
 * A loan is one row per (company_id, allocation_month, loan_id): re-importing a month updates it.
 * Every normalised value of the allocation row is kept in `variables` (jsonb, keyed by
 * variable_name); the fields lists filter, sort and search on are also promoted to columns.
 * Amounts are bigint minor units (paise, sen) in `<name>_minor` columns; the variables jsonb keeps the file's rupees / rupiah.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import type { VariableValue } from '../../../domain/contracts/portfolio/loans';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const minor = (name: string) => bigint(name, { mode: 'number' });

/** Company-defined variables and company overrides of system variables (label, mandatory, masking). */
export const companyVariables = pgTable(
  'company_variables',
  {
    variableId: id('variable_id'),
    companyId: text('company_id').notNull().references(companyRef),
    variableName: text('variable_name').notNull(),
    variableLabel: text('variable_label').notNull(),
    variableType: text('variable_type', { enum: ['system', 'custom'] }).notNull().default('custom'),
    dataType: text('data_type').notNull(),
    allowMultipleValues: boolean('allow_multiple_values').notNull().default(false),
    active: boolean('active').notNull().default(true),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    subVariables: jsonb('sub_variables').$type<string[]>().notNull().default([]),
    variableGroup: text('variable_group').notNull().default('custom'),
    isMasked: boolean('is_masked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('company_variables_name').on(t.companyId, t.variableName)],
);
export type CompanyVariableRow = typeof companyVariables.$inferSelect;

// Stored with fillfactor 50 (hand-written migration 0020; drizzle cannot declare a table's storage
// parameters): a status update (variables, updated_at: no index holds them) then stays on its page
// as a HOT update, without new entries in the six indexes below (issue 13 campaign batches).
export const loans = pgTable(
  'loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: text('company_id').notNull().references(companyRef),
    allocationMonth: text('allocation_month').notNull(),
    loanId: text('loan_id').notNull(),
    clientCustomerId: text('client_customer_id'),
    customerId: text('customer_id'),
    applicantName: text('applicant_name'),
    applicantContactNumber: text('applicant_contact_number'),
    product: text('product'),
    city: text('city'),
    state: text('state'),
    pincode: text('pincode'),
    dpd: integer('dpd'),
    allocationDpdValue: text('allocation_dpd_value'),
    principalOutstandingMinor: minor('principal_outstanding_minor'),
    totalClaimAmountMinor: minor('total_claim_amount_minor'),
    expectedEmiMinor: minor('expected_emi_minor'),
    dateOfDefault: date('date_of_default', { mode: 'string' }),
    coApplicantCount: integer('co_applicant_count').notNull().default(0),
    /** Every variable's normalised value, keyed by variable_name (includes the promoted columns). */
    variables: jsonb('variables').$type<Record<string, VariableValue>>().notNull().default({}),
    isArchived: boolean('is_archived').notNull().default(false),
    /** Tags added by loan operations (issue 5 add_tags / delete_tags). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The import that last wrote the row, and the file row it came from. */
    lastImportId: text('last_import_id'),
    sourceRow: integer('source_row'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('loans_company_month_loan').on(t.companyId, t.allocationMonth, t.loanId),
    // Covers the common filtered page (dpd range with state, bucket and amount filters, sorted by an
    // amount): listLoans picks the page's ids by an index-only scan of it, then reads 50 rows
    // (issue 12 "Speed": the filtered list read nearly every heap page of the month before).
    // It also serves the state filter and the filter options' distinct states (state is in it), so
    // there is no (company, month, state) index.
    index('loans_month_dpd').on(t.companyId, t.allocationMonth, t.dpd, t.state, t.allocationDpdValue, t.totalClaimAmountMinor, t.isArchived, t.loanId, t.id),
    // The unfiltered page sorted by an amount reads its 50 rows in this order.
    index('loans_month_claim').on(t.companyId, t.allocationMonth, t.totalClaimAmountMinor),
    index('loans_customer').on(t.companyId, t.clientCustomerId),
    index('loans_loan_id').on(t.companyId, t.loanId),
    // Every index costs each imported row (issue 12 "Speed": 100,000 rows into 8 indexes took most of
    // the import's database time). Left out on purpose: last_import_id (only a resumed import asks
    // for its loans, once, within the month: loans_company_month_loan finds the month) and tags (no
    // query searches by tag; loan operations name loans by loan_id).
  ],
);
export type LoanRow = typeof loans.$inferSelect;

export const savedFilters = pgTable(
  'saved_filters',
  {
    filterId: id('filter_id'),
    companyId: text('company_id').notNull().references(companyRef),
    userId: text('user_id').notNull(),
    filterName: text('filter_name').notNull(),
    filters: jsonb('filters').$type<LoanFilter[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('saved_filters_user_name').on(t.companyId, t.userId, t.filterName)],
);
export type SavedFilterRow = typeof savedFilters.$inferSelect;

/**
 * The loan activity timeline (remarks, calls, PTPs, payments, visits, status changes, imports),
 * keyed by loan_id across months. Call details and final statuses are counted from it.
 */
export const loanEvents = pgTable(
  'loan_events',
  {
    eventId: id('event_id'),
    // No foreign key to companies: a log written 1,000 rows a statement by campaign batches, where the
    // per-row key check cost ~6–12 ms per 1,000 rows (issue 13); the company comes from the signed-in
    // user or a campaign row (which has the key), and companies are never deleted.
    companyId: text('company_id').notNull(),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month'),
    kind: text('kind', { enum: ['remark', 'call', 'ptp', 'payment', 'visit', 'status_change', 'import', 'allocation', 'compliance', 'notice', 'approval', 'settlement', 'change_request', 'repossession', 'litigation'] }).notNull(),
    module: text('module'),
    remark: text('remark'),
    /** call: { connected: boolean }; ptp: { ptp_date, ptp_amount, broken: boolean }; status_change: { status_name }; allocation: { operation_id, operation_type, agent_type, user_id, previous_user_id }; compliance: { decision_id, channel, allowed, reasons, override_id, role }. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    authorId: text('author_id'),
    createdAt: createdAt(),
  },
  (t) => [index('loan_events_loan').on(t.companyId, t.loanId, t.createdAt)],
);
export type LoanEventRow = typeof loanEvents.$inferSelect;




/**
 * How many loans each (company, allocation month) holds, kept exact by statement-level triggers on
 * `loans`, and a `generation` that goes up with every statement writing the month's loans (issue 12
 * "Speed": the loan list's total without counting 100,000 rows per page). This is the folded base:
 * the month's figures are this row plus its rows in `loan_month_count_deltas` (loan-counts.ts
 * monthCountsSql). A month with neither has no loans.
 */
export const loanMonthCounts = pgTable(
  'loan_month_counts',
  {
    companyId: text('company_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    /** Loans not archived (what the list counts). */
    live: integer('live').notNull().default(0),
    archived: integer('archived').notNull().default(0),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.allocationMonth] })],
);

/**
 * What each statement writing a month's loans changed (migration `loan_count_deltas`): one row per
 * (statement, company, month) with the live/archived difference, counting one generation. Append
 * only, so concurrent writers (webhook postings on different loans of one month) never wait on one
 * counts row; a writer that finds 64 or more folds them into `loan_month_counts` (one folder per
 * month at a time: an advisory try-lock; the others skip), keeping sums and generation unchanged.
 */
export const loanMonthCountDeltas = pgTable(
  'loan_month_count_deltas',
  {
    companyId: text('company_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    live: integer('live').notNull(),
    archived: integer('archived').notNull(),
  },
  (t) => [index('loan_month_count_deltas_month').on(t.companyId, t.allocationMonth)],
);

/**
 * Totals of filtered loan lists, valid while the month's `generation` is the one they were counted
 * at (loan-counts.ts): paging through one filtered list counts it once. `selectionKey` is the
 * SHA-256 of the selection's SQL and parameters.
 */
export const loanCountCache = pgTable(
  'loan_count_cache',
  {
    companyId: text('company_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    selectionKey: text('selection_key').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    total: integer('total').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.allocationMonth, t.selectionKey] })],
);
