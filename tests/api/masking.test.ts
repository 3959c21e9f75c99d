/**
 * Masking per caller (issue 12 "Masking bypassed"; spec 3 "Masked personal fields", spec 6
 * access_unmasked_data): co-applicant and reference names and address lines masked in the list,
 * the profile and exports; an admin's export and import error file reach a masked manager masked;
 * on masked fields a masked caller's search matches only whole values.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskValue } from '../../src/domain/common/masking';
import type { ExportRecord } from '../../src/domain/contracts/bulk/exports';
import type { ImportRecord } from '../../src/domain/contracts/bulk/imports';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { LoanDetails } from '../../src/domain/contracts/portfolio/profiles';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
const month = demoMonth(new Date());
/** A loan of the month with a co-applicant, a reference and an address, as the admin reads it. */
let clear: LoanRecord;

const PERSONAL = ['co_applicant_1_name', 'reference_1_name', 'address_line_1', 'applicant_name', 'applicant_contact_number'] as const;

async function get<T>(url: string, h: Record<string, string>): Promise<T> {
  const res = await t.app.inject({ url, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
}

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5 });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  manager = headers((await signIn(t.app, 'area.manager@demo.in')).token, LENDER);
  const page = await get<LoansPage>(`/api/recovery/loans?allocation_month=${month}&page_size=500`, admin);
  clear = page.loans.find((l) => PERSONAL.every((k) => typeof l[k] === 'string' && String(l[k]).length > 4))!;
  expect(clear, 'a demo loan with co-applicant, reference and address').toBeDefined();
});
afterAll(async () => t?.close());

/** The clear values of the loan's personal fields (each long enough to be recognised). */
const secrets = (l: LoanRecord) => PERSONAL.map((k) => String(l[k]));

describe('co-applicants, references and addresses', () => {
  it('are masked for the manager in the list and the profile, clear for the admin', async () => {
    const search = `search=${clear.loan_id}&allocation_month=${month}`;
    const listed = (await get<LoansPage>(`/api/recovery/loans?${search}`, manager)).loans.find((l) => l.loan_id === clear.loan_id)!;
    expect(listed.co_applicant_1_name).toBe(maskValue('name', String(clear.co_applicant_1_name)));
    expect(listed.reference_1_name).toBe(maskValue('name', String(clear.reference_1_name)));
    expect(listed.address_line_1).toBe(maskValue('address', String(clear.address_line_1)));
    expect(String(listed.address_line_1)).not.toMatch(/\d/);

    const profileRes = await t.app.inject({ url: `/api/recovery/loan-details/${clear.loan_id}?allocation_month=${month}`, headers: manager });
    expect(profileRes.statusCode).toBe(200);
    for (const secret of secrets(clear)) expect(profileRes.body.includes(secret), `profile leaks ${secret}`).toBe(false);
    const profile = profileRes.json().data as LoanDetails;
    expect(profile.co_applicants[0].name).toBe(listed.co_applicant_1_name);
    expect(profile.references[0].name).toBe(listed.reference_1_name);
    expect(profile.addresses[0].lines[0]).toBe(listed.address_line_1);

    const adminProfile = await get<LoanDetails>(`/api/recovery/loan-details/${clear.loan_id}?allocation_month=${month}`, admin);
    expect(adminProfile.co_applicants[0].name).toBe(clear.co_applicant_1_name);
    expect(adminProfile.addresses[0].lines[0]).toBe(clear.address_line_1);
  });
});

describe('search on masked fields', () => {
  const ids = async (search: string, h: Record<string, string>) =>
    (await get<LoansPage>(`/api/recovery/loans?allocation_month=${month}&page_size=500&search=${encodeURIComponent(search)}`, h)).loans.map((l) => l.loan_id);

  it('finds a loan by its whole mobile or name for the manager, never by a part of it', async () => {
    const mobile = String(clear.applicant_contact_number);
    const name = String(clear.applicant_name);
    expect(await ids(mobile, manager)).toContain(clear.loan_id);
    expect(await ids(name.toUpperCase(), manager)).toContain(clear.loan_id);
    // A part of the value finds nothing of it: masked digits cannot be guessed one by one.
    for (const part of [mobile.slice(0, 7), mobile.slice(2, 9), name.split(' ')[0], name.slice(0, -1)]) {
      const found = await ids(part, manager);
      expect(found, part).not.toContain(clear.loan_id);
    }
    // The admin (unmasked) still searches by parts.
    expect(await ids(mobile.slice(0, 7), admin)).toContain(clear.loan_id);
    expect(await ids(name.slice(0, -1), admin)).toContain(clear.loan_id);
  });
});

