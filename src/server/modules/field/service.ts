/**
 * Field app use cases (issue 4; spec 7 fos service): the executive's allocation, visits, receipts,
 * deposits and online recoveries. Writes run inside the idempotent transaction of
 * http/idempotency.ts (they receive `tx`) and store the Idempotency-Key on their row.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  AllocatedLoan,
  AllocationResponse,
  DepositBody,
  ReceiptBody,
  ReceiptRecord,
  VisitBody,
  VisitRecord,
  depositRecord,
  depositsResponse,
  onlineRecoveriesResponse,
} from '../../../domain/contracts/field';
import { NO_LOAN_DETAILS_MESSAGE } from '../../../domain/contracts/portfolio';
import { formatMoney } from '../../../domain/common/money';
import { DEPOSITABLE_MODES, requiredFields } from '../../../domain/field/dispositions';
import { visitFlags } from '../../../domain/field/geo';
import { ptpAboveDues } from '../../../domain/field/verification';
import { visitPriority } from '../../../domain/field/priority';
import { parseReceiptNumber } from '../../../domain/field/receipt-number';
import { containsMarkup } from '../../../domain/validation/rules';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/events';
import type { FileStorage } from '../../storage/files';
import { loanAllocations } from '../allocation/schema';
import { companyCountry } from '../companies/service';
import { loanPayments } from '../payments/schema';
import { canReadUnmasked } from '../portfolio/loan-masking';
import { REMARK_MARKUP_MESSAGE } from '../portfolio/profiles';
import { loanEvents, loans } from '../portfolio/schema';
import type { PortfolioView } from '../portfolio/service';
import { portfolioView, toLoanRecord } from '../portfolio/service';
import { users } from '../users/schema';
import type { UserRow } from '../users/schema';
import { reportsToScope, scopedUsers } from '../users/service';
import type { PermissionsMap } from '../../../domain/users/permissions';
import { areaLocation } from './geocode';
import { fosDeposits, fosReceipts, fosVisits } from './schema';
import type { FosDepositRow, FosReceiptRow, FosVisitRow } from './schema';
import { recordPings } from './tracking';
import type { FormFile } from './uploads';
import { imageExtension } from './uploads';

export const NOT_ALLOCATED_MESSAGE = 'This loan is not allocated to you for that month';
/** Online payments are attributed to a visit at most this many days before them. */
export const ATTRIBUTION_WINDOW_DAYS = 30;

/** The caller of a field route. */
export interface FieldCaller {
  companyId: string;
  user: UserRow;
  permissions: PermissionsMap;
  /** The caller's role in the company (reports-to scope of team screens); null without one. */
  roleId?: string | null;
}

/**
 * The executive code receipt numbers start with: the user's client_employee_id in upper-case
 * letters and digits, else 'FE' + the first 6 characters of the user id (hex, upper-cased).
 */
