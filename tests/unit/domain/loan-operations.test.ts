import { describe, expect, it } from 'vitest';
import { normaliseHeader } from '../../../src/domain/portfolio/header-detection';
import type { AgentState, LoanOperationContext } from '../../../src/domain/bulk/loan-operations';
import { agentTypeOf, locateFileColumns, loanOperationProblem, MAX_TAGS_PER_LOAN, TAG_PATTERN } from '../../../src/domain/bulk/loan-operations';

const fe: AgentState = { userId: 'fe', name: 'Ganesh', profession: 'field executive', active: true, inScope: true };
const base: LoanOperationContext = { type: 'allocate_loans', allocationMonth: '2026-11', agentType: 'fos', target: fe };
const loan = { archived: false, tags: [] as string[], allocatedTo: null as string | null };

describe('loan operation rules', () => {
  it('derives the agent type from the profession', () => {
    expect(agentTypeOf('field executive')).toBe('fos');
    expect(agentTypeOf('telecalling')).toBe('telecaller');
    expect(agentTypeOf('lawyer')).toBeNull();
  });

  it('refuses loans outside the month, archived loans and unfit agents', () => {
    expect(loanOperationProblem(base, null)).toBe('Loan not found in allocation month 2026-11');
    expect(loanOperationProblem(base, { ...loan, archived: true })).toBe('Loan is archived');
    expect(loanOperationProblem(base, loan)).toBeNull();
    expect(loanOperationProblem({ ...base, target: { ...fe, active: false } }, loan)).toBe('Agent Ganesh is not active');
    expect(loanOperationProblem({ ...base, target: { ...fe, profession: 'telecalling' } }, loan)).toBe('Agent Ganesh is not a field executive (profession: telecalling)');
    expect(loanOperationProblem({ ...base, target: { ...fe, inScope: false } }, loan)).toBe('Agent Ganesh does not report to you');
    expect(loanOperationProblem({ ...base, type: 'allocate_loans_via_excel', target: null, targetRef: 'x@y.in' }, loan)).toBe("Agent 'x@y.in' is not a user of this company");
  });

  it('moves and deallocates only loans the agent holds', () => {
    const move = { ...base, type: 'move_loans' as const, from: { ...fe, userId: 'a', name: 'Anil' } };
    expect(loanOperationProblem(move, { ...loan, allocatedTo: 'someone' })).toBe('Loan is not allocated to Anil');
    expect(loanOperationProblem(move, { ...loan, allocatedTo: 'a' })).toBeNull();
    const dealloc = { ...base, type: 'deallocate_loans' as const, target: null };
    expect(loanOperationProblem(dealloc, loan)).toBe('Loan is not allocated to a field executive');
    expect(loanOperationProblem(dealloc, { ...loan, allocatedTo: 'a' })).toBeNull();
  });

  it('archives once, unarchives only archived loans, and keeps tags within bounds', () => {
    expect(loanOperationProblem({ ...base, type: 'archive_loans' }, { ...loan, archived: true })).toBe('Loan is already archived');
    expect(loanOperationProblem({ ...base, type: 'unarchive_loans' }, loan)).toBe('Loan is not archived');
    expect(loanOperationProblem({ ...base, type: 'unarchive_loans' }, { ...loan, archived: true })).toBeNull();
    expect(loanOperationProblem({ ...base, type: 'delete_tags', tags: ['vip'] }, { ...loan, tags: ['legal'] })).toBe('Loan has none of these tags');
    const full = Array.from({ length: MAX_TAGS_PER_LOAN }, (_, i) => `t${i}`);
    expect(loanOperationProblem({ ...base, type: 'add_tags', tags: ['new'] }, { ...loan, tags: full })).toBe('Loan would have more than 50 tags');
    expect(TAG_PATTERN.test('legal hold')).toBe(true);
    expect(TAG_PATTERN.test('<b>')).toBe(false);
  });

  it('finds the loan id and agent columns of a file', () => {
    expect(locateFileColumns(['Sr', 'Loan Account No.', 'Agent Email'], normaliseHeader)).toEqual({ loan: 1, agent: 2 });
    expect(locateFileColumns(['loan_id', 'user_id'], normaliseHeader)).toEqual({ loan: 0, agent: 1 });
    expect(locateFileColumns(['Customer', 'Amount'], normaliseHeader)).toBeNull();
  });
});
