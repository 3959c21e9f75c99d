/**
 * Portfolio contracts of the recovery service (spec 3 "Variable", "Loan and customer profile",
 * "Loan table columns", "Saved filter and filter config"; spec 7 recovery service; issue 3).
 *
 * Wire conventions: amounts are numbers in rupees or rupiah (at most 2 decimals), dates
 * 'YYYY-MM-DD', allocation months 'YYYY-MM', mobiles national numbers (10 digits for +91).
 * Masked personal fields arrive masked for users without `access_unmasked_data` read.
 */
import { z } from 'zod';
import { pagingQuery } from './envelope';
import { MODULE_STATUS_VARIABLE_NAMES, VARIABLE_DATA_TYPES } from '../portfolio/system-variables';

/** 'YYYY-MM', e.g. '2026-11'. */
export const allocationMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'allocation_month must be YYYY-MM');

/** A cell value after import normalisation: text, a number, or null when empty. */
export const variableValue = z.union([z.string(), z.number(), z.null()]);
export type VariableValue = z.infer<typeof variableValue>;

// ---------------------------------------------------------------- variables

export const variable = z.object({
  variable_id: z.string(),
  variable_name: z.string(),
  variable_label: z.string(),
  /** 'system' for the variables every company has, 'custom' for company-defined ones. */
  variable_type: z.enum(['system', 'custom']),
  data_type: z.enum(VARIABLE_DATA_TYPES),
  allow_multiple_values: z.boolean(),
  active: z.boolean(),
  is_mandatory: z.boolean(),
  /** Parts of a compound variable (e.g. an address's lines), by variable_name. */
  sub_variables: z.array(z.string()),
  variable_group: z.string(),
  /** A masked personal field (spec 3): sent masked without access_unmasked_data read. */
  is_masked: z.boolean(),
});
export type Variable = z.infer<typeof variable>;
export const variablesResponse = z.object({ variables: z.array(variable) });

/** POST /variables: a company-defined variable. */
export const createVariableBody = z.object({
  variable_name: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'variable_name must be snake_case'),
  variable_label: z.string().trim().min(1).max(120),
  data_type: z.enum(VARIABLE_DATA_TYPES),
  allow_multiple_values: z.boolean().default(false),
  is_mandatory: z.boolean().default(false),
  sub_variables: z.array(z.string()).default([]),
  variable_group: z.string().trim().min(1).max(60).default('custom'),
  is_masked: z.boolean().default(false),
});
/** PATCH /variables/{variable_id}. */
export const updateVariableBody = createVariableBody.omit({ variable_name: true }).partial().extend({ active: z.boolean().optional() });

// ---------------------------------------------------------------- filters

export const FILTER_INPUT_TYPES = ['multi_select', 'range', 'date_range', 'text'] as const;
/** The synthetic filter added to the applicant attributes group (spec 3). */
export const CO_APPLICANT_COUNT_FILTER_KEY = 'co_applicant_count';
export const CO_APPLICANT_COUNT_FILTER_NAME = 'Number of Co-Applicant Present';

export const filterConfigItem = z.object({
  filter_key: z.string(),
  filter_name: z.string(),
  data_type: z.enum([...VARIABLE_DATA_TYPES]),
  input_type: z.enum(FILTER_INPUT_TYPES),
  /** Options are sent with the config (multi_select) instead of fetched on open. */
  pre_load_filter: z.boolean(),
  filter_order: z.number().int(),
  filter_level: z.enum(['loan']),
  filter_active: z.boolean(),
  /** Distinct values for multi_select filters with pre_load_filter. */
  options: z.array(z.string()).optional(),
});
export const filterGroup = z.object({
  group_key: z.string(),
  group_label: z.string(),
  group_filters: z.array(filterConfigItem),
});
export const filtersConfigResponse = z.object({ groups: z.array(filterGroup) });
export type FilterGroup = z.infer<typeof filterGroup>;
export type FilterConfigItem = z.infer<typeof filterConfigItem>;

/**
 * One applied filter. multi_select: `values`; range: `min`/`max` (numbers, inclusive, either may
 * be absent); date_range: `min`/`max` as 'YYYY-MM-DD'; text: `text` (contains, case-insensitive).
 */
export const loanFilter = z.object({
  filter_key: z.string().min(1).max(100),
  values: z.array(z.string()).max(500).optional(),
  min: z.union([z.number(), z.string()]).optional(),
  max: z.union([z.number(), z.string()]).optional(),
  text: z.string().max(200).optional(),
});
export type LoanFilter = z.infer<typeof loanFilter>;
/** Filters travel in query strings as JSON: `filters=[{"filter_key":"dpd","min":30}]`. */
export const loanFilters = z.array(loanFilter).max(50);

