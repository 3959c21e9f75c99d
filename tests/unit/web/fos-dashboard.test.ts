/** FOS dashboard logic (issue 5): period presets in the company's days, the tables' sort. */
import { describe, expect, it } from 'vitest';
import { FIGURE_COLUMNS, nextSort, sortRows } from '../../../src/web/features/field/dashboard/figures';
import { matchPreset, presetPeriod } from '../../../src/web/features/field/dashboard/period';

const IST = 330;
const WIB = 420;

describe('presetPeriod', () => {
  // Wednesday 2026-11-25 20:00 UTC is already Thursday the 26th in India (01:30 IST).
  const now = new Date('2026-11-25T20:00:00Z');

  it("counts today in the company's zone, not the browser's", () => {
    expect(presetPeriod('today', now, IST)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetPeriod('today', new Date('2026-11-25T16:00:00Z'), IST)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });

  it('starts the week on Monday and the month on the 1st, both ending today', () => {
    expect(presetPeriod('this_week', now, IST)).toEqual({ from: '2026-11-23', to: '2026-11-26' });
    expect(presetPeriod('this_month', now, WIB)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('gives a Sunday the week that began six days before, across a month end', () => {
    expect(presetPeriod('this_week', new Date('2026-03-01T06:00:00Z'), IST)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
  });
});

describe('matchPreset', () => {
  const now = new Date('2026-11-25T06:00:00Z');
  it('recognises a preset and calls anything else custom', () => {
    expect(matchPreset({ from: '2026-11-01', to: '2026-11-25' }, now, IST)).toBe('this_month');
    expect(matchPreset({ from: '2026-11-23', to: '2026-11-25' }, now, IST)).toBe('this_week');
    expect(matchPreset({ from: '2026-11-02', to: '2026-11-25' }, now, IST)).toBeNull();
  });
  it('prefers today when several presets cover the same single day (a Monday the 1st)', () => {
    expect(matchPreset({ from: '2027-03-01', to: '2027-03-01' }, new Date('2027-03-01T06:00:00Z'), IST)).toBe('today');
  });
});

describe('sortRows', () => {
  const rows = [
    { name: 'Zoya', team: 'Field', visits_made: 3 },
    { name: 'arjun', team: null, visits_made: 12 },
    { name: 'Meera', team: 'Alpha', visits_made: 3 },
  ];

  it('sorts numbers numerically, high to low, keeping ties in order', () => {
    expect(sortRows(rows, { key: 'visits_made', direction: 'desc' }).map((r) => r.name)).toEqual(['arjun', 'Zoya', 'Meera']);
    expect(sortRows(rows, { key: 'visits_made', direction: 'asc' }).map((r) => r.name)).toEqual(['Zoya', 'Meera', 'arjun']);
  });

  it('sorts text without regard to case and puts empty values last either way', () => {
    expect(sortRows(rows, { key: 'name', direction: 'asc' }, 'en').map((r) => r.name)).toEqual(['arjun', 'Meera', 'Zoya']);
    expect(sortRows(rows, { key: 'team', direction: 'asc' }, 'en').map((r) => r.team)).toEqual(['Alpha', 'Field', null]);
    expect(sortRows(rows, { key: 'team', direction: 'desc' }, 'en').map((r) => r.team)).toEqual(['Field', 'Alpha', null]);
  });
});

describe('nextSort', () => {
  it('flips the same column and starts a new one high-to-low for figures, A–Z for names', () => {
    expect(nextSort({ key: 'visits_made', direction: 'desc' }, 'visits_made', true)).toEqual({ key: 'visits_made', direction: 'asc' });
    expect(nextSort({ key: 'visits_made', direction: 'desc' }, 'ptps', true)).toEqual({ key: 'ptps', direction: 'desc' });
    expect(nextSort({ key: 'visits_made', direction: 'desc' }, 'name', false)).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('FIGURE_COLUMNS', () => {
  it('drills every figure to a metric the rows endpoint lists, coverage to the visited loans', () => {
    expect(FIGURE_COLUMNS.find((c) => c.key === 'coverage_pct')?.metric).toBe('visited_loans');
    expect(FIGURE_COLUMNS.find((c) => c.key === 'cash_undeposited_paise')).toMatchObject({ kind: 'money', metric: 'cash_undeposited' });
  });
});
