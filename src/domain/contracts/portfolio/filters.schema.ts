/**
 * Schemas of the loan filters (spec 3 "Saved filter and filter config"; /api/recovery/filters/config;
 * issue 3): the filter config and an applied filter, which the loans list, saved filters, exports,
 * loan operations and suggestions take. Behind ./filters.ts.
 */
import { z } from 'zod';
import { VARIABLE_DATA_TYPES } from '../../portfolio/system-variables';
import { FILTER_INPUT_TYPES } from './filters';
export { companyQuery } from '../envelope';

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
