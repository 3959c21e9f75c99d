/**
 * Schemas of the portfolio assignment suggestion (/api/allocation/suggestions; issue 5; spec 2
 * "portfolio assignment"). Behind ./suggestions.ts.
 */
import { z } from 'zod';
import { loanFilters } from '../portfolio/filters.schema';
import { allocationMonth } from '../portfolio/loans.schema';
import { DEFAULT_SUGGESTION_MAX_KM, LEFT_OUT_REASONS, SUGGESTION_MAX_KM_LIMIT } from '../../allocation/suggest';
import { SEED_SOURCES, SUGGESTION_MAX_EXECUTIVES, SUGGESTION_MAX_LOANS } from './suggestions';
export { companyQuery } from '../envelope';

const point = z.object({ latitude: z.number(), longitude: z.number() });

/**
 * POST /api/allocation/suggestions. Loans: `loan_ids`, or `filters` (`[]` = the whole month) with
 * optional `search`, as for loan operations; `only_unallocated` keeps loans with no field executive
 * this month. `user_ids`: the field executives to share the loans between (active, in the caller's
 * reports-to scope). `max_km`: how far from their base an executive may be sent (default
 * DEFAULT_SUGGESTION_MAX_KM, at most SUGGESTION_MAX_KM_LIMIT; issue 12).
 */
export const allocationSuggestionBody = z
  .object({
    allocation_month: allocationMonth,
    loan_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(SUGGESTION_MAX_LOANS).optional(),
    filters: loanFilters.optional(),
    search: z.string().trim().max(100).optional(),
    only_unallocated: z.boolean().default(false),
    user_ids: z.array(z.string().min(1).max(64)).min(1).max(SUGGESTION_MAX_EXECUTIVES),
    max_km: z.number().positive().max(SUGGESTION_MAX_KM_LIMIT).default(DEFAULT_SUGGESTION_MAX_KM),
  })
  .superRefine((b, ctx) => {
    const byFilter = b.filters !== undefined || (b.search !== undefined && b.search !== '');
    if (b.loan_ids && byFilter) ctx.addIssue({ code: 'custom', message: 'Give loan_ids or filters/search, not both', path: ['loan_ids'] });
    if (!b.loan_ids && !byFilter) ctx.addIssue({ code: 'custom', message: 'Choose the loans: loan_ids, or filters ([] selects the whole month)', path: ['loan_ids'] });
    if (new Set(b.user_ids).size !== b.user_ids.length) ctx.addIssue({ code: 'custom', message: 'user_ids must not repeat', path: ['user_ids'] });
  });
export type AllocationSuggestionBody = z.infer<typeof allocationSuggestionBody>;

export const suggestedExecutive = z.object({
  user_id: z.string(),
  name: z.string(),
  seed: point.extend({ source: z.enum(SEED_SOURCES) }).nullable(),
  /** The loans proposed for this executive, by loan_id. */
  loan_ids: z.array(z.string()),
  count: z.number().int(),
  /** Mean point of the group's located loans (null when none is located). */
  centroid: point.nullable(),
  /** Mean distance of the group's loans from the centroid, km. */
  spread_km: z.number(),
  /** Largest distance of a loan from the centroid, km. */
  radius_km: z.number(),
  /** Mean distance of the group's loans from the executive's base (seed), km; null without a base or loans. */
  base_km: z.number().nullable(),
  /** Loans of the group with / without an address point. */
  located: z.number().int(),
  unlocated: z.number().int(),
});
export type SuggestedExecutive = z.infer<typeof suggestedExecutive>;

export const allocationSuggestion = z.object({
  allocation_month: z.string(),
  total_loans: z.number().int(),
  /** Loans whose address could not be placed on the map (left out: 'no_location'). */
  unlocated_loans: z.number().int(),
  /** The reach used, km: no loan is proposed farther than this from its executive's base. */
  max_km: z.number(),
  /** Loans no executive was given, and why (issue 12). */
  left_out: z.array(
    z.object({
      loan_id: z.string(),
      /** no_location: no address point; out_of_range: no executive's base within max_km; no_executive_base: no chosen executive has a base. */
      reason: z.enum(LEFT_OUT_REASONS),
      /** out_of_range: the nearest executive's base, km; else null. */
      nearest_km: z.number().nullable(),
    }),
  ),
  executives: z.array(suggestedExecutive),
  /**
   * Where the located loans are: each distinct address point (pincode / postal-area centroid) with
   * the loans at it, so the map can draw each executive's loans and the browser can recompute a
   * group's figures after a manual move.
   */
  areas: z.array(point.extend({ loan_ids: z.array(z.string()) })),
});
export type AllocationSuggestion = z.infer<typeof allocationSuggestion>;
