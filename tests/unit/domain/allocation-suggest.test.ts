import { describe, expect, it } from 'vitest';
import { suggestAllocation } from '../../../src/domain/allocation/suggest';
import type { SuggestLoan } from '../../../src/domain/allocation/suggest';
import { haversineMetres } from '../../../src/domain/field/geo';

/** `n` loans scattered within ~1 km of `centre`, ids prefixed by `tag`. */
function cluster(tag: string, centre: { lat: number; lng: number }, n: number): SuggestLoan[] {
  return Array.from({ length: n }, (_, i) => ({
    loanId: `${tag}${String(i).padStart(3, '0')}`,
    point: { lat: centre.lat + ((i % 5) - 2) * 0.002, lng: centre.lng + ((Math.floor(i / 5) % 5) - 2) * 0.002 },
  }));
}

const NASHIK = { lat: 19.9975, lng: 73.7898 };
const PUNE = { lat: 18.5204, lng: 73.8567 };
const MUMBAI = { lat: 19.076, lng: 72.8777 };

describe('suggestAllocation', () => {
  it('gives each executive the city they start in when the cities are balanced', () => {
    const loans = [...cluster('N', NASHIK, 20), ...cluster('P', PUNE, 20), ...cluster('M', MUMBAI, 20)];
    const { groups, leftOut } = suggestAllocation(loans, [
      { userId: 'pune', seed: { lat: 18.53, lng: 73.85 } },
      { userId: 'mumbai', seed: { lat: 19.07, lng: 72.88 } },
      { userId: 'nashik', seed: { lat: 20.0, lng: 73.78 } },
    ]);
    expect(leftOut).toEqual([]);
    expect(groups.map((g) => g.userId)).toEqual(['pune', 'mumbai', 'nashik']);
    expect(groups.map((g) => g.loanIds.every((id) => id.startsWith(g.userId[0].toUpperCase())))).toEqual([true, true, true]);
    for (const g of groups) {
      expect(g.count).toBe(20);
      expect(g.radiusKm).toBeLessThan(1);
      expect(g.baseKm).toBeLessThan(2);
      expect(haversineMetres(g.centroid!, g.userId === 'pune' ? PUNE : g.userId === 'mumbai' ? MUMBAI : NASHIK)).toBeLessThan(300);
    }
  });

  it('balances counts to within one among executives who reach the same loans', () => {
    const loans = [...cluster('N', NASHIK, 25), ...cluster('P', PUNE, 5)];
    const { groups, leftOut } = suggestAllocation(loans, [
      { userId: 'a', seed: NASHIK },
      { userId: 'b', seed: { lat: NASHIK.lat + 0.05, lng: NASHIK.lng } },
      { userId: 'c', seed: PUNE },
    ]);
    expect(leftOut).toEqual([]);
    // The two Nashik executives share Nashik's 25 loans (12 and 13), beyond the even share of 10:
    // the Pune executive cannot reach them.
    expect(groups.slice(0, 2).map((g) => g.count).sort()).toEqual([12, 13]);
    expect(groups[2].count).toBe(5);
    // The Pune executive keeps every Pune loan, and only those.
    expect(groups[2].loanIds.every((id) => id.startsWith('P'))).toBe(true);
  });

  it('never sends an executive beyond the reach, and says why each loan is left out (issue 12)', () => {
    const PATNA = { lat: 25.5941, lng: 85.1376 };
    const loans = [...cluster('P', PUNE, 4), ...cluster('B', PATNA, 6), { loanId: 'X1', point: null }];
    const { groups, leftOut } = suggestAllocation(loans, [
      { userId: 'pune1', seed: PUNE },
      { userId: 'pune2', seed: { lat: PUNE.lat + 0.1, lng: PUNE.lng } },
      // No base (no last position, no loans this month): given nothing rather than sent anywhere.
      { userId: 'nobase', seed: null },
    ]);
    expect(groups.map((g) => g.count)).toEqual([2, 2, 0]);
    expect(groups.flatMap((g) => g.loanIds).every((id) => id.startsWith('P'))).toBe(true);
    for (const g of groups.slice(0, 2)) expect(g.baseKm).toBeLessThanOrEqual(50);
    expect(groups[2].baseKm).toBeNull();
    const bihar = leftOut.filter((l) => l.loanId.startsWith('B'));
    expect(bihar).toHaveLength(6);
    for (const l of bihar) {
      expect(l.reason).toBe('out_of_range');
      // Pune to Patna is about 1,370 km as the crow flies.
      expect(l.nearestKm).toBeGreaterThan(1300);
      expect(l.nearestKm).toBeLessThan(1450);
    }
    expect(leftOut.find((l) => l.loanId === 'X1')).toEqual({ loanId: 'X1', reason: 'no_location', nearestKm: null });
    // A wider reach takes the far loans in, and the distance from the base shows it (the spread
    // around the group's own centre alone would hide it).
    const wide = suggestAllocation(loans, [{ userId: 'pune1', seed: PUNE }], { maxKm: 2000 });
    expect(wide.groups[0].count).toBe(10);
    expect(wide.groups[0].baseKm).toBeGreaterThan(700);
  });

  it('leaves every loan out when no executive has a base', () => {
    const { groups, leftOut } = suggestAllocation(cluster('N', NASHIK, 3), [{ userId: 'a', seed: null }]);
    expect(groups[0].count).toBe(0);
    expect(leftOut.map((l) => l.reason)).toEqual(['no_executive_base', 'no_executive_base', 'no_executive_base']);
  });

  it('is deterministic and needs at least one executive', () => {
    const loans = cluster('N', NASHIK, 9);
    const execs = [
      { userId: 'a', seed: NASHIK },
      { userId: 'b', seed: { lat: NASHIK.lat, lng: NASHIK.lng + 0.01 } },
    ];
    expect(suggestAllocation(loans, execs)).toEqual(suggestAllocation([...loans].reverse(), execs));
    expect(() => suggestAllocation(loans, [])).toThrow('At least one executive is needed');
  });
});
