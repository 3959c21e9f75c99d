/**
 * Portfolio assignment (issue 5): which loans an operation names (ticked ids or filters + search),
 * the spec 5 check of an "allocate via excel" file, tags and pasted loan ids, and the manager's
 * edits of a territory suggestion (move loans, drop an executive, what confirming allocates).
 */
import { describe, expect, it } from 'vitest';
import type { AllocationSuggestion } from '../../../src/domain/contracts/allocation/suggestions';
import { confirmations, dropExecutive, groupColour, moveLoans, proposalFrom, proposalLoans } from '../../../src/web/features/allocation/proposal';
import {
  EMPTY_PICK,
  checkAssignmentFile,
  loansSelector,
  parseLoanIds,
  parseTags,
  pickedCount,
  tickState,
  toggleLoans,
  type LoanPick,
} from '../../../src/web/features/allocation/selection';

const MB = 1024 * 1024;

describe('loansSelector and pickedCount', () => {
  it('names the ticked loans, and nothing when none is ticked', () => {
    const pick: LoanPick = { ...EMPTY_PICK, selected: new Set(['LN1', 'LN2']) };
    expect(loansSelector(pick)).toEqual({ loan_ids: ['LN1', 'LN2'] });
    expect(pickedCount(pick, 1000)).toBe(2);
    expect(loansSelector(EMPTY_PICK)).toBeNull();
  });

  it('sends the filters (and the search only when there is one) for a filter pick, counted by the loans list', () => {
    const filters = [{ filter_key: 'allocation_dpd_value', values: ['B1'] }];
    const pick: LoanPick = { ...EMPTY_PICK, mode: 'filter', filters, selected: new Set(['LN1']) };
    expect(loansSelector(pick)).toEqual({ filters });
    expect(loansSelector({ ...pick, search: '  sharma ' })).toEqual({ filters, search: 'sharma' });
    // No filters at all is the whole month ([]), which the contract accepts.
    expect(loansSelector({ ...pick, filters: [] })).toEqual({ filters: [] });
    expect(pickedCount(pick, 250)).toBe(250);
    expect(pickedCount(pick, null)).toBeNull();
  });
});

describe('toggleLoans and tickState', () => {
  it('ticks and unticks without touching the old set', () => {
    const before = new Set(['A']);
    const after = toggleLoans(before, ['B', 'C'], true);
    expect([...after]).toEqual(['A', 'B', 'C']);
    expect([...before]).toEqual(['A']);
    expect([...toggleLoans(after, ['A', 'C'], false)]).toEqual(['B']);
  });

  it('reports all, some or none of the listed loans ticked', () => {
    const ticked = new Set(['A', 'B']);
    expect(tickState(ticked, ['A', 'B'])).toBe('all');
    expect(tickState(ticked, ['A', 'Z'])).toBe('some');
    expect(tickState(ticked, ['Y', 'Z'])).toBe('none');
    expect(tickState(ticked, [])).toBe('none');
  });
});

describe('checkAssignmentFile (spec 5)', () => {
  it('refuses blocked extensions and oversize files with the spec messages', () => {
    expect(checkAssignmentFile({ name: 'agents.exe', size: 10 })).toBe('.exe file type is not supported!');
    expect(checkAssignmentFile({ name: 'agents.json', size: 10 })).toBe('.json file type is not supported!');
    expect(checkAssignmentFile({ name: 'big.xlsx', size: 51 * MB })).toBe('File size exceeds limit of 50MB');
  });

  it('accepts xlsx, xls and csv, and refuses other kinds the server cannot read', () => {
    for (const name of ['a.xlsx', 'a.XLS', 'a.csv']) expect(checkAssignmentFile({ name, size: MB })).toBeNull();
    expect(checkAssignmentFile({ name: 'a.pdf', size: 10 })).toBe('.pdf file type is not supported!');
    expect(checkAssignmentFile({ name: 'noextension', size: 10 })).toBe('.noextension file type is not supported!');
  });
});

describe('parseTags and parseLoanIds', () => {
  it('splits tags on commas, trims, collapses spaces and drops repeats', () => {
    expect(parseTags(' priority,  legal   review ,priority,, ')).toEqual(['priority', 'legal review']);
    expect(parseTags('')).toEqual([]);
  });

  it('reads pasted loan ids separated by lines, commas, semicolons or spaces', () => {
    expect(parseLoanIds('LN1\nLN2, LN3;LN1\tLN4 ')).toEqual(['LN1', 'LN2', 'LN3', 'LN4']);
    expect(parseLoanIds('  \n ')).toEqual([]);
  });
});

