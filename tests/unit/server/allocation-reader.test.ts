/**
 * Reading allocation files (issue 3 "Import management"): header under a title row, columns named
 * over the data's width, blank rows kept in place so row numbers are the sheet's, csv with a BOM,
 * legacy .xls.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { knownHeaderLabels, SYSTEM_VARIABLES } from '../../../src/domain/portfolio/system-variables';
import { cellText, isEmptyDataRow, locateHeader, openAllocationFile, readHead } from '../../../src/server/modules/bulk/allocation-reader';

const labels = knownHeaderLabels(SYSTEM_VARIABLES);
const dir = mkdtempSync(path.join(os.tmpdir(), 'allocation-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function all(file: string, kind: 'xlsx' | 'xls' | 'csv'): Promise<unknown[][]> {
  const source = await openAllocationFile(file, kind);
  const rows: unknown[][] = [];
  for await (const row of source.rows) rows.push(row);
  return rows;
}

describe('locateHeader', () => {
  it('skips a merged title row and names columns up to the widest data row', () => {
    const rows = [['ABC Finance allocation', null, null], [], ['Loan No', 'Customer Name', null], ['L1', 'Asha', 'extra']];
    expect(locateHeader(rows, labels)).toEqual({ headerRowIndex: 2, headerCells: ['Loan No', 'Customer Name', ''], headers: ['Loan No', 'Customer Name', 'Column 3'] });
  });

  it('uses a known header index as given and answers -1 for a blank sheet', () => {
    expect(locateHeader([['x', 'y'], ['a', 'b']], labels, 1).headers).toEqual(['a', 'b']);
    expect(locateHeader([[], [null, '']], labels).headerRowIndex).toBe(-1);
  });
});

describe('cells', () => {
  it('writes cells back as text: dates as YYYY-MM-DD, formula results, empty as ""', () => {
    expect(cellText(new Date(Date.UTC(2024, 2, 5)))).toBe('2024-03-05');
    expect(cellText({ formula: 'A1*2', result: 42 })).toBe('42');
    expect(cellText(null)).toBe('');
    expect(cellText(12.5)).toBe('12.5');
  });

  it('treats rows of blanks and placeholders as empty', () => {
    expect(isEmptyDataRow(['', null, ' ', 'NA', '-'])).toBe(true);
    expect(isEmptyDataRow(['', 'L1'])).toBe(false);
  });
});

describe('files', () => {
  it('reads a csv with a BOM, keeping blank lines in place', async () => {
    const file = path.join(dir, 'a.csv');
    writeFileSync(file, '\uFEFFLoan No,Customer Name\r\nL1,Asha\r\n\r\nL2,"Rao, Vikram"\r\n');
    expect(await all(file, 'csv')).toEqual([['Loan No', 'Customer Name'], ['L1', 'Asha'], [], ['L2', 'Rao, Vikram']]);
  });

  it('reads a legacy xls with dates as Dates', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Loan No', 'NPA Date'], ['L1', new Date(Date.UTC(2024, 0, 15))]], { cellDates: true });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'S');
    const file = path.join(dir, 'a.xls');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer);
    const rows = await all(file, 'xls');
    expect(rows[0]).toEqual(['Loan No', 'NPA Date']);
    expect(cellText(rows[1][1])).toBe('2024-01-15');
  });

  it('reads only the head of a file for a preview, with sample rows as text', async () => {
    const file = path.join(dir, 'head.csv');
    writeFileSync(file, ['Report of March', 'Loan No,Customer Name,POS', ...Array.from({ length: 100 }, (_, i) => `L${i},Name ${i},${i * 100}`)].join('\n'));
    const head = await readHead(file, 'csv', labels, 5_000);
    expect(head.headerRowIndex).toBe(1);
    expect(head.headers).toEqual(['Loan No', 'Customer Name', 'POS']);
    expect(head.sampleRows).toEqual([0, 1, 2, 3, 4].map((i) => [`L${i}`, `Name ${i}`, String(i * 100)]));
  });

  it('refuses a corrupt xlsx from the rows iterator', async () => {
    const file = path.join(dir, 'bad.xlsx');
    writeFileSync(file, 'not a zip');
    await expect(all(file, 'xlsx')).rejects.toThrow();
  });
});

describe('xlsx written with the workbook part last (SheetJS, ExcelJS)', () => {
  it('reads every time, and the sheet named first in the workbook (exceljs issue #3064 made 2 reads in 3 fail)', { timeout: 60_000 }, async () => {
    const book = XLSX.utils.book_new();
    // Sheet files are numbered in creation order; the workbook lists "Allocation" first after the move.
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Notes'], ['not this one']]), 'Notes');
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Loan No', 'Customer Name'], ['L1', 'Asha']]), 'Allocation');
    book.SheetNames.reverse();
    const file = path.join(dir, 'workbook-last.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    // Ten reads, two at a time (a worker each): with 2 in 3 failing before, all ten passing by luck is 1 in 59,049.
    const reads: PromiseSettledResult<unknown[][]>[] = [];
    for (let i = 0; i < 5; i += 1) reads.push(...(await Promise.allSettled([all(file, 'xlsx'), all(file, 'xlsx')])));
    expect(reads.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    for (const r of reads) expect((r as PromiseFulfilledResult<unknown[][]>).value).toEqual([['Loan No', 'Customer Name'], ['L1', 'Asha']]);
  });
});

describe('csv in a worker (the import job, issue 12 "Speed")', () => {
  it('reads the same rows as the main thread, caps included', async () => {
    const file = path.join(dir, 'worker.csv');
    writeFileSync(file, '\ufeffLoan No,Customer Name\r\nL1,"Asha, K"\r\n\r\nL2,"says ""hi""",extra\r\n');
    const inWorker = async (f: string) => {
      const source = await openAllocationFile(f, 'csv', { csvInWorker: true });
      const rows: unknown[][] = [];
      for await (const row of source.rows) rows.push(row);
      return rows;
    };
    expect(await inWorker(file)).toEqual(await all(file, 'csv'));
    expect(await inWorker(file)).toEqual([['Loan No', 'Customer Name'], ['L1', 'Asha, K'], [], ['L2', 'says "hi"', 'extra']]);
    const long = path.join(dir, 'long.csv');
    writeFileSync(long, `a,b\n${'x'.repeat(70 * 1024)}\n`);
    await expect(inWorker(long)).rejects.toThrow('A line of the file is longer than 64 KB');
    const wide = path.join(dir, 'wide.csv');
    writeFileSync(wide, `${Array.from({ length: 501 }, (_, i) => `c${i}`).join(',')}\n`);
    await expect(inWorker(wide)).rejects.toThrow('The file has more than 500 columns');
  });
});