export function executiveCode(user: Pick<UserRow, 'userId' | 'clientEmployeeId'>): string {
  const fromEmployee = (user.clientEmployeeId ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return fromEmployee || `FE${user.userId.replace(/[^A-Za-z0-9]/g, '').slice(0, 6).toUpperCase()}`;
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

// ---------------------------------------------------------------- allocation

/**
 * GET /api/fos/allocation: the caller's loans of the latest month that has allocations for them,
 * masked for the caller, with area coordinates, priority and the last visit. Highest priority first.
 */
export async function myAllocation(db: Db, caller: FieldCaller, now = new Date()): Promise<AllocationResponse> {
  const { companyId, user } = caller;
  const { country, currency } = await companyCountry(db, companyId);
  const executive = { user_id: user.userId, name: user.name, executive_code: executiveCode(user) };
  const [latest] = await db
    .select({ month: sql<string | null>`max(${loanAllocations.allocationMonth})` })
    .from(loanAllocations)
    .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.userId, user.userId), eq(loanAllocations.agentType, 'fos')));
  if (!latest?.month) return { executive, currency, loans: [], synced_at: now.toISOString() };
  const month = latest.month;
  const rows = await db
    .select({ loan: loans })
    .from(loanAllocations)
    .innerJoin(loans, and(eq(loans.companyId, loanAllocations.companyId), eq(loans.allocationMonth, loanAllocations.allocationMonth), eq(loans.loanId, loanAllocations.loanId)))
    .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.userId, user.userId), eq(loanAllocations.agentType, 'fos'), eq(loanAllocations.allocationMonth, month)));
  const loanIds = rows.map((r) => r.loan.loanId);
  const lastVisits = new Map<string, FosVisitRow>();
  if (loanIds.length > 0) {
    const visits = await db
      .selectDistinctOn([fosVisits.loanId])
      .from(fosVisits)
      .where(and(eq(fosVisits.companyId, companyId), inArray(fosVisits.loanId, loanIds)))
      .orderBy(fosVisits.loanId, desc(fosVisits.checkedInAt));
    for (const v of visits) lastVisits.set(v.loanId, v);
  }
  const view = await portfolioView(db, companyId, canReadUnmasked(caller.permissions));
  const out: AllocatedLoan[] = rows.map(({ loan }) => {
    const record = view.masker.record(toLoanRecord(loan, null));
    const point = areaLocation(country, { pincode: loan.pincode, city: loan.city });
    const address = ['address_line_1', 'address_line_2', 'address_line_3'].map((k) => text(record[k])).filter((l): l is string => l !== null).join(', ');
    const visit = lastVisits.get(loan.loanId);
    return {
      loan_id: loan.loanId,
      allocation_month: loan.allocationMonth,
      applicant_name: text(record.applicant_name),
      applicant_contact_number: text(record.applicant_contact_number),
      address: address || null,
      city: text(record.city),
      state: text(record.state),
      pincode: text(record.pincode),
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
      total_dues: loan.totalClaimAmount,
      expected_emi: loan.expectedEmi,
      dpd: loan.dpd,
      bucket: loan.allocationDpdValue,
      priority: visitPriority(loan.dpd, { total: loan.totalClaimAmount, emi: loan.expectedEmi }),
      last_disposition: visit?.disposition ?? null,
      last_visit_at: iso(visit?.checkedInAt ?? null),
      next_visit_date: visit?.nextVisitDate ?? null,
    };
  });
  out.sort((a, b) => a.priority - b.priority || (b.dpd ?? 0) - (a.dpd ?? 0) || a.loan_id.localeCompare(b.loan_id));
  return { executive, currency, loans: out, synced_at: now.toISOString() };
}

/**
 * The loan row of `loanId` in `month` when it is allocated to the caller as field executive.
 * @throws 404 'No loan details found' when the company has no such loan; 403 NOT_ALLOCATED_MESSAGE
 */
async function allocatedLoanRow(db: DbOrTx, caller: FieldCaller, loanId: string, month: string) {
  const [row] = await db
    .select({ loan: loans, allocatedTo: loanAllocations.userId })
    .from(loans)
    .leftJoin(
      loanAllocations,
      and(eq(loanAllocations.companyId, loans.companyId), eq(loanAllocations.allocationMonth, loans.allocationMonth), eq(loanAllocations.loanId, loans.loanId), eq(loanAllocations.agentType, 'fos')),
    )
    .where(and(eq(loans.companyId, caller.companyId), eq(loans.loanId, loanId), eq(loans.allocationMonth, month)));
  if (!row) throw notFound(NO_LOAN_DETAILS_MESSAGE);
  if (row.allocatedTo !== caller.user.userId) throw forbidden(NOT_ALLOCATED_MESSAGE);
  return row.loan;
}

// ---------------------------------------------------------------- visits

const photoUrl = (visitId: string, n: number) => `/api/fos/visits/${visitId}/photos/${n}`;

/** A visit row as the wire sends it (contract visitRecord), with the executive's and reviewer's names. */
export function toVisitRecord(v: FosVisitRow, executiveName: string | null, verifierName: string | null = null): VisitRecord {
  return {
    visit_id: v.visitId,
    user_id: v.userId,
    executive_name: executiveName,
    loan_id: v.loanId,
    allocation_month: v.allocationMonth,
    latitude: v.latitude,
    longitude: v.longitude,
    accuracy_m: v.accuracyM,
    checked_in_at: v.checkedInAt.toISOString(),
    person_met: v.personMet as VisitRecord['person_met'],
    disposition: v.disposition as VisitRecord['disposition'],
    amount_collected: v.amountCollected,
    ptp_date: v.ptpDate,
    ptp_amount: v.ptpAmount,
    callback_at: iso(v.callbackAt),
    dispute_reason: v.disputeReason,
    new_address: v.newAddress,
    remarks: v.remarks,
    next_visit_date: v.nextVisitDate,
    receipt_number: v.receiptNumber,
    photo_urls: v.photoKeys.map((_k, i) => photoUrl(v.visitId, i + 1)),
    distance_m: v.distanceM,
    flags: v.flags,
    verification_status: v.verificationStatus,
    verified_by: v.verifiedBy,
    verified_by_name: verifierName,
    verified_at: iso(v.verifiedAt),
    verification_reason: v.verificationReason,
    created_at: v.createdAt.toISOString(),
  };
}

