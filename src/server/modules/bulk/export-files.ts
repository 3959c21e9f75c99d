/**
 * The export machinery shared by every export kind (loan exports here; payment exports of the
 * payments area through queries.ts; spec 4 export statuses accepted → initiated → in_process →
 * completed | failed): rows streamed into csv (csv-stringify) or xlsx (exceljs streaming
 * WorkbookWriter), stored in clear with their column names next to them (masked-download.ts), so
 * the one download endpoint masks each file for the downloading caller.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/files';
import { excelJs, putColumns, type FileColumns } from './masked-download';
import { exportsTable } from './schema';

export const EXPORT_FAILED_MESSAGE = 'Export failed, please try again';

/** A sink rows are written to: one header row, then data rows; `end` finishes the file. */
export interface RowSink {
  write(row: (string | number | null)[]): Promise<void>;
  end(): Promise<void>;
}

/** Writes to `stream` honouring back-pressure. */
async function writeTo(stream: Writable, chunk: unknown): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** A CSV sink writing into `out`. */
export function csvSink(out: PassThrough): RowSink {
  const csv = stringify();
  csv.pipe(out);
  return {
    write: (row) => writeTo(csv, row),
    async end() {
      csv.end();
      await once(out, 'end').catch(() => undefined);
    },
  };
}

/** An XLSX sink (one sheet named `sheetName`) writing into `out`. */
export function xlsxSink(out: PassThrough, sheetName: string): RowSink {
  const workbook = new (excelJs().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName);
  return {
    async write(row) {
      sheet.addRow(row).commit();
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** Updates one export row. */
export async function setExportStatus(db: Db, exportId: string, patch: Partial<typeof exportsTable.$inferInsert>): Promise<void> {
  await db.update(exportsTable).set(patch).where(eq(exportsTable.exportId, exportId));
}

/** What an export kind writes: the header, the variable each column holds (for masking), and the rows. */
export interface ExportWriter {
  header: string[];
  /** Each column's variable name (masked per the downloading caller when the company masks it); any other name is clear. */
  columns: FileColumns;
  /** Writes every data row to `sink`; @returns how many rows it wrote. */
  rows(sink: RowSink): Promise<number>;
}

/**
 * Runs one export of `operationType` at `exportId`: initiated → in_process → the file written by
 * `prepare`'s writer and stored under exports/{company}/{id}/{fileBase}.{format} with its column
 * names → completed with total_rows; any failure → failed with EXPORT_FAILED_MESSAGE (never
 * rethrown). An export of another type, or no longer accepted/initiated/in_process, is left alone.
 */
export async function runFileExport(
  db: Db,
  files: FileStorage,
  exportId: string,
  operationType: string,
  sheetName: string,
  prepare: (row: typeof exportsTable.$inferSelect) => Promise<ExportWriter>,
  log?: (err: unknown) => void,
): Promise<void> {
  const [row] = await db.select().from(exportsTable).where(eq(exportsTable.exportId, exportId));
  if (!row || row.operationType !== operationType || !['accepted', 'initiated', 'in_process'].includes(row.status)) return;
  await setExportStatus(db, exportId, { status: 'initiated' });
  try {
    const writer = await prepare(row);
    await setExportStatus(db, exportId, { status: 'in_process' });
    const out = new PassThrough();
    const key = `exports/${row.companyId}/${row.exportId}/${sheetName.toLowerCase()}.${row.format}`;
    const stored = files.put(key, out);
    const sink = row.format === 'csv' ? csvSink(out) : xlsxSink(out, sheetName);
    await sink.write(writer.header);
    const total = await writer.rows(sink);
    await sink.end();
    await stored;
    await putColumns(files, key, writer.columns);
    await setExportStatus(db, exportId, { status: 'completed', fileKey: key, totalRows: total, finishedAt: new Date(), message: null });
  } catch (err) {
    log?.(err);
    await setExportStatus(db, exportId, { status: 'failed', message: EXPORT_FAILED_MESSAGE, finishedAt: new Date() });
  }
}
