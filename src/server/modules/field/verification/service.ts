/**
 * Visit verification use cases (issue 5; spec 2 "field-visit verification"): the queue of flagged
 * visits a manager reviews (reports-to scope), and the decision (approved / rejected with a reason;
 * spec 5 markup rule). Visits are flagged when recorded (service.ts: distance, photo, accuracy,
 * position, PTP above the dues); the receipt-not-deposited flag depends on time, so it is added here
 * (flagUndepositedReceipts) before the queue is read.
 */
import { textOrNull } from '../../../db/sql-helpers';
import type { Caller } from '../../../http/caller';
import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { VerificationItem, VerificationQueue } from '../../../../domain/contracts/field/verification';
import type { verificationDecisionBody, verificationQueueQuery } from '../../../../domain/contracts/field/verification.schema';
import type { VisitRecord } from '../../../../domain/contracts/field/visits';
import { countryTimeZone, localDayBounds } from '../../../../domain/common/dates';
import { DEPOSITABLE_MODES } from '../../../../domain/field/dispositions';
import { decisionProblem } from '../../../../domain/field/verification';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { companyCountry } from '../../companies/queries';
import { canReadUnmasked, loanKeyOf, loanSummaries, portfolioView } from '../../portfolio/queries';
import { userNamesSubquery } from '../../users/queries';
import { areaLocation } from '../../../geo/geocode';
import { fosReceipts, fosVisits } from '../schema';
import { toVisitRecord } from '../visits/service';
import { callerScope } from '../tracking/service';

const DAY_MS = 86_400_000;

/**
 * Flags the company's visits whose receipt (cash, cheque or DD) is still undeposited `days` after it
 * was collected: adds 'receipt_not_deposited' and puts a visit that needed no verification into
 * 'pending'. Visits already decided keep their decision. Idempotent.
 * @returns how many visits it flagged now
 */
export async function flagUndepositedReceipts(db: DbOrTx, companyId: string, days: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  const modes = sql.join(DEPOSITABLE_MODES.map((m) => sql`${m}`), sql`, `);
  const res = await db.execute(sql`
    update fos_visits v
    set flags = v.flags || '["receipt_not_deposited"]'::jsonb,
        verification_status = case when v.verification_status = 'not_required' then 'pending' else v.verification_status end
    from fos_receipts r
    where v.company_id = ${companyId} and r.company_id = v.company_id and r.receipt_number = v.receipt_number
      and r.deposit_id is null and r.payment_mode in (${modes}) and r.collected_at < ${before}
      and v.verification_status in ('not_required', 'pending') and not (v.flags @> '["receipt_not_deposited"]'::jsonb)
    returning v.visit_id`);
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown as unknown[])).length;
}

/**
 * GET /api/fos/verification/visits: the visits of the caller's reports-to scope with `status`
 * (pending: oldest first; approved / rejected: latest decision first), optionally one flag, one
 * executive and check-in days (company calendar), with the loan's address point and dues, the
 * receipt the visit names, photos and every form field. Applicant names are masked for callers
 * without access_unmasked_data.
 */
