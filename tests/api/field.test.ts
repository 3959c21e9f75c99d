/**
 * Field API (issue 4), the executive's day: the allocation, visits with photos and flags, tenancy
 * and permissions, and idempotent writes (replay, mismatch, concurrency, missing key) — over the
 * demo field day (fos@demo.in has 40 loans). Receipts, deposits and documents: field-money.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AllocationResponse, VisitRecord } from '../../src/domain/contracts/field/visits';
import { IDEMPOTENCY_MESSAGES } from '../../src/domain/contracts/idempotency';
import { idempotencyKeys } from '../../src/server/http/idempotency-schema';
import { requestHash, STALE_AFTER_MS } from '../../src/server/http/idempotency';
import { loanAllocations } from '../../src/server/modules/allocation/schema';
import { fosVisits } from '../../src/server/modules/field/schema';
import { loans } from '../../src/server/modules/portfolio/schema';
import { profiles } from '../../src/server/modules/users/schema';
import { headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { fieldFixture, JPEG, type FieldFixture } from './field-fixture';

let f: FieldFixture;
let t: TestApp;
let fos: Record<string, string>;
let fosId: Record<string, string>;
let fosUserId: string;
let allocation: AllocationResponse;
let loanAt: FieldFixture['loanAt'];
let visitJson: FieldFixture['visitJson'];
let postVisit: FieldFixture['postVisit'];
let visitRows: FieldFixture['visitRows'];

beforeAll(async () => {
  f = await fieldFixture();
  ({ t, fos, fosId, fosUserId, allocation, loanAt, visitJson, postVisit, visitRows } = f);
});
afterAll(async () => t?.close());

describe('allocation', () => {
  it("answers only the caller's 40 loans, geocoded from Indian pincodes, in clear for the demo Field Executive", async () => {
    expect(allocation.loans).toHaveLength(40);
    expect(allocation.currency).toBe('INR');
    expect(allocation.executive.executive_code).toMatch(/^[A-Z0-9]+$/);
    const mine = await t.database.db.select({ loanId: loanAllocations.loanId }).from(loanAllocations).where(and(eq(loanAllocations.companyId, LENDER), eq(loanAllocations.userId, fosUserId)));
    expect(new Set(allocation.loans.map((l) => l.loan_id))).toEqual(new Set(mine.map((m) => m.loanId)));
    for (const loan of allocation.loans) {
      expect(loan.latitude, loan.pincode ?? '').not.toBeNull();
      expect(loan.longitude).not.toBeNull();
      expect(loan.priority).toBeGreaterThanOrEqual(1);
      expect(loan.priority).toBeLessThanOrEqual(5);
    }
    // Sorted by priority, the seeded visits show as last dispositions.
    expect(allocation.loans.map((l) => l.priority)).toEqual([...allocation.loans.map((l) => l.priority)].sort((a, b) => a - b));
    expect(allocation.loans.some((l) => l.last_disposition !== null)).toBe(true);
    const [clear] = await t.database.db.select({ name: loans.applicantName }).from(loans).where(and(eq(loans.companyId, LENDER), eq(loans.loanId, loanAt(0).loan_id)));
    // The demo Field Executive profile reads unmasked data, so the executive can call and find the borrower.
    expect(loanAt(0).applicant_name).toBe(clear.name);
  });

  it('masks names and mobiles for an executive whose profile lacks access_unmasked_data', async () => {
    const [fe] = await t.database.db.select().from(profiles).where(and(eq(profiles.companyId, LENDER), eq(profiles.profileName, 'Field Executive')));
    const without = structuredClone(fe.permissions);
    delete without['Core Collection Modules']?.access_unmasked_data;
    await t.database.db.update(profiles).set({ permissions: without }).where(eq(profiles.profileId, fe.profileId));
    try {
      const res = await t.app.inject({ url: '/api/fos/allocation', headers: fos });
      expect(res.statusCode, res.body).toBe(200);
      const first = (res.json().data as AllocationResponse).loans.find((l) => l.loan_id === loanAt(0).loan_id)!;
      expect(first.applicant_name).not.toBe(loanAt(0).applicant_name);
      expect(first.applicant_name).toContain('*');
      if (loanAt(0).applicant_contact_number) expect(first.applicant_contact_number).toMatch(/^\d{2}X+\d{2}$/);
      expect(res.body).not.toContain(String(loanAt(0).applicant_name));
    } finally {
      await t.database.db.update(profiles).set({ permissions: fe.permissions }).where(eq(profiles.profileId, fe.profileId));
    }
  });

  it('gives the Indonesian executive 20 loans of the trust', async () => {
    const res = await t.app.inject({ url: '/api/fos/allocation', headers: fosId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.loans).toHaveLength(20);
    expect(res.json().data.currency).toBe('IDR');
    // idn-area-data gives island coordinates per regency: the seed picks loans in regencies that have them.
    expect(res.json().data.loans.filter((l: { latitude: number | null }) => l.latitude !== null).length).toBe(20);
  });
});

describe('visits', () => {
  it('stores a visit at the address with its photo (downloadable), no flags, and shows it on the timeline', async () => {
    const res = await postVisit(visitJson(10));
    expect(res.statusCode, res.body).toBe(200);
    const visit = res.json().data as VisitRecord;
    expect(visit).toMatchObject({ flags: [], verification_status: 'not_required', distance_m: 0, disposition: 'Door Locked' });
    expect(visit.photo_urls).toHaveLength(1);
    const photo = await t.app.inject({ url: visit.photo_urls[0], headers: fos });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.equals(JPEG)).toBe(true);

    const list = await t.app.inject({ url: `/api/fos/visits?loan_id=${loanAt(10).loan_id}`, headers: fos });
    expect(list.json().data.visits.map((v: VisitRecord) => v.visit_id)).toContain(visit.visit_id);

    const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loanAt(10).loan_id}`, headers: admin });
    expect(activity.statusCode, activity.body).toBe(200);
    expect(activity.json().data.events[0]).toMatchObject({ kind: 'visit', module: 'fos', remark: 'Door Locked: Visited in the morning' });
    // Another company's user cannot read the photo.
    const other = await t.app.inject({ url: `${visit.photo_urls[0]}?company_id=${TRUST}`, headers: fosId });
    expect(other.statusCode).toBe(404);
  });

  it('flags a far, photo-less visit with poor accuracy for verification', async () => {
    const loan = loanAt(11);
    const res = await postVisit(visitJson(11, { latitude: loan.latitude! + 0.2, longitude: loan.longitude, accuracy_m: 500 }), { photos: [] });
    expect(res.statusCode, res.body).toBe(200);
    const visit = res.json().data as VisitRecord;
    expect([...visit.flags].sort()).toEqual(['no_photo', 'poor_accuracy', 'too_far']);
    expect(visit.verification_status).toBe('pending');
    expect(visit.distance_m).toBeGreaterThan(20_000);
  });

  it('requires the fields of the disposition and counts a Promise to Pay on the profile', async () => {
    const missing = await postVisit(visitJson(12, { disposition: 'Promise to Pay' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('ptp_date is required for Promise to Pay');
    const paid = await postVisit(visitJson(12, { disposition: 'Paid' }));
    expect(paid.json().message).toBe('amount_collected is required for Paid');
    const ok = await postVisit(visitJson(12, { disposition: 'Promise to Pay', ptp_date: '2030-01-05', ptp_amount: 4500 }));
    expect(ok.statusCode, ok.body).toBe(200);
    const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
    const calls = await t.app.inject({ url: `/api/recovery/loan/call-details/${loanAt(12).loan_id}`, headers: admin });
    expect(calls.json().data.last_ptp).toEqual({ ptp_date: '2030-01-05', ptp_amount: 4500, ptp_amount_minor: 450_000 });
  });

  it('refuses markup in remarks, non-images and blocked extensions', async () => {
    const markup = await postVisit(visitJson(13, { remarks: 'paid <script>x</script>' }));
    expect(markup.statusCode).toBe(400);
    expect(markup.json().message).toBe('Remark must not contain markup tags');
    const exe = await postVisit(visitJson(13), { name: 'photo.exe' });
    expect(exe.json().message).toBe('.exe file type is not supported!');
    const pdf = await postVisit(visitJson(13), { type: 'application/pdf', name: 'scan.pdf' });
    expect(pdf.statusCode).toBe(400);
    const many = await postVisit(visitJson(13), { photos: [JPEG, JPEG, JPEG, JPEG, JPEG, JPEG] });
    expect(many.json().message).toBe('You can only select up to 5 files.');
    const big = await postVisit(visitJson(13), { photos: [Buffer.alloc(5 * 1024 * 1024 + 1)] });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('File size exceeds limit of 5MB');
  });

  it('refuses a loan not allocated to the caller, and another company', async () => {
    // A lender loan of the executive's month that is not in their allocation.
    const mine = allocation.loans.map((l) => l.loan_id);
    const [notMine] = await t.database.db
      .select({ loanId: loans.loanId, month: loans.allocationMonth })
      .from(loans)
      .where(and(eq(loans.companyId, LENDER), eq(loans.allocationMonth, loanAt(0).allocation_month), notInArray(loans.loanId, mine)))
      .orderBy(loans.loanId)
      .limit(1);
    expect(notMine).toBeDefined();
    const res = await postVisit(visitJson(0, { loan_id: notMine.loanId, allocation_month: notMine.month }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This loan is not allocated to you for that month');
    // demo-trust-id's executive: not assigned to the lender, and the lender's loan is not in the trust.
    const cross = await postVisit(visitJson(0), { h: { ...fosId, 'x-company-id': LENDER } });
    expect(cross.statusCode).toBe(403);
    // With its own company the lender's loan is unknown (404), or a trust loan of the same id not allocated to them (403).
    const inTrust = await postVisit(visitJson(0), { h: fosId });
    expect([403, 404]).toContain(inTrust.statusCode);
    const [{ n }] = await t.database.db.select({ n: count() }).from(fosVisits).where(and(eq(fosVisits.loanId, loanAt(0).loan_id), eq(fosVisits.companyId, TRUST)));
    expect(n).toBe(0);
  });

  it("lets a manager with visit_verification read an executive's visits, not the executive another's", async () => {
    const manager = headers((await signIn(t.app, 'area.manager@demo.in')).token, LENDER);
    const res = await t.app.inject({ url: `/api/fos/visits?user_id=${fosUserId}`, headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.visits.length).toBeGreaterThan(0);
    const own = await t.app.inject({ url: `/api/fos/visits?user_id=${encodeURIComponent('someone-else')}`, headers: fos });
    expect(own.statusCode).toBe(403);
  });

  it('is refused to a telecaller (no fos permission)', async () => {
    const tele = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
    const res = await postVisit(visitJson(0), { h: tele });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('fos');
  });
});

describe('idempotency', () => {
  it('requires the key', async () => {
    const res = await postVisit(visitJson(14), { key: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IDEMPOTENCY_MESSAGES.missing);
  });

  it('replays the first response for the same key and body, with one row', async () => {
    const key = randomUUID();
    const body = visitJson(14);
    const first = await postVisit(body, { key });
    const second = await postVisit(body, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await visitRows(key)).toBe(1);
  });

  it('refuses the same key with another body (422) and releases a key whose request failed', async () => {
    const key = randomUUID();
    expect((await postVisit(visitJson(15), { key })).statusCode).toBe(200);
    const other = await postVisit(visitJson(15, { remarks: 'something else' }), { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(IDEMPOTENCY_MESSAGES.mismatch);

    const retryKey = randomUUID();
    expect((await postVisit(visitJson(16, { disposition: 'Paid' }), { key: retryKey })).statusCode).toBe(400);
    const corrected = await postVisit(visitJson(16, { disposition: 'Paid', amount_collected: 500 }), { key: retryKey });
    expect(corrected.statusCode, corrected.body).toBe(200);
  });

  it('answers 409 while the first request runs, and takes over a stale claim', async () => {
    const body = visitJson(18);
    const hash = requestHash(body, [JPEG]);
    const claim = { companyId: LENDER, userId: fosUserId, route: 'POST /api/fos/visits', requestHash: hash, status: 'in_progress' as const };
    const running = randomUUID();
    await t.database.db.insert(idempotencyKeys).values({ ...claim, key: running, createdAt: new Date() });
    const busy = await postVisit(body, { key: running });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    const crashed = randomUUID();
    await t.database.db.insert(idempotencyKeys).values({ ...claim, key: crashed, createdAt: new Date(Date.now() - STALE_AFTER_MS - 1000) });
    const taken = await postVisit(body, { key: crashed });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await visitRows(crashed)).toBe(1);
  });

  it('makes one row from concurrent duplicates', async () => {
    const key = randomUUID();
    const body = visitJson(17);
    const results = await Promise.all([postVisit(body, { key }), postVisit(body, { key }), postVisit(body, { key })]);
    const codes = results.map((r) => r.statusCode);
    expect(codes).toContain(200);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(IDEMPOTENCY_MESSAGES.inProgress);
    expect(await visitRows(key)).toBe(1);
  });
});
