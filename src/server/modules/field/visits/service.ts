/**
 * The field executive's day and visits (issue 4; spec 2 /app/visit-details; spec 7 fos service):
 * the allocation copied to the phone, recording a visit (inside the idempotent transaction of
 * http/idempotency.ts; it stores the Idempotency-Key on its row), listing visits and their photos.
 */
import { runNewAddressHandlers } from './new-address-hooks';
import { textOrNull, isoOrNull } from '../../../db/sql-helpers';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { AllocatedLoan, AllocationResponse, VisitBody, VisitRecord } from '../../../../domain/contracts/field/visits';
import { NO_LOAN_DETAILS_MESSAGE } from '../../../../domain/contracts/portfolio/profiles';
import { fromMinor, toMinor } from '../../../../domain/common/money';
import { requiredFields } from '../../../../domain/field/dispositions';
import { visitFlags } from '../../../../domain/field/geo';
import { ptpAboveDues } from '../../../../domain/field/verification';
import { visitPriority } from '../../../../domain/field/priority';
import { currentMonths } from '../../../../domain/common/calendar';
import { countryTimeZone, localDay } from '../../../../domain/common/dates';
import { containsMarkup, REMARK_MARKUP_MESSAGE } from '../../../../domain/validation/rules';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, forbidden, notFound } from '../../../http/errors';
import type { EventBus } from '../../../realtime/events';
import type { FileStorage } from '../../../storage/files';
import { allocationMonthsOf, allocationsOf, holderOf } from '../../allocation/queries';
import { companyCountry } from '../../companies/queries';
import { addLoanEvents, canReadUnmasked, loanSummaries, loanSummary, portfolioView } from '../../portfolio/queries';
import type { LoanEventInput, LoanSummary } from '../../portfolio/queries';
import { reportsToScope, scopedUsers, userNamesSubquery } from '../../users/queries';
import type { Caller } from '../../../http/caller';
import { areaLocation } from '../../../geo/geocode';
import { fosVisits } from '../schema';
import type { FosVisitRow } from '../schema';
import { recordPings } from '../tracking/service';
import { sendPaymentLinkFrom, type PaymentLinkContext } from '../../payments/queries';
import type { FormFile } from '../../../http/multipart';
import { imageExtension } from '../../../http/multipart';


export const NOT_ALLOCATED_MESSAGE = 'This loan is not allocated to you for that month';
/** Online payments are attributed to a visit at most this many days before them. */
export const ATTRIBUTION_WINDOW_DAYS = 30;


/**
 * The executive code receipt numbers start with: the user's client_employee_id in upper-case
 * letters and digits, else 'FE' + the first 6 characters of the user id (hex, upper-cased).
 */
