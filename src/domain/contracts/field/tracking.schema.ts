/**
 * Schemas of position pings, last positions, day trails and the live stream (/api/fos/tracking/*;
 * issue 5; spec 2 /app/field-force-tracking). Behind ./tracking.ts.
 */
import { z } from 'zod';
import { VISIT_FLAGS } from '../../field/geo';
import { FRESHNESS } from '../../field/tracking';
import { VERIFICATION_STATUSES } from '../../field/verification';
import { calendarDay, isoDateTime } from '../common.schema';
import { PING_SOURCES, PINGS_MAX_BATCH } from './tracking';

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** One position the phone recorded. */
export const pingBody = z.object({
  latitude,
  longitude,
  /** GPS accuracy radius, metres; null when the phone does not say. */
  accuracy_m: z.number().min(0).max(100_000).nullable().default(null),
  recorded_at: isoDateTime,
  /** Battery level, percent. */
  battery: z.number().int().min(0).max(100).nullable().default(null),
  source: z.enum(PING_SOURCES).default('timer'),
});
export type PingBody = z.infer<typeof pingBody>;
/** POST /api/fos/tracking/pings (JSON, Idempotency-Key): the signed-in executive's own positions, oldest first or in any order. */
export const pingsBody = z.object({ pings: z.array(pingBody).min(1).max(PINGS_MAX_BATCH) });

export const position = z.object({
  latitude: z.number(),
  longitude: z.number(),
  accuracy_m: z.number().nullable(),
  battery: z.number().int().nullable(),
  source: z.enum(PING_SOURCES),
  recorded_at: z.string(),
});
export type Position = z.infer<typeof position>;
export const pingsResponse = z.object({
  /** Pings stored by this request. */
  accepted: z.number().int(),
  /** Pings already stored (same executive and instant), not stored again. */
  duplicates: z.number().int(),
  /** The executive's latest position after this request. */
  last_position: position.nullable(),
});

/**
 * GET /api/fos/tracking/last-positions: filters by the user's team, territory (their location, as
 * in the users list), profession (default 'field executive'), one user, and a map box
 * `bbox=min_lng,min_lat,max_lng,max_lat` (executives without a position are left out when it is given).
 */
export const lastPositionsQuery = z.object({
  company_id: z.string().optional(),
  team: z.string().max(80).optional(),
  territory: z.string().max(80).optional(),
  profession: z.string().max(40).optional(),
  user_id: z.string().max(64).optional(),
  bbox: z
    .string()
    .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox must be min_lng,min_lat,max_lng,max_lat')
    .optional(),
});
export const executivePosition = z.object({
  user_id: z.string(),
  name: z.string(),
  team: z.string().nullable(),
  territory: z.string().nullable(),
  profession: z.string(),
  role_name: z.string().nullable(),
  position: position.nullable(),
  /** fresh: under 15 minutes old; stale: under 2 hours; offline: older or no position. */
  freshness: z.enum(FRESHNESS),
  /** Minutes since the position was recorded; null without one. */
  minutes_since: z.number().nullable(),
  /** Visits checked in today (the company's calendar day). */
  visits_today: z.number().int(),
  /** Of them, flagged for verification. */
  visits_today_flagged: z.number().int(),
});
export type ExecutivePosition = z.infer<typeof executivePosition>;
export const lastPositionsResponse = z.object({
  generated_at: z.string(),
  /** The company's day 'today' is counted in. */
  time_zone: z.string(),
  counts: z.object({ fresh: z.number().int(), stale: z.number().int(), offline: z.number().int() }),
  executives: z.array(executivePosition),
});
export type LastPositionsResponse = z.infer<typeof lastPositionsResponse>;

/** GET /api/fos/tracking/trail: one executive's day (the company's calendar day); user_id defaults to the caller. */
export const trailQuery = z.object({ company_id: z.string().optional(), user_id: z.string().max(64).optional(), date: calendarDay });
export const trailPoint = position;
export const trailStop = z.object({
  latitude: z.number(),
  longitude: z.number(),
  arrived_at: z.string(),
  left_at: z.string(),
  /** Time at the stop, minutes. */
  minutes: z.number().int(),
  points: z.number().int(),
  /** Visits checked in during the stop. */
  visit_ids: z.array(z.string()),
});
export const trailVisit = z.object({
  /** 1-based order of the day's visits. */
  sequence: z.number().int(),
  visit_id: z.string(),
  loan_id: z.string(),
  checked_in_at: z.string(),
  disposition: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  distance_m: z.number().nullable(),
  flags: z.array(z.enum(VISIT_FLAGS)),
  verification_status: z.enum(VERIFICATION_STATUSES),
});
export const trailResponse = z.object({
  user_id: z.string(),
  name: z.string(),
  date: z.string(),
  time_zone: z.string(),
  /** The day's pings in time order. */
  points: z.array(trailPoint),
  /** Kilometres travelled: haversine over the points, leaving out poor-accuracy points (> 100 m) and jumps (> 150 km/h). */
  distance_km: z.number(),
  /** Places stayed at for 5 minutes or more within 100 m. */
  stops: z.array(trailStop),
  visits: z.array(trailVisit),
});
export type TrailResponse = z.infer<typeof trailResponse>;

/**
 * GET /api/fos/tracking/stream (Server-Sent Events, `text/event-stream`): `event: position` with
 * this JSON as `data` whenever an executive the viewer may see records a position; a `: ping`
 * comment every 15 s keeps proxies from closing the stream. Authenticated by the usual headers
 * (read it with fetch streaming; see docs/decisions/004).
 */
export const positionEvent = position.extend({ user_id: z.string(), name: z.string().nullable() });
export type PositionEvent = z.infer<typeof positionEvent>;
