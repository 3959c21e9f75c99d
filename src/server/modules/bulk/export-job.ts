/**
 * The loan export job (issue 3 "Exports"; spec 4 export statuses accepted → initiated →
 * in_process → completed | failed). Loans are read from the database in pages by row id and
 * streamed into an xlsx (exceljs streaming WorkbookWriter) or csv (csv-stringify) file in file
 * storage, so memory stays flat whatever the portfolio size. The file is stored in clear with its
 * column names next to it (masked-download.ts): each download masks it for the downloading caller
 * (spec 3, 6; issue 12). The search still matches masked fields only whole when the author was
 * masked when asking for it (exports.unmasked).
 */
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { CO_APPLICANT_COUNT_FILTER_NAME, CO_APPLICANT_COUNT_FILTER_KEY } from '../../../domain/contracts/portfolio/filters';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/files';
import { loanExportPage, parseFilters, portfolioView } from '../portfolio/queries';
import { csvSink, setExportStatus as setStatus, xlsxSink } from './export-files';
import { putColumns } from './masked-download';
import { exportsTable, type ExportRow } from './schema';

/** Loans read per query while writing an export. */
export const EXPORT_PAGE_ROWS = 1000;
export { EXPORT_FAILED_MESSAGE } from './export-files';
import { EXPORT_FAILED_MESSAGE } from './export-files';

/** The job's data on the 'recovery-exports' queue. */
export interface ExportJobData {
  exportId: string;
}

/** The storage key of an export's file. */
export const exportFileKey = (row: Pick<ExportRow, 'companyId' | 'exportId' | 'format'>) => `exports/${row.companyId}/${row.exportId}/loans.${row.format}`;

/**
 * Runs one export: marks it initiated then in_process, writes the file (header = variable labels
 * plus 'Number of Co-Applicant Present'; one row per loan of the month matching the export's
 * search and filters, in loan row order), stores it and marks it completed with total_rows — or
 * failed with EXPORT_FAILED_MESSAGE (never rethrown: a retry would write the same file).
 * An export no longer 'accepted' or 'initiated' (already done) is left alone.
 */
export async function runExport(db: Db, files: FileStorage, exportId: string, log?: (err: unknown) => void): Promise<void> {
  const [row] = await db.select().from(exportsTable).where(eq(exportsTable.exportId, exportId));
  if (!row || (row.status !== 'accepted' && row.status !== 'initiated' && row.status !== 'in_process')) return;
  await setStatus(db, exportId, { status: 'initiated' });
  try {
    // Clear values for the stored file; the author's masking for what their search may match.
    const [view, authorView] = await Promise.all([portfolioView(db, row.companyId, true), portfolioView(db, row.companyId, row.unmasked === 'yes')]);
    const filters = parseFilters(row.filters, view.variables);
    const columns = view.variables.filter((v) => v.active);
    const selection = { companyId: row.companyId, allocationMonth: row.allocationMonth, search: row.search ?? undefined, searchMasked: authorView.masker.maskedNames(), filters };
    await setStatus(db, exportId, { status: 'in_process' });

    const out = new PassThrough();
    const key = exportFileKey(row);
    const stored = files.put(key, out);
    const sink = row.format === 'csv' ? csvSink(out) : xlsxSink(out, 'Loans');
    await sink.write([...columns.map((c) => c.variable_label), CO_APPLICANT_COUNT_FILTER_NAME]);
    let total = 0;
    let after = 0;
    for (;;) {
      const page = await loanExportPage(db, view, selection, after, EXPORT_PAGE_ROWS);
      for (const { record } of page) {
        await sink.write([...columns.map((c) => record[c.variable_name] ?? null), record[CO_APPLICANT_COUNT_FILTER_KEY] ?? 0]);
      }
      total += page.length;
      if (page.length < EXPORT_PAGE_ROWS) break;
      after = page[page.length - 1].id;
    }
    await sink.end();
    await stored;
    await putColumns(files, key, [...columns.map((c) => c.variable_name), CO_APPLICANT_COUNT_FILTER_KEY]);
    await setStatus(db, exportId, { status: 'completed', fileKey: key, totalRows: total, finishedAt: new Date(), message: null });
  } catch (err) {
    log?.(err);
    await setStatus(db, exportId, { status: 'failed', message: EXPORT_FAILED_MESSAGE, finishedAt: new Date() });
  }
}
