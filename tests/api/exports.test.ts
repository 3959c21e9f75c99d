/**
 * Loan exports (issue 3 "Exports"; spec 4 export statuses; spec 7 `/exports`, `/export/download`;
 * spec 9 default page size 10): a durable job writes the filtered loans to csv or xlsx, masked
 * for the downloading caller's permission, and only the author's company sees it.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportRecord } from '../../src/domain/contracts/bulk/exports';
import type { LoanDetails } from '../../src/domain/contracts/portfolio/profiles';
import { exportsTable } from '../../src/server/modules/bulk/schema';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { exportSteps } from './export-steps';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let adminId: string;
const month = demoMonth(new Date());
const today = new Date().toISOString().slice(0, 10);
const dayOffset = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const a = await signIn(t.app, 'admin@demo.in');
  admin = headers(a.token, LENDER);
  adminId = a.user.user_id;
  manager = headers((await signIn(t.app, 'area.manager@demo.in')).token, LENDER);
});
afterAll(async () => t?.close());

async function createExport(h: Record<string, string>, body: Record<string, unknown>): Promise<ExportRecord> {
  const res = await t.app.inject({ method: 'POST', url: '/api/recovery/exports', headers: h, payload: { allocation_month: month, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ExportRecord;
}

const { list, finished, download } = exportSteps<ExportRecord>(() => t.app, '/api/recovery/exports', 'loan_export');

async function loan(h: Record<string, string>, id: string): Promise<LoanDetails> {
  return (await t.app.inject({ url: `/api/recovery/loan-details/${id}`, headers: h })).json().data as LoanDetails;
}

describe('exports', () => {
  it('exports filtered loans to csv: accepted, then completed, with variable labels as the header', async () => {
    const filters = [{ filter_key: 'dpd', min: 90 }];
    const record = await createExport(admin, { format: 'csv', filters });
    expect(record).toMatchObject({ status: 'accepted', format: 'csv', operation_type: 'loan_export', allocation_month: month, author_id: adminId });
    // Until its job completes an export cannot be downloaded: one still in process (its job never
    // queued, so nothing finishes it under the test) says so.
    const [held] = await t.database.db.insert(exportsTable).values({ companyId: LENDER, status: 'in_process', format: 'csv', allocationMonth: month }).returning({ exportId: exportsTable.exportId });
    const early = await download(admin, held.exportId);
    expect([early.statusCode, early.json().message]).toEqual([404, 'Export is not ready yet']);

    const done = await finished(admin, record.export_id);
    expect(done.status).toBe('completed');
    const expected = (await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}&filters=${encodeURIComponent(JSON.stringify(filters))}`, headers: admin })).json().data;
    expect(done.total_rows).toBe(expected.total);

    const res = await download(admin, record.export_id);
    expect(res.statusCode).toBe(200);
    // The kernel's downloads (src/server/http/downloads.ts) add the RFC 8187 form for non-ASCII names.
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"; filename*=UTF-8''${done.file_name}`);
    expect(done.file_name).toMatch(/\.csv$/);
    const rows = parse(res.body) as string[][];
    const [header, ...data] = rows;
    expect(header.slice(0, 3)).toEqual(['Loan ID', 'Client Customer ID', 'Customer ID']);
    expect(header).toContain('DPD');
    expect(header.at(-1)).toBe('Number of Co-Applicant Present');
    expect(data).toHaveLength(expected.total);
    const dpd = header.indexOf('DPD');
    expect(data.every((r) => Number(r[dpd]) >= 90)).toBe(true);
    expect(data.map((r) => r[0]).sort()).toEqual([...expected.loan_ids].sort());

    // The admin may read clear values: the export carries them.
    const clear = await loan(admin, data[0][0]);
    expect(res.body).toContain(String(clear.loan.applicant_contact_number));
  });

  it('exports to xlsx, masked for the manager: the clear mobile, name and email appear nowhere', async () => {
    const record = await createExport(manager, { format: 'xlsx', search: 'LN0000001' });
    const done = await finished(manager, record.export_id);
    expect(done).toMatchObject({ status: 'completed', total_rows: 10 });
    const res = await download(manager, record.export_id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Loans')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const header = values(1) as string[];
    expect(header[0]).toBe('Loan ID');
    expect(sheet.rowCount).toBe(11);
    const col = (name: string) => header.indexOf(name);
    const first = values(2);
    const clear = await loan(admin, String(first[col('Loan ID')]));
    const mobile = String(clear.loan.applicant_contact_number);
    expect(first[col('Applicant Contact Number')]).toBe(`${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`);
    expect(typeof first[col('Total Claim Amount')]).toBe('number');

    // The xlsx is zipped: compare decoded cells of every row, not the raw bytes.
    const cells = Array.from({ length: 10 }, (_, i) => values(i + 2).map(String)).flat();
    for (let r = 2; r <= 11; r += 1) {
      const l = await loan(admin, String(values(r)[col('Loan ID')]));
      for (const secret of [l.loan.applicant_contact_number, l.loan.applicant_name, l.loan.email].filter(Boolean).map(String)) {
        expect(cells.some((c) => c.includes(secret)), `leaks ${secret}`).toBe(false);
      }
    }
  });

  it('lists exports newest first with page_size 10 by default, filtered by status, author and dates', async () => {
    for (let i = 0; i < 10; i += 1) await createExport(admin, { format: 'csv', search: `LN0000000${i}` });
    const all = await list(admin);
    expect(all.total).toBeGreaterThanOrEqual(12);
    expect(all.exports).toHaveLength(10);
    const times = all.exports.map((e) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect((await list(admin, '?page_number=2')).exports.length).toBe(all.total - 10);

    const managerId = (await list(manager, '?page_size=50')).exports.find((e) => e.author_name === 'Vikram Patil')!.author_id!;
    const mine = await list(admin, `?author_id=${managerId}`);
    expect(mine.exports.map((e) => e.author_name)).toEqual(['Vikram Patil']);
    const completed = await list(admin, '?status=completed&page_size=50');
    expect(completed.exports.every((e) => e.status === 'completed')).toBe(true);
    expect(completed.total).toBeGreaterThanOrEqual(2);

    expect((await list(admin, `?start_date=${today}&end_date=${today}`)).total).toBe(all.total);
    expect((await list(admin, `?end_date=${dayOffset(-1)}`)).total).toBe(0);
    expect((await list(admin, `?start_date=${dayOffset(1)}`)).total).toBe(0);
  });

  it('keeps exports to their company and refuses unknown filters', async () => {
    const [lenderExport] = (await list(admin)).exports;
    const trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
    expect((await list(trust)).total).toBe(0);
    const res = await download(trust, lenderExport.export_id);
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/recovery/exports', headers: admin, payload: { allocation_month: month, format: 'csv', filters: [{ filter_key: 'nope', min: 1 }] } });
    expect(bad.statusCode).toBe(400);
  });
});
