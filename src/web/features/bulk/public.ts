/**
 * What other areas may use of the bulk area (decision 007): loan exports (the loans list exports
 * its filtered view) and loan operations (portfolio assignment starts them, follows their progress
 * and shows the bulk screen's loan operations tab).
 */
export { useCreateExport, useStartLoanOperation, type LoanOperationInput } from './api';
export { LoanOperationsTab } from './loan-operations-tab';
export { OperationProgress } from './operation-progress';
