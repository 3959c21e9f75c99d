/**
 * The allocation file generator and writers (issue 3 "Demo data"): real geography, lender headers
 * that map automatically, values the import accepts (messy or not), stable loan ids per index.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { suggestMapping } from '../../../src/domain/portfolio/column-mapping';
import { parsePincode } from '../../../src/domain/portfolio/normalise-contact';
import { validateRow } from '../../../src/domain/portfolio/row-validation';
import { SYSTEM_VARIABLES } from '../../../src/domain/portfolio/system-variables';
import { openAllocationFile } from '../../../src/server/modules/bulk/allocation-reader';
import { writeAllocationCsv, writeAllocationXlsx } from '../../../src/server/seed/allocation-files';
import { pincodeLocation } from '../../../src/server/geo/pincodes';
import { INDIA_HEADERS, INDONESIA_HEADERS, generateAllocationRows } from '../../../src/server/seed/allocation-generator';

const dir = mkdtempSync(path.join(os.tmpdir(), 'allocation-gen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const context = { INDIA: { isd: '+91', country: 'INDIA' }, INDONESIA: { isd: '+62', country: 'INDONESIA' } } as const;

describe.each(['INDIA', 'INDONESIA'] as const)('%s rows', (country) => {
  it.each([false, true])('map every header automatically and pass row validation (messy: %s)', (messy) => {
    const rows = [...generateAllocationRows({ country, count: 600, seed: 21, messy })];
    const headers = Object.keys(rows[0]);
    expect(headers).toEqual([...(country === 'INDIA' ? INDIA_HEADERS : INDONESIA_HEADERS)]);
    const mapping = suggestMapping(headers, SYSTEM_VARIABLES);
    expect(Object.entries(mapping).filter(([, v]) => v === null)).toEqual([]);
    const failures = rows.map((r) => validateRow(r, mapping, SYSTEM_VARIABLES, context[country])).filter((v) => !v.ok);
    expect(failures).toEqual([]);
  });

  it('gives loans 0, 1 or 2 co-applicants', () => {
    const rows = [...generateAllocationRows({ country, count: 300 })];
    const coName = country === 'INDIA' ? ['Co Applicant Name', 'Co Applicant 2'] : ['Guarantor Name', 'Co Borrower 2 Name'];
    const counts = new Set(rows.map((r) => coName.filter((h) => r[h] !== null).length));
    expect([...counts].sort()).toEqual([0, 1, 2]);
  });
});

describe('determinism and geography', () => {
  it('keeps row i the same for a seed whatever the start index, with loan id LN + i + 1', () => {
    const whole = [...generateAllocationRows({ country: 'INDIA', count: 700, seed: 5 })];
    const part = [...generateAllocationRows({ country: 'INDIA', count: 3, seed: 5, startIndex: 600 })];
    expect(part).toEqual(whole.slice(600, 603));
    expect(part[0]['Loan Account No']).toBe('LN00000601');
    const other = [...generateAllocationRows({ country: 'INDIA', count: 1, seed: 6, startIndex: 600 })][0];
    expect(other['Loan Account No']).toBe('LN00000601');
    expect(other['Customer Name']).not.toBe(part[0]['Customer Name']);
  });

  it('uses Indian PIN codes that have coordinates and Indonesian postal codes the import accepts', () => {
    for (const row of generateAllocationRows({ country: 'INDIA', count: 200, seed: 2 })) {
      const pin = String(row['Pin Code']);
      expect(pincodeLocation(pin)).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
    }
    expect(pincodeLocation('560001')).toEqual({ lat: 12.976594, lng: 77.599271 });
    expect(pincodeLocation('000000')).toBeNull();
    for (const row of generateAllocationRows({ country: 'INDONESIA', count: 200, seed: 2 })) {
      expect(parsePincode(row['Kode Pos'], 'INDONESIA').ok).toBe(true);
      expect(row.Provinsi).toEqual(expect.any(String));
    }
  });
});

describe('writers', () => {
  it('writes an xlsx with a merged title row and blank trailing rows that reads back', async () => {
    const file = path.join(dir, 'a.xlsx');
    const written = await writeAllocationXlsx(file, generateAllocationRows({ country: 'INDIA', count: 25, seed: 3 }), { titleRow: 'ABC Finance – Allocation', blankTrailingRows: 2 });
    expect(written.rows).toBe(25);
    const source = await openAllocationFile(file, 'xlsx');
    const rows: unknown[][] = [];
    for await (const row of source.rows) rows.push(row);
    expect(rows[0][0]).toBe('ABC Finance – Allocation');
    expect(rows[1].slice(0, 2)).toEqual(['Loan Account No', 'Cust ID']);
    expect(rows[2][0]).toBe('LN00000001');
    expect(rows[2][16]).toBeInstanceOf(Date);
    expect(rows.length).toBeGreaterThanOrEqual(27);
  });

  it('writes a csv with dates as YYYY-MM-DD and empty cells for null', async () => {
    const file = path.join(dir, 'a.csv');
    await writeAllocationCsv(file, generateAllocationRows({ country: 'INDIA', count: 10, seed: 3 }));
    const rows = parseCsv(readFileSync(file)) as string[][];
    expect(rows).toHaveLength(11);
    expect(rows[1][16]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rows.slice(1).some((r) => r.includes(''))).toBe(true);
  });
});
