/**
 * Bulk operation statuses and the termination rule (spec 4 "Bulk statuses", spec 2 bulk tabs,
 * spec 8 'Failed to terminate operation').
 *
 * Status lists are spelled exactly as the spec writes them: each family of jobs reports its own
 * vocabulary, including the upper-case and mixed-case ones of legal and settlement exports.
 */

/** Bulk operation tabs (spec 2). */
export const BULK_TABS = [
  'import_management',
  'export_management',
  'loan_operations',
  'payments',
  'notice_management',
  'digital_communication',
] as const;
export type BulkTab = (typeof BULK_TABS)[number];

/** Import management default. */
export const IMPORT_STATUSES = ['awaiting_file', 'initiated', 'in_progress', 'partially_completed', 'completed', 'failed'] as const;
export const LEGAL_IMPORT_STATUSES = ['in_progress', 'success', 'failed'] as const;
export const CALLING_IMPORT_STATUSES = ['created', 'in_process', 'partially_completed', 'failed', 'completed'] as const;
export const DND_UPLOAD_STATUSES = ['completed', 'in_process'] as const;
/** Export, loan and user. */
export const EXPORT_STATUSES = ['accepted', 'initiated', 'in_process', 'completed', 'failed'] as const;
export const LEGAL_EXPORT_STATUSES = ['FAIL', 'SUCCESS', 'NO DATA FOUND', 'QUEUED', 'IN PROGRESS'] as const;
/** Export, settlement and approvals. */
export const SETTLEMENT_EXPORT_STATUSES = ['FAILED', 'COMPLETED', 'In-Progress'] as const;
export const NOTICE_DOCUMENT_DOWNLOAD_STATUSES = ['success', 'failed', 'in_progress', 'no_data_found'] as const;
export const NOTICE_EXPORT_STATUSES = ['success', 'failed', 'in_progress'] as const;
export const DIGITAL_COMMUNICATION_STATUSES = ['completed', 'failed', 'in_process'] as const;
export const REPOSSESSION_STATUSES = ['success', 'failed', 'pending'] as const;
/** Loan operations default. */
export const LOAN_OPERATION_STATUSES = ['initiated', 'in_progress', 'partially_completed', 'completed', 'failed'] as const;

/** Statuses in which an operation has ended or been stopped, so it cannot be terminated (spec 4). */
export const FINAL_STATUSES = ['failed', 'completed', 'partially_completed', 'cancelled', 'interrupted', 'rejected'] as const;

/** Operation types each tab may terminate (spec 4); tabs not listed terminate nothing. */
export const TERMINABLE_TYPES: Readonly<Partial<Record<BulkTab, readonly string[]>>> = {
  import_management: ['loan_update', 'loan_upload'],
  loan_operations: [
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
  ],
};

/** Spec 8 message when a termination request fails. */
export const TERMINATION_FAILED_MESSAGE = 'Failed to terminate operation';

// 'Partially Completed', 'partially-completed' and 'partially_completed' are one status.
const normalise = (value: string): string => value.trim().toLowerCase().replace(/[\s-]+/g, '_');

/**
 * Spec 4: an operation can be terminated only if its status is not failed, completed, partially
 * completed, cancelled, interrupted or rejected, and its type is in the tab's terminable list.
 * Status and type are compared case-insensitively with spaces and hyphens read as underscores.
 */
export function canTerminate(op: { status: string; operationType: string; tab: BulkTab }): boolean {
  const status = normalise(op.status);
  if ((FINAL_STATUSES as readonly string[]).includes(status)) return false;
  const allowed = TERMINABLE_TYPES[op.tab] ?? [];
  return allowed.includes(normalise(op.operationType));
}
