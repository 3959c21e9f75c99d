/**
 * Offline payment uploads (issue 15, the payments tab of bulk operations): a CSV or .xlsx of
 * payments is reconciled by a durable job (posted, queued as exceptions, duplicates), rows that
 * cannot be read land in an error file with their reason, the same file again posts nothing, a
 * file without the required columns is refused at once, a terminated upload posts nothing more,
 * and another company sees none of it.
 */
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoansPage } from '../../src/domain/contracts/portfolio/loans';
import type { PaymentUploadRecord } from '../../src/domain/contracts/payments/uploads';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let trustAdmin: Record<string, string>;
let loans: LoansPage['loans'];

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=5', headers: admin })).json().data as LoansPage).loans;
}, 120_000);
afterAll(async () => t?.close());

function upload(name: string, body: Buffer | string, h = admin) {
  const form = new FormData();
  form.append('file', new Blob([typeof body === 'string' ? body : new Uint8Array(body)]), name);
  return t.app.inject({ method: 'POST', url: '/api/payment/uploads', headers: h, payload: form });
}
async function finished(id: string): Promise<PaymentUploadRecord> {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await t.app.inject({ url: `/api/payment/uploads/${id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json().data as PaymentUploadRecord;
    if (u.status === 'completed' || u.status === 'failed') return u;
    if (Date.now() > until) throw new Error(`upload still ${u.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('offline payment uploads', () => {
  it('reconciles a CSV through the job, with an error file of the unreadable rows; the same file again posts nothing', async () => {
    const [a, b] = loans;
    const csv = [
      'Loan ID,Amount,Date,UTR,Mode',
      `${a.loan_id},1250.50,2026-11-20,UTR-UP-1,neft`,
      `${b.loan_id},300,21/11/2026,,cash`,
      'GHOST-LOAN,99,2026-11-21,UTR-UP-2,upi',
      `${a.loan_id},12.345,2026-11-21,UTR-UP-3,neft`,
      `,10,2026-11-21,UTR-UP-4,neft`,
      `${b.loan_id},10,31-02-2026,UTR-UP-5,neft`,
      '',
      `${a.loan_id},1250.50,2026-11-20,UTR-UP-1,neft`,
    ].join('\n');
    const res = await upload('november.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Payments file uploaded');
    const done = await finished(res.json().data.upload_id);
    expect(done).toMatchObject({ status: 'completed', progress: 100, rows_read: 7, posted: 2, exceptions: 1, duplicates: 1, error_rows: 3, posted_minor: 155_050 });
    const rows = await t.database.db.select().from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, 'upload'), eq(loanPayments.reference, 'UTR-UP-1')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ loanId: a.loan_id, amountMinor: 125_050, channel: 'neft' });
    expect(rows[0].paidAt.toISOString().slice(0, 10)).toBe('2026-11-20');
    // The loan's payments answer the day the file gave, so no screen shows a made-up time of day.
    const listed = (await t.app.inject({ url: `/api/payment/payments?loan_id=${a.loan_id}&source=upload`, headers: admin })).json().data.payments as { reference: string; paid_on: string | null }[];
    expect(listed.find((p) => p.reference === 'UTR-UP-1')?.paid_on).toBe('2026-11-20');
    const queued = (await t.app.inject({ url: '/api/payment/exceptions?source=upload&page_size=50', headers: admin })).json().data.exceptions as { loan_id: string; reason: string }[];
    expect(queued.find((e) => e.loan_id === 'GHOST-LOAN')).toMatchObject({ reason: 'unknown_loan' });

    const errors = await t.app.inject({ url: `/api/payment/uploads/${done.upload_id}/error-file`, headers: admin });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    expect(errors.headers['content-disposition']).toContain('november-errors.csv');
    expect(errors.body.trim().split('\n')).toEqual([
      'row_number,Loan ID,Amount,Date,UTR,Mode,reason',
      `5,${a.loan_id},12.345,2026-11-21,UTR-UP-3,neft,amount must be a positive amount with at most 2 decimals`,
      '6,,10,2026-11-21,UTR-UP-4,neft,loan_id is required',
      `7,${b.loan_id},10,31-02-2026,UTR-UP-5,neft,"date must be a date (YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY)"`,
    ]);

    const again = await finished((await upload('november-again.csv', csv)).json().data.upload_id);
    expect(again).toMatchObject({ status: 'completed', posted: 0, exceptions: 0, duplicates: 4, error_rows: 3, posted_minor: 0 });
    const list = (await t.app.inject({ url: '/api/payment/uploads', headers: admin })).json().data;
    expect(list.uploads.map((u: PaymentUploadRecord) => u.file_name).slice(0, 2)).toEqual(['november-again.csv', 'november.csv']);
  });

  it('reads an .xlsx with date cells; refuses a file without the required columns at once', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Payments');
    ws.addRow(['loan_id', 'amount', 'payment_date', 'reference']);
    ws.addRow([loans[2].loan_id, 777.7, new Date(Date.UTC(2026, 10, 22)), 'XL-1']);
    const res = await upload('payments.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.statusCode, res.body).toBe(200);
    expect(await finished(res.json().data.upload_id)).toMatchObject({ status: 'completed', posted: 1, posted_minor: 77_770, error_rows: 0 });
    const noError = await t.app.inject({ url: `/api/payment/uploads/${res.json().data.upload_id}/error-file`, headers: admin });
    expect(noError.statusCode).toBe(404);

    const bad = await upload('bad.csv', 'loan,paid\nX,1\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file has no loan_id, amount, date column (columns: loan_id, amount, date; reference, channel, expected_amount optional)');
  });

  it("shows another company none of it", async () => {
    const mine = (await t.app.inject({ url: '/api/payment/uploads', headers: admin })).json().data.uploads as PaymentUploadRecord[];
    expect(mine.length).toBeGreaterThan(0);
    const theirs = await t.app.inject({ url: '/api/payment/uploads', headers: trustAdmin });
    expect(theirs.json().data.uploads).toEqual([]);
    expect((await t.app.inject({ url: `/api/payment/uploads/${mine[0].upload_id}`, headers: trustAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/payment/uploads/${mine[0].upload_id}/error-file`, headers: trustAdmin })).statusCode).toBe(404);
  });

  it('stops a terminated upload before its next chunk: what it posted stays, nothing more posts', async () => {
    const rows = Array.from({ length: 8_000 }, (_, i) => `${loans[i % loans.length].loan_id},1,2026-11-21,UTR-TERM-${i},upi`);
    const res = await upload('big.csv', ['loan_id,amount,date,reference,channel', ...rows].join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.upload_id as string;
    const stop = await t.app.inject({ method: 'POST', url: `/api/payment/uploads/${id}/terminate`, headers: admin });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().data).toMatchObject({ status: 'terminated', message: 'Terminated by a user' });
    // Let a chunk the job was in finish (or be refused), then nothing moves any more.
    await new Promise((r) => setTimeout(r, 3_000));
    const after = (await t.app.inject({ url: `/api/payment/uploads/${id}`, headers: admin })).json().data as PaymentUploadRecord;
    expect(after.status).toBe('terminated');
    expect(after.posted).toBeLessThan(8_000);
    const posted = await t.database.db.select().from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, 'upload'), eq(loanPayments.paidAt, new Date('2026-11-21T12:00:00Z'))));
    expect(posted.filter((p) => p.reference?.startsWith('UTR-TERM-')).length).toBe(after.posted);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/uploads/${id}/terminate`, headers: admin })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'POST', url: `/api/payment/uploads/${id}/terminate`, headers: trustAdmin })).statusCode).toBe(404);
  });
});