/**
 * Checks a visit's text and disposition fields (spec 5 markup; requiredFields per disposition).
 * @throws 400 REMARK_MARKUP_MESSAGE or '<field> is required for <disposition>'
 */
export function checkVisitBody(body: VisitBody): void {
  for (const value of [body.remarks, body.dispute_reason, body.new_address]) if (value && containsMarkup(value)) throw badRequest(REMARK_MARKUP_MESSAGE);
  for (const field of requiredFields(body.disposition)) {
    const value = body[field];
    if (value === null || value === undefined || value === '') throw badRequest(`${field} is required for ${body.disposition}`);
  }
}

/**
 * POST /api/fos/visits (inside the idempotent transaction): stores the photos under
 * field/<company>/visits/<visit>/, the visit with its distance and flags, and the loan timeline's
 * 'visit' event (plus a 'ptp' event for Promise to Pay), and the check-in position as a ping
 * (source 'check_in'; run ensurePingPartitions for its day before the transaction). A PTP above
 * the loan's total claim amount is flagged 'ptp_above_dues' (issue 5).
 * @throws 400 body rules, 403/404 allocation; stored photos are deleted when the write fails
 */
export async function recordVisit(
  tx: DbOrTx,
  files: FileStorage,
  events: Pick<EventBus, 'publish'>,
  caller: FieldCaller,
  key: string,
  body: VisitBody,
  photos: readonly FormFile[],
): Promise<VisitRecord> {
  checkVisitBody(body);
  const loan = await allocatedLoanRow(tx, caller, body.loan_id, body.allocation_month);
  const { country } = await companyCountry(tx, caller.companyId);
  const { flags, distance_m } = visitFlags({ ...body, photo_count: photos.length }, areaLocation(country, { pincode: loan.pincode, city: loan.city }));
  if (body.disposition === 'Promise to Pay' && ptpAboveDues(body.ptp_amount, loan.totalClaimAmount)) flags.push('ptp_above_dues');
  const visitId = randomUUID();
  const photoKeys: string[] = [];
  try {
    for (const [i, photo] of photos.entries()) {
      const stored = await files.put(`field/${caller.companyId}/visits/${visitId}/${i + 1}.${imageExtension(photo.mimetype)}`, photo.data);
      photoKeys.push(stored.key);
    }
    const [row] = await tx
      .insert(fosVisits)
      .values({
        visitId,
        companyId: caller.companyId,
        idempotencyKey: key,
        userId: caller.user.userId,
        loanId: body.loan_id,
        allocationMonth: body.allocation_month,
        latitude: body.latitude,
        longitude: body.longitude,
        accuracyM: body.accuracy_m,
        checkedInAt: new Date(body.checked_in_at),
        personMet: body.person_met,
        disposition: body.disposition,
        amountCollected: body.amount_collected,
        ptpDate: body.ptp_date,
        ptpAmount: body.ptp_amount,
        callbackAt: body.callback_at ? new Date(body.callback_at) : null,
        disputeReason: body.dispute_reason,
        newAddress: body.new_address,
        remarks: body.remarks,
        nextVisitDate: body.next_visit_date,
        receiptNumber: body.receipt_number,
        photoKeys,
        distanceM: distance_m,
        flags,
        verificationStatus: flags.length > 0 ? 'pending' : 'not_required',
      })
      .returning();
    const event = { companyId: caller.companyId, loanId: body.loan_id, allocationMonth: body.allocation_month, module: 'fos', authorId: caller.user.userId, createdAt: row.checkedInAt };
    const timeline: (typeof loanEvents.$inferInsert)[] = [
      {
        ...event,
        kind: 'visit',
        remark: body.remarks ? `${body.disposition}: ${body.remarks}` : body.disposition,
        details: { visit_id: visitId, disposition: body.disposition, person_met: body.person_met, distance_m, flags },
      },
    ];
    if (body.disposition === 'Promise to Pay') {
      timeline.push({ ...event, kind: 'ptp', remark: body.remarks || null, details: { ptp_date: body.ptp_date, ptp_amount: body.ptp_amount, broken: false, visit_id: visitId } });
    }
    await tx.insert(loanEvents).values(timeline);
    // The check-in is a position of the executive too (trail, last position, live map).
    if (body.latitude !== null && body.longitude !== null) {
      const ping = { latitude: body.latitude, longitude: body.longitude, accuracy_m: body.accuracy_m, recorded_at: body.checked_in_at, battery: null, source: 'check_in' as const };
      await recordPings(tx, events, { companyId: caller.companyId, userId: caller.user.userId, name: caller.user.name }, [ping]);
    }
    return toVisitRecord(row, caller.user.name);
  } catch (err) {
    await Promise.all(photoKeys.map((k) => files.delete(k)));
    throw err;
  }
}

