/**
 * What the field-force tracking screen shows, computed from the API's answers (issue 5
 * "Field-force tracking"; contracts/field.ts last positions, position events, trail): live
 * positions merged into the last-positions list, freshness re-aged as time passes, counts, the
 * name search, the filter options found in the list, the company's "today", and a day's timeline.
 * Pure: no React, no Leaflet (unit-tested in tests/unit/web/tracking-model.test.ts).
 */
import type { ExecutivePosition, Position, PositionEvent, TrailResponse } from '../../../../domain/contracts/field/tracking';
import { freshness, type Freshness } from '../../../../domain/field/tracking';

export type FreshnessCounts = Record<Freshness, number>;

/** `b` is a later fix than `a` (null is older than anything). */
function newer(b: Position | null, a: Position | null): boolean {
  if (!b) return false;
  if (!a) return true;
  return Date.parse(b.recorded_at) > Date.parse(a.recorded_at);
}

/**
 * The executives with the live positions (latest event per user) that are newer than what the
 * list holds, and every freshness and 'minutes since' re-aged at `nowMs` (the same rule as the
 * server: domain/field/tracking freshness). Unchanged executives keep their object, so a marker
 * or a row of them is not redrawn. Events of users not in the list are ignored (another filter).
 */
export function mergeLive(executives: readonly ExecutivePosition[], live: ReadonlyMap<string, PositionEvent>, nowMs: number): ExecutivePosition[] {
  return executives.map((e) => {
    const event = live.get(e.user_id);
    let position = e.position;
    if (event && newer(event, position)) {
      const { user_id: _u, name: _n, ...fix } = event;
      position = fix;
    }
    const at = position ? Date.parse(position.recorded_at) : null;
    const state = freshness(at, nowMs);
    const minutes = at === null ? null : Math.max(0, Math.round((nowMs - at) / 60_000));
    if (position === e.position && state === e.freshness && minutes === e.minutes_since) return e;
    return { ...e, position, freshness: state, minutes_since: minutes };
  });
}

/** How many executives are fresh, stale and offline. */
export function countByFreshness(executives: readonly ExecutivePosition[]): FreshnessCounts {
  const counts: FreshnessCounts = { fresh: 0, stale: 0, offline: 0 };
  for (const e of executives) counts[e.freshness] += 1;
  return counts;
}

const folded = new Map<string, string>();
/** Lower case without accents, for matching names typed without them ('José' ~ 'jose'). Cached: a team's names are folded once, not per keystroke. */
export function foldForSearch(text: string): string {
  let out = folded.get(text);
  if (out === undefined) {
    out = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
    if (folded.size > 50_000) folded.clear();
    folded.set(text, out);
  }
  return out;
}

/**
 * The executives whose name contains every word of `search` (accents and case ignored) and whose
 * freshness is in `shown` (all when empty).
 */
export function visibleExecutives(executives: readonly ExecutivePosition[], search: string, shown: ReadonlySet<Freshness>): ExecutivePosition[] {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  return executives.filter((e) => {
    if (shown.size > 0 && !shown.has(e.freshness)) return false;
    if (words.length === 0) return true;
    const name = foldForSearch(e.name);
    return words.every((w) => name.includes(w));
  });
}

/** Distinct teams and territories of the list, sorted, for the filters when the user directory is not readable. */
export function filterOptionsOf(executives: readonly ExecutivePosition[]): { teams: string[]; territories: string[] } {
  const teams = new Set<string>();
  const territories = new Set<string>();
  for (const e of executives) {
    if (e.team) teams.add(e.team);
    if (e.territory) territories.add(e.territory);
  }
  const sort = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { teams: sort(teams), territories: sort(territories) };
}

/** The calendar day 'YYYY-MM-DD' at `now` in the IANA `timeZone` (the company's day; the phone's when unknown). */
export function dayIn(timeZone: string | null | undefined, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone ?? undefined, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  }
}

export type TrailVisit = TrailResponse['visits'][number];
export type TrailStop = TrailResponse['stops'][number];

/** One line of a day's timeline: a stop (with its minutes) or a visit (numbered). */
export type TimelineEntry = { kind: 'stop'; at: string; stop: TrailStop; index: number } | { kind: 'visit'; at: string; visit: TrailVisit };

/** A day's stops and visits in time order; a stop comes before the visits made during it. */
export function dayTimeline(trail: Pick<TrailResponse, 'stops' | 'visits'>): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...trail.stops.map((stop, index) => ({ kind: 'stop' as const, at: stop.arrived_at, stop, index })),
    ...trail.visits.map((visit) => ({ kind: 'visit' as const, at: visit.checked_in_at, visit })),
  ];
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || (a.kind === b.kind ? 0 : a.kind === 'stop' ? -1 : 1));
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** 'HH:MM' of an instant in the company's zone and the UI language ('—' when absent or unreadable). */
export function formatClock(iso: string | null | undefined, language: string, timeZone?: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const key = `${language}|${timeZone ?? ''}`;
  let format = clockFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone: timeZone ?? undefined });
    } catch {
      format = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    }
    clockFormats.set(key, format);
  }
  return format.format(date);
}

/** How long ago, as the unit and amount the list shows: under an hour in minutes, under two days in hours, else days. */
export function ageParts(minutes: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (minutes < 60) return { unit: 'minutes', count: Math.max(0, Math.round(minutes)) };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}
