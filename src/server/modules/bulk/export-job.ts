/**
 * The loan export job (issue 3 "Exports"; spec 4 export statuses accepted → initiated →
 * in_process → completed | failed). Loans are read from the database in pages by row id and
 * streamed into an xlsx (exceljs streaming WorkbookWriter) or csv (csv-stringify) file in file
 * storage, so memory stays flat whatever the portfolio size. The file is stored in clear with its
 * column names next to it (masked-download.ts): each download masks it for the downloading caller
 * (spec 3, 6; issue 12). The search still matches masked fields only whole when the author was
 * masked when asking for it (exports.unmasked).
 */
import { CO_APPLICANT_COUNT_FILTER_NAME, CO_APPLICANT_COUNT_FILTER_KEY } from '../../../domain/contracts/portfolio/filters';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/files';
import { loanExportPage, parseFilters, portfolioView } from '../portfolio/queries';
import { LOAN_EXPORT_OPERATION_TYPE } from '../../../domain/contracts/bulk/exports';
import { runFileExport, type ExportWriter } from './export-files';
import type { ExportRow } from './schema';

/** Loans read per query while writing an export. */
export const EXPORT_PAGE_ROWS = 1000;
export { EXPORT_FAILED_MESSAGE } from './export-files';

/** The job's data on the 'recovery-exports' queue. */
export interface ExportJobData {
  exportId: string;
}

/**
 * Runs one loan export through runFileExport (export-files.ts): initiated, in_process, the file
 * (one row per loan of the month matching the export's search and filters, in loan row order)
 * stored at exportFileKey, completed with total_rows — or failed with EXPORT_FAILED_MESSAGE (never
 * rethrown: a retry would write the same file). An export already done is left alone.
 */
export async function runExport(db: Db, files: FileStorage, exportId: string, log?: (err: unknown) => void): Promise<void> {
  await runFileExport(db, files, exportId, LOAN_EXPORT_OPERATION_TYPE, 'Loans', (row) => loanExportWriter(db, row), log);
}

/** The loan export's writer (header = variable labels plus 'Number of Co-Applicant Present'; loans by row id pages). */
async function loanExportWriter(db: Db, row: ExportRow): Promise<ExportWriter> {
  // Clear values for the stored file; the author's masking for what their search may match.
  const [view, authorView] = await Promise.all([portfolioView(db, row.companyId, true), portfolioView(db, row.companyId, row.unmasked === 'yes')]);
  const filters = parseFilters(row.filters, view.variables);
  const columns = view.variables.filter((v) => v.active);
  const selection = { companyId: row.companyId, allocationMonth: row.allocationMonth, search: row.search ?? undefined, searchMasked: authorView.masker.maskedNames(), filters };
  return {
    header: [...columns.map((c) => c.variable_label), CO_APPLICANT_COUNT_FILTER_NAME],
    columns: [...columns.map((c) => c.variable_name), CO_APPLICANT_COUNT_FILTER_KEY],
    async rows(sink) {
      let total = 0;
      let after = 0;
      for (;;) {
        const page = await loanExportPage(db, view, selection, after, EXPORT_PAGE_ROWS);
        for (const { record } of page) await sink.write([...columns.map((c) => record[c.variable_name] ?? null), record[CO_APPLICANT_COUNT_FILTER_KEY] ?? 0]);
        total += page.length;
        if (page.length < EXPORT_PAGE_ROWS) return total;
        after = page[page.length - 1].id;
      }
    },
  };
}
