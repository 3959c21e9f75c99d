/**
 * Deposits of cash, cheque and DD receipts at a bank (issue 4; spec 2 /app/field-executive) and
 * online recoveries attributed to the executive's visits (/app/field-executive/online).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DepositBody } from '../../../../domain/contracts/field/deposits';
import type { depositRecord, depositsResponse, onlineRecoveriesResponse } from '../../../../domain/contracts/field/deposits.schema';
import { formatMinor, fromMinor, sumMinor } from '../../../../domain/common/money';
import { requiredMinorOfBody } from '../../../http/amounts';
import { DEPOSITABLE_MODES } from '../../../../domain/field/dispositions';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, conflict, notFound } from '../../../http/errors';
import type { FileStorage } from '../../../storage/files';
import type { Caller } from '../../../http/caller';
import { allocationsSubquery } from '../../allocation/queries';
import { onlinePaymentsWithVisit, recordPayment } from '../../payments/queries';
import { canReadUnmasked, loanKeyOf, loanSummaries, portfolioView } from '../../portfolio/queries';
import { textOrNull } from '../../../db/sql-helpers';
import { toReceiptRecord } from '../receipts/service';
import { fosDeposits, fosReceipts } from '../schema';
import type { FosDepositRow, FosReceiptRow } from '../schema';
import type { FormFile } from '../../../http/multipart';
import { imageExtension } from '../../../http/multipart';

import { ATTRIBUTION_WINDOW_DAYS } from '../visits/service';

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
    amount: fromMinor(d.amountMinor),
    amount_minor: d.amountMinor,
    slip_url: d.slipKey ? slipUrl(d.depositId) : null,
    created_at: d.createdAt.toISOString(),
  };
}

/**
 * GET /api/fos/deposits: the caller's undeposited cash / cheque / DD receipts with their age in
 * hours (one decimal), their total, and the caller's past deposits (newest first).
 */
export async function depositsOverview(db: Db, caller: Caller, now = new Date()): Promise<z.infer<typeof depositsResponse>> {
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
  const total = sumMinor(open.map((r) => r.amountMinor));
  return {
    undeposited,
    undeposited_total: fromMinor(total),
    undeposited_total_minor: total,
    deposits: deposits.map((d) => toDepositRecord(d, numbers.get(d.depositId) ?? [])),
  };
}

/**
 * POST /api/fos/deposits (inside the idempotent transaction): links the receipts to a new deposit
 * and stores the slip photo under field/<company>/deposits/<deposit>/.
 * @throws 400 when a receipt is not the caller's, already deposited or not cash/cheque/DD, or when
 *   the amount differs from the receipts' total (both amounts named)
 */
export async function recordDeposit(tx: DbOrTx, files: FileStorage, caller: Caller, key: string, body: DepositBody, slip: FormFile | null, currency: 'INR' | 'IDR'): Promise<DepositRecord> {
  const amountMinor = requiredMinorOfBody(body.amount, body.amount_minor);
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
  const total = sumMinor(rows.map((r) => r.amountMinor));
  if (amountMinor !== total) {
    throw badRequest(`Deposit amount ${formatMinor(amountMinor, currency)} does not match the receipts' total ${formatMinor(total, currency)}`);
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
        amountMinor,
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
    await postDepositedReceipts(tx, caller, depositId, rows);
    return toDepositRecord(deposit, linked.map((l) => l.n).sort());
  } catch (err) {
    if (slipKey) await files.delete(slipKey);
    throw err;
  }
}

/**
 * Posts each deposited receipt to its loan through payments' reconciliation (issue 15: a field
 * receipt reaches the loan once the money is at the bank), in the deposit's transaction, keyed by
 * the receipt id, so a replayed or retried deposit posts nothing more. Paid on the day it was
 * collected, in the receipt's allocation month; an unknown loan goes to the exceptions queue.
 */
