/**
 * Amount range filters compare the paise column itself (issue 12 "Speed": the index applies); the
 * bound must select exactly the rows `column / 100 >= min` (or `<= max`) selected.
 */
import { describe, expect, it } from 'vitest';
import { minorUnitBound } from '../../../src/server/modules/portfolio/loan-query';

/** Every integer paise value in [-300, 300] the quotient comparison keeps, against the bound's. */
function agrees(major: number, side: 'min' | 'max'): boolean {
  const bound = BigInt(minorUnitBound(major, side)!);
  for (let minor = -300; minor <= 300; minor += 1) {
    const byQuotient = side === 'min' ? minor / 100 >= major : minor / 100 <= major;
    const byBound = side === 'min' ? BigInt(minor) >= bound : BigInt(minor) <= bound;
    if (byQuotient !== byBound) return false;
  }
  return true;
}

describe('minorUnitBound', () => {
  it('turns rupees into paise on the decimal digits', () => {
    expect(minorUnitBound(100000, 'min')).toBe('10000000');
    expect(minorUnitBound(1000.1, 'min')).toBe('100010'); // 1000.1 × 100 is 100010.00000000001 in floating point
    expect(minorUnitBound(0.29, 'max')).toBe('29');
  });

  it('moves a bound finer than a paisa to its side', () => {
    expect(minorUnitBound(1.005, 'min')).toBe('101');
    expect(minorUnitBound(1.005, 'max')).toBe('100');
    expect(minorUnitBound(-1.005, 'min')).toBe('-100');
    expect(minorUnitBound(-1.005, 'max')).toBe('-101');
  });

  it('selects the same paise values as the quotient comparison', () => {
    for (const major of [0, 1, -1, 1.5, -1.5, 1.005, -1.005, 2.999, -2.999, 0.001, -0.001, 1.23]) {
      expect(agrees(major, 'min'), `min ${major}`).toBe(true);
      expect(agrees(major, 'max'), `max ${major}`).toBe(true);
    }
  });

  it('leaves exponent forms and huge values to the exact comparison', () => {
    expect(minorUnitBound(1e-7, 'min')).toBeNull();
    expect(minorUnitBound(1e21, 'max')).toBeNull();
    expect(minorUnitBound(Number.NaN, 'min')).toBeNull();
  });
});
