import { describe, expect, it } from 'vitest';
import { limitationOf, yearsAfter } from '../../../src/domain/legal/limitation';

describe('limitation restarted by acknowledgments and part payments (Limitation Act ss. 18, 19)', () => {
  it('counts from the date of default when nothing restarted it', () => {
    expect(limitationOf('civil', '2023-01-15', [])).toEqual({ date: '2026-01-15', restartedBy: null });
    expect(limitationOf('sarfaesi', '2023-01-15', [])).toEqual({ date: '2035-01-15', restartedBy: null });
  });

  it('starts a fresh period from a part payment or an acknowledgment made while the period runs', () => {
    expect(limitationOf('civil', '2023-01-15', [{ kind: 'part_payment', on: '2024-06-10' }])).toEqual({ date: '2027-06-10', restartedBy: { kind: 'part_payment', on: '2024-06-10' } });
    expect(limitationOf('arbitration', '2023-01-15', [{ kind: 'acknowledgment', on: '2025-03-01' }])).toEqual({ date: '2028-03-01', restartedBy: { kind: 'acknowledgment', on: '2025-03-01' } });
    // SARFAESI's 12 years restart as well.
    expect(limitationOf('sarfaesi', '2023-01-15', [{ kind: 'part_payment', on: '2024-02-29' }]).date).toBe('2036-02-29');
  });

  it('chains restarts: the latest one in time wins, whatever order they come in', () => {
    const events = [
      { kind: 'acknowledgment' as const, on: '2027-05-01' },
      { kind: 'part_payment' as const, on: '2025-01-20' },
    ];
    // The payment moved the end to 2028-01-20, so the 2027 acknowledgment was in time.
    expect(limitationOf('civil', '2023-01-15', events)).toEqual({ date: '2030-05-01', restartedBy: { kind: 'acknowledgment', on: '2027-05-01' } });
  });

  it('does not revive a period that ran out, nor count anything on or before the default', () => {
    // Ended 2026-01-15; a payment a day later is too late.
    expect(limitationOf('civil', '2023-01-15', [{ kind: 'part_payment', on: '2026-01-16' }])).toEqual({ date: '2026-01-15', restartedBy: null });
    // On the last day itself it is in time.
    expect(limitationOf('civil', '2023-01-15', [{ kind: 'part_payment', on: '2026-01-15' }]).date).toBe('2029-01-15');
    expect(limitationOf('civil', '2023-01-15', [{ kind: 'part_payment', on: '2022-12-01' }, { kind: 'acknowledgment', on: '2023-01-15' }])).toEqual({ date: '2026-01-15', restartedBy: null });
  });

  it('names the acknowledgment when both fall on one day', () => {
    const events = [
      { kind: 'acknowledgment' as const, on: '2024-04-01' },
      { kind: 'part_payment' as const, on: '2024-04-01' },
    ];
    expect(limitationOf('ibc', '2023-01-15', events).restartedBy).toEqual({ kind: 'acknowledgment', on: '2024-04-01' });
    expect(limitationOf('ibc', '2023-01-15', [...events].reverse()).restartedBy?.kind).toBe('acknowledgment');
  });

  it('has no limitation for criminal proceedings, cases against the lender or a loan without a default date', () => {
    expect(limitationOf('criminal_proceedings', '2023-01-15', [{ kind: 'part_payment', on: '2024-01-01' }])).toEqual({ date: null, restartedBy: null });
    expect(limitationOf('against', '2023-01-15', []).date).toBeNull();
    expect(limitationOf('civil', null, [{ kind: 'part_payment', on: '2024-01-01' }])).toEqual({ date: null, restartedBy: null });
  });

  it('ends on the anniversary, 29 February on 28 February', () => {
    expect(yearsAfter('2024-02-29', 3)).toBe('2027-02-28');
    expect(yearsAfter('2024-02-29', 4)).toBe('2028-02-29');
  });
});