/**
 * GET /api/fos/visits: visits newest first, of the caller, or of `user_id` for callers with
 * fos › visit_verification read whose reports-to scope includes that user; optionally of one loan
 * and one day (UTC date of check-in). Each carries its verification outcome (status, reviewer,
 * time, reason), so the executive sees a manager's decision.
 * @throws 403 when another user's visits are asked without visit_verification read, or of a user
 *   outside the caller's scope
 */
export async function listVisits(db: Db, caller: FieldCaller, query: { loan_id?: string; user_id?: string; date?: string }, canVerify: boolean): Promise<VisitRecord[]> {
  const userId = query.user_id ?? caller.user.userId;
  if (userId !== caller.user.userId) {
    if (!canVerify) throw forbidden('Permission not found: fos › visit_verification › read');
    const scope = await reportsToScope(db, caller.companyId, caller.user, caller.roleId ?? null);
    const [visible] = await scopedUsers(db, caller.companyId, scope, { userId, includeInactive: true });
    if (!visible) throw forbidden('This user does not report to you');
  }
  const dayStart = query.date ? new Date(`${query.date}T00:00:00Z`) : null;
  const verifier = alias(users, 'verifier');
  const rows = await db
    .select({ visit: fosVisits, name: users.name, verifierName: verifier.name })
    .from(fosVisits)
    .leftJoin(users, eq(users.userId, fosVisits.userId))
    .leftJoin(verifier, eq(verifier.userId, fosVisits.verifiedBy))
    .where(
      and(
        eq(fosVisits.companyId, caller.companyId),
        eq(fosVisits.userId, userId),
        query.loan_id ? eq(fosVisits.loanId, query.loan_id) : undefined,
        dayStart ? gte(fosVisits.checkedInAt, dayStart) : undefined,
        dayStart ? lte(fosVisits.checkedInAt, new Date(dayStart.getTime() + 86_399_999)) : undefined,
      ),
    )
    .orderBy(desc(fosVisits.checkedInAt))
    .limit(500);
  return rows.map((r) => toVisitRecord(r.visit, r.name, r.verifierName));
}

/**
 * The storage key of photo `n` (1-based) of a visit in the caller's company: the caller's own
 * visit, or a visit of an executive in the caller's reports-to scope for callers with
 * visit_verification read.
 * @throws 404 'Photo not found'
 */
export async function visitPhotoKey(db: Db, caller: FieldCaller, visitId: string, n: number, canVerify: boolean): Promise<string> {
  const [row] = await db.select({ userId: fosVisits.userId, keys: fosVisits.photoKeys }).from(fosVisits).where(and(eq(fosVisits.companyId, caller.companyId), eq(fosVisits.visitId, visitId)));
  let allowed = row?.userId === caller.user.userId;
  if (row && !allowed && canVerify) {
    // A reviewer sees the photos of the executives in their reports-to scope (issue 5).
    const scope = await reportsToScope(db, caller.companyId, caller.user, caller.roleId ?? null);
    allowed = (await scopedUsers(db, caller.companyId, scope, { userId: row.userId, includeInactive: true })).length > 0;
  }
  const key = row && allowed ? row.keys[n - 1] : undefined;
  if (!key) throw notFound('Photo not found');
  return key;
}

// ---------------------------------------------------------------- receipts