export const savedFilter = z.object({
  filter_id: z.string(),
  filter_name: z.string(),
  filters: loanFilters,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedFilter = z.infer<typeof savedFilter>;
export const savedFiltersResponse = z.object({ saved_filters: z.array(savedFilter) });
export const createSavedFilterBody = z.object({ filter_name: z.string().trim().min(1).max(100), filters: loanFilters });
export const updateSavedFilterBody = z.object({ filter_id: z.string(), filter_name: z.string().trim().min(1).max(100).optional(), filters: loanFilters.optional() });
export const deleteSavedFilterQuery = z.object({ company_id: z.string().optional(), filter_id: z.string() });

// ---------------------------------------------------------------- loans

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

export const LOAN_SORT_ORDERS = ['asc', 'desc'] as const;
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

/** Loan filtering batch size (spec 9). */
export const LOAN_FILTER_BATCH_SIZE = 50;
/** POST /loans/filter: which of up to 50 loan_ids match the filters (spec 7 "filter loans in batches of 50"). */
export const filterLoansBody = z.object({
  allocation_month: allocationMonth,
  loan_ids: z.array(z.string()).min(1).max(LOAN_FILTER_BATCH_SIZE),
  filters: loanFilters,
});
export const filterLoansResponse = z.object({ loan_ids: z.array(z.string()) });

// ---------------------------------------------------------------- profiles

/** Spec 8: the loan details call returns no data. */
export const NO_LOAN_DETAILS_MESSAGE = 'No loan details found';

export const loanDetailsQuery = z.object({ company_id: z.string().optional(), allocation_month: allocationMonth.optional() });

export const moduleStatus = z.object({ module: z.string(), status_name: z.string().nullable() });
/** Spec 3 "Final status per module". */
export const finalStatus = z.object({ module: z.string(), status_name: z.string().nullable(), attempts: z.number().int() });
/** Spec 3 "Call details"; counts over spec 9's windows (calls: last week, PTPs: last month). */
export const callDetails = z.object({
  total_calls: z.number().int(),
  successful_calls: z.number().int(),
  total_ptp: z.number().int(),
  total_broken_ptp: z.number().int(),
  /** The latest PTP: date 'YYYY-MM-DD' and amount, or null. */
  last_ptp: z.object({ ptp_date: z.string(), ptp_amount: z.number().nullable() }).nullable(),
});
export const contactPerson = z.object({ name: z.string().nullable(), contact_number: z.string().nullable(), relation: z.enum(['co_applicant', 'reference']) });
export const address = z.object({
  address_type: z.string(),
  lines: z.array(z.string()),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pincode: z.string().nullable(),
});

export const loanDetails = z.object({
  loan: loanRecord,
  header: z.object({
    name: z.string().nullable(),
    /** 'Customer Id' for credit-line companies, else 'Loan Id' (spec 3). */
    id_label: z.enum(['Loan Id', 'Customer Id']),
    id_value: z.string(),
    total_dues: z.number().nullable(),
    dpd: z.number().nullable(),
    bucket: z.string().nullable(),
    currency: z.enum(['INR', 'IDR']),
  }),
  statuses: z.array(moduleStatus),
  final_status: z.array(finalStatus),
  call_details: callDetails,
  co_applicants: z.array(contactPerson),
  references: z.array(contactPerson),
  addresses: z.array(address),
  /** Every month this loan_id was allocated in, newest first. */
  allocation_months: z.array(z.string()),
  /** Display names of the variables present in `loan`, for the profile's field list. */
  fields: z.array(z.object({ variable_name: z.string(), variable_label: z.string(), data_type: z.string(), variable_group: z.string() })),
});
export type LoanDetails = z.infer<typeof loanDetails>;

export const ACTIVITY_KINDS = ['remark', 'call', 'ptp', 'payment', 'visit', 'status_change', 'import', 'allocation'] as const;
export const activityEvent = z.object({
  event_id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  module: z.string().nullable(),
  remark: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type ActivityEvent = z.infer<typeof activityEvent>;
export const activityResponse = z.object({ events: z.array(activityEvent), total: z.number().int() });
/** POST a remark: plain text (markup rejected, spec 5). */
export const createRemarkBody = z.object({ remark: z.string().trim().min(1).max(2000), allocation_month: allocationMonth.optional() });

export const customerProfile = z.object({
  client_customer_id: z.string(),
  applicant_name: z.string().nullable(),
  applicant_contact_number: z.string().nullable(),
  email: z.string().nullable(),
  addresses: z.array(address),
  loans: z.array(loanRecord),
});
export type CustomerProfile = z.infer<typeof customerProfile>;

/** The per-module status variables shown on profiles. */
export const PROFILE_STATUS_FIELDS = MODULE_STATUS_VARIABLE_NAMES;
