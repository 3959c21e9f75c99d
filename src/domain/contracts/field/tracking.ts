/**
 * Field-force tracking (issue 5; spec 2 /app/field-force-tracking and _v2): the executive's position
 * pings (queued on the phone), the team's last positions, one executive's day trail and the live
 * stream. Endpoint definitions; zod schemas in ./tracking.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { ExecutivePosition, LastPositionsResponse, PingBody, Position, PositionEvent, TrailResponse } from './tracking.schema';
export type { ExecutivePosition, LastPositionsResponse, PingBody, Position, PositionEvent, TrailResponse };

/** Where a ping came from: the phone's timer, or a visit check-in. */
export const PING_SOURCES = ['timer', 'check_in'] as const;
/** Pings per request at most. */
export const PINGS_MAX_BATCH = 500;

const TRACKING_READ = { module: 'fos', action: 'field_force_tracking', access: 'read' } as const;

/** POST /api/fos/tracking/pings (JSON, Idempotency-Key): the signed-in executive's own positions. */
export const recordPings = endpoint({
  operation: 'fos.tracking.pings',
  method: 'POST',
  path: '/fos/tracking/pings',
  access: 'company',
  // Pings are posted with fos › visits (write), like the visits themselves.
  permission: { module: 'fos', action: 'visits', access: 'write' },
  idempotent: true,
  tags: ['fos'],
  summary: "Record the signed-in executive's positions (a batch of up to 500 pings); idempotent by Idempotency-Key",
  description: 'A ping already stored for the executive at the same recorded_at is counted in `duplicates` and not stored again.',
  schemas: async () => {
    const s = await import('./tracking.schema');
    return { query: (await import('../envelope')).companyQuery, body: s.pingsBody, response: s.pingsResponse };
  },
});

/** GET /api/fos/tracking/last-positions. */
export const lastPositions = endpoint({
  operation: 'fos.tracking.last_positions',
  method: 'GET',
  path: '/fos/tracking/last-positions',
  access: 'company',
  permission: TRACKING_READ,
  tags: ['fos'],
  summary: 'Last known position of each executive the caller may see (reports-to scope), with freshness and visits today',
  schemas: async () => {
    const s = await import('./tracking.schema');
    return { query: s.lastPositionsQuery, response: s.lastPositionsResponse };
  },
});

/** GET /api/fos/tracking/trail: one executive's company day; user_id defaults to the caller. */
export const dayTrail = endpoint({
  operation: 'fos.tracking.trail',
  method: 'GET',
  path: '/fos/tracking/trail',
  access: 'company',
  permission: TRACKING_READ,
  tags: ['fos'],
  summary: "One executive's day: ordered points, distance travelled, stops with time spent, visits in order",
  schemas: async () => {
    const s = await import('./tracking.schema');
    return { query: s.trailQuery, response: s.trailResponse };
  },
});

/**
 * GET /api/fos/tracking/stream (Server-Sent Events): `event: position` with a PositionEvent JSON for
 * every new last position the viewer may see; `: ping` comments every 15 s. Authenticated by the
 * usual headers: read it with fetch streaming, not EventSource (decision 004).
 */
export const positionStream = endpoint({
  operation: 'fos.tracking.stream',
  method: 'GET',
  path: '/fos/tracking/stream',
  access: 'company',
  permission: TRACKING_READ,
  produces: 'event-stream',
  tags: ['fos'],
  summary: 'Live positions (Server-Sent Events) of the executives the caller may see',
  description:
    '`text/event-stream`: `event: position` with a PositionEvent JSON as data for every new last position; `: ping` comments every 15 s. ' +
    'Authenticated by the authenticationtoken and X-Company-ID headers like every route: read it with fetch streaming, not EventSource (docs/decisions/004).',
  schemas: async () => ({ query: (await import('../envelope')).companyQuery }),
});