function toReceiptRecord(r: FosReceiptRow): ReceiptRecord {
  return {
    receipt_id: r.receiptId,
    user_id: r.userId,
    receipt_number: r.receiptNumber,
    loan_id: r.loanId,
    allocation_month: r.allocationMonth,
    amount: r.amount,
    payment_mode: r.paymentMode as ReceiptRecord['payment_mode'],
    instrument_number: r.instrumentNumber,
    bank_name: r.bankName,
    payer_name: r.payerName,
    collected_at: r.collectedAt.toISOString(),
    latitude: r.latitude,
    longitude: r.longitude,
    deposit_id: r.depositId,
    created_at: r.createdAt.toISOString(),
  };
}

export const receiptExistsMessage = (n: string) => `Receipt number ${n} already exists`;

/**
 * POST /api/fos/receipts (inside the idempotent transaction): the receipt, and a 'payment' event
 * on the loan's timeline.
 * @throws 400 number not starting with the caller's executive code or markup; 403/404 allocation;
 *   422 receiptExistsMessage when the number is taken (by another key): final, so the phone's outbox shows it instead of retrying (409 means 'still running' to it)
 */
export async function recordReceipt(tx: DbOrTx, caller: FieldCaller, key: string, body: ReceiptBody): Promise<ReceiptRecord> {
  const code = executiveCode(caller.user);
  if (parseReceiptNumber(body.receipt_number)?.executiveCode !== code) throw badRequest(`receipt_number must start with your executive code ${code}-`);
  for (const value of [body.payer_name, body.bank_name, body.instrument_number]) if (value && containsMarkup(value)) throw badRequest('Text must not contain markup tags');
  await allocatedLoanRow(tx, caller, body.loan_id, body.allocation_month);
  const [taken] = await tx.select({ id: fosReceipts.receiptId }).from(fosReceipts).where(and(eq(fosReceipts.companyId, caller.companyId), eq(fosReceipts.receiptNumber, body.receipt_number)));
  if (taken) throw new AppError(422, receiptExistsMessage(body.receipt_number));
  const [row] = await tx
    .insert(fosReceipts)
    .values({
      companyId: caller.companyId,
      idempotencyKey: key,
      userId: caller.user.userId,
      receiptNumber: body.receipt_number,
      loanId: body.loan_id,
      allocationMonth: body.allocation_month,
      amount: body.amount,
      paymentMode: body.payment_mode,
      instrumentNumber: body.instrument_number,
      bankName: body.bank_name,
      payerName: body.payer_name,
      collectedAt: new Date(body.collected_at),
      latitude: body.latitude,
      longitude: body.longitude,
    })
    .returning();
  await tx.insert(loanEvents).values({
    companyId: caller.companyId,
    loanId: body.loan_id,
    allocationMonth: body.allocation_month,
    kind: 'payment',
    module: 'fos',
    remark: `Receipt ${body.receipt_number}: ${body.amount} by ${body.payment_mode}`,
    details: { receipt_number: body.receipt_number, amount: body.amount, payment_mode: body.payment_mode },
    authorId: caller.user.userId,
    createdAt: row.collectedAt,
  });
  return toReceiptRecord(row);
}

/** GET /api/fos/receipts: the caller's receipts, newest first, optionally of one loan. */
export async function listReceipts(db: Db, caller: FieldCaller, loanId?: string): Promise<ReceiptRecord[]> {
  const rows = await db
    .select()
    .from(fosReceipts)
    .where(and(eq(fosReceipts.companyId, caller.companyId), eq(fosReceipts.userId, caller.user.userId), loanId ? eq(fosReceipts.loanId, loanId) : undefined))
    .orderBy(desc(fosReceipts.collectedAt))
    .limit(1000);
  return rows.map(toReceiptRecord);
}

// ---------------------------------------------------------------- deposits

type DepositRecord = z.infer<typeof depositRecord>;
const slipUrl = (depositId: string) => `/api/fos/deposits/${depositId}/slip`;

function toDepositRecord(d: FosDepositRow, receiptNumbers: string[]): DepositRecord {
  return {
    deposit_id: d.depositId,
    user_id: d.userId,
    receipt_numbers: receiptNumbers,
    bank_name: d.bankName,
    branch: d.branch,
    deposit_reference: d.depositReference,
    deposited_at: d.depositedAt.toISOString(),
    amount: d.amount,
    slip_url: d.slipKey ? slipUrl(d.depositId) : null,
    created_at: d.createdAt.toISOString(),
  };
}

