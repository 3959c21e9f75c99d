/**
 * The field API tests' shared setting (tests/api/field*.test.ts): an app on the demo field day
 * (fos@demo.in has 40 loans, fos@demo.id the trust's), the executive's allocation, and builders of
 * visits and receipts as the phone sends them.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AllocationResponse } from '../../src/domain/contracts/field/visits';
import { formatReceiptNumber } from '../../src/domain/field/receipt-number';
import { fosVisits } from '../../src/server/modules/field/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('a tiny photo body'), Buffer.from([0xff, 0xd9])]);

export interface FieldFixture {
  t: TestApp;
  /** fos@demo.in's headers (the lender), fos@demo.id's (the trust). */
  fos: Record<string, string>;
  fosId: Record<string, string>;
  fosUserId: string;
  allocation: AllocationResponse;
  loanAt(i: number): AllocationResponse['loans'][number];
  visitJson(i: number, over?: Record<string, unknown>): Record<string, unknown>;
  postVisit(visit: unknown, opts?: { key?: string | null; photos?: Buffer[]; h?: Record<string, string>; type?: string; name?: string }): Promise<LightMyRequestResponse>;
  postReceipt(body: Record<string, unknown>, key?: string): Promise<LightMyRequestResponse>;
  receiptJson(i: number, over?: Record<string, unknown>): Record<string, unknown> & { receipt_number: string };
  visitRows(key: string): Promise<number>;
}

/** A multipart visit form: `visit` JSON and photos. */
export function visitForm(visit: unknown, photos: Buffer[] = [JPEG], type = 'image/jpeg', name = 'photo.jpg'): FormData {
  const form = new FormData();
  form.append('visit', JSON.stringify(visit));
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p)], { type }), name);
  return form;
}

/** Builds the app, signs the executives in and reads the lender executive's allocation. */
export async function fieldFixture(): Promise<FieldFixture> {
  const t = await createTestApp();
  const login = await signIn(t.app, 'fos@demo.in');
  const fos = headers(login.token, LENDER);
  const fosId = headers((await signIn(t.app, 'fos@demo.id')).token, TRUST);
  const res = await t.app.inject({ url: '/api/fos/allocation', headers: fos });
  expect(res.statusCode, res.body).toBe(200);
  const allocation = res.json().data as AllocationResponse;
  let receiptSeq = 1;
  const loanAt = (i: number) => allocation.loans[i];
  return {
    t,
    fos,
    fosId,
    fosUserId: login.user.user_id,
    allocation,
    loanAt,
    visitJson: (i, over = {}) => {
      const loan = loanAt(i);
      return {
        loan_id: loan.loan_id,
        allocation_month: loan.allocation_month,
        latitude: loan.latitude,
        longitude: loan.longitude,
        accuracy_m: 12,
        checked_in_at: new Date().toISOString(),
        person_met: 'Borrower',
        disposition: 'Door Locked',
        remarks: 'Visited in the morning',
        ...over,
      };
    },
    postVisit: (visit, opts = {}) => {
      const key = opts.key === undefined ? randomUUID() : opts.key;
      return t.app.inject({
        method: 'POST',
        url: '/api/fos/visits',
        headers: { ...(opts.h ?? fos), ...(key ? { 'idempotency-key': key } : {}) },
        payload: visitForm(visit, opts.photos ?? [JPEG], opts.type, opts.name),
      });
    },
    postReceipt: (body, key = randomUUID()) => t.app.inject({ method: 'POST', url: '/api/fos/receipts', headers: { ...fos, 'idempotency-key': key }, payload: body }),
    receiptJson: (i, over = {}) => {
      const loan = loanAt(i);
      return {
        receipt_number: formatReceiptNumber(allocation.executive.executive_code, receiptSeq++),
        loan_id: loan.loan_id,
        allocation_month: loan.allocation_month,
        amount: 1250.5,
        payment_mode: 'cash',
        payer_name: 'Borrower',
        collected_at: new Date().toISOString(),
        ...over,
      };
    },
    visitRows: async (key) => {
      const [{ n }] = await t.database.db.select({ n: count() }).from(fosVisits).where(eq(fosVisits.idempotencyKey, key));
      return n;
    },
  };
}
