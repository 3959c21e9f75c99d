/**
 * What other areas may use of the bulk area (docs/decisions/007-area-kernel.md): its spreadsheet
 * readers (CSV, .xlsx and .xls, streamed, in a worker, with the same caps as imports) for areas
 * that take an uploaded file of their own (payments' offline payment uploads, issue 15).
 */
export { cellText, isEmptyDataRow, openAllocationFile as openSheetFile, SheetLimitError } from './allocation-reader';
export type { AllocationFileKind as SheetFileKind, AllocationSource as SheetSource } from './allocation-reader';
import type { AllocationFileKind } from './allocation-reader';
import type { FileStorage } from '../../storage/files';
import { badRequest } from '../../http/errors';

/** The sheet kind of an uploaded file's name. @throws 400 'Upload a .csv, .xlsx or .xls file' */
export function sheetFileKindOf(fileName: string): AllocationFileKind {
  const kind = /\.(csv|xlsx|xls)$/i.exec(fileName)?.[1].toLowerCase() as AllocationFileKind | undefined;
  if (!kind) throw badRequest('Upload a .csv, .xlsx or .xls file');
  return kind;
}

/**
 * Stores an upload under `key` and checks its header at once (`checkHeader` gets the local path);
 * when either fails, `undo` removes the upload's row and the stored file is deleted, and the error
 * (the header check's 400) is rethrown. The upload row is inserted by the caller before.
 */
export async function storeCheckedSheet(files: FileStorage, key: string, data: Buffer, checkHeader: (path: string) => Promise<unknown>, undo: () => Promise<unknown>): Promise<void> {
  try {
    await files.put(key, data);
    await checkHeader(files.localPath(key));
  } catch (err) {
    await undo();
    await files.delete(key).catch(() => undefined);
    throw err;
  }
}

/**
 * Exports of other kinds (payments' payment exports, issue 15): record one, run its job through
 * the shared writer (statuses, csv/xlsx, column names for per-caller masking at download), list
 * them by operation type. The download is bulk's own /recovery/export/download.
 */
export { recordExport, listExports as listExportsOfType, toExportRecord } from './export-service';
export { runFileExport, EXPORT_FAILED_MESSAGE } from './export-files';
export type { ExportWriter, RowSink } from './export-files';
