/**
 * Field API (issue 4), money and papers: receipts numbered on the phone, deposits of the exact
 * total, online recoveries attributed to visits, document uploads, and the outbox endpoints'
 * OpenAPI entries. The day and visits: field.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationResponse } from '../../src/domain/contracts/field/visits';
import { fosReceipts } from '../../src/server/modules/field/schema';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { formatMinor, parseAmount } from '../../src/domain/common/money';
import { headers, LENDER, signIn, type TestApp } from './helpers';
import { fieldFixture, JPEG, type FieldFixture } from './field-fixture';

let f: FieldFixture;
let t: TestApp;
let fos: Record<string, string>;
let fosId: Record<string, string>;
let allocation: AllocationResponse;
let loanAt: FieldFixture['loanAt'];
let visitJson: FieldFixture['visitJson'];
let postVisit: FieldFixture['postVisit'];
let postReceipt: FieldFixture['postReceipt'];
let receiptJson: FieldFixture['receiptJson'];

beforeAll(async () => {
  f = await fieldFixture();
  ({ t, fos, fosId, allocation, loanAt, visitJson, postVisit, postReceipt, receiptJson } = f);
});
afterAll(async () => t?.close());

describe('receipts and deposits', () => {
  it('keeps receipt numbers to the executive code and unique per company', async () => {
    const wrong = await postReceipt(receiptJson(20, { receipt_number: 'XX9999-000001' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(allocation.executive.executive_code);
    const body = receiptJson(20);
    const key = randomUUID();
    const ok = await postReceipt(body, key);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ receipt_number: body.receipt_number, amount: 1250.5, deposit_id: null });
    expect((await postReceipt(body, key)).json()).toEqual(ok.json());
    const sameNumber = await postReceipt({ ...body, amount: 99 });
    expect(sameNumber.statusCode).toBe(422);
    expect(sameNumber.json().message).toBe(`Receipt number ${body.receipt_number} already exists`);
    expect((await postReceipt({ ...body, amount: 99 }, key)).statusCode).toBe(422);
    const decimals = await postReceipt(receiptJson(20, { amount: 10.005 }));
    expect(decimals.statusCode).toBe(400);
    const list = await t.app.inject({ url: `/api/fos/receipts?loan_id=${loanAt(20).loan_id}`, headers: fos });
    expect(list.json().data.receipts).toHaveLength(1);
  });

  it('lists undeposited cash with its age and deposits it only for the exact total', async () => {
    const upi = receiptJson(21, { payment_mode: 'upi', amount: 300 });
    const cash = receiptJson(21, { amount: 700 });
    expect((await postReceipt(upi)).statusCode).toBe(200);
    expect((await postReceipt(cash)).statusCode).toBe(200);
    const before = (await t.app.inject({ url: '/api/fos/deposits', headers: fos })).json().data;
    const numbers: string[] = before.undeposited.map((r: { receipt_number: string }) => r.receipt_number);
    expect(numbers).toContain(cash.receipt_number);
    expect(numbers).not.toContain(upi.receipt_number);
    // The seeded collections of the last two days are still in hand.
    expect(Math.max(...before.undeposited.map((r: { age_hours: number }) => r.age_hours))).toBeGreaterThan(24);
    expect(before.deposits.length).toBeGreaterThan(0);

    const deposit = (amount: number, receipt_numbers = numbers, key = randomUUID()) => {
      const form = new FormData();
      form.append('deposit', JSON.stringify({ receipt_numbers, bank_name: 'State Bank', branch: 'Camp', deposited_at: new Date().toISOString(), amount }));
      form.append('slip', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'slip.jpg');
      return t.app.inject({ method: 'POST', url: '/api/fos/deposits', headers: { ...fos, 'idempotency-key': key }, payload: form });
    };
    const wrong = await deposit(before.undeposited_total + 1);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^Deposit amount .* does not match the receipts' total /);
    expect((await deposit(300, [upi.receipt_number])).json().message).toContain('is not deposited at a bank');

    const done = await deposit(before.undeposited_total);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.receipt_numbers).toEqual([...numbers].sort());
    const slip = await t.app.inject({ url: done.json().data.slip_url, headers: fos });
    expect(slip.rawPayload.equals(JPEG)).toBe(true);
    const after = (await t.app.inject({ url: '/api/fos/deposits', headers: fos })).json().data;
    expect(after.undeposited).toEqual([]);
    expect(after.undeposited_total).toBe(0);
    const again = await deposit(before.undeposited_total);
    expect(again.json().message).toContain('is already deposited');
    const [{ n }] = await t.database.db.select({ n: count() }).from(fosReceipts).where(and(eq(fosReceipts.companyId, LENDER), eq(fosReceipts.depositId, done.json().data.deposit_id)));
    expect(n).toBe(numbers.length);
  });
});

describe('online recoveries', () => {
  it("attributes payments to the executive's latest visit within 30 days", async () => {
    const loan = loanAt(30);
    const unvisited = allocation.loans.slice(32).find((l) => l.last_visit_at === null)!;
    const visitAt = new Date(Date.now() - 3 * 86_400_000);
    const v = await postVisit(visitJson(30, { checked_in_at: visitAt.toISOString() }));
    expect(v.statusCode).toBe(200);
    await t.database.db.insert(loanPayments).values([
      { companyId: LENDER, loanId: loan.loan_id, allocationMonth: loan.allocation_month, amountMinor: 99_950, paidAt: new Date(visitAt.getTime() + 86_400_000), channel: 'upi', reference: 'T-ATTR' },
      { companyId: LENDER, loanId: unvisited.loan_id, allocationMonth: loan.allocation_month, amountMinor: 1_000, paidAt: new Date(), channel: 'netbanking', reference: 'T-NOVISIT' },
    ]);
    const res = await t.app.inject({ url: '/api/fos/online-recoveries', headers: fos });
    expect(res.statusCode, res.body).toBe(200);
    const byRef = new Map(res.json().data.recoveries.map((r: { reference: string }) => [r.reference, r]));
    expect(byRef.get('T-ATTR')).toMatchObject({ loan_id: loan.loan_id, amount: 999.5, attributed_visit_id: v.json().data.visit_id });
    expect(byRef.get('T-NOVISIT')).toMatchObject({ attributed_visit_id: null });
    // The seed's payments were made the day after a visit.
    expect(res.json().data.recoveries.filter((r: { reference: string; attributed_visit_id: string | null }) => r.reference.startsWith('SEED') && r.attributed_visit_id).length).toBeGreaterThan(0);
  });
});

describe('money as one type (issue 11)', () => {
  // Amounts whose binary floats do not add up: 0.1 + 0.2 is 0.30000000000000004 in JavaScript.
  const CYCLE = ['0.10', '0.20', '333.33', '0.01', '1234.57', '0.30', '99.99'];
  const RECEIPTS = 420;

  it('sums several hundred receipts posted through the API to the paisa (deposits, deposit, dashboard)', async () => {
    const manager = headers((await signIn(t.app, 'area.manager@demo.in')).token, LENDER);
    const collected = async () => {
      const res = await t.app.inject({ url: `/api/fos/dashboard?user_id=${f.fosUserId}`, headers: manager });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.totals.amount_collected_paise as number;
    };
    const heldMinor = async () => (await t.app.inject({ url: '/api/fos/deposits', headers: fos })).json().data.undeposited_total_minor as number;
    const [dashboardBefore, heldBefore] = [await collected(), await heldMinor()];

    let expected = 0;
    let floatSum = 0;
    const numbers: string[] = [];
    for (let i = 0; i < RECEIPTS; i++) {
      const text = CYCLE[i % CYCLE.length];
      const minor = parseAmount(text)!;
      expected += minor;
      floatSum += Number(text);
      // Half as the legacy major-unit `amount`, half as `amount_minor`.
      const body = i % 2 === 0 ? receiptJson(i % 30, { amount: Number(text) }) : receiptJson(i % 30, { amount: undefined, amount_minor: minor });
      const res = await postReceipt(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ amount_minor: minor, amount: minor / 100 });
      numbers.push(body.receipt_number);
    }
    expect(Number.isInteger(expected)).toBe(true);
    // What a float sum would have shown: not the paise total (the point of integer minor units).
    expect(Math.abs(floatSum * 100 - expected)).toBeGreaterThan(0);

    const overview = (await t.app.inject({ url: '/api/fos/deposits', headers: fos })).json().data;
    expect(overview.undeposited_total_minor).toBe(heldBefore + expected);
    expect(overview.undeposited_total).toBe(overview.undeposited_total_minor / 100);
    expect(await collected()).toBe(dashboardBefore + expected);

    const deposit = (amount: Record<string, number>) => {
      const form = new FormData();
      form.append('deposit', JSON.stringify({ receipt_numbers: numbers, bank_name: 'State Bank', deposited_at: new Date().toISOString(), ...amount }));
      form.append('slip', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'slip.jpg');
      return t.app.inject({ method: 'POST', url: '/api/fos/deposits', headers: { ...fos, 'idempotency-key': randomUUID() }, payload: form });
    };
    const short = await deposit({ amount_minor: expected - 1 });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(`Deposit amount ${formatMinor(expected - 1)} does not match the receipts' total ${formatMinor(expected)}`);
    expect((await deposit({ amount: expected / 100, amount_minor: expected + 1 })).statusCode).toBe(400);
    const done = await deposit({ amount: expected / 100, amount_minor: expected });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ amount_minor: expected, amount: expected / 100 });
    expect(await heldMinor()).toBe(heldBefore);
  }, 180_000);

  it('keeps the legacy major-unit fields on the wire, each equal to its _minor twin / 100', async () => {
    for (const loan of allocation.loans) {
      expect(loan.total_dues).toBe(loan.total_dues_minor === null ? null : loan.total_dues_minor / 100);
      expect(loan.expected_emi).toBe(loan.expected_emi_minor === null ? null : loan.expected_emi_minor / 100);
    }
    expect(allocation.loans.some((l) => l.total_dues_minor !== null)).toBe(true);
    const v = await postVisit(visitJson(31, { disposition: 'Promise to Pay', ptp_date: '2099-01-31', ptp_amount: 1234.57 }));
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json().data).toMatchObject({ ptp_amount: 1234.57, ptp_amount_minor: 123_457, amount_collected: null, amount_collected_minor: null });
    const receipts = (await t.app.inject({ url: '/api/fos/receipts', headers: fos })).json().data.receipts as { amount: number; amount_minor: number }[];
    expect(receipts.length).toBeGreaterThan(0);
    for (const r of receipts) expect(r.amount).toBe(r.amount_minor / 100);
    const recoveries = (await t.app.inject({ url: '/api/fos/online-recoveries', headers: fos })).json().data;
    expect(recoveries.total_amount).toBe(recoveries.total_amount_minor / 100);
    expect(recoveries.total_amount_minor).toBe(recoveries.recoveries.reduce((s: number, r: { amount_minor: number }) => s + r.amount_minor, 0));
  });

  it('refuses a receipt without an amount, with a fractional amount_minor, or with disagreeing amounts', async () => {
    expect((await postReceipt(receiptJson(2, { amount: undefined }))).json().message).toBe('amount or amount_minor is required');
    expect((await postReceipt(receiptJson(2, { amount: undefined, amount_minor: 10.5 }))).statusCode).toBe(400);
    const mismatch = await postReceipt(receiptJson(2, { amount: 10, amount_minor: 1001 }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('amount and amount_minor disagree');
  });
});

describe('documents', () => {
  const upload = (name: string, bytes: Buffer, key = randomUUID(), h = fos) => {
    const form = new FormData();
    form.append('loan_id', loanAt(0).loan_id);
    form.append('allocation_month', loanAt(0).allocation_month);
    form.append('document_type', 'kyc');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
    return t.app.inject({ method: 'POST', url: '/api/document/uploads', headers: { ...h, 'idempotency-key': key }, payload: form });
  };

  it('refuses blocked extensions and files over 10 MB with the spec 5 messages', async () => {
    const exe = await upload('id.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().message).toBe('.exe file type is not supported!');
    const big = await upload('id.pdf', Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size exceeds limit of 10MB');
    const under = await upload('statement.pdf', Buffer.concat([Buffer.from('%PDF-1.4'), Buffer.alloc(9 * 1024 * 1024 - 8)]));
    expect(under.statusCode, under.body).toBe(200);
    expect(under.json().data.file_size).toBe(9 * 1024 * 1024);
  });

  it('stores, lists and downloads a document of the loan', async () => {
    const bytes = Buffer.from('%PDF-1.4 test');
    const res = await upload('aadhaar.pdf', bytes);
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.app.inject({ url: `/api/document/uploads?loan_id=${loanAt(0).loan_id}`, headers: fos });
    expect(list.json().data.documents.map((d: { file_name: string }) => d.file_name)).toContain('aadhaar.pdf');
    const file = await t.app.inject({ url: res.json().data.url, headers: fos });
    expect(file.rawPayload.equals(bytes)).toBe(true);
    const otherCompany = await t.app.inject({ url: res.json().data.url, headers: fosId });
    expect(otherCompany.statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the outbox endpoints with the Idempotency-Key header', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of ['/api/fos/visits', '/api/fos/receipts', '/api/fos/deposits', '/api/document/uploads']) {
      const params = (doc.paths[p].post.parameters ?? []) as { in: string; name: string }[];
      expect(params.some((x) => x.in === 'header' && x.name === 'idempotency-key'), p).toBe(true);
    }
    expect(doc.paths['/api/fos/visits'].get.parameters.some((x: { name: string }) => x.name === 'loan_id')).toBe(true);
  });
});
