/**
 * The filter config of the loans list (issue 3; spec 3 "Saved filter and filter config"; spec 7
 * recovery `/filters/config`). Endpoint definitions; zod schemas in ./filters.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { FilterConfigItem, FilterGroup, LoanFilter } from './filters.schema';
export type { FilterConfigItem, FilterGroup, LoanFilter };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./filters.schema');

export const FILTER_INPUT_TYPES = ['multi_select', 'range', 'date_range', 'text'] as const;
/** The synthetic filter added to the applicant attributes group (spec 3). */
export const CO_APPLICANT_COUNT_FILTER_KEY = 'co_applicant_count';
export const CO_APPLICANT_COUNT_FILTER_NAME = 'Number of Co-Applicant Present';

/** GET /api/recovery/filters/config: the company's filter groups (multi_select options preloaded). */
export const filtersConfig = endpoint({
  operation: 'recovery.filters.config',
  method: 'GET',
  path: '/recovery/filters/config',
  access: 'company',
  permission: { module: 'Core Collection Modules', action: 'portfolio', access: 'read' },
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, response: s.filtersConfigResponse };
  },
});