/** Paise / sen: compares amounts without float error. */
const cents = (n: number) => Math.round(n * 100);

/**
 * GET /api/fos/deposits: the caller's undeposited cash / cheque / DD receipts with their age in
 * hours (one decimal), their total, and the caller's past deposits (newest first).
 */
export async function depositsOverview(db: Db, caller: FieldCaller, now = new Date()): Promise<z.infer<typeof depositsResponse>> {
  const mine = and(eq(fosReceipts.companyId, caller.companyId), eq(fosReceipts.userId, caller.user.userId));
  const [open, deposits] = await Promise.all([
    db
      .select()
      .from(fosReceipts)
      .where(and(mine, isNull(fosReceipts.depositId), inArray(fosReceipts.paymentMode, [...DEPOSITABLE_MODES])))
      .orderBy(fosReceipts.collectedAt),
    db.select().from(fosDeposits).where(and(eq(fosDeposits.companyId, caller.companyId), eq(fosDeposits.userId, caller.user.userId))).orderBy(desc(fosDeposits.depositedAt)).limit(200),
  ]);
  const numbers = new Map<string, string[]>();
  if (deposits.length > 0) {
    const linked = await db
      .select({ depositId: fosReceipts.depositId, n: fosReceipts.receiptNumber })
      .from(fosReceipts)
      .where(and(mine, inArray(fosReceipts.depositId, deposits.map((d) => d.depositId))))
      .orderBy(fosReceipts.receiptNumber);
    for (const l of linked) numbers.set(l.depositId!, [...(numbers.get(l.depositId!) ?? []), l.n]);
  }
  const undeposited = open.map((r) => ({ ...toReceiptRecord(r), age_hours: Math.round((now.getTime() - r.collectedAt.getTime()) / 360_000) / 10 }));
  return {
    undeposited,
    undeposited_total: cents(undeposited.reduce((s, r) => s + r.amount, 0)) / 100,
    deposits: deposits.map((d) => toDepositRecord(d, numbers.get(d.depositId) ?? [])),
  };
}

/**
 * POST /api/fos/deposits (inside the idempotent transaction): links the receipts to a new deposit
 * and stores the slip photo under field/<company>/deposits/<deposit>/.
 * @throws 400 when a receipt is not the caller's, already deposited or not cash/cheque/DD, or when
 *   the amount differs from the receipts' total (both amounts named)
 */
export async function recordDeposit(tx: DbOrTx, files: FileStorage, caller: FieldCaller, key: string, body: DepositBody, slip: FormFile | null, currency: 'INR' | 'IDR'): Promise<DepositRecord> {
  const wanted = [...new Set(body.receipt_numbers)];
  const rows = await tx
    .select()
    .from(fosReceipts)
    .where(and(eq(fosReceipts.companyId, caller.companyId), eq(fosReceipts.userId, caller.user.userId), inArray(fosReceipts.receiptNumber, wanted)));
  const found = new Map(rows.map((r) => [r.receiptNumber, r]));
  for (const n of wanted) {
    const r = found.get(n);
    if (!r) throw badRequest(`Receipt ${n} is not one of your receipts`);
    if (r.depositId) throw badRequest(`Receipt ${n} is already deposited`);
    if (!DEPOSITABLE_MODES.includes(r.paymentMode as (typeof DEPOSITABLE_MODES)[number])) throw badRequest(`Receipt ${n} was paid by ${r.paymentMode} and is not deposited at a bank`);
  }
  const total = rows.reduce((s, r) => s + cents(r.amount), 0);
  if (cents(body.amount) !== total) {
    throw badRequest(`Deposit amount ${formatMoney(body.amount, currency)} does not match the receipts' total ${formatMoney(total / 100, currency)}`);
  }
  const depositId = randomUUID();
  let slipKey: string | null = null;
  try {
    if (slip) {
      slipKey = (await files.put(`field/${caller.companyId}/deposits/${depositId}/slip.${imageExtension(slip.mimetype)}`, slip.data)).key;
    }
    const [deposit] = await tx
      .insert(fosDeposits)
      .values({
        depositId,
        companyId: caller.companyId,
        idempotencyKey: key,
        userId: caller.user.userId,
        bankName: body.bank_name,
        branch: body.branch,
        depositReference: body.deposit_reference,
        depositedAt: new Date(body.deposited_at),
        amount: body.amount,
        slipKey,
      })
      .returning();
    // Conditional on still undeposited: a concurrent deposit of the same receipt makes this one fail.
    const linked = await tx
      .update(fosReceipts)
      .set({ depositId })
      .where(and(eq(fosReceipts.companyId, caller.companyId), inArray(fosReceipts.receiptId, rows.map((r) => r.receiptId)), isNull(fosReceipts.depositId)))
      .returning({ n: fosReceipts.receiptNumber });
    if (linked.length !== rows.length) throw conflict('Some of these receipts were deposited meanwhile; refresh and try again');
    return toDepositRecord(deposit, linked.map((l) => l.n).sort());
  } catch (err) {
    if (slipKey) await files.delete(slipKey);
    throw err;
  }
}

