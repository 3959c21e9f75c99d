/**
 * Field deposits post to the loan (issue 15 "Reconciliation": a field receipt after deposit posts
 * once), and a posted payment lowers the loan's dues and sets its recovery_status — for one
 * payment, a field deposit and a batch alike. Replays (same Idempotency-Key, or the same receipt
 * again through reconciliation) change nothing. A UPI receipt (never deposited) posts at once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanDetails } from '../../src/domain/contracts/portfolio/profiles';
import { fosReceipts } from '../../src/server/modules/field/schema';
import { recordPayment } from '../../src/server/modules/payments/queries';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { headers, LENDER, signIn, type TestApp } from './helpers';
import { fieldFixture, JPEG, type FieldFixture } from './field-fixture';

let f: FieldFixture;
let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  f = await fieldFixture();
  t = f.t;
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
}, 120_000);
afterAll(async () => t?.close());

const details = async (loanId: string, month: string) => {
  const res = await t.app.inject({ url: `/api/recovery/loan-details/${loanId}?allocation_month=${month}`, headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LoanDetails;
};

function deposit(receipt_numbers: string[], amount: number, key: string, deposited_at: string) {
  const form = new FormData();
  form.append('deposit', JSON.stringify({ receipt_numbers, bank_name: 'State Bank', branch: 'Camp', deposited_at, amount }));
  form.append('slip', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'slip.jpg');
  return t.app.inject({ method: 'POST', url: '/api/fos/deposits', headers: { ...f.fos, 'idempotency-key': key }, payload: form });
}

describe('field deposits', () => {
  it('post a UPI receipt at once (it is never deposited), once, even when the phone sends it again', async () => {
    const loan = f.loanAt(27);
    const upi = f.receiptJson(27, { amount: 450.5, payment_mode: 'upi' });
    const first = await f.postReceipt(upi);
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.database.db.select({ id: fosReceipts.receiptId }).from(fosReceipts).where(eq(fosReceipts.receiptNumber, upi.receipt_number));
    const posted = () => t.database.db.select().from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, 'field_receipt'), eq(loanPayments.sourceRef, row.id)));
    expect((await posted()).map((p) => [p.reference, p.amountMinor, p.channel, p.loanId])).toEqual([[upi.receipt_number, 45_050, 'upi', loan.loan_id]]);
    await f.postReceipt(upi);
    expect(await posted()).toHaveLength(1);
  });

  it('post each deposited receipt to its loan once, lowering its dues; a replay changes nothing', async () => {
    const loan = f.loanAt(25);
    const before = await details(loan.loan_id, loan.allocation_month);
    const cash = f.receiptJson(25, { amount: 700 });
    const cheque = f.receiptJson(25, { amount: 300.25, payment_mode: 'cheque', instrument_number: '000123', bank_name: 'HDFC' });
    for (const r of [cash, cheque]) expect((await f.postReceipt(r)).statusCode).toBe(200);
    // A receipt in hand is not yet a payment on the loan.
    const ids = (await t.database.db.select({ id: fosReceipts.receiptId }).from(fosReceipts).where(inArray(fosReceipts.receiptNumber, [cash.receipt_number, cheque.receipt_number]))).map((r) => r.id);
    const posted = () => t.database.db.select().from(loanPayments).where(and(eq(loanPayments.companyId, LENDER), eq(loanPayments.source, 'field_receipt'), inArray(loanPayments.sourceRef, ids)));
    expect(await posted()).toEqual([]);

    const key = randomUUID();
    const at = new Date().toISOString();
    const done = await deposit([cash.receipt_number, cheque.receipt_number], 1000.25, key, at);
    expect(done.statusCode, done.body).toBe(200);
    const rows = await posted();
    expect(rows.map((r) => [r.reference, r.amountMinor, r.channel, r.loanId, r.allocationMonth]).sort()).toEqual([
      [cash.receipt_number, 70_000, 'cash', loan.loan_id, loan.allocation_month],
      [cheque.receipt_number, 30_025, 'cheque', loan.loan_id, loan.allocation_month],
    ]);
    // The loan profile's payments card lists them, with the loan's total.
    const list = await t.app.inject({ url: `/api/payment/payments?loan_id=${loan.loan_id}&source=field_receipt`, headers: admin });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 2, total_minor: 100_025 });
    expect(list.json().data.payments.map((p: { reference: string; source: string }) => [p.reference, p.source]).sort()).toEqual([
      [cash.receipt_number, 'field_receipt'],
      [cheque.receipt_number, 'field_receipt'],
    ]);
    const after = await details(loan.loan_id, loan.allocation_month);
    if (before.header.total_dues_minor !== null) expect(after.header.total_dues_minor).toBe(Math.max(0, before.header.total_dues_minor - 100_025));
    expect(after.loan.recovery_status).toBe(after.header.total_dues_minor === 0 ? 'paid' : 'partially_paid');
    const timeline = (await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=50`, headers: admin })).json().data.events as { kind: string; remark: string | null }[];
    expect(timeline.filter((e) => e.kind === 'payment' && e.remark?.includes('by field receipt'))).toHaveLength(2);

    // The phone retries the same deposit: the stored answer, nothing posted again.
    const replay = await deposit([cash.receipt_number, cheque.receipt_number], 1000.25, key, at);
    expect(replay.json()).toEqual(done.json());
    // Reconciliation itself refuses the same receipt twice, whatever the caller.
    const again = await recordPayment(t.database.db, { companyId: LENDER, source: 'field_receipt', sourceRef: ids[0], loanId: loan.loan_id, allocationMonth: loan.allocation_month, amountMinor: 70_000, paidAt: new Date(), channel: 'cash' });
    expect(again.outcome).toBe('duplicate');
    expect(await posted()).toHaveLength(2);
    expect((await details(loan.loan_id, loan.allocation_month)).header.total_dues_minor).toBe(after.header.total_dues_minor);
  });
});

describe('dues and recovery_status', () => {
  it('a payment of all that is due makes the loan paid; a batch lowers the dues of each loan by its payments', async () => {
    const [a, b] = [f.loanAt(26), f.loanAt(27)];
    const dueA = (await details(a.loan_id, a.allocation_month)).header.total_dues_minor;
    expect(dueA).toBeGreaterThan(0);
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/payment/payments',
      headers: { ...admin, 'idempotency-key': randomUUID() },
      payload: { source_ref: `all-${randomUUID()}`, loan_id: a.loan_id, amount_minor: dueA, paid_at: new Date().toISOString(), channel: 'neft' },
    });
    expect(one.json().data.outcome, one.body).toBe('posted');
    const paid = await details(a.loan_id, a.allocation_month);
    expect(paid.header.total_dues_minor).toBe(0);
    expect(paid.header.total_dues).toBe(0);
    expect(paid.loan.recovery_status).toBe('paid');

    const dueB = (await details(b.loan_id, b.allocation_month)).header.total_dues_minor!;
    const row = (amount_minor: number) => ({ source_ref: `b-${randomUUID()}`, loan_id: b.loan_id, amount_minor, paid_at: new Date().toISOString(), channel: 'cash' });
    const batch = await t.app.inject({ method: 'POST', url: '/api/payment/payments/batch', headers: admin, payload: { source: 'upload', payments: [row(1_050), row(2_001)] } });
    expect(batch.json().data, batch.body).toMatchObject({ posted: 2, posted_minor: 3_051 });
    const partly = await details(b.loan_id, b.allocation_month);
    expect(partly.header.total_dues_minor).toBe(dueB - 3_051);
    expect(partly.header.total_dues).toBe((dueB - 3_051) / 100);
    expect(partly.loan.recovery_status).toBe('partially_paid');
  });
});
