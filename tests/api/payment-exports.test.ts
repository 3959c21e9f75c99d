/**
 * Payment exports (issue 15 `POST /v2/export/payments`, `GET /exports/payments`; spec 7; spec 4
 * export statuses): a durable job writes the company's payments of a date range to csv or xlsx,
 * amounts in the company's currency units; the download (/recovery/export/download,
 * operation_type payment_export) masks borrower names and mobiles for a masked caller; another
 * company sees none of it.
 */
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentExportRecord } from '../../src/domain/contracts/payments/exports';
import type { LoanDetails } from '../../src/domain/contracts/portfolio/profiles';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { exportSteps } from './export-steps';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;
let trust: Record<string, string>;
const month = demoMonth(new Date());
let loanIds: string[];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  manager = headers((await signIn(t.app, 'area.manager@demo.in')).token, LENDER);
  trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loanIds = (await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}&page_size=3`, headers: admin })).json().data.loan_ids.slice(0, 3);
  expect(loanIds).toHaveLength(3);
  // Payments of January 2020 (no demo payment is that old), one just outside, one of the other company.
  // The range's days are the lender's local days (IST, UTC+05:30): 18:29Z on the 31st is 23:59 IST, still
  // January; 18:30Z is midnight IST on 1 February, outside.
  const at = (iso: string) => new Date(iso);
  await t.database.db.insert(loanPayments).values([
    { companyId: LENDER, loanId: loanIds[0], allocationMonth: month, amountMinor: 123456, paidAt: at('2020-01-05T10:00:00Z'), channel: 'upi', reference: 'UTR-A', source: 'online', sourceRef: 'pe-a' },
    { companyId: LENDER, loanId: loanIds[1], allocationMonth: month, amountMinor: 500000, paidAt: at('2020-01-31T18:29:00Z'), channel: 'netbanking', reference: 'UTR-B', source: 'online', sourceRef: 'pe-b' },
    { companyId: LENDER, loanId: loanIds[2], allocationMonth: month, amountMinor: 99, paidAt: at('2020-01-10T12:00:00Z'), channel: 'cash', reference: null, source: 'upload', sourceRef: 'pe-c' },
    { companyId: LENDER, loanId: loanIds[0], allocationMonth: month, amountMinor: 777700, paidAt: at('2020-01-31T18:30:00Z'), channel: 'upi', reference: 'UTR-OUT', source: 'online', sourceRef: 'pe-d' },
    { companyId: TRUST, loanId: 'ID-TRUST-1', allocationMonth: month, amountMinor: 2500000, paidAt: at('2020-01-07T08:00:00Z'), channel: 'va', reference: 'UTR-ID', source: 'online', sourceRef: 'pe-e' },
  ]);
});
afterAll(async () => t?.close());

async function create(h: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/recovery/v2/export/payments', headers: h, payload: body });
}

const { list, finished, download } = exportSteps<PaymentExportRecord>(() => t.app, '/api/recovery/exports/payments', 'payment_export');
const loan = async (id: string) => ((await t.app.inject({ url: `/api/recovery/loan-details/${id}`, headers: admin })).json().data as LoanDetails).loan;

describe('payment exports', () => {
  it('exports the range to csv: accepted, completed, rows and amounts in rupees, clear for the admin', async () => {
    const res = await create(admin, { start_date: '2020-01-01', end_date: '2020-01-31', format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().data as PaymentExportRecord;
    expect(record).toMatchObject({ status: 'accepted', operation_type: 'payment_export', format: 'csv', start_date: '2020-01-01', end_date: '2020-01-31' });
    const done = await finished(admin, record.export_id);
    expect(done).toMatchObject({ status: 'completed', total_rows: 3 });

    // Not a loan export: the loan export's type does not reach it.
    expect((await download(admin, record.export_id, 'loan_export')).statusCode).toBe(404);
    const file = await download(admin, record.export_id);
    expect(file.statusCode, file.body).toBe(200);
    const [header, ...rows] = parse(file.body) as string[][];
    expect(header).toEqual(['Payment ID', 'Loan ID', 'Allocation Month', 'Borrower Name', 'Mobile', 'Amount', 'Currency', 'Paid At', 'Channel', 'Source', 'Reference', 'Client Customer ID', 'Transaction ID']);
    expect(rows.map((r) => [r[1], r[5], r[6], r[8], r[9], r[12]])).toEqual([
      [loanIds[0], '1234.56', 'INR', 'upi', 'online', 'pe-a'],
      [loanIds[2], '0.99', 'INR', 'cash', 'upload', 'pe-c'],
      [loanIds[1], '5000', 'INR', 'netbanking', 'online', 'pe-b'],
    ]);
    const first = await loan(loanIds[0]);
    expect(rows[0][3]).toBe(String(first.applicant_name));
    expect(rows[0][4]).toBe(String(first.applicant_contact_number));
    // The spec's transaction sample: the lender's customer id of the loan, and the source's id of the payment.
    expect(first.client_customer_id).toBeTruthy();
    expect(rows[0][11]).toBe(String(first.client_customer_id));
  });

  it('filters by source and masks names and mobiles for a masked manager (xlsx)', async () => {
    const res = await create(manager, { start_date: '2020-01-01', end_date: '2020-01-31', format: 'xlsx', source: 'online' });
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(manager, res.json().data.export_id);
    expect(done).toMatchObject({ status: 'completed', total_rows: 2 });
    const file = await download(manager, done.export_id);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const first = values(2);
    expect(first[5]).toBe(1234.56);
    const clear = await loan(loanIds[0]);
    const mobile = String(clear.applicant_contact_number);
    expect(first[4]).toBe(`${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`);
    expect(first[3]).not.toBe(String(clear.applicant_name));
    expect(String(first[3])[0]).toBe(String(clear.applicant_name)[0]);
    // The admin downloading the manager's export gets it in clear (masked per downloading caller).
    expect((await download(admin, done.export_id)).statusCode).toBe(200);
  });

  it("keeps exports to their company: the other company's rows, list and download stay apart; IDR in rupiah", async () => {
    const [lender] = (await list(admin)).exports;
    expect((await download(trust, lender.export_id)).statusCode).toBe(404);
    const before = (await list(trust)).total;
    const res = await create(trust, { start_date: '2020-01-01', end_date: '2020-01-31', format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    const done = await finished(trust, res.json().data.export_id);
    expect(done.total_rows).toBe(1);
    const [, row] = parse((await download(trust, done.export_id)).body) as string[][];
    expect([row[1], row[5], row[6]]).toEqual(['ID-TRUST-1', '25000', 'IDR']);
    expect((await list(trust)).total).toBe(before + 1);
    expect((await list(admin)).exports.some((e) => e.export_id === done.export_id)).toBe(false);
  });

  it('lists payment exports only, page_size 10 by default, filtered by status, author and dates; loan exports list none', async () => {
    for (let i = 0; i < 10; i += 1) expect((await create(admin, { start_date: '2020-03-01', end_date: '2020-03-02', format: 'csv' })).statusCode).toBe(200);
    const all = await list(admin);
    expect(all.total).toBe(12);
    expect(all.exports).toHaveLength(10);
    expect((await list(admin, '?page_number=2')).exports).toHaveLength(2);
    expect((await list(admin, '?status=failed')).total).toBe(0);
    const managers = await list(admin, `?author_id=${(await list(manager, '?page_size=50')).exports.find((e) => e.author_name === 'Vikram Patil')!.author_id}`);
    expect(managers.total).toBe(1);
    expect((await list(admin, `?start_date=${today}&end_date=${today}`)).total).toBe(12);
    expect((await list(admin, '?end_date=2020-01-01')).total).toBe(0);
    const loanExports = (await t.app.inject({ url: '/api/recovery/exports', headers: admin })).json().data;
    expect(loanExports.exports.every((e: { operation_type: string }) => e.operation_type === 'loan_export')).toBe(true);
  });

  it('refuses bad dates and bad input with 400', async () => {
    for (const body of [
      { start_date: '2020-01-31', end_date: '2020-01-01', format: 'csv' },
      { start_date: '2020-02-30', end_date: '2020-03-01', format: 'csv' },
      { start_date: '01/01/2020', end_date: '2020-03-01', format: 'csv' },
      { start_date: '2019-01-01', end_date: '2020-03-01', format: 'csv' },
      { start_date: '2020-01-01', end_date: '2020-01-02', format: 'pdf' },
      { start_date: '2020-01-01', end_date: '2020-01-02', format: 'csv', source: 'cheque' },
      { end_date: '2020-01-02', format: 'csv' },
    ]) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/recovery/exports/payments?start_date=2020-13-01', headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/recovery/v2/export/payments', payload: {} })).statusCode).toBe(401);
  });
});
