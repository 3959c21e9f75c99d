/**
 * What other areas may use of the bulk area (docs/decisions/007-area-kernel.md): its spreadsheet
 * readers (CSV, .xlsx and .xls, streamed, in a worker, with the same caps as imports) for areas
 * that take an uploaded file of their own (payments' offline payment uploads, issue 15).
 */
export { cellText, isEmptyDataRow, openAllocationFile as openSheetFile, SheetLimitError } from './allocation-reader';
export type { AllocationFileKind as SheetFileKind, AllocationSource as SheetSource } from './allocation-reader';
