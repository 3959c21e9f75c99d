/**
 * Saved filters of the loans list, per user per company (issue 3; spec 3 "Saved filter"; spec 7
 * recovery `/saved/filters`). Endpoint definitions; zod schemas in ./saved-filters.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { SavedFilter } from './saved-filters.schema';
export type { SavedFilter };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./saved-filters.schema');

const savedFilters = (access: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'saved_filters', access }) as const;

/** GET /api/recovery/saved/filters: the caller's saved filters. */
export const listSavedFilters = endpoint({
  operation: 'recovery.saved_filters.list',
  method: 'GET',
  path: '/recovery/saved/filters',
  access: 'company',
  permission: savedFilters('read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, response: s.savedFiltersResponse };
  },
});

/** POST /api/recovery/saved/filters: saves filters under a name ('Filter saved'). */
export const createSavedFilter = endpoint({
  operation: 'recovery.saved_filters.create',
  method: 'POST',
  path: '/recovery/saved/filters',
  access: 'company',
  permission: savedFilters('write'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.createSavedFilterBody, response: s.savedFilter };
  },
});

/** PATCH /api/recovery/saved/filters: renames a saved filter or changes its filters ('Filter updated'). */
export const updateSavedFilter = endpoint({
  operation: 'recovery.saved_filters.update',
  method: 'PATCH',
  path: '/recovery/saved/filters',
  access: 'company',
  permission: savedFilters('write'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.updateSavedFilterBody, response: s.savedFilter };
  },
});

/** DELETE /api/recovery/saved/filters?filter_id=…: deletes a saved filter ('Filter deleted'; data null). */
export const deleteSavedFilter = endpoint({
  operation: 'recovery.saved_filters.delete',
  method: 'DELETE',
  path: '/recovery/saved/filters',
  access: 'company',
  permission: savedFilters('write'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.deleteSavedFilterQuery, response: s.deletedSavedFilter };
  },
});