export function executiveCode(user: Pick<Caller['user'], 'userId' | 'clientEmployeeId'>): string {
  const fromEmployee = (user.clientEmployeeId ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return fromEmployee || `FE${user.userId.replace(/[^A-Za-z0-9]/g, '').slice(0, 6).toUpperCase()}`;
}

// ---------------------------------------------------------------- allocation

/**
 * GET /api/fos/allocation: every loan currently allocated to the caller (issue 12): their loans of
 * the company's current month and of later months (calendar.ts currentMonths; a loan of next
 * month allocated early joins this month's, it does not replace them), masked for the caller,
 * with area coordinates, priority and the last visit. A loan held in several of those months
 * comes once, with its earliest month. Highest priority first.
 */
export async function myAllocation(db: Db, caller: Caller, now = new Date()): Promise<AllocationResponse> {
  const { companyId, user } = caller;
  const { country, currency } = await companyCountry(db, companyId);
  const executive = { user_id: user.userId, name: user.name, executive_code: executiveCode(user) };
  const today = localDay(now, countryTimeZone(country).offsetMinutes).slice(0, 7);
  const months = currentMonths(await allocationMonthsOf(db, companyId, user.userId, 'fos'), today);
  if (months.length === 0) return { executive, currency, loans: [], synced_at: now.toISOString() };
  const view = await portfolioView(db, companyId, canReadUnmasked(caller.permissions));
  // Oldest month first, so the first key of a loan is its current month's (the phone keys by loan).
  const held = (await allocationsOf(db, companyId, user.userId, 'fos', months)).sort((a, b) => a.allocationMonth.localeCompare(b.allocationMonth));
  const keys = new Map<string, (typeof held)[number]>();
  for (const key of held) if (!keys.has(key.loanId)) keys.set(key.loanId, key);
  const rows = (await loanSummaries(db, view, [...keys.values()])).map((loan) => ({ loan }));
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
  const out: AllocatedLoan[] = rows.map(({ loan }) => {
    const record = loan.record;
    const point = areaLocation(country, { pincode: loan.pincode, city: loan.city });
    const address = ['address_line_1', 'address_line_2', 'address_line_3'].map((k) => textOrNull(record[k])).filter((l): l is string => l !== null).join(', ');
    const visit = lastVisits.get(loan.loanId);
    return {
      loan_id: loan.loanId,
      allocation_month: loan.allocationMonth,
      applicant_name: textOrNull(record.applicant_name),
      applicant_contact_number: textOrNull(record.applicant_contact_number),
      address: address || null,
      city: textOrNull(record.city),
      state: textOrNull(record.state),
      pincode: textOrNull(record.pincode),
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
      total_dues: majorOrNull(loan.totalClaimAmountMinor),
      total_dues_minor: loan.totalClaimAmountMinor,
      expected_emi: majorOrNull(loan.expectedEmiMinor),
      expected_emi_minor: loan.expectedEmiMinor,
      dpd: loan.dpd,
      bucket: loan.bucket,
      priority: visitPriority(loan.dpd, { total: loan.totalClaimAmountMinor, emi: loan.expectedEmiMinor }),
      last_disposition: visit?.disposition ?? null,
      last_visit_at: isoOrNull(visit?.checkedInAt ?? null),
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
export async function allocatedLoanRow(db: DbOrTx, caller: Caller, loanId: string, month: string): Promise<LoanSummary> {
  const key = { loanId, allocationMonth: month };
  const [loan, holder] = await Promise.all([loanSummary(db, await portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions)), key), holderOf(db, caller.companyId, key, 'fos')]);
  if (!loan) throw notFound(NO_LOAN_DETAILS_MESSAGE);
  if (holder !== caller.user.userId) throw forbidden(NOT_ALLOCATED_MESSAGE);
  return loan;
}

// ---------------------------------------------------------------- visits

/** A legacy major-unit wire value (rupees) of a minor amount, null kept. */
const majorOrNull = (minor: number | null) => (minor === null ? null : fromMinor(minor));

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
    amount_collected: majorOrNull(v.amountCollectedMinor),
    amount_collected_minor: v.amountCollectedMinor,
    ptp_date: v.ptpDate,
    ptp_amount: majorOrNull(v.ptpAmountMinor),
    ptp_amount_minor: v.ptpAmountMinor,
    callback_at: isoOrNull(v.callbackAt),
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
    verified_at: isoOrNull(v.verifiedAt),
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
  caller: Caller,
  key: string,
  body: VisitBody,
  photos: readonly FormFile[],
  linkContext?: PaymentLinkContext,
): Promise<VisitRecord> {
  checkVisitBody(body);
  const amountCollectedMinor = body.amount_collected === null ? null : toMinor(body.amount_collected);
  const ptpAmountMinor = body.ptp_amount === null ? null : toMinor(body.ptp_amount);
  const loan = await allocatedLoanRow(tx, caller, body.loan_id, body.allocation_month);
  const { country } = await companyCountry(tx, caller.companyId);
  const { flags, distance_m } = visitFlags({ ...body, photo_count: photos.length }, areaLocation(country, { pincode: loan.pincode, city: loan.city }));
  if (body.disposition === 'Promise to Pay' && ptpAboveDues(ptpAmountMinor, loan.totalClaimAmountMinor)) flags.push('ptp_above_dues');
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
        amountCollectedMinor,
        ptpDate: body.ptp_date,
        ptpAmountMinor,
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
    const timeline: LoanEventInput[] = [
      {
        ...event,
        kind: 'visit',
        remark: body.remarks ? `${body.disposition}: ${body.remarks}` : body.disposition,
        details: { visit_id: visitId, disposition: body.disposition, person_met: body.person_met, distance_m, flags },
      },
    ];
    if (body.disposition === 'Promise to Pay') {
      timeline.push({ ...event, kind: 'ptp', remark: body.remarks || null, details: { ptp_date: body.ptp_date, ptp_amount: majorOrNull(ptpAmountMinor), ptp_amount_minor: ptpAmountMinor, broken: false, visit_id: visitId } });
    }
    await addLoanEvents(tx, timeline);
    // A new address becomes a change request (issue 16), in this transaction.
    if (body.new_address) await runNewAddressHandlers(tx, { companyId: caller.companyId, visitId, loanId: body.loan_id, allocationMonth: body.allocation_month, userId: caller.user.userId, newAddress: body.new_address, disposition: body.disposition });
    // The check-in is a position of the executive too (trail, last position, live map).
    if (body.latitude !== null && body.longitude !== null) {
      const ping = { latitude: body.latitude, longitude: body.longitude, accuracy_m: body.accuracy_m, recorded_at: body.checked_in_at, battery: null, source: 'check_in' as const };
      await recordPings(tx, events, { companyId: caller.companyId, userId: caller.user.userId, name: caller.user.name }, [ping]);
    }
    // "Send payment link" at the visit (issue 15): through the payments area's front door, in this
    // transaction, so a replayed visit (same Idempotency-Key) answers the stored result and makes no second link.
    const ask = body.payment_link;
    const link =
      ask && linkContext
        ? await sendPaymentLinkFrom(tx, linkContext, caller.companyId, caller.user.userId, { loanId: body.loan_id, amountMinor: toMinor(ask.amount), channel: ask.channel, lang: ask.lang, origin: { kind: 'visit', id: visitId } })
        : null;
    return { ...toVisitRecord(row, caller.user.name), ...(ask ? { payment_link: link } : {}) };
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
export async function listVisits(db: Db, caller: Caller, query: { loan_id?: string; user_id?: string; date?: string }, canVerify: boolean): Promise<VisitRecord[]> {
  const userId = query.user_id ?? caller.user.userId;
  if (userId !== caller.user.userId) {
    if (!canVerify) throw forbidden('Permission not found: fos › visit_verification › read');
    const scope = await reportsToScope(db, caller.companyId, caller.user, caller.roleId);
    const [visible] = await scopedUsers(db, caller.companyId, scope.scope, { userId, includeInactive: true });
    if (!visible) throw forbidden('This user does not report to you');
  }
  const dayStart = query.date ? new Date(`${query.date}T00:00:00Z`) : null;
  const executives = userNamesSubquery(db, 'executives');
  const verifier = userNamesSubquery(db, 'verifier');
  const rows = await db
    .select({ visit: fosVisits, name: executives.name, verifierName: verifier.name })
    .from(fosVisits)
    .leftJoin(executives, eq(executives.userId, fosVisits.userId))
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
export async function visitPhotoKey(db: Db, caller: Caller, visitId: string, n: number, canVerify: boolean): Promise<string> {
  const [row] = await db.select({ userId: fosVisits.userId, keys: fosVisits.photoKeys }).from(fosVisits).where(and(eq(fosVisits.companyId, caller.companyId), eq(fosVisits.visitId, visitId)));
  let allowed = row?.userId === caller.user.userId;
  if (row && !allowed && canVerify) {
    // A reviewer sees the photos of the executives in their reports-to scope (issue 5).
    const scope = await reportsToScope(db, caller.companyId, caller.user, caller.roleId);
    allowed = (await scopedUsers(db, caller.companyId, scope.scope, { userId: row.userId, includeInactive: true })).length > 0;
  }
  const key = row && allowed ? row.keys[n - 1] : undefined;
  if (!key) throw notFound('Photo not found');
  return key;
}
