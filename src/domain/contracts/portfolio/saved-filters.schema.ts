/**
 * Schemas of saved filters (spec 3 "Saved filter": filter_id, filter_name, filters; /api/recovery/saved/filters;
 * issue 3). Behind ./saved-filters.ts.
 */
import { z } from 'zod';
import { loanFilters } from './filters.schema';
export { companyQuery } from '../envelope';

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
/** DELETE answers no data. */
export const deletedSavedFilter = z.null();
