/**
 * Field-force tracking rules (issue 5 "Field-force tracking"): how fresh a last position is, how
 * far an executive travelled over a day's pings and where they stopped.
 *
 * Points are WGS84 degrees with a GPS accuracy radius in metres and a time in epoch milliseconds.
 * Pure: the server feeds it rows, unit tests feed it known paths.
 */
import { haversineMetres, VERIFICATION_LIMITS } from './geo';

/** Freshness of a last known position as the map colours it. */
export const FRESHNESS = ['fresh', 'stale', 'offline'] as const;
export type Freshness = (typeof FRESHNESS)[number];

export const TRACKING_LIMITS = {
  /** Younger than this is 'fresh', minutes. */
  freshMinutes: 15,
  /** Younger than this (and not fresh) is 'stale', minutes; older or none is 'offline'. */
  staleMinutes: 120,
  /** Points less accurate than this (metres) are left out of distance and stops. */
  maxAccuracyMetres: VERIFICATION_LIMITS.maxAccuracyMetres,
  /** A move implying more than this speed (km/h) from the last kept point is a GPS jump and is ignored. */
  maxSpeedKmh: 150,
  /** Distance counts in hops of at least this many metres (or the points' accuracy), so standing still adds nothing. */
  minHopMetres: 25,
  /** A stop: the points stay within this radius (metres) of its first point ... */
  stopRadiusMetres: 100,
  /** ... for at least this long (minutes). */
  stopMinMinutes: 5,
} as const;

/**
 * The freshness of a position recorded at `recordedAtMs` seen at `nowMs`: 'fresh' under 15
 * minutes, 'stale' under 2 hours, 'offline' when older or when there is no position (null).
 */
export function freshness(recordedAtMs: number | null, nowMs: number): Freshness {
  if (recordedAtMs === null) return 'offline';
  const minutes = (nowMs - recordedAtMs) / 60_000;
  if (minutes < TRACKING_LIMITS.freshMinutes) return 'fresh';
  if (minutes < TRACKING_LIMITS.staleMinutes) return 'stale';
  return 'offline';
}

/** A position ping as the trail analysis reads it. */
export interface TrackPoint {
  lat: number;
  lng: number;
  /** GPS accuracy radius, metres; null when the phone did not say. */
  accuracyM: number | null;
  /** Epoch milliseconds. */
  at: number;
}

/** A place the executive stayed at. */
export interface Stop {
  lat: number;
  lng: number;
  arrivedAt: number;
  leftAt: number;
  /** (leftAt - arrivedAt) in whole minutes, rounded. */
  minutes: number;
  points: number;
}

const usable = (p: TrackPoint) => p.accuracyM === null || p.accuracyM <= TRACKING_LIMITS.maxAccuracyMetres;

/** Speed in km/h between two points (Infinity for a move made in no time). */
function speedKmh(a: TrackPoint, b: TrackPoint): number {
  const km = haversineMetres(a, b) / 1000;
  const hours = Math.abs(b.at - a.at) / 3_600_000;
  if (hours === 0) return km > 0.05 ? Infinity : 0;
  return km / hours;
}

/**
 * The points worth analysing, in time order: accurate enough (≤ 100 m), and not a jump. A jump is
 * a spike: a point reached faster than 150 km/h from the point before it AND left faster than
 * that to the point after it (the first point: left too fast to a next point that itself goes on
 * at a plausible speed), so one wild fix is dropped while a real fast stretch is kept.
 */
export function cleanTrack(points: readonly TrackPoint[]): TrackPoint[] {
  const sorted = [...points].filter(usable).sort((a, b) => a.at - b.at);
  const max = TRACKING_LIMITS.maxSpeedKmh;
  const kept: TrackPoint[] = [];
  sorted.forEach((p, k) => {
    const prev = kept[kept.length - 1];
    const next = sorted[k + 1];
    const spike = prev
      ? speedKmh(prev, p) > max && (!next || speedKmh(p, next) > max)
      : next !== undefined && speedKmh(p, next) > max && (sorted[k + 2] === undefined || speedKmh(next, sorted[k + 2]) <= max);
    if (!spike) kept.push(p);
  });
  return kept;
}

/**
 * Kilometres travelled along `points` (haversine), 3 decimals. Counts hops from an anchor to the
 * first point at least max(25 m, the two points' accuracy) away, so GPS jitter while standing still
 * adds nothing; poor-accuracy points and jumps are left out (cleanTrack).
 */
export function distanceKm(points: readonly TrackPoint[]): number {
  const track = cleanTrack(points);
  let metres = 0;
  let anchor = track[0];
  for (const p of track.slice(1)) {
    const d = haversineMetres(anchor, p);
    const threshold = Math.max(TRACKING_LIMITS.minHopMetres, anchor.accuracyM ?? 0, p.accuracyM ?? 0);
    if (d >= threshold) {
      metres += d;
      anchor = p;
    }
  }
  return Math.round(metres) / 1000;
}

/**
 * Stops along `points` (stay-point detection): from each point, the longest run of following points
 * within 100 m of it; a run lasting at least 5 minutes is a stop at the mean of its points, and the
 * search goes on after it. Poor-accuracy points and jumps are left out first (cleanTrack).
 */
export function detectStops(points: readonly TrackPoint[]): Stop[] {
  const track = cleanTrack(points);
  const stops: Stop[] = [];
  let i = 0;
  while (i < track.length) {
    let j = i;
    while (j + 1 < track.length && haversineMetres(track[i], track[j + 1]) <= TRACKING_LIMITS.stopRadiusMetres) j += 1;
    const ms = track[j].at - track[i].at;
    if (j > i && ms >= TRACKING_LIMITS.stopMinMinutes * 60_000) {
      const run = track.slice(i, j + 1);
      stops.push({
        lat: run.reduce((s, p) => s + p.lat, 0) / run.length,
        lng: run.reduce((s, p) => s + p.lng, 0) / run.length,
        arrivedAt: track[i].at,
        leftAt: track[j].at,
        minutes: Math.round(ms / 60_000),
        points: run.length,
      });
      i = j + 1;
    } else {
      i += 1;
    }
  }
  return stops;
}
