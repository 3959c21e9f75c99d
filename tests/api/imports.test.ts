/**
 * Allocation import over the API (issue 3 "Import management"; spec 4 statuses and termination;
 * spec 5 upload messages): mapping (automatic, remembered, explicit, refused), messy values,
 * header under a title row, blank trailing rows, error file, re-import as loan_update, xlsx / xls /
 * csv, termination, restart mid-import, tenancy and permissions. Files come from the allocation
 * generator and small hand-written cases in a temp dir.
 */
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, count, countDistinct, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../src/domain/contracts/bulk/imports';
import { buildApp } from '../../src/server/app';
import { imports } from '../../src/server/modules/bulk/schema';
import { loans } from '../../src/server/modules/portfolio/schema';
import { writeAllocationCsv, writeAllocationXlsx } from '../../src/server/seed/allocation-files';
import { generateAllocationRows } from '../../src/server/seed/allocation-generator';
import type { TestApp } from './helpers';
import { LENDER, TRUST, createTestApp, headers, signIn } from './helpers';

const dir = mkdtempSync(path.join(os.tmpdir(), 'imports-test-'));
const file = (name: string) => path.join(dir, name);

async function form(fields: Record<string, string>, filePath?: string, fileName = filePath ? path.basename(filePath) : undefined): Promise<FormData> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (filePath) body.append('file', await openAsBlob(filePath), fileName);
  return body;
}

async function upload(app: FastifyInstance, token: string, company: string, fields: Record<string, string>, filePath?: string, fileName?: string) {
  return app.inject({ method: 'POST', url: '/api/bulk/imports', headers: headers(token, company), payload: await form(fields, filePath, fileName) });
}

