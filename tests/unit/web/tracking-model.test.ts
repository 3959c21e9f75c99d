/**
 * The field-force tracking screen's model (issue 5 "Field-force tracking"): live positions move an
 * executive and re-age them, counts follow, the name search, and a day's timeline order.
 */
import { describe, expect, it } from 'vitest';
import type { ExecutivePosition, PositionEvent } from '../../../src/domain/contracts/field/tracking';
import { countByFreshness, dayIn, dayTimeline, filterOptionsOf, mergeLive, visibleExecutives } from '../../../src/web/features/field/tracking/tracking-model';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

function exec(id: string, name: string, minutesAgo: number | null, extra: Partial<ExecutivePosition> = {}): ExecutivePosition {
  return {
    user_id: id,
    name,
    team: 'Field',
    territory: 'Nashik',
    profession: 'field executive',
    role_name: 'Field Executive',
    position: minutesAgo === null ? null : { latitude: 19.99, longitude: 73.78, accuracy_m: 10, battery: 80, source: 'timer', recorded_at: ago(minutesAgo) },
    freshness: minutesAgo === null ? 'offline' : minutesAgo < 15 ? 'fresh' : minutesAgo < 120 ? 'stale' : 'offline',
    minutes_since: minutesAgo,
    visits_today: 0,
    visits_today_flagged: 0,
    ...extra,
  };
}

const event = (id: string, minutesAgo: number, latitude: number): PositionEvent => ({ user_id: id, name: null, latitude, longitude: 73.8, accuracy_m: 8, battery: null, source: 'timer', recorded_at: ago(minutesAgo) });

describe('mergeLive', () => {
  const list = [exec('a', 'Ganesh Shinde', 30), exec('b', 'Budi Santoso', 3), exec('c', 'No Fix', null)];

  it('moves an executive to a newer live position and makes them fresh again', () => {
    const merged = mergeLive(list, new Map([['a', event('a', 1, 20.01)]]), NOW);
    expect(merged[0]).toMatchObject({ freshness: 'fresh', minutes_since: 1, position: { latitude: 20.01, longitude: 73.8, accuracy_m: 8 } });
    expect(merged[0].position).not.toHaveProperty('user_id');
    // Untouched executives keep their object (no redraw).
    expect(merged[1]).toBe(list[1]);
    expect(merged[2]).toBe(list[2]);
  });

  it('ignores a live position older than the one the list already has, and events of others', () => {
    const merged = mergeLive(list, new Map([['b', event('b', 10, 25)], ['zz', event('zz', 0, 1)]]), NOW);
    expect(merged[1]).toBe(list[1]);
    expect(merged).toHaveLength(3);
  });

  it('re-ages executives as time passes: fresh → stale after 15 minutes, stale → offline after 2 hours', () => {
    const later = mergeLive(list, new Map(), NOW + 13 * 60_000);
    expect(later.map((e) => e.freshness)).toEqual(['stale', 'stale', 'offline']);
    expect(later[1].minutes_since).toBe(16);
    const muchLater = mergeLive(list, new Map(), NOW + 95 * 60_000);
    expect(muchLater.map((e) => e.freshness)).toEqual(['offline', 'stale', 'offline']);
    expect(countByFreshness(muchLater)).toEqual({ fresh: 0, stale: 1, offline: 2 });
  });
});

describe('visibleExecutives', () => {
  const list = [exec('a', 'Ganesh Shinde', 3), exec('b', 'José Ramírez', 30), exec('c', 'Ganesh Patil', null)];

  it('finds names by every typed word, ignoring case and accents', () => {
    expect(visibleExecutives(list, 'ganesh', new Set()).map((e) => e.user_id)).toEqual(['a', 'c']);
    expect(visibleExecutives(list, '  shinde GANESH ', new Set()).map((e) => e.user_id)).toEqual(['a']);
    expect(visibleExecutives(list, 'jose ramirez', new Set()).map((e) => e.user_id)).toEqual(['b']);
    expect(visibleExecutives(list, 'nobody', new Set())).toEqual([]);
  });

  it('narrows to the freshness states picked', () => {
    expect(visibleExecutives(list, '', new Set(['stale', 'offline'])).map((e) => e.user_id)).toEqual(['b', 'c']);
    expect(visibleExecutives(list, 'ganesh', new Set(['fresh'])).map((e) => e.user_id)).toEqual(['a']);
  });
});

describe('filterOptionsOf', () => {
  it('lists each team and territory once, sorted', () => {
    const list = [exec('a', 'A', 1, { team: 'Field', territory: 'Pune' }), exec('b', 'B', 1, { team: 'Alpha', territory: null }), exec('c', 'C', 1)];
    expect(filterOptionsOf(list)).toEqual({ teams: ['Alpha', 'Field'], territories: ['Nashik', 'Pune'] });
  });
});

describe('dayIn', () => {
  it("is the company's calendar day, not the browser's", () => {
    const lateUtc = new Date('2026-11-22T20:00:00Z');
    expect(dayIn('Asia/Kolkata', lateUtc)).toBe('2026-11-23');
    expect(dayIn('UTC', lateUtc)).toBe('2026-11-22');
    expect(dayIn('Not/AZone', lateUtc)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('dayTimeline', () => {
  it('orders stops and visits by time, a stop before the visit made during it', () => {
    const stop = (arrived: string, left: string) => ({ latitude: 1, longitude: 2, arrived_at: arrived, left_at: left, minutes: 12, points: 3, visit_ids: [] });
    const visit = (n: number, at: string) => ({ sequence: n, visit_id: `v${n}`, loan_id: `L${n}`, checked_in_at: at, disposition: 'Paid', latitude: null, longitude: null, distance_m: null, flags: [], verification_status: 'not_required' as const });
    const entries = dayTimeline({
      stops: [stop('2026-11-22T05:00:00Z', '2026-11-22T05:12:00Z'), stop('2026-11-22T03:00:00Z', '2026-11-22T03:20:00Z')],
      visits: [visit(2, '2026-11-22T05:00:00Z'), visit(1, '2026-11-22T03:05:00Z'), visit(3, '2026-11-22T06:00:00Z')],
    });
    expect(entries.map((e) => (e.kind === 'stop' ? `stop@${e.at.slice(11, 16)}` : `visit${e.visit.sequence}`))).toEqual(['stop@03:00', 'visit1', 'stop@05:00', 'visit2', 'visit3']);
  });
});
