/**
 * The field executive's day and visits (issue 4; spec 2 /app/visit-details; spec 7 fos service).
 * Endpoint definitions (src/domain/contracts/endpoint.ts); their zod schemas are ./visits.schema.ts.
 * Times are ISO 8601 strings made on the phone, amounts rupees/rupiah with at most 2 decimals,
 * distances and accuracy metres.
 */
import { endpoint } from '../endpoint';
import { PHOTO_EXTENSIONS } from '../../validation/rules';

import type { AllocatedLoan, AllocationResponse, VisitBody, VisitRecord, VisitsResponse } from './visits.schema';
export type { AllocatedLoan, AllocationResponse, VisitBody, VisitRecord, VisitsResponse };

/** Photos per visit and their size limit (issue 4 visit form; spec 5 size message). */
export const VISIT_MAX_PHOTOS = 5;
export const PHOTO_MAX_MB = 5;

/** GET /api/fos/allocation: the signed-in executive's loans, copied into the phone for the day. */
export const myAllocation = endpoint({
  operation: 'fos.allocation.mine',
  method: 'GET',
  path: '/fos/allocation',
  access: 'company',
  permission: { module: 'fos', action: 'visits', access: 'read' },
  tags: ['fos'],
  summary: "The signed-in executive's allocated loans of the latest month (addresses, coordinates, dues, priority)",
  schemas: async () => {
    const s = await import('./visits.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.allocationResponse };
  },
});

/** POST /api/fos/visits (multipart: `visit` JSON + up to 5 `photos`), queued on the phone. */
export const recordVisit = endpoint({
  operation: 'fos.visits.record',
  method: 'POST',
  path: '/fos/visits',
  access: 'company',
  permission: { module: 'fos', action: 'visits', access: 'write' },
  idempotent: true,
  multipart: { json: 'visit', files: { photos: { maxFiles: VISIT_MAX_PHOTOS, maxMb: PHOTO_MAX_MB, accept: PHOTO_EXTENSIONS, imagesOnly: true, description: 'A photo; repeat the field for several' } } },
  tags: ['fos'],
  summary: 'Record a visit (multipart: `visit` JSON + up to 5 `photos`)',
  description: `multipart/form-data: field \`visit\` = the visit JSON; files \`photos\` (0–${VISIT_MAX_PHOTOS}, JPEG/PNG/WebP, each ≤ ${PHOTO_MAX_MB} MB). Idempotent by Idempotency-Key.`,
  schemas: async () => {
    const s = await import('./visits.schema');
    return { query: (await import('../envelope')).companyQuery, form: s.visitBody, response: s.visitRecord };
  },
});

/** GET /api/fos/visits: the caller's visits (managers with visit_verification may pass user_id). */
export const listVisits = endpoint({
  operation: 'fos.visits.list',
  method: 'GET',
  path: '/fos/visits',
  access: 'company',
  permission: { module: 'fos', action: 'visits', access: 'read' },
  tags: ['fos'],
  summary: "The caller's visits (managers with visit_verification may pass user_id)",
  schemas: async () => {
    const s = await import('./visits.schema');
    return { query: s.visitsQuery, response: s.visitsResponse };
  },
});

/** GET /api/fos/visits/{visit_id}/photos/{n}: a visit's photo (1-based), as an image. */
export const visitPhoto = endpoint({
  operation: 'fos.visits.photo',
  method: 'GET',
  path: '/fos/visits/{visit_id}/photos/{n}',
  access: 'company',
  permission: { module: 'fos', action: 'visits', access: 'read' },
  produces: 'file',
  tags: ['fos'],
  summary: 'A photo of a visit (1-based)',
  schemas: async () => {
    const s = await import('./visits.schema');
    return { params: s.visitPhotoParams, query: (await import('../envelope')).companyQuery };
  },
});