async function postDepositedReceipts(tx: DbOrTx, caller: Caller, depositId: string, receipts: readonly FosReceiptRow[]): Promise<void> {
  for (const r of receipts) {
    await recordPayment(tx, {
      companyId: caller.companyId,
      source: 'field_receipt',
      sourceRef: r.receiptId,
      loanId: r.loanId,
      allocationMonth: r.allocationMonth,
      amountMinor: r.amountMinor,
      paidAt: r.collectedAt,
      channel: r.paymentMode,
      reference: r.receiptNumber,
      details: { receipt_number: r.receiptNumber, deposit_id: depositId },
      actorId: caller.user.userId,
    });
  }
}

/** The slip's storage key of one of the caller's deposits. @throws 404 'Deposit slip not found' */
export async function depositSlipKey(db: Db, caller: Caller, depositId: string): Promise<string> {
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
 * payment's allocation month), newest first, each attributed to the caller's visit the paid link
 * was sent from (issue 15 "Send payment link" at a visit), else the caller's latest visit to the
 * loan within ATTRIBUTION_WINDOW_DAYS before the payment (null when none). Names masked for the caller.
 */
export async function onlineRecoveries(db: Db, caller: Caller): Promise<z.infer<typeof onlineRecoveriesResponse>> {
  const { companyId } = caller;
  const userId = caller.user.userId;
  // Online recoveries are gateway payments only (a field receipt or an upload is not one).
  const payments = onlinePaymentsWithVisit(db, companyId);
  const held = allocationsSubquery(db, companyId, 'fos');
  const attributed = sql<{ visit_id: string; checked_in_at: string } | null>`(
    select json_build_object('visit_id', v.visit_id, 'checked_in_at', v.checked_in_at)
    from fos_visits v
    where v.company_id = ${companyId} and v.loan_id = ${payments.loanId} and v.user_id = ${userId}
      and (v.visit_id = ${payments.linkVisitId} or (v.checked_in_at <= ${payments.paidAt}
        and v.checked_in_at > ${payments.paidAt} - make_interval(days => ${ATTRIBUTION_WINDOW_DAYS})))
    order by v.visit_id = ${payments.linkVisitId} desc nulls last, v.checked_in_at desc limit 1)`;
  const rows = await db
    .select({
      payment: { paymentId: payments.paymentId, loanId: payments.loanId, allocationMonth: payments.allocationMonth, amountMinor: payments.amountMinor, paidAt: payments.paidAt, channel: payments.channel, reference: payments.reference },
      visit: attributed,
    })
    .from(payments)
    .innerJoin(held, and(eq(held.allocationMonth, payments.allocationMonth), eq(held.loanId, payments.loanId), eq(held.userId, userId)))
    .orderBy(desc(payments.paidAt))
    .limit(1000);
  const view = await portfolioView(db, companyId, canReadUnmasked(caller.permissions));
  const names = new Map((await loanSummaries(db, view, rows.map((r) => r.payment))).map((l) => [loanKeyOf(l), textOrNull(l.record.applicant_name)]));
  const recoveries = rows.map(({ payment, visit }) => {
    const parsed = typeof visit === 'string' ? (JSON.parse(visit) as { visit_id: string; checked_in_at: string }) : visit;
    return {
      payment_id: payment.paymentId,
      loan_id: payment.loanId,
      applicant_name: names.get(loanKeyOf(payment)) ?? null,
      amount: fromMinor(payment.amountMinor),
      amount_minor: payment.amountMinor,
      paid_at: payment.paidAt.toISOString(),
      channel: payment.channel,
      reference: payment.reference,
      attributed_visit_id: parsed?.visit_id ?? null,
      attributed_visit_at: parsed ? new Date(parsed.checked_in_at).toISOString() : null,
    };
  });
  const total = sumMinor(rows.map((r) => r.payment.amountMinor));
  return { recoveries, total_amount: fromMinor(total), total_amount_minor: total };
}
