import { describe, expect, it } from 'vitest';
import {
  detectHeaderRow,
  isBlankRow,
  makeHeaderNames,
  normaliseHeader,
  readTable,
  rowToRecord,
  trimTrailingBlankRows,
} from '../../../src/domain/portfolio/header-detection';
import {
  applyRememberedMapping,
  columnMappingSchema,
  suggestMapping,
  validateMapping,
} from '../../../src/domain/portfolio/column-mapping';
import { validateRow } from '../../../src/domain/portfolio/row-validation';
import {
  MODULE_STATUS_VARIABLE_NAMES,
  SYSTEM_VARIABLES,
  VARIABLE_DATA_TYPES,
  findSystemVariable,
  knownHeaderLabels,
  mergeVariables,
  type ImportVariable,
} from '../../../src/domain/portfolio/system-variables';

const LABELS = knownHeaderLabels(SYSTEM_VARIABLES);

/** An allocation sheet as a reader hands it over: a merged title, a blank row, the header, rows, blank tail. */
const SHEET: unknown[][] = [
  ['ABC Finance Ltd – Allocation March 2025', null, null, null, null, null, null, null, null, null],
  [],
  ['Loan Account No.', 'Customer Name', 'Mobile No', 'POS', 'DPD', 'Bucket', 'EMI', 'Pin Code', 'Date of Default', 'Mobile No', null, 'Branch'],
  ['LN0001', '  Ravi   Kumar ', '+91 98765 43210', '1,23,456.50', 95, 'B3', 'Rs. 4,500', 560001, '15/03/2024', '09123456780', 'x', 'Bengaluru'],
  ['LN0002', 'Sita Devi', '098765 43211', 'Rs. 45,000', '32', '31-60', 4500, '110 001', '05-Mar-24', null, null, 'Delhi'],
  [null, null, null, null, null, null, null, null, null, null, null, null],
  ['LN0003', 'Amit', '12345', '12,34a', 'NA', 'B1', '-', '056001', '31/02/2024', null],
  ['', null, '   '],
  [],
];

describe('system variables (issue 3 "Variables")', () => {
  it('covers the issue list with valid types and mandatory loan_id and applicant_name', () => {
    const names = SYSTEM_VARIABLES.map((v) => v.variable_name);
    for (const n of [
      'loan_id', 'client_customer_id', 'customer_id', 'applicant_name', 'applicant_contact_number', 'email',
      'address_line_1', 'city', 'state', 'pincode', 'co_applicant_1_name', 'reference_1_name', 'product', 'dpd',
      'allocation_dpd_value', 'principal_outstanding', 'total_claim_amount', 'expected_emi', 'late_fee',
      'settlement_amount', 'date_of_default', ...MODULE_STATUS_VARIABLE_NAMES,
    ]) {
      expect(names).toContain(n);
    }
    expect(new Set(names).size).toBe(names.length);
    for (const v of SYSTEM_VARIABLES) expect(VARIABLE_DATA_TYPES).toContain(v.data_type);
    expect(SYSTEM_VARIABLES.filter((v) => v.is_mandatory).map((v) => v.variable_name)).toEqual(['loan_id', 'applicant_name']);
    expect(findSystemVariable('principal_outstanding')?.data_type).toBe('amount');
    expect(findSystemVariable('dpd')?.data_type).toBe('integer');
  });

  it('has no name, label or alias meaning two variables', () => {
    const owner = new Map<string, string>();
    for (const v of SYSTEM_VARIABLES) {
      for (const t of [v.variable_name, v.variable_label, ...(v.aliases ?? [])]) {
        const key = normaliseHeader(t);
        const prev = owner.get(key);
        expect(prev === undefined || prev === v.variable_name, `${t} → ${prev} and ${v.variable_name}`).toBe(true);
        owner.set(key, v.variable_name);
      }
    }
  });

  it('merges company variables over the system ones', () => {
    const company: ImportVariable[] = [
      { variable_name: 'vehicle_no', variable_label: 'Vehicle No', data_type: 'string', is_mandatory: false },
      { variable_name: 'dpd', variable_label: 'Days Overdue', data_type: 'integer', is_mandatory: true },
      { variable_name: 'loan_id', variable_label: 'Loan ID', data_type: 'string', is_mandatory: false },
    ];
    const merged = mergeVariables(company);
    expect(merged.find((v) => v.variable_name === 'vehicle_no')?.is_system).toBe(false);
    expect(merged.find((v) => v.variable_name === 'dpd')).toMatchObject({ variable_label: 'Days Overdue', is_mandatory: true, is_system: true });
    expect(merged.find((v) => v.variable_name === 'dpd')?.aliases).toContain('Days Past Due');
    expect(merged.find((v) => v.variable_name === 'loan_id')?.is_mandatory).toBe(true);
  });
});

