import { describe, expect, it } from 'vitest';
import {
  EXPORT_STATUSES,
  IMPORT_STATUSES,
  LEGAL_EXPORT_STATUSES,
  LOAN_OPERATION_STATUSES,
  SETTLEMENT_EXPORT_STATUSES,
  TERMINATION_FAILED_MESSAGE,
  canTerminate,
} from '../../../src/domain/bulk/termination';

const loanOperationTypes = [
  'move_loans',
  'add_tags',
  'archive_loans',
  'unarchive_loans',
  'archive_operations',
  'unarchive_operations',
  'allocate_loans',
  'allocate_loans_via_excel',
  'deallocate_loans',
  'delete_tags',
  'move_operations',
];

describe('canTerminate (spec 4)', () => {
  it.each(['initiated', 'in_progress', 'awaiting_file', 'in_process', 'accepted'])('allows a running %s import', (status) => {
    expect(canTerminate({ status, operationType: 'loan_upload', tab: 'import_management' })).toBe(true);
    expect(canTerminate({ status, operationType: 'loan_update', tab: 'import_management' })).toBe(true);
  });
  it.each(['failed', 'completed', 'partially_completed', 'partially completed', 'cancelled', 'interrupted', 'rejected', 'FAILED', 'Partially Completed'])(
    'refuses an operation that is %s',
    (status) => {
      expect(canTerminate({ status, operationType: 'loan_upload', tab: 'import_management' })).toBe(false);
      expect(canTerminate({ status, operationType: 'move_loans', tab: 'loan_operations' })).toBe(false);
    },
  );
  it.each(loanOperationTypes)('allows terminating %s on loan operations', (operationType) => {
    expect(canTerminate({ status: 'in_progress', operationType, tab: 'loan_operations' })).toBe(true);
  });
  it('refuses types not allowed on the tab', () => {
    expect(canTerminate({ status: 'in_progress', operationType: 'move_loans', tab: 'import_management' })).toBe(false);
    expect(canTerminate({ status: 'in_progress', operationType: 'loan_upload', tab: 'loan_operations' })).toBe(false);
    expect(canTerminate({ status: 'in_progress', operationType: 'payment_upload', tab: 'import_management' })).toBe(false);
    expect(canTerminate({ status: 'in_process', operationType: 'loan_upload', tab: 'export_management' })).toBe(false);
  });
  it('reads spelled-out type names', () => {
    expect(canTerminate({ status: 'initiated', operationType: 'Move Loans', tab: 'loan_operations' })).toBe(true);
  });
  it('keeps the spec message and status lists', () => {
    expect(TERMINATION_FAILED_MESSAGE).toBe('Failed to terminate operation');
    expect(IMPORT_STATUSES).toEqual(['awaiting_file', 'initiated', 'in_progress', 'partially_completed', 'completed', 'failed']);
    expect(EXPORT_STATUSES).toEqual(['accepted', 'initiated', 'in_process', 'completed', 'failed']);
    expect(LOAN_OPERATION_STATUSES).toEqual(['initiated', 'in_progress', 'partially_completed', 'completed', 'failed']);
    expect(LEGAL_EXPORT_STATUSES).toContain('NO DATA FOUND');
    expect(SETTLEMENT_EXPORT_STATUSES).toEqual(['FAILED', 'COMPLETED', 'In-Progress']);
  });
});