/** The slip's storage key of one of the caller's deposits. @throws 404 'Deposit slip not found' */
export async function depositSlipKey(db: Db, caller: FieldCaller, depositId: string): Promise<string> {
  const [row] = await db
    .select({ key: fosDeposits.slipKey })
    .from(fosDeposits)
    .where(and(eq(fosDeposits.companyId, caller.companyId), eq(fosDeposits.depositId, depositId), eq(fosDeposits.userId, caller.user.userId)));
  if (!row?.key) throw notFound('Deposit slip not found');
  return row.key;
}

// ---------------------------------------------------------------- online recoveries

/**
 * GET /api/fos/online-recoveries: online payments on loans allocated to the caller (in the
 * payment's allocation month), newest first, each attributed to the caller's latest visit to the
 * loan within ATTRIBUTION_WINDOW_DAYS before the payment (null when none). Names masked for the caller.
 */
export async function onlineRecoveries(db: Db, caller: FieldCaller): Promise<z.infer<typeof onlineRecoveriesResponse>> {
  const { companyId } = caller;
  const userId = caller.user.userId;
  const attributed = sql<{ visit_id: string; checked_in_at: string } | null>`(
    select json_build_object('visit_id', v.visit_id, 'checked_in_at', v.checked_in_at)
    from fos_visits v
    where v.company_id = ${loanPayments.companyId} and v.loan_id = ${loanPayments.loanId} and v.user_id = ${userId}
      and v.checked_in_at <= ${loanPayments.paidAt}
      and v.checked_in_at > ${loanPayments.paidAt} - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})
    order by v.checked_in_at desc limit 1)`;
  const rows = await db
    .select({ payment: loanPayments, loan: loans, visit: attributed })
    .from(loanPayments)
    .innerJoin(
      loanAllocations,
      and(
        eq(loanAllocations.companyId, loanPayments.companyId),
        eq(loanAllocations.allocationMonth, loanPayments.allocationMonth),
        eq(loanAllocations.loanId, loanPayments.loanId),
        eq(loanAllocations.agentType, 'fos'),
        eq(loanAllocations.userId, userId),
      ),
    )
    .leftJoin(loans, and(eq(loans.companyId, loanPayments.companyId), eq(loans.allocationMonth, loanPayments.allocationMonth), eq(loans.loanId, loanPayments.loanId)))
    .where(eq(loanPayments.companyId, companyId))
    .orderBy(desc(loanPayments.paidAt))
    .limit(1000);
  const view: PortfolioView = await portfolioView(db, companyId, canReadUnmasked(caller.permissions));
  const recoveries = rows.map(({ payment, loan, visit }) => {
    const parsed = typeof visit === 'string' ? (JSON.parse(visit) as { visit_id: string; checked_in_at: string }) : visit;
    return {
      payment_id: payment.paymentId,
      loan_id: payment.loanId,
      applicant_name: loan ? text(view.masker.record(toLoanRecord(loan, null)).applicant_name) : null,
      amount: payment.amount,
      paid_at: payment.paidAt.toISOString(),
      channel: payment.channel,
      reference: payment.reference,
      attributed_visit_id: parsed?.visit_id ?? null,
      attributed_visit_at: parsed ? new Date(parsed.checked_in_at).toISOString() : null,
    };
  });
  return { recoveries, total_amount: cents(recoveries.reduce((s, r) => s + r.amount, 0)) / 100 };
}