async function get(app: FastifyInstance, token: string, company: string, id: string): Promise<ImportRecord> {
  const res = await app.inject({ method: 'GET', url: `/api/bulk/imports/${id}`, headers: headers(token, company) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportRecord;
}

const FINAL = ['completed', 'partially_completed', 'failed', 'cancelled'];

/** Polls GET /imports/{id} until `done` holds (by default: a final status). */
async function waitFor(app: FastifyInstance, token: string, company: string, id: string, done = (r: ImportRecord) => FINAL.includes(r.status), timeoutMs = 50_000): Promise<ImportRecord> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const record = await get(app, token, company, id);
    if (done(record)) return record;
    if (Date.now() > until) throw new Error(`import ${id} still ${record.status} (${record.processed_rows}/${record.total_rows})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Uploads and waits for the end. */
async function importFile(app: FastifyInstance, token: string, company: string, month: string, filePath: string, extra: Record<string, string> = {}): Promise<ImportRecord> {
  const res = await upload(app, token, company, { allocation_month: month, ...extra }, filePath);
  expect(res.statusCode, res.body).toBe(200);
  return waitFor(app, token, company, res.json().data.id);
}

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ jobPollingSeconds: 0.5, importChunkRows: 40 });
  admin = (await signIn(t.app, 'admin@demo.in')).token;
  await writeAllocationXlsx(file('titled.xlsx'), generateAllocationRows({ country: 'INDIA', count: 120, seed: 7 }), { titleRow: 'Demo Lender – Allocation November 2026', blankTrailingRows: 4 });
  await writeAllocationXlsx(file('titled-v2.xlsx'), generateAllocationRows({ country: 'INDIA', count: 120, seed: 8 }), { titleRow: 'Demo Lender – Allocation November 2026 (revised)' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const loanCount = async (company: string, month: string) =>
  (await t.database.db.select({ n: count() }).from(loans).where(and(eq(loans.companyId, company), eq(loans.allocationMonth, month))))[0].n;

describe('preview and automatic mapping', () => {
  it('finds the header under a merged title row and maps lender headers to variables', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/bulk/imports/preview', headers: headers(admin, LENDER), payload: await form({}, file('titled.xlsx')) });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.header_row_index).toBe(1);
    expect(preview.headers.slice(0, 3)).toEqual(['Loan Account No', 'Cust ID', 'Customer Name']);
    expect(preview.mapping_source).toBe('automatic');
    expect(preview.mapping).toMatchObject({ 'Loan Account No': 'loan_id', 'Customer Name': 'applicant_name', POS: 'principal_outstanding', 'NPA Date': 'date_of_default', Bucket: 'allocation_dpd_value' });
    expect(preview.problems).toEqual([]);
    expect(preview.sample_rows[0][0]).toBe('LN00000001');
  });
});

describe('import of a generated xlsx', () => {
  let first: ImportRecord;
  it('imports every row under the title and ignores blank trailing rows', async () => {
    first = await importFile(t.app, admin, LENDER, '2025-01', file('titled.xlsx'));
    expect(first).toMatchObject({ status: 'completed', operation_type: 'loan_upload', total_rows: 120, success_rows: 120, failed_rows: 0, progress: 100, error_file_url: null });
    expect(await loanCount(LENDER, '2025-01')).toBe(120);
  });

  it('updates the same loans when the month is imported again (loan_update)', async () => {
    const again = await importFile(t.app, admin, LENDER, '2025-01', file('titled-v2.xlsx'));
    expect(again).toMatchObject({ status: 'completed', operation_type: 'loan_update', success_rows: 120 });
    expect(await loanCount(LENDER, '2025-01')).toBe(120);
    const [expected] = generateAllocationRows({ country: 'INDIA', count: 1, seed: 8 });
    const res = await t.app.inject({ method: 'GET', url: '/api/recovery/loan-details/LN00000001?allocation_month=2025-01', headers: headers(admin, LENDER) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.loan.applicant_name).toBe(expected['Customer Name']);
  });

  it('lists imports newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/bulk/imports?page_size=2', headers: headers(admin, LENDER) });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.imports[0].operation_type).toBe('loan_update');
    expect(page.imports[1].id).toBe(first.id);
  });
});

const MESSY_CSV = [
  'Loan Account No,Customer Name,Mobile No,POS,TOS,NPA Date,DPD,Pin Code,Co Applicant Name,Co Applicant Mobile',
  'M001,Asha Rao,+91 98765 43210,"1,23,456.50",Rs. 45000,05/03/2024,45,560001,Ravi Rao,098765 43211',
  'M002,Vikram Shah,098765 43212,"Rs. 45,000",₹ 50000,12-Mar-24,90,560 001,,',
  'M003,Nisha Iyer,98765 43213,200000,250000,45000,30.0,110001,NA,-',
  'M004,Bad Amount,9876543214,"12,34a",1000,01/01/2024,10,110001,,',
  'M005,,9876543215,1000,1000,01/01/2024,10,110001,,',
  'M001,Duplicate Asha,9876543216,1000,1000,01/01/2024,10,110001,,',
  'M006,Bad Date,9876543217,1000,1000,31/02/2024,10,110001,,',
  ',,,,,,,,,',
  '',
  ',,,,,,,,,',
].join('\r\n');

describe('messy values and the error file', () => {
  let record: ImportRecord;
  beforeAll(async () => {
    writeFileSync(file('messy.csv'), `\uFEFF${MESSY_CSV}`);
    record = await importFile(t.app, admin, LENDER, '2025-02', file('messy.csv'));
  });

  it('normalises amounts, dates, mobiles and pincodes and rejects the rest per row', async () => {
    expect(record).toMatchObject({ status: 'partially_completed', total_rows: 7, success_rows: 3, failed_rows: 4, error_file_url: `/api/bulk/imports/${record.id}/error-file` });
    const details = async (loanId: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/recovery/loan-details/${loanId}?allocation_month=2025-02`, headers: headers(admin, LENDER) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.loan;
    };
    expect(await details('M001')).toMatchObject({
      applicant_name: 'Asha Rao',
      applicant_contact_number: '9876543210',
      principal_outstanding: 123456.5,
      total_claim_amount: 45000,
      date_of_default: '2024-03-05',
      dpd: 45,
      co_applicant_count: 1,
      co_applicant_1_contact_number: '9876543211',
    });
    expect(await details('M002')).toMatchObject({ applicant_contact_number: '9876543212', principal_outstanding: 45000, total_claim_amount: 50000, date_of_default: '2024-03-12', pincode: '560001' });
    expect(await details('M003')).toMatchObject({ date_of_default: '2023-03-15', dpd: 30, co_applicant_count: 0 });
  });

  it('answers the failed rows as they came with a reason column', async () => {
    const res = await t.app.inject({ method: 'GET', url: record.error_file_url!, headers: headers(admin, LENDER) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('messy-errors.csv');
    const rows = parseCsv(res.body) as string[][];
    expect(rows[0]).toEqual(['Loan Account No', 'Customer Name', 'Mobile No', 'POS', 'TOS', 'NPA Date', 'DPD', 'Pin Code', 'Co Applicant Name', 'Co Applicant Mobile', 'reason']);
    expect(rows.length - 1).toBe(record.failed_rows);
    expect(rows[1]).toEqual(['M004', 'Bad Amount', '9876543214', '12,34a', '1000', '01/01/2024', '10', '110001', '', '', "Principal Outstanding: Amount '12,34a' is not a number"]);
    expect(rows[2].at(-1)).toBe('Applicant Name is mandatory');
    expect(rows[3].slice(0, 2)).toEqual(['M001', 'Duplicate Asha']);
    expect(rows[3].at(-1)).toBe("Loan ID 'M001' is repeated: first in row 2");
    expect(rows[4].at(-1)).toBe("Date of Default: Date '31/02/2024' does not exist");
  });
});

