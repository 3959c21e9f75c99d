/**
 * The import's rows validated in the parser's worker (issue 12 "Speed"): the worker answers the
 * head raw, then staging lines for valid rows and failed rows with their reasons (a repeated
 * loan_id names its first row), skipping the rows an earlier run committed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../../src/domain/portfolio/column-mapping';
import { STAGE_COLUMN_NAMES } from '../../../src/domain/portfolio/loan-stage';
import { knownHeaderLabels, SYSTEM_VARIABLES } from '../../../src/domain/portfolio/system-variables';
import { locateHeader } from '../../../src/server/modules/bulk/allocation-reader';
import type { ImportRowsBatch, ImportRowsConfig } from '../../../src/server/modules/bulk/import-rows';
import { importRows } from '../../../src/server/modules/bulk/import-rows';
import { readImportInWorker } from '../../../src/server/modules/bulk/xlsx-worker';

const dir = mkdtempSync(path.join(os.tmpdir(), 'import-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CSV = [
  'Lender allocation',
  'Loan Account No,Customer Name,Mobile No,POS',
  'LN1,Asha Rao,9876543210,"1,200.50"',
  ',,,',
  'LN2,Ravi,12,100',
  'LN1,Asha again,9876543211,5',
  'LN3,Tab\there,9876543212,7',
].join('\n');

function configFor(rows: unknown[][], skipDataRows = 0, firstRows: [string, number][] = []): ImportRowsConfig {
  const { headers, headerRowIndex } = locateHeader(rows, knownHeaderLabels(SYSTEM_VARIABLES));
  const mapping = suggestMapping(headers, SYSTEM_VARIABLES);
  return { companyId: 'c1', headers, headerRowIndex, skipDataRows, mapping, variables: [...SYSTEM_VARIABLES], context: { isd: '+91', country: 'INDIA' }, loanIdLabel: 'Loan ID', firstRows };
}

async function readAll(file: string, config: (head: unknown[][]) => ImportRowsConfig, batchRows = 2): Promise<{ head: unknown[][]; batches: ImportRowsBatch[] }> {
  const reader = readImportInWorker(file, CSV.length, 'csv', { headRows: 5, batchRows });
  try {
    const head = await reader.head();
    const batches: ImportRowsBatch[] = [];
    // The staging text comes as bytes; handing each buffer back makes the worker reuse it for later batches.
    for await (const b of reader.batches(config(head))) {
      batches.push({ ...b, copy: Buffer.from(b.copy).toString('utf8') });
      reader.recycle([b.copy]);
    }
    return { head, batches };
  } finally {
    reader.close();
  }
}

describe('readImportInWorker', () => {
  it('answers the head raw, then staging lines and failed rows with reasons, in batches', async () => {
    const file = path.join(dir, 'a.csv');
    writeFileSync(file, CSV);
    const { head, batches } = await readAll(file, (h) => configFor(h));
    expect(head.length).toBeGreaterThanOrEqual(5);
    expect(head[1]).toEqual(['Loan Account No', 'Customer Name', 'Mobile No', 'POS']);
    expect(batches.length).toBeGreaterThan(1);
    const lines = batches.map((b) => b.copy).join('').split('\n').filter(Boolean);
    expect(batches.reduce((n, b) => n + b.valid, 0)).toBe(2);
    expect(batches.reduce((n, b) => n + b.processed, 0)).toBe(4);
    const first = lines[0].split('\t');
    expect(first).toHaveLength(STAGE_COLUMN_NAMES.length);
    expect(first.slice(0, 3)).toEqual(['3', 'c1', 'LN1']);
    expect(first[STAGE_COLUMN_NAMES.indexOf('principal_outstanding_minor')]).toBe('120050');
    expect(JSON.parse(first[first.length - 1])).toMatchObject({ loan_id: 'LN1', applicant_name: 'Asha Rao', principal_outstanding: 1200.5 });
    // A tab inside a cell is escaped, so the line keeps its columns.
    expect(lines[1].split('\t')).toHaveLength(STAGE_COLUMN_NAMES.length);
    const failed = batches.flatMap((b) => b.failed);
    expect(failed.map((f) => f.rowNumber)).toEqual([5, 6]);
    expect(failed[0].cells).toEqual(['LN2', 'Ravi', '12', '100']);
    expect(failed[0].reason).toMatch(/^Applicant Contact Number: Mobile '12'/);
    expect(failed[1].reason).toBe("Loan ID 'LN1' is repeated: first in row 3");
  });

  it('skips the data rows an earlier run committed and remembers their loan ids', async () => {
    const file = path.join(dir, 'b.csv');
    writeFileSync(file, CSV);
    const { batches } = await readAll(file, (h) => configFor(h, 2, [['LN1', 3]]), 500);
    expect(batches.flatMap((b) => b.failed).map((f) => f.reason)).toEqual(["Loan ID 'LN1' is repeated: first in row 3"]);
    expect(batches.reduce((n, b) => n + b.valid, 0)).toBe(1);
    expect(batches.reduce((n, b) => n + b.processed, 0)).toBe(2);
  });

  it('fails from head() on an unreadable file and answers an empty head for an empty one', async () => {
    const empty = path.join(dir, 'empty.csv');
    writeFileSync(empty, '');
    const reader = readImportInWorker(empty, 0, 'csv', { headRows: 5, batchRows: 10 });
    expect(await reader.head()).toEqual([]);
    reader.close();
    const broken = readImportInWorker(path.join(dir, 'missing.csv'), 0, 'csv', { headRows: 5, batchRows: 10 });
    await expect(broken.head()).rejects.toThrow();
    broken.close();
  });
});

describe('importRows', () => {
  it('gives the same outcome whatever the batch size', () => {
    const rows = CSV.split('\n').map((l) => (l === ',,,' ? [] : l.split(',')));
    const config = configFor(rows);
    const whole = importRows(config).take(rows);
    const byOne = importRows(config);
    const parts = rows.map((r) => byOne.take([r]));
    expect(parts.map((p) => p.copy).join('')).toBe(whole.copy);
    expect(parts.flatMap((p) => p.failed)).toEqual(whole.failed);
  });
});
