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
    const groups = suggestAllocation(loans, [
      { userId: 'pune', seed: { lat: 18.53, lng: 73.85 } },
      { userId: 'mumbai', seed: { lat: 19.07, lng: 72.88 } },
      { userId: 'nashik', seed: { lat: 20.0, lng: 73.78 } },
    ]);
    expect(groups.map((g) => g.userId)).toEqual(['pune', 'mumbai', 'nashik']);
    expect(groups.map((g) => g.loanIds.every((id) => id.startsWith(g.userId[0].toUpperCase())))).toEqual([true, true, true]);
    for (const g of groups) {
      expect(g.count).toBe(20);
      expect(g.radiusKm).toBeLessThan(1);
      expect(haversineMetres(g.centroid!, g.userId === 'pune' ? PUNE : g.userId === 'mumbai' ? MUMBAI : NASHIK)).toBeLessThan(300);
    }
  });

  it('balances counts to within one even when one area holds most loans, keeping groups compact', () => {
    const loans = [...cluster('N', NASHIK, 25), ...cluster('P', PUNE, 5), { loanId: 'X1', point: null }, { loanId: 'X2', point: null }];
    const groups = suggestAllocation(loans, [
      { userId: 'a', seed: NASHIK },
      { userId: 'b', seed: PUNE },
      { userId: 'c', seed: null },
    ]);
    const counts = groups.map((g) => g.count);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(32);
    expect(new Set(groups.flatMap((g) => g.loanIds)).size).toBe(32);
    // The Pune executive keeps every Pune loan.
    expect(groups[1].loanIds.filter((id) => id.startsWith('P'))).toHaveLength(5);
    expect(groups.reduce((s, g) => s + g.unlocated, 0)).toBe(2);
  });

  it('is deterministic and needs at least one executive', () => {
    const loans = cluster('N', NASHIK, 9);
    const execs = [
      { userId: 'a', seed: null },
      { userId: 'b', seed: null },
    ];
    expect(suggestAllocation(loans, execs)).toEqual(suggestAllocation([...loans].reverse(), execs));
    expect(() => suggestAllocation(loans, [])).toThrow('At least one executive is needed');
  });
});
