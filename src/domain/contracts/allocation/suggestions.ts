/**
 * Portfolio assignment (spec 2 "portfolio assignment (tabs start on assign)"; issue 5): the
 * territory-aware suggestion of which field executive visits which loan. The manager reviews it
 * and confirms by starting an `allocate_loans` loan operation per executive
 * (contracts/bulk/loan-operations.ts). Endpoint definitions; zod schemas in ./suggestions.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { AllocationSuggestion, AllocationSuggestionBody, SuggestedExecutive } from './suggestions.schema';
export type { AllocationSuggestion, AllocationSuggestionBody, SuggestedExecutive };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./suggestions.schema');

/** Loans one suggestion may cover (it runs while the manager waits). */
export const SUGGESTION_MAX_LOANS = 20_000;
/** Executives one suggestion may spread loans over. */
export const SUGGESTION_MAX_EXECUTIVES = 200;
/** Where an executive's group was seeded: their last known position, or the centre of their current loans (no seed: picked among the loans). */
export const SEED_SOURCES = ['last_position', 'current_allocation'] as const;

/** POST /api/allocation/suggestions: a proposal of who visits which loan (nothing is written). */
export const suggestAssignment = endpoint({
  operation: 'allocation.suggestions.create',
  method: 'POST',
  path: '/allocation/suggestions',
  access: 'company',
  permission: { module: 'Core Collection Modules', action: 'allocation', access: 'read' },
  tags: ['allocation'],
  summary: 'Propose which field executive visits which loan within reach of their base: balanced counts, compact territories, loans left out with a reason (nothing is written)',
  description:
    "Capacitated k-means over the loans' pincode / postal-area points, seeded at each executive's last known position (else the centre of their current loans). " +
    'No loan is proposed farther than max_km (default 50) from its executive\'s base; loans left out are listed with a reason (no_location, out_of_range, no_executive_base). ' +
    'Group sizes differ by at most one where the reach allows. Confirm with one allocate_loans operation per executive (POST /api/bulk/loan-operations with loan_ids and user_id).',
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.allocationSuggestionBody, response: s.allocationSuggestion };
  },
});
