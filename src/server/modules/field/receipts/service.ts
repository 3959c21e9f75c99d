/**
 * Receipts made on the phone (issue 4 "Receipt": executive code + sequence, unique per company),
 * recorded inside the idempotent transaction.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { ReceiptBody, ReceiptRecord } from '../../../../domain/contracts/field/receipts';
import { fromMinor, formatMinor, type Currency } from '../../../../domain/common/money';
import { parseReceiptNumber } from '../../../../domain/field/receipt-number';
import { containsMarkup } from '../../../../domain/validation/rules';
import type { Db, DbOrTx } from '../../../db/client';
import { AppError, badRequest } from '../../../http/errors';
import { requiredMinorOfBody } from '../../../http/amounts';
import { addLoanEvents } from '../../portfolio/queries';
import { recordPayment } from '../../payments/queries';
import { DEPOSITABLE_MODES } from '../../../../domain/field/dispositions';
import type { Caller } from '../../../http/caller';
import { allocatedLoanRow, executiveCode } from '../visits/service';
import { fosReceipts } from '../schema';
import type { FosReceiptRow } from '../schema';


// ---------------------------------------------------------------- receipts

export function toReceiptRecord(r: FosReceiptRow): ReceiptRecord {
  return {
    receipt_id: r.receiptId,
    user_id: r.userId,
    receipt_number: r.receiptNumber,
    loan_id: r.loanId,
    allocation_month: r.allocationMonth,
    amount: fromMinor(r.amountMinor),
    amount_minor: r.amountMinor,
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
 * on the loan's timeline; a UPI receipt also posts to the loan at once (cash, cheque and DD post
 * when deposited).
 * @throws 400 number not starting with the caller's executive code or markup; 403/404 allocation;
 *   422 receiptExistsMessage when the number is taken (by another key): final, so the phone's outbox shows it instead of retrying (409 means 'still running' to it)
 */
export async function recordReceipt(tx: DbOrTx, caller: Caller, key: string, body: ReceiptBody, currency: Currency = 'INR'): Promise<ReceiptRecord> {
  const amountMinor = requiredMinorOfBody(body.amount, body.amount_minor);
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
      amountMinor,
      paymentMode: body.payment_mode,
      instrumentNumber: body.instrument_number,
      bankName: body.bank_name,
      payerName: body.payer_name,
      collectedAt: new Date(body.collected_at),
      latitude: body.latitude,
      longitude: body.longitude,
    })
    .returning();
  await addLoanEvents(tx, [{
    companyId: caller.companyId,
    loanId: body.loan_id,
    allocationMonth: body.allocation_month,
    kind: 'payment',
    module: 'fos',
    remark: `Receipt ${body.receipt_number}: ${formatMinor(amountMinor, currency)} by ${body.payment_mode}`,
    details: { receipt_number: body.receipt_number, amount: fromMinor(amountMinor), amount_minor: amountMinor, payment_mode: body.payment_mode },
    authorId: caller.user.userId,
    createdAt: row.collectedAt,
  }]);
  // A UPI receipt's money is already in the company's account (never deposited at a bank): it
  // posts to the loan now, through reconciliation, keyed by the receipt as a deposit would be.
  if (!DEPOSITABLE_MODES.includes(row.paymentMode as (typeof DEPOSITABLE_MODES)[number])) {
    await recordPayment(tx, {
      companyId: caller.companyId,
      source: 'field_receipt',
      sourceRef: row.receiptId,
      loanId: row.loanId,
      allocationMonth: row.allocationMonth,
      amountMinor,
      paidAt: row.collectedAt,
      channel: row.paymentMode,
      reference: row.receiptNumber,
      details: { receipt_number: row.receiptNumber },
      actorId: caller.user.userId,
    });
  }
  return toReceiptRecord(row);
}

/** GET /api/fos/receipts: the caller's receipts, newest first, optionally of one loan. */
export async function listReceipts(db: Db, caller: Caller, loanId?: string): Promise<ReceiptRecord[]> {
  const rows = await db
    .select()
    .from(fosReceipts)
    .where(and(eq(fosReceipts.companyId, caller.companyId), eq(fosReceipts.userId, caller.user.userId), loanId ? eq(fosReceipts.loanId, loanId) : undefined))
    .orderBy(desc(fosReceipts.collectedAt))
    .limit(1000);
  return rows.map(toReceiptRecord);
}