export async function verificationQueue(db: Db, caller: Caller, query: z.infer<typeof verificationQueueQuery>, receiptDepositDays: number): Promise<VerificationQueue> {
  const { companyId } = caller;
  await flagUndepositedReceipts(db, companyId, receiptDepositDays);
  const [scope, { country }] = await Promise.all([callerScope(db, caller), companyCountry(db, companyId)]);
  const tz = countryTimeZone(country);
  const conditions: (SQL | undefined)[] = [
    eq(fosVisits.companyId, companyId),
    eq(fosVisits.verificationStatus, query.status),
    scope.covers(fosVisits.userId),
    query.flag ? sql`${fosVisits.flags} @> ${JSON.stringify([query.flag])}::jsonb` : undefined,
    query.user_id ? eq(fosVisits.userId, query.user_id) : undefined,
    query.from ? gte(fosVisits.checkedInAt, localDayBounds(query.from, tz.offsetMinutes).start) : undefined,
    query.to ? lt(fosVisits.checkedInAt, localDayBounds(query.to, tz.offsetMinutes).end) : undefined,
  ];
  const where = and(...conditions);
  const executives = userNamesSubquery(db, 'executives');
  const verifier = userNamesSubquery(db, 'verifier');
  const order = query.status === 'pending' ? [asc(fosVisits.checkedInAt), asc(fosVisits.visitId)] : [desc(fosVisits.verifiedAt), desc(fosVisits.visitId)];
  const [rows, [{ total }], view] = await Promise.all([
    db
      .select({ visit: fosVisits, executiveId: executives.userId, executiveName: executives.name, executiveTeam: executives.team, verifierName: verifier.name, receipt: fosReceipts })
      .from(fosVisits)
      .innerJoin(executives, eq(executives.userId, fosVisits.userId))
      .leftJoin(verifier, eq(verifier.userId, fosVisits.verifiedBy))
      .leftJoin(fosReceipts, and(eq(fosReceipts.companyId, fosVisits.companyId), eq(fosReceipts.receiptNumber, fosVisits.receiptNumber)))
      .where(where)
      .orderBy(...order)
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    db.select({ total: count() }).from(fosVisits).where(where),
    portfolioView(db, companyId, canReadUnmasked(caller.permissions)),
  ]);
  const loans = new Map((await loanSummaries(db, view, rows.map((r) => r.visit))).map((l) => [loanKeyOf(l), l]));
  const visits: VerificationItem[] = rows.map((r) => {
    const loan = loans.get(loanKeyOf(r.visit)) ?? null;
    const record = loan?.record ?? null;
    const point = loan ? areaLocation(country, loan) : null;
    const address = record ? ['address_line_1', 'address_line_2', 'address_line_3'].map((k) => textOrNull(record[k])).filter((l): l is string => l !== null).join(', ') : '';
    return {
      visit: toVisitRecord(r.visit, r.executiveName, r.verifierName),
      executive: { user_id: r.executiveId, name: r.executiveName, team: r.executiveTeam },
      loan: {
        loan_id: r.visit.loanId,
        allocation_month: r.visit.allocationMonth,
        applicant_name: record ? textOrNull(record.applicant_name) : null,
        address: address || null,
        city: record ? textOrNull(record.city) : null,
        pincode: record ? textOrNull(record.pincode) : null,
        latitude: point?.lat ?? null,
        longitude: point?.lng ?? null,
        total_dues_paise: loan?.totalClaimAmountMinor ?? null,
      },
      receipt: r.receipt
        ? {
            receipt_number: r.receipt.receiptNumber,
            amount_paise: r.receipt.amountMinor,
            payment_mode: r.receipt.paymentMode,
            collected_at: r.receipt.collectedAt.toISOString(),
            deposited: r.receipt.depositId !== null,
          }
        : null,
    };
  });
  return { visits, total, page_number: query.page_number, page_size: query.page_size, receipt_deposit_days: receiptDepositDays };
}

/**
 * POST /api/fos/verification/visits/{visit_id}: records the reviewer's decision, time and reason
 * on a visit of the caller's scope that is not decided yet. The executive sees it on their visits.
 * @throws 400 REJECT_REASON_REQUIRED or the markup message; 404 'Visit not found' (other
 *   companies' and out-of-scope visits too); 409 'This visit was already approved|rejected'
 */
export async function decideVisit(db: Db, caller: Caller, visitId: string, body: z.infer<typeof verificationDecisionBody>): Promise<VisitRecord> {
  const problem = decisionProblem(body.decision, body.reason);
  if (problem) throw badRequest(problem);
  const scope = await callerScope(db, caller);
  const [visit] = await db
    .select()
    .from(fosVisits)
    .where(and(eq(fosVisits.companyId, caller.companyId), eq(fosVisits.visitId, visitId), scope.covers(fosVisits.userId)));
  if (!visit) throw notFound('Visit not found');
  if (visit.verificationStatus === 'approved' || visit.verificationStatus === 'rejected') throw conflict(`This visit was already ${visit.verificationStatus}`);
  const reason = body.reason?.trim() || null;
  const [decided] = await db
    .update(fosVisits)
    .set({ verificationStatus: body.decision, verifiedBy: caller.user.userId, verifiedAt: sql`now()`, verificationReason: reason })
    .where(and(eq(fosVisits.visitId, visitId), eq(fosVisits.verificationStatus, visit.verificationStatus)))
    .returning();
  if (!decided) throw conflict('This visit was decided meanwhile; refresh and try again');
  const names = userNamesSubquery(db);
  const [executive] = await db.select({ name: names.name }).from(names).where(eq(names.userId, decided.userId));
  return toVisitRecord(decided, executive?.name ?? null, caller.user.name);
}