async function finishedExport(h: Record<string, string>, body: Record<string, unknown>): Promise<ExportRecord> {
  const res = await t.app.inject({ method: 'POST', url: '/api/recovery/exports', headers: h, payload: { allocation_month: month, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json().data as ExportRecord).export_id;
  const deadline = Date.now() + 45_000;
  for (;;) {
    const [record] = (await get<{ exports: ExportRecord[] }>(`/api/recovery/exports?search=${id}`, h)).exports;
    if (record?.status === 'completed') return record;
    if (record?.status === 'failed' || Date.now() > deadline) throw new Error(`export ${id} ${record?.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const download = (h: Record<string, string>, exportId: string) => t.app.inject({ url: `/api/recovery/export/download?export_id=${exportId}&operation_type=loan_export`, headers: h });

describe("an admin's export", () => {
  it('reaches a masked manager masked (csv), and the admin in clear', async () => {
    const record = await finishedExport(admin, { format: 'csv', search: clear.loan_id });
    const own = await download(admin, record.export_id);
    expect(own.statusCode).toBe(200);
    for (const secret of secrets(clear)) expect(own.body, secret).toContain(secret);

    const res = await download(manager, record.export_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(record.file_name);
    for (const secret of secrets(clear)) expect(res.body.includes(secret), `csv leaks ${secret}`).toBe(false);
    const [header, ...rows] = parse(res.body) as string[][];
    const row = rows.find((r) => r[0] === clear.loan_id)!;
    expect(row[header.indexOf('Co-Applicant 1 Name')]).toBe(maskValue('name', String(clear.co_applicant_1_name)));
    expect(row[header.indexOf('Reference 1 Name')]).toBe(maskValue('name', String(clear.reference_1_name)));
    expect(row[header.indexOf('Applicant Contact Number')]).toBe(maskValue('mobile', String(clear.applicant_contact_number)));
    expect(row[header.indexOf('Loan ID')]).toBe(clear.loan_id);
  });

  it('reaches a masked manager masked (xlsx), numbers staying numbers', async () => {
    const record = await finishedExport(admin, { format: 'xlsx', search: clear.loan_id });
    const res = await download(manager, record.export_id);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const header = values(1) as string[];
    const cells = Array.from({ length: sheet.rowCount - 1 }, (_, i) => values(i + 2));
    const row = cells.find((r) => r[0] === clear.loan_id)!;
    expect(row[header.indexOf('Address Line 1')]).toBe(maskValue('address', String(clear.address_line_1)));
    expect(row[header.indexOf('Applicant Name')]).toBe(maskValue('name', String(clear.applicant_name)));
    expect(typeof row[header.indexOf('Total Claim Amount')]).toBe('number');
    const text = cells.flat().map(String);
    for (const secret of secrets(clear)) expect(text.some((c) => c.includes(secret)), `xlsx leaks ${secret}`).toBe(false);
  });
});

const ERRORS_CSV = [
  'Loan Account No,Customer Name,Mobile No,POS,TOS,NPA Date,DPD,Pin Code,Co Applicant Name,Private Note',
  'MK001,Asha Raghavan,9876543210,1000,1000,05/03/2024,45,560001,Ravi Raghavan,owes 5000 to uncle',
  'MK002,Vikram Shahane,98765,1000,1000,05/03/2024,45,560001,Meera Shahane,PAN ABCDE1234F',
].join('\r\n');

describe("an admin's import error file", () => {
  it('reaches a masked manager masked: mapped personal columns, unmapped columns and quoted values', async () => {
    const body = new FormData();
    body.append('allocation_month', '2025-04');
    body.append('file', new Blob([ERRORS_CSV], { type: 'text/csv' }), 'mask-errors.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/bulk/imports', headers: admin, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    let record: ImportRecord;
    const deadline = Date.now() + 45_000;
    for (;;) {
      record = await get<ImportRecord>(`/api/bulk/imports/${id}`, admin);
      if (['completed', 'partially_completed', 'failed'].includes(record.status)) break;
      if (Date.now() > deadline) throw new Error(`import ${record.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(record.failed_rows).toBe(1);

    const adminFile = await t.app.inject({ url: record.error_file_url!, headers: admin });
    expect(adminFile.body).toContain('Vikram Shahane');
    expect(adminFile.body).toContain("'98765'");

    const file = await t.app.inject({ url: record.error_file_url!, headers: manager });
    expect(file.statusCode).toBe(200);
    for (const secret of ['Vikram', 'Shahane', '98765', 'ABCDE1234F']) expect(file.body.includes(secret), `error file leaks ${secret}`).toBe(false);
    const [header, row] = parse(file.body) as string[][];
    expect(header.at(-1)).toBe('reason');
    expect(row[0]).toBe('MK002');
    expect(row[1]).toBe(maskValue('name', 'Vikram Shahane'));
    expect(row[8]).toBe(maskValue('name', 'Meera Shahane'));
    expect(row[9]).toBe(maskValue('identifier', 'PAN ABCDE1234F'));
    expect(row.at(-1)).toContain("'****'");
  });
});
