/**
 * The pure rules of issue 16's change requests and repossession: proposed values checked per
 * field, a decided request never decided again, the field steps' order (a failed repossession
 * stays where it was), and the decisions on initiation and release.
 */
import { describe, expect, it } from 'vitest';
import { decidedStatus, normaliseValue, valueProblem } from '../../../src/domain/change-requests/rules';
import { afterInitiationDecision, afterReleaseDecision, afterStep } from '../../../src/domain/repossession/rules';

describe('change request rules', () => {
  it('checks and normalises proposed values per field', () => {
    expect(normaliseValue('contact_number', ' 98220-11111 ')).toBe('9822011111');
    expect(valueProblem('contact_number', '98220')).toBe('contact_number must be 7 to 15 digits');
    expect(normaliseValue('alternate_numbers', '9822011111; 9822022222')).toBe('9822011111,9822022222');
    expect(valueProblem('alternate_numbers', '9822011111,12')).toBe('alternate_numbers must be 7 to 15 digits each');
    expect(valueProblem('email', normaliseValue('email', 'Ravi@Example.COM'))).toBeNull();
    expect(valueProblem('address', '<b>Flat 4</b>')).toBe('Value must not contain markup tags');
  });

  it('decides a pending request once', () => {
    expect(decidedStatus('pending', 'approved')).toBe('approved');
    expect(() => decidedStatus('approved', 'rejected')).toThrow('Change request is already approved');
  });
});

describe('repossession rules', () => {
  it('takes the field steps in order; a failed repossession stays at police intimated', () => {
    expect(afterStep('assigned', 'police_before', null)).toEqual({ stage: 'police_intimated' });
    expect(afterStep('assigned', 'repossession', 'success')).toEqual({ problem: 'The repossession step needs the case at police_intimated; it is at assigned' });
    expect(afterStep('police_intimated', 'repossession', 'failed')).toEqual({ stage: 'police_intimated' });
    expect(afterStep('police_intimated', 'repossession', 'success')).toEqual({ stage: 'repossessed' });
    expect(afterStep('police_informed_after', 'yard_handover', null)).toEqual({ stage: 'at_yard' });
  });

  it('moves on the approval decisions of initiation and release', () => {
    expect(afterInitiationDecision('initiated', 'approved')).toBe('notice_issued');
    expect(afterInitiationDecision('initiated', 'rejected')).toBe('rejected');
    expect(() => afterInitiationDecision('assigned', 'approved')).toThrow();
    expect(afterReleaseDecision('release_requested', 'auction', 'approved')).toBe('sold');
    expect(afterReleaseDecision('release_requested', 'payment', 'approved')).toBe('released');
    expect(afterReleaseDecision('release_requested', 'payment', 'rejected')).toBe('valued');
  });
});
