/**
 * Change requests (issue 16 "Change requests"): a borrower's contact details proposed by an agent
 * or a field executive, decided by a checker (the approval area), then applied to the loan and the
 * customer with the old value kept. Pure rules: the fields, the statuses and their moves, and the
 * check of a proposed value.
 */

/** What a change request may change (each maps to loan variables, see CHANGE_FIELD_VARIABLES). */
export const CHANGE_FIELDS = ['contact_number', 'address', 'email', 'alternate_numbers'] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** The loan variables a field writes, the first one holding the value (an address clears lines 2 and 3). */
export const CHANGE_FIELD_VARIABLES: Record<ChangeField, readonly string[]> = {
  contact_number: ['applicant_contact_number'],
  address: ['address_line_1', 'address_line_2', 'address_line_3'],
  email: ['email'],
  alternate_numbers: ['alternate_contact_numbers'],
};

/** Statuses shown on `/app/change-request` (issue 16: pending, approved, rejected). Approved means applied. */
export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** Where a request came from: proposed on the desk / phone, or a field visit's "new address". */
export const CHANGE_REQUEST_SOURCES = ['agent', 'field_visit'] as const;
export type ChangeRequestSource = (typeof CHANGE_REQUEST_SOURCES)[number];

/**
 * The status after a checker's final decision. Only a pending request is decided.
 * @throws Error 'Change request is already <status>' for a decided one
 */
export function decidedStatus(current: ChangeRequestStatus, decision: 'approved' | 'rejected'): ChangeRequestStatus {
  if (current !== 'pending') throw new Error(`Change request is already ${current}`);
  return decision;
}

const PHONE = /^\+?\d{7,15}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A proposed value as stored: trimmed; alternate numbers as a comma-separated list without spaces. */
export function normaliseValue(field: ChangeField, value: string): string {
  const v = value.trim();
  if (field === 'contact_number') return v.replace(/[\s-]/g, '');
  if (field === 'email') return v.toLowerCase();
  if (field === 'alternate_numbers') return v.split(/[,;\s]+/).map((n) => n.replace(/-/g, '')).filter(Boolean).join(',');
  return v.replace(/\s+/g, ' ');
}

/** Why a proposed (normalised) value is refused, or null when it is fine. Messages are English (API). */
export function valueProblem(field: ChangeField, value: string): string | null {
  if (!value) return `${field} must not be empty`;
  if (/[<>]/.test(value)) return 'Value must not contain markup tags';
  switch (field) {
    case 'contact_number':
      return PHONE.test(value) ? null : 'contact_number must be 7 to 15 digits';
    case 'email':
      return EMAIL.test(value) && value.length <= 200 ? null : 'email is not a valid address';
    case 'alternate_numbers': {
      const numbers = value.split(',');
      if (numbers.length > 5) return 'At most 5 alternate numbers';
      return numbers.every((n) => PHONE.test(n)) ? null : 'alternate_numbers must be 7 to 15 digits each';
    }
    case 'address':
      return value.length <= 500 ? null : 'address must be at most 500 characters';
  }
}
