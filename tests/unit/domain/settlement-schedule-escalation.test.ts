/**
 * Pure rules of issue 16 added for the desk: the settlement form's even instalment schedule and its
 * problems (the server's instalmentErrors, word for word in codes), and where an overdue approval
 * level is escalated to.
 */
import { describe, expect, it } from 'vitest';
import { escalationTarget } from '../../../src/domain/approval/chains';
import { evenSchedule, instalmentErrors, scheduleProblems } from '../../../src/domain/settlements/settlements';

describe('evenSchedule', () => {
  it('adds up to the amount exactly, the leftover paise on the first, dates a fixed gap apart', () => {
    const s = evenSchedule(300_001, 3, '2026-12-01', 30);
    expect(s).toEqual([
      { due_date: '2026-12-01', amount_minor: 100_001 },
      { due_date: '2026-12-31', amount_minor: 100_000 },
      { due_date: '2027-01-30', amount_minor: 100_000 },
    ]);
    expect(s.reduce((a, i) => a + i.amount_minor, 0)).toBe(300_001);
    expect(instalmentErrors('instalments', 300_001, s, '2027-03-01')).toEqual([]);
  });
  it('gives nothing when an instalment would be zero or the count is not whole', () => {
    expect(evenSchedule(2, 3, '2026-12-01', 30)).toEqual([]);
    expect(evenSchedule(1000, 0, '2026-12-01', 30)).toEqual([]);
    expect(evenSchedule(1000, 2.5, '2026-12-01', 30)).toEqual([]);
  });
});

describe('scheduleProblems', () => {
  const row = (due_date: string, amount_minor: number | null) => ({ due_date, amount_minor });
  it('accepts a schedule the server accepts', () => {
    expect(scheduleProblems(200_000, [row('2026-12-01', 100_000), row('2027-01-01', 100_000)], '2026-12-15')).toEqual([]);
  });
  it('names each problem once', () => {
    expect(scheduleProblems(200_000, [row('2026-12-01', 100_000)], '2027-01-01')).toEqual(['too_few', 'sum']);
    expect(scheduleProblems(200_000, [row('2027-01-01', 100_000), row('2026-12-01', null)], '2027-02-01')).toEqual(['amount', 'order']);
    expect(scheduleProblems(200_000, [row('', 100_000), row('2027-01-01', 100_000)], '2027-02-01')).toEqual(['date']);
    expect(scheduleProblems(200_000, [row('2027-03-01', 100_000), row('2027-04-01', 100_000)], '2027-02-01')).toEqual(['after_validity']);
    expect(scheduleProblems(null, [row('2027-01-01', 100_000), row('2027-02-01', 100_000)], '2027-02-01')).toEqual([]);
  });
});

describe('escalationTarget', () => {
  it('moves a level one rank up the reports-to tree, then to the central team, then nowhere', () => {
    expect(escalationTarget({ role_ids: ['supervisor', 'head'], central: false })).toEqual({ role_ids: ['head'], central: false });
    expect(escalationTarget({ role_ids: ['head'], central: false })).toEqual({ role_ids: [], central: true });
    expect(escalationTarget({ role_ids: [], central: false })).toEqual({ role_ids: [], central: true });
    expect(escalationTarget({ role_ids: [], central: true })).toBeNull();
  });
});
