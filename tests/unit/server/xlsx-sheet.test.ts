/**
 * The hand-written .xlsx scanner (issue 12 "Speed", xlsx-sheet.ts) reads what exceljs reads:
 * files written by exceljs with shared strings and without (inline rich text, `str` cells), dates
 * under built-in and custom formats, the 1904 date system, numbers, booleans, errors, formulas,
 * empty cells, a column gap, blank rows, XML entities; caps on rows and columns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { unwrapCell } from '../../../src/domain/portfolio/normalise';
import { openXlsxSheet } from '../../../src/server/modules/bulk/xlsx-sheet';
import { openAllocationFile } from '../../../src/server/modules/bulk/allocation-reader';

const dir = mkdtempSync(path.join(os.tmpdir(), 'xlsx-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const caps = { maxRows: 200_000, maxColumns: 500 };

async function scanned(file: string, limits = caps): Promise<unknown[][]> {
  const sheet = await openXlsxSheet(file, limits);
  const rows: unknown[][] = [];
  for await (const batch of sheet.rows) rows.push(...batch);
  return rows;
}

/** What exceljs's own (non-streaming) reader gives for the first sheet, in the scanner's shape. */
async function byExcelJs(file: string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow({ includeEmpty: true }, (row, n) => {
    while (rows.length < n - 1) rows.push([]);
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(Array.from(values, (v) => (v === undefined ? null : v)));
  });
  return rows;
}

/** Cells compared as the import sees them (unwrapCell: formula results, rich text joined). */
const plain = (rows: unknown[][]) => rows.map((r) => r.map((c) => unwrapCell(c) ?? null));

function fill(sheet: ExcelJS.Worksheet): void {
  sheet.addRow(['Bench Lender – Allocation & "Jan" <2024>']);
  sheet.addRow([]);
  sheet.addRow(['Loan No', 'Customer Name', 'POS', 'NPA Date', 'Active', 'Note', null, 'Gap Col']);
  sheet.addRow(['L1', 'Asha K', 1234.5, new Date(Date.UTC(2023, 10, 5)), true, { richText: [{ text: 'bold ', font: { bold: true } }, { text: 'plain' }] }, null, 'after gap']);
  sheet.addRow(['L2', 'Ravi', 0, null, false, { formula: 'C4*2', result: 2469 }, null, 7]);
  sheet.addRow(['L3', '  spaced  ', -0.125, new Date(Date.UTC(2024, 1, 29, 13, 30)), null, { error: '#N/A' }]);
  sheet.addRow(['L4', 'Ünïcödé हिन्दी 😀', 1e21, 'text', null, null, null, 'last']);
  sheet.getColumn(4).numFmt = 'dd/mm/yyyy';
  sheet.getCell('D6').numFmt = 'yyyy-mm-dd hh:mm';
  sheet.getCell('C5').numFmt = '#,##0.00';
}

describe('openXlsxSheet', () => {
  it('reads a workbook written with shared strings as exceljs does (dates, numbers, gaps, rich text, formulas, errors)', async () => {
    const book = new ExcelJS.Workbook();
    fill(book.addWorksheet('Allocation'));
    book.addWorksheet('Other').addRow(['not this one']);
    const file = path.join(dir, 'shared.xlsx');
    await book.xlsx.writeFile(file);
    const rows = await scanned(file);
    expect(plain(rows)).toEqual(plain(await byExcelJs(file)));
    expect(rows[1]).toEqual([]);
    expect(rows[3]).toEqual(['L1', 'Asha K', 1234.5, new Date(Date.UTC(2023, 10, 5)), true, 'bold plain', null, 'after gap']);
    expect(rows[5][3]).toEqual(new Date(Date.UTC(2024, 1, 29, 13, 30)));
    expect(rows[5][5]).toEqual({ error: '#N/A' });
    expect(rows[0][0]).toBe('Bench Lender – Allocation & "Jan" <2024>');
  });

  it('reads inline strings and str cells (a streamed workbook without shared strings), and the 1904 date system', async () => {
    const file = path.join(dir, 'inline.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: true });
    const sheet = writer.addWorksheet('Allocation');
    fill(sheet);
    for (let r = 1; r <= 7; r += 1) sheet.getRow(r).commit();
    await writer.commit();
    const rows = await scanned(file);
    expect(plain(rows)).toEqual(plain(await byExcelJs(file)));
    expect(rows[3][5]).toBe('bold plain');

    const book = new ExcelJS.Workbook();
    book.properties.date1904 = true;
    const s = book.addWorksheet('A');
    s.addRow([new Date(Date.UTC(2020, 0, 31))]).getCell(1).numFmt = 'd-mmm-yy';
    const file1904 = path.join(dir, '1904.xlsx');
    await book.xlsx.writeFile(file1904);
    expect(await scanned(file1904)).toEqual([[new Date(Date.UTC(2020, 0, 31))]]);
  });

  it('refuses a file beyond the row or column cap, and a file that is not a zip', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('A');
    for (let i = 0; i < 12; i += 1) sheet.addRow([i]);
    sheet.getCell(3, 40).value = 'wide';
    const file = path.join(dir, 'caps.xlsx');
    await book.xlsx.writeFile(file);
    await expect(scanned(file, { maxRows: 10, maxColumns: 500 })).rejects.toThrow('The file has more than 10 rows');
    await expect(scanned(file, { maxRows: 100, maxColumns: 39 })).rejects.toThrow('The file has more than 39 columns');
    expect((await scanned(file)).length).toBe(12);
    await expect(openXlsxSheet(path.join(dir, 'shared.xlsx').replace('shared.xlsx', 'missing.xlsx'), caps)).rejects.toThrow();
  });

  it('is what the import reads through the worker, batches of rows in sheet order', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('A');
    sheet.addRow(['Loan No', 'Amount']);
    for (let i = 0; i < 1_200; i += 1) sheet.addRow(i % 100 === 7 ? [] : [`L${i}`, i * 1.5]);
    const file = path.join(dir, 'many.xlsx');
    await book.xlsx.writeFile(file);
    const source = await openAllocationFile(file, 'xlsx');
    const rows: unknown[][] = [];
    for await (const row of source.rows) rows.push(row);
    expect(rows).toEqual(await scanned(file));
    expect(rows[8]).toEqual([]);
    expect(rows[1_200]).toEqual(['L1199', 1798.5]);
  });
});