describe('header detection', () => {
  it('normalises headers', () => {
    expect(normaliseHeader('Loan Account No.')).toBe('loanaccountno');
    expect(normaliseHeader('loan_id')).toBe('loanid');
    expect(normaliseHeader(' LOAN-ID ')).toBe('loanid');
    expect(normaliseHeader('Principal O/S')).toBe('principalos');
    expect(normaliseHeader(null)).toBe('');
    expect(normaliseHeader(2024)).toBe('2024');
  });

  it('trims blank trailing rows only', () => {
    const rows = [[], ['a'], [null, ''], ['b'], [null], ['  '], []];
    expect(trimTrailingBlankRows(rows)).toEqual([[], ['a'], [null, ''], ['b']]);
    expect(trimTrailingBlankRows([[], [null]])).toEqual([]);
    expect(isBlankRow([null, undefined, ' '])).toBe(true);
  });

  it('skips a merged title row and a blank row', () => {
    expect(detectHeaderRow(SHEET, LABELS)).toBe(2);
  });

  it('skips several title rows', () => {
    const rows = [['Allocation'], ['Month', 'March 2025'], ['LAN', 'Borrower Name', 'POS'], ['L1', 'A', 100]];
    expect(detectHeaderRow(rows, LABELS)).toBe(2);
  });

  it('falls back to the first wide row when nothing is known', () => {
    const rows = [['Report title'], [], ['Foo', 'Bar', 'Baz', null], ['1', '2', '3']];
    expect(detectHeaderRow(rows, LABELS)).toBe(2);
    expect(detectHeaderRow([[], [null]], LABELS)).toBe(-1);
    expect(detectHeaderRow([], LABELS)).toBe(-1);
  });

  it('names empty header cells and numbers repeats', () => {
    expect(makeHeaderNames(['Mobile', 'mobile', null, 'Mobile', ' Loan\nID ', 'Mobile (2)'], 8)).toEqual([
      'Mobile', 'mobile (2)', 'Column 3', 'Mobile (3)', 'Loan ID', 'Mobile (2) (2)', 'Column 7', 'Column 8',
    ]);
    expect(makeHeaderNames(['#', 'A'])).toEqual(['# (Column 1)', 'A']);
  });

  it('reads a messy sheet into records', () => {
    const table = readTable(SHEET, LABELS);
    expect(table.headerRowIndex).toBe(2);
    expect(table.headers).toEqual([
      'Loan Account No.', 'Customer Name', 'Mobile No', 'POS', 'DPD', 'Bucket', 'EMI', 'Pin Code', 'Date of Default', 'Mobile No (2)', 'Column 11', 'Branch',
    ]);
    expect(table.rows.map((r) => r.rowNumber)).toEqual([4, 5, 7]);
    expect(table.rows[0].record['Mobile No (2)']).toBe('09123456780');
    expect(rowToRecord(['a', 'b'], [1])).toEqual({ a: 1, b: undefined });
  });
});

describe('column mapping', () => {
  const headers = makeHeaderNames(SHEET[2]);

  it('suggests by name, label, then alias, never twice', () => {
    const mapping = suggestMapping(headers, SYSTEM_VARIABLES);
    expect(mapping).toEqual({
      'Loan Account No.': 'loan_id',
      'Customer Name': 'applicant_name',
      'Mobile No': 'applicant_contact_number',
      POS: 'principal_outstanding',
      DPD: 'dpd',
      Bucket: 'allocation_dpd_value',
      EMI: 'expected_emi',
      'Pin Code': 'pincode',
      'Date of Default': 'date_of_default',
      'Mobile No (2)': null,
      'Column 11': null,
      Branch: null,
    });
    expect(validateMapping(mapping, SYSTEM_VARIABLES)).toEqual([]);
  });

  it('prefers an exact name over an earlier alias', () => {
    expect(suggestMapping(['LAN', 'loan_id', 'Borrower Name', 'Applicant Name'], SYSTEM_VARIABLES)).toEqual({
      LAN: null, loan_id: 'loan_id', 'Borrower Name': null, 'Applicant Name': 'applicant_name',
    });
    expect(suggestMapping(['Agreement No', 'Contact No', 'Days Past Due', 'Principal O/S'], SYSTEM_VARIABLES)).toEqual({
      'Agreement No': 'loan_id', 'Contact No': 'applicant_contact_number', 'Days Past Due': 'dpd', 'Principal O/S': 'principal_outstanding',
    });
  });

  it('does not suggest inactive variables', () => {
    const vars = SYSTEM_VARIABLES.map((v) => (v.variable_name === 'dpd' ? { ...v, active: false } : v));
    expect(suggestMapping(['DPD'], vars)).toEqual({ DPD: null });
  });

  it('reports unmapped mandatory, twice-mapped and unknown variables', () => {
    const problems = validateMapping({ LAN: 'loan_id', 'Loan No': 'loan_id', Foo: 'foo', Bar: null }, SYSTEM_VARIABLES);
    expect(problems.map((p) => p.message)).toEqual([
      "'Loan ID' is mapped from more than one column: 'LAN', 'Loan No'",
      "Column 'Foo' is mapped to unknown variable 'foo'",
      "Mandatory column for 'Applicant Name' is not mapped",
    ]);
    expect(validateMapping({}, SYSTEM_VARIABLES).map((p) => p.message)).toEqual([
      "Mandatory column for 'Loan ID' is not mapped",
      "Mandatory column for 'Applicant Name' is not mapped",
    ]);
  });

  it('applies a remembered mapping, then suggests the rest', () => {
    const remembered = { 'Loan No.': 'loan_id', 'Cust Nm': 'applicant_name', 'POS': null, 'Old Col': 'gone_variable' };
    const mapping = applyRememberedMapping(['LOAN NO', 'Cust Nm', 'POS', 'Old Col', 'EMI', 'Customer Name'], remembered, SYSTEM_VARIABLES);
    expect(mapping).toEqual({
      'LOAN NO': 'loan_id',
      'Cust Nm': 'applicant_name',
      POS: null,
      'Old Col': null,
      EMI: 'expected_emi',
      'Customer Name': null,
    });
    expect(applyRememberedMapping(['LAN', 'X'], { LAN: 'loan_id' })).toEqual({ LAN: 'loan_id', X: null });
  });

  it('parses the API mapping JSON', () => {
    expect(columnMappingSchema.parse({ LAN: 'loan_id', Branch: null })).toEqual({ LAN: 'loan_id', Branch: null });
    expect(columnMappingSchema.safeParse({ LAN: 5 }).success).toBe(false);
  });
});