const ODD_CSV = ['Acct Ref,Borrower Full Nm,Cell,Overdue Amt', 'X001,Meena Das,9876500001,1500', 'X002,Arun Pal,9876500002,2500'].join('\n');

describe('explicit, refused and remembered mappings', () => {
  beforeAll(() => {
    writeFileSync(file('odd.csv'), ODD_CSV);
  });

  it('refuses a file whose mandatory columns cannot be mapped, naming them', async () => {
    const res = await upload(t.app, admin, LENDER, { allocation_month: '2025-03' }, file('odd.csv'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Mandatory column for 'Loan ID' is not mapped; Mandatory column for 'Applicant Name' is not mapped");
  });

  it('refuses a mapping with a variable mapped twice or an unknown variable', async () => {
    const twice = await upload(t.app, admin, LENDER, { allocation_month: '2025-03', mapping: JSON.stringify({ 'Acct Ref': 'loan_id', 'Borrower Full Nm': 'loan_id' }) }, file('odd.csv'));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe("'Loan ID' is mapped from more than one column: 'Acct Ref', 'Borrower Full Nm'; Mandatory column for 'Applicant Name' is not mapped");
    const unknown = await upload(
      t.app,
      admin,
      LENDER,
      { allocation_month: '2025-03', mapping: JSON.stringify({ 'Acct Ref': 'loan_id', 'Borrower Full Nm': 'applicant_name', Cell: 'favourite_colour' }) },
      file('odd.csv'),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Column 'Cell' is mapped to unknown variable 'favourite_colour'");
    const notInFile = await upload(t.app, admin, LENDER, { allocation_month: '2025-03', mapping: JSON.stringify({ 'Loan Ref': 'loan_id' }) }, file('odd.csv'));
    expect(notInFile.json().message).toBe("Column 'Loan Ref' is not in the file");
  });

  it('imports with an explicit mapping JSON and remembers it for the next file', async () => {
    const mapping = { 'Acct Ref': 'loan_id', 'Borrower Full Nm': 'applicant_name', Cell: 'applicant_contact_number', 'Overdue Amt': 'total_claim_amount' };
    const done = await importFile(t.app, admin, LENDER, '2025-03', file('odd.csv'), { mapping: JSON.stringify(mapping) });
    expect(done).toMatchObject({ status: 'completed', success_rows: 2 });
    const loan = await t.app.inject({ method: 'GET', url: '/api/recovery/loan-details/X002?allocation_month=2025-03', headers: headers(admin, LENDER) });
    expect(loan.json().data.loan).toMatchObject({ applicant_name: 'Arun Pal', total_claim_amount: 2500 });

    const preview = await t.app.inject({ method: 'POST', url: '/api/bulk/imports/preview', headers: headers(admin, LENDER), payload: await form({}, file('odd.csv')) });
    expect(preview.json().data).toMatchObject({ mapping_source: 'remembered', mapping, problems: [] });
    // The remembered mapping is used when the API call gives none.
    const again = await importFile(t.app, admin, LENDER, '2025-04', file('odd.csv'));
    expect(again).toMatchObject({ status: 'completed', success_rows: 2 });
  });

  it('imports a previewed file by its file_id', async () => {
    const preview = await t.app.inject({ method: 'POST', url: '/api/bulk/imports/preview', headers: headers(admin, LENDER), payload: await form({}, file('odd.csv')) });
    const res = await upload(t.app, admin, LENDER, { allocation_month: '2025-05', file_id: preview.json().data.file_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await waitFor(t.app, admin, LENDER, res.json().data.id)).toMatchObject({ status: 'completed', file_name: 'odd.csv', success_rows: 2 });
  });
});

describe('file kinds and upload rules', () => {
  it('imports csv (messy, generated) and xls alike', async () => {
    await writeAllocationCsv(file('generated.csv'), generateAllocationRows({ country: 'INDIA', count: 90, seed: 3, messy: true }));
    expect(await importFile(t.app, admin, LENDER, '2025-06', file('generated.csv'))).toMatchObject({ status: 'completed', success_rows: 90, failed_rows: 0 });

    const rows = [...generateAllocationRows({ country: 'INDIA', count: 70, seed: 4, messy: true })];
    const sheet = XLSX.utils.aoa_to_sheet([Object.keys(rows[0]), ...rows.map((r) => Object.values(r))], { cellDates: true });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Allocation');
    writeFileSync(file('legacy.xls'), XLSX.write(book, { type: 'buffer', bookType: 'xls' }) as Buffer);
    expect(await importFile(t.app, admin, LENDER, '2025-07', file('legacy.xls'))).toMatchObject({ status: 'completed', success_rows: 70, failed_rows: 0 });
    expect(await loanCount(LENDER, '2025-07')).toBe(70);
  });

  it('refuses an unreadable file and fails an import whose every row is refused', async () => {
    // A ZIP signature (so the upload's signature check passes) over bytes that are no workbook.
    writeFileSync(file('broken.xlsx'), Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not a spreadsheet')]));
    const broken = await upload(t.app, admin, LENDER, { allocation_month: '2025-08' }, file('broken.xlsx'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The file could not be read as xlsx');

    writeFileSync(file('all-bad.csv'), 'Loan Account No,Customer Name,POS\nB1,,100\nB2,Ravi,abc\n');
    const record = await importFile(t.app, admin, LENDER, '2025-08', file('all-bad.csv'));
    expect(record).toMatchObject({ status: 'failed', total_rows: 2, success_rows: 0, failed_rows: 2, message: 'Every row failed validation; see the error file' });
    expect(record.error_file_url).not.toBeNull();
  });

  it('refuses blocked and unknown extensions with the spec 5 message', async () => {
    writeFileSync(file('evil.exe'), 'MZ');
    for (const [name, message] of [
      ['allocation.exe', '.exe file type is not supported!'],
      ['allocation.json', '.json file type is not supported!'],
      ['allocation.txt', '.txt file type is not supported!'],
    ]) {
      const res = await upload(t.app, admin, LENDER, { allocation_month: '2025-08' }, file('evil.exe'), name);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a file over 50 MB with the spec 5 message', async () => {
    writeFileSync(file('big.csv'), Buffer.alloc(50 * 1024 * 1024 + 1, 'a'));
    const res = await upload(t.app, admin, LENDER, { allocation_month: '2025-08' }, file('big.csv'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File size exceeds limit of 50MB');
    rmSync(file('big.csv'));
  });

  it('documents the multipart fields in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = doc.paths['/api/bulk/imports'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(schema.properties).sort()).toEqual(['allocation_month', 'file', 'file_id', 'mapping']);
    expect(schema.properties.file.format).toBe('binary');
    expect(doc.paths['/api/bulk/imports/preview'].post.requestBody.content['multipart/form-data'].schema.properties.file.format).toBe('binary');
  });
});

describe('termination', () => {
  it('cancels a running import, keeps the committed rows, and refuses to terminate a finished one', async () => {
    await writeAllocationCsv(file('long.csv'), generateAllocationRows({ country: 'INDIA', count: 1500, seed: 5 }));
    const res = await upload(t.app, admin, LENDER, { allocation_month: '2025-09' }, file('long.csv'));
    const id = res.json().data.id;
    await waitFor(t.app, admin, LENDER, id, (r) => r.processed_rows > 0);
    const stop = await t.app.inject({ method: 'POST', url: `/api/bulk/imports/${id}/terminate`, headers: headers(admin, LENDER) });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data).toMatchObject({ status: 'cancelled', can_terminate: false });
    await new Promise((r) => setTimeout(r, 1000));
    const after = await get(t.app, admin, LENDER, id);
    expect(after.status).toBe('cancelled');
    expect(after.success_rows).toBeLessThan(1500);
    expect(await loanCount(LENDER, '2025-09')).toBe(after.success_rows);

    const again = await t.app.inject({ method: 'POST', url: `/api/bulk/imports/${id}/terminate`, headers: headers(admin, LENDER) });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Failed to terminate operation');
    const [done] = (await t.app.inject({ method: 'GET', url: '/api/bulk/imports?status=completed&page_size=1', headers: headers(admin, LENDER) })).json().data.imports;
    const finished = await t.app.inject({ method: 'POST', url: `/api/bulk/imports/${done.id}/terminate`, headers: headers(admin, LENDER) });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().message).toBe('Failed to terminate operation');
  });
});

describe('tenancy and permissions', () => {
  it('keeps one company from reading another company’s imports and error files', async () => {
    writeFileSync(file('indonesia.csv'), '');
    await writeAllocationCsv(file('indonesia.csv'), generateAllocationRows({ country: 'INDONESIA', count: 40, seed: 9, messy: true }));
    const trustAdmin = (await signIn(t.app, 'admin@demo.id')).token;
    const own = await importFile(t.app, trustAdmin, TRUST, '2025-01', file('indonesia.csv'));
    expect(own).toMatchObject({ status: 'completed', success_rows: 40 });

    const [{ id: lenderImport }] = (await t.app.inject({ method: 'GET', url: '/api/bulk/imports?status=partially_completed', headers: headers(admin, LENDER) })).json().data.imports;
    expect((await t.app.inject({ method: 'GET', url: `/api/bulk/imports/${lenderImport}`, headers: headers(trustAdmin, TRUST) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/bulk/imports/${lenderImport}/error-file`, headers: headers(trustAdmin, TRUST) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/bulk/imports/${lenderImport}/terminate`, headers: headers(trustAdmin, TRUST) })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/bulk/imports?page_size=100', headers: headers(trustAdmin, TRUST) })).json().data;
    expect(list.imports.map((i: ImportRecord) => i.id)).toEqual([own.id]);
  });

  it('answers 403 to a field executive', async () => {
    const { token } = await signIn(t.app, 'fos@demo.in');
    expect((await t.app.inject({ method: 'GET', url: '/api/bulk/imports', headers: headers(token, LENDER) })).statusCode).toBe(403);
    const res = await upload(t.app, token, LENDER, { allocation_month: '2025-10' }, file('odd.csv'));
    expect(res.statusCode).toBe(403);
    expect(res.json().data.missing_permission).toEqual({ module: 'Core Collection Modules', action: 'imports', access: 'write' });
  });
});

describe('restart mid-import', () => {
  it('resumes in a second app on the same database and writes each row exactly once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'imports-restart-'));
    const first = await createTestApp({ dataDir, jobPollingSeconds: 0.5, importChunkRows: 50 });
    let second: FastifyInstance | null = null;
    try {
      await writeAllocationCsv(file('restart.csv'), generateAllocationRows({ country: 'INDIA', count: 3000, seed: 12 }));
      const token = (await signIn(first.app, 'admin@demo.in')).token;
      const res = await upload(first.app, token, LENDER, { allocation_month: '2025-12' }, file('restart.csv'));
      const id = res.json().data.id;
      await waitFor(first.app, token, LENDER, id, (r) => r.processed_rows >= 100);
      await first.app.close();
      const [stopped] = await first.database.db.select().from(imports).where(eq(imports.importId, id));
      expect(stopped.status).toBe('in_progress');
      expect(stopped.processedRows).toBeLessThan(3000);
      expect(stopped.leaseUntil).toBeNull();

      second = await buildApp({ db: first.database, config: first.config, logger: false });
      await second.ready();
      const done = await waitFor(second, token, LENDER, id);
      expect(done).toMatchObject({ status: 'completed', total_rows: 3000, success_rows: 3000, failed_rows: 0 });
      const [counts] = await first.database.db
        .select({ n: count(), distinct: countDistinct(loans.loanId) })
        .from(loans)
        .where(and(eq(loans.companyId, LENDER), eq(loans.allocationMonth, '2025-12')));
      expect(counts).toEqual({ n: 3000, distinct: 3000 });
    } finally {
      await second?.close();
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