const suggestion: AllocationSuggestion = {
  allocation_month: '2026-05',
  total_loans: 5,
  unlocated_loans: 1,
  max_km: 50,
  left_out: [],
  executives: [
    { user_id: 'u1', name: 'Ganesh', seed: null, loan_ids: ['L1', 'L2', 'L3'], count: 3, centroid: { latitude: 18.5, longitude: 73.8 }, spread_km: 1.2, radius_km: 2, base_km: null, located: 3, unlocated: 0 },
    { user_id: 'u2', name: 'Ravi', seed: null, loan_ids: ['L4', 'L5'], count: 2, centroid: { latitude: 18.6, longitude: 73.9 }, spread_km: 0, radius_km: 0, base_km: null, located: 1, unlocated: 1 },
  ],
  // L5 has no address point.
  areas: [
    { latitude: 18.5, longitude: 73.8, loan_ids: ['L1', 'L2'] },
    { latitude: 18.52, longitude: 73.82, loan_ids: ['L3'] },
    { latitude: 18.6, longitude: 73.9, loan_ids: ['L4'] },
  ],
};

describe('territory proposal edits', () => {
  it('starts as suggested, with a fixed colour per executive', () => {
    const p = proposalFrom(suggestion);
    expect(p.groups.map((g) => [g.userId, g.loanIds, g.colour, g.edited])).toEqual([
      ['u1', ['L1', 'L2', 'L3'], 0, false],
      ['u2', ['L4', 'L5'], 1, false],
    ]);
    expect(groupColour(0)).not.toBe(groupColour(1));
    expect(groupColour(10)).toBe(groupColour(0));
  });

  it('moves loans between executives and marks both groups edited', () => {
    const p = moveLoans(proposalFrom(suggestion), ['L1', 'L3'], 'u2');
    expect(p.groups[0]).toMatchObject({ loanIds: ['L2'], edited: true });
    expect(p.groups[1]).toMatchObject({ loanIds: ['L4', 'L5', 'L1', 'L3'], edited: true });
    expect(proposalLoans(p).sort()).toEqual(['L1', 'L2', 'L3', 'L4', 'L5']);
  });

  it("recomputes a group's centroid, spread, radius and located count from the loans' area points after a move", () => {
    const p = moveLoans(proposalFrom(suggestion), ['L3'], 'u2');
    // Ganesh keeps L1 and L2, both at one area point.
    expect(p.groups[0]).toMatchObject({ centroid: { latitude: 18.5, longitude: 73.8 }, spreadKm: 0, radiusKm: 0, located: 2, unlocated: 0 });
    // Ravi: L4 and L3 on the map (about 12.3 km apart), L5 without a point.
    const ravi = p.groups[1];
    expect(ravi.centroid?.latitude).toBeCloseTo(18.56, 6);
    expect(ravi.centroid?.longitude).toBeCloseTo(73.86, 6);
    expect(ravi).toMatchObject({ located: 2, unlocated: 1 });
    expect(ravi.spreadKm).toBeCloseTo(6.13, 1);
    expect(ravi.radiusKm).toBe(ravi.spreadKm);
    // A group left with only unlocated loans has no centroid and so is not on the map.
    const onlyUnlocated = moveLoans(proposalFrom(suggestion), ['L4'], 'u1');
    expect(onlyUnlocated.groups[1]).toMatchObject({ loanIds: ['L5'], centroid: null, spreadKm: 0, located: 0, unlocated: 1 });
  });

  it('ignores moves to the same executive, of unknown loans, or to an executive not in the proposal', () => {
    const start = proposalFrom(suggestion);
    expect(moveLoans(start, ['L4'], 'u2')).toBe(start);
    expect(moveLoans(start, ['NOPE'], 'u2')).toBe(start);
    expect(moveLoans(start, ['L1'], 'u9')).toBe(start);
  });

  it('drops an executive: their loans wait unassigned, confirming allocates only to the others', () => {
    const dropped = dropExecutive(proposalFrom(suggestion), 'u1');
    expect(dropped.groups.map((g) => g.userId)).toEqual(['u2']);
    expect(dropped.unassigned).toEqual(['L1', 'L2', 'L3']);
    expect(confirmations(dropped)).toEqual([{ userId: 'u2', name: 'Ravi', loanIds: ['L4', 'L5'] }]);
    // Moving one back from the unassigned pile.
    const back = moveLoans(dropped, ['L2'], 'u2');
    expect(back.unassigned).toEqual(['L1', 'L3']);
    expect(confirmations(back)[0].loanIds).toEqual(['L4', 'L5', 'L2']);
  });

  it('sends no operation for an executive left with no loans', () => {
    const emptied = moveLoans(proposalFrom(suggestion), ['L4', 'L5'], 'u1');
    expect(confirmations(emptied).map((c) => [c.userId, c.loanIds.length])).toEqual([['u1', 5]]);
  });
});
