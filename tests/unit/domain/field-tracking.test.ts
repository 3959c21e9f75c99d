import { describe, expect, it } from 'vitest';
import { cleanTrack, detectStops, distanceKm, freshness } from '../../../src/domain/field/tracking';
import type { TrackPoint } from '../../../src/domain/field/tracking';
import { rolesBelow, scopeIncludes, userScope } from '../../../src/domain/users/hierarchy';
import { addDays, countryTimeZone, localDay, localDayBounds } from '../../../src/domain/common/dates';
import { decisionProblem, ptpAboveDues, REJECT_REASON_REQUIRED } from '../../../src/domain/field/verification';

const MIN = 60_000;
const KM_LAT = 1 / 110.574;
const p = (lat: number, lng: number, at: number, accuracyM: number | null = 10): TrackPoint => ({ lat, lng, at, accuracyM });

describe('freshness', () => {
  it('is fresh under 15 minutes, stale under 2 hours, offline otherwise or without a position', () => {
    const now = 1_000 * MIN;
    expect(freshness(now - 14 * MIN, now)).toBe('fresh');
    expect(freshness(now - 15 * MIN, now)).toBe('stale');
    expect(freshness(now - 119 * MIN, now)).toBe('stale');
    expect(freshness(now - 120 * MIN, now)).toBe('offline');
    expect(freshness(null, now)).toBe('offline');
  });
});

describe('trail analysis', () => {
  // 10 minutes still, 3 km north in 6 minutes, 10 minutes still.
  const track: TrackPoint[] = [];
  for (let m = 0; m <= 10; m += 1) track.push(p(20 + (m % 2) * 0.00002, 73.8, m * MIN));
  for (let k = 1; k <= 6; k += 1) track.push(p(20 + 0.5 * k * KM_LAT, 73.8, (10 + k) * MIN));
  for (let m = 17; m <= 27; m += 1) track.push(p(20 + 3 * KM_LAT + (m % 2) * 0.00002, 73.8, m * MIN));

  it('measures the distance travelled without adding GPS jitter while still', () => {
    expect(distanceKm(track)).toBeCloseTo(3, 1);
  });

  it('ignores poor-accuracy fixes and one-fix jumps, but keeps a real fast stretch', () => {
    const noisy = [...track, p(20.5, 73.8, 5 * MIN + 1000, 10), p(20, 73.9, 6 * MIN + 1000, 900)];
    expect(cleanTrack(noisy)).toHaveLength(track.length);
    expect(distanceKm(noisy)).toBeCloseTo(3, 1);
    // 100 km/h for 30 minutes is a drive, not a jump.
    const drive = Array.from({ length: 31 }, (_, i) => p(20 + (100 / 60) * i * KM_LAT, 73.8, i * MIN));
    expect(distanceKm(drive)).toBeCloseTo(50, 0);
  });

  it('finds the stops with their time, not the drive between them', () => {
    const stops = detectStops(track);
    // The last drive fix (minute 16) is already at the second place.
    expect(stops.map((s) => s.minutes)).toEqual([10, 11]);
    expect(stops[0]).toMatchObject({ arrivedAt: 0, leftAt: 10 * MIN, points: 11 });
    expect(stops[1].lat).toBeCloseTo(20 + 3 * KM_LAT, 4);
    expect(detectStops(track.slice(0, 4))).toEqual([]);
  });
});

describe('reports-to hierarchy', () => {
  const roles = [
    { roleId: 'head', reportsToRoleId: null },
    { roleId: 'am-n', reportsToRoleId: 'head' },
    { roleId: 'fe-n', reportsToRoleId: 'am-n' },
    { roleId: 'am-s', reportsToRoleId: 'head' },
    { roleId: 'fe-s', reportsToRoleId: 'am-s' },
    { roleId: 'loop-a', reportsToRoleId: 'loop-b' },
    { roleId: 'loop-b', reportsToRoleId: 'loop-a' },
  ];
  it('lists every role below, not the role itself, and survives a cycle', () => {
    expect(rolesBelow(roles, 'head').sort()).toEqual(['am-n', 'am-s', 'fe-n', 'fe-s']);
    expect(rolesBelow(roles, 'am-n')).toEqual(['fe-n']);
    expect(rolesBelow(roles, 'fe-n')).toEqual([]);
    expect(rolesBelow(roles, 'loop-a')).toEqual(['loop-b']);
    expect(rolesBelow(roles, null)).toEqual([]);
  });
  it('scopes admins to the company and others to themself and their reports', () => {
    expect(userScope({ userId: 'x', userType: 'company_admin' }, null, roles)).toEqual({ kind: 'company' });
    const am = userScope({ userId: 'am', userType: 'user' }, 'am-n', roles);
    expect(scopeIncludes(am, 'fe1', 'fe-n')).toBe(true);
    expect(scopeIncludes(am, 'fe2', 'fe-s')).toBe(false);
    expect(scopeIncludes(am, 'am', 'am-n')).toBe(true);
    expect(scopeIncludes(am, 'other', null)).toBe(false);
  });
});

describe('company days', () => {
  it('counts days in the company zone', () => {
    const ist = countryTimeZone('INDIA').offsetMinutes;
    expect(localDay(new Date('2026-01-14T19:00:00Z'), ist)).toBe('2026-01-15');
    expect(localDayBounds('2026-01-15', ist)).toEqual({ start: new Date('2026-01-14T18:30:00Z'), end: new Date('2026-01-15T18:30:00Z') });
    expect(countryTimeZone('INDONESIA').zone).toBe('Asia/Jakarta');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(() => localDayBounds('15/01/2026', ist)).toThrow(RangeError);
  });
});

describe('verification rules', () => {
  it('flags a PTP above the dues, compared in paise', () => {
    expect(ptpAboveDues(100_001, 100_000)).toBe(true);
    expect(ptpAboveDues(100_000, 100_000)).toBe(false);
    expect(ptpAboveDues(50_000, null)).toBe(false);
  });
  it('needs a reason to reject and refuses markup', () => {
    expect(decisionProblem('rejected', '  ')).toBe(REJECT_REASON_REQUIRED);
    expect(decisionProblem('approved', undefined)).toBeNull();
    expect(decisionProblem('rejected', 'Photo is of another house')).toBeNull();
    expect(decisionProblem('approved', '<script>x</script>')).toBe('Reason must not contain markup tags');
  });
});