describe('row validation', () => {
  const table = readTable(SHEET, LABELS);
  const mapping = suggestMapping(table.headers, SYSTEM_VARIABLES);
  const india = { isd: '+91', country: 'INDIA' } as const;

  it('normalises a messy but valid row', () => {
    expect(validateRow(table.rows[0].record, mapping, SYSTEM_VARIABLES, india)).toEqual({
      ok: true,
      values: {
        loan_id: 'LN0001',
        applicant_name: 'Ravi Kumar',
        applicant_contact_number: '9876543210',
        principal_outstanding: 123456.5,
        dpd: 95,
        allocation_dpd_value: 'B3',
        expected_emi: 4500,
        pincode: '560001',
        date_of_default: '2024-03-15',
      },
    });
    const second = validateRow(table.rows[1].record, mapping, SYSTEM_VARIABLES, india);
    expect(second).toMatchObject({ ok: true, values: { applicant_contact_number: '9876543211', principal_outstanding: 45000, dpd: 32, pincode: '110001', date_of_default: '2024-03-05' } });
  });

  it('gives every reason a row is refused', () => {
    expect(validateRow(table.rows[2].record, mapping, SYSTEM_VARIABLES, india)).toEqual({
      ok: false,
      reasons: [
        "Applicant Contact Number: Mobile '12345' is not a 10-digit Indian mobile number starting 6–9",
        "Principal Outstanding: Amount '12,34a' is not a number",
        "Pincode: Pincode '056001' is not a 6-digit Indian PIN code (first digit not 0)",
        "Date of Default: Date '31/02/2024' does not exist",
      ],
    });
  });

  it('refuses empty mandatory cells and unmapped mandatory variables', () => {
    expect(validateRow({ LAN: '  ', Name: 'Ravi' }, { LAN: 'loan_id', Name: 'applicant_name' }, SYSTEM_VARIABLES, india)).toEqual({
      ok: false,
      reasons: ['Loan ID is mandatory'],
    });
    expect(validateRow({ LAN: 'L1' }, { LAN: 'loan_id' }, SYSTEM_VARIABLES, india)).toEqual({ ok: false, reasons: ['Applicant Name is mandatory'] });
  });

  it('reads Indonesian rows in rupiah', () => {
    const row = { 'No Kontrak': 'KTR-01', 'Nama Nasabah': 'Budi Santoso', 'No HP': '0812-3456-7890', 'Sisa Pokok': 'Rp 12.500.000', 'Kode Pos': '12190', Email: 'Budi@Mail.co.id' };
    const m = suggestMapping(Object.keys(row), SYSTEM_VARIABLES);
    expect(validateMapping(m, SYSTEM_VARIABLES)).toEqual([]);
    expect(validateRow(row, m, SYSTEM_VARIABLES, { isd: '+62', country: 'INDONESIA' })).toEqual({
      ok: true,
      values: {
        loan_id: 'KTR-01',
        applicant_name: 'Budi Santoso',
        applicant_contact_number: '81234567890',
        principal_outstanding: 12500000,
        pincode: '12190',
        email: 'budi@mail.co.id',
      },
    });
  });

  it('reads company-defined number variables and refuses markup', () => {
    const vars = mergeVariables([{ variable_name: 'roi', variable_label: 'Rate of Interest', data_type: 'number', is_mandatory: false }]);
    const m = { LAN: 'loan_id', Name: 'applicant_name', ROI: 'roi' };
    expect(validateRow({ LAN: 'L1', Name: 'Ravi', ROI: '14.5%' }, m, vars, india)).toMatchObject({ ok: true, values: { roi: 14.5 } });
    expect(validateRow({ LAN: 'L1', Name: '<script>x</script>', ROI: null }, m, vars, india)).toEqual({
      ok: false,
      reasons: ["Applicant Name: Text '<script>x</script>' contains markup tags"],
    });
  });
});
