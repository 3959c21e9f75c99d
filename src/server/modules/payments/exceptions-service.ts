/**
 * The reconciliation exceptions queue (issue 15): list with filters, read one, resolve one —
 * post it to a loan (its own, or another when it named an unknown one), mark a refund needed, or
 * dismiss it — always with remarks, written to the user audit trail in the same transaction.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ExceptionResolveBody, PaymentExceptionRecord, PaymentExceptionsPage, PaymentExceptionStatus } from '../../../domain/contracts/payments/exceptions';
import type { DbOrTx } from '../../db/client';
import type { AuditLog } from '../../http/caller';
import { conflict, notFound } from '../../http/errors';
import { latestLoanMonth } from '../portfolio/queries';
import { postToLoan } from './reconciliation';
import type { PaymentExceptionRow } from './schema';
import { paymentExceptions, paymentLinks } from './schema';

export function exceptionRecord(r: PaymentExceptionRow): PaymentExceptionRecord {
  return {
    exception_id: r.exceptionId,
    source: r.source,
    source_ref: r.sourceRef,
    reason: r.reason,
    status: r.status,
    loan_id: r.loanId,
    allocation_month: r.allocationMonth,
    amount_minor: r.amountMinor,
    expected_minor: r.expectedMinor,
    expected_from: r.expectedFrom,
    paid_at: r.paidAt.toISOString(),
    channel: r.channel,
    reference: r.reference,
    link_id: r.linkId,
    payment_id: r.paymentId,
    remarks: r.remarks,
    resolved_by: r.resolvedBy,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** The queue, newest first, with the open count by reason (for the screen's tabs). */
export async function listExceptions(
  db: DbOrTx,
  companyId: string,
  q: { status: PaymentExceptionStatus; reason?: PaymentExceptionRecord['reason']; source?: PaymentExceptionRecord['source']; loan_id?: string; page_number: number; page_size: number },
): Promise<PaymentExceptionsPage> {
  const t = paymentExceptions;
  const where = and(eq(t.companyId, companyId), eq(t.status, q.status), q.reason ? eq(t.reason, q.reason) : undefined, q.source ? eq(t.source, q.source) : undefined, q.loan_id ? eq(t.loanId, q.loan_id) : undefined);
  const rows = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(desc(t.createdAt), desc(t.exceptionId))
    .limit(q.page_size)
    .offset((q.page_number - 1) * q.page_size);
  const [{ total }] = await db.select({ total: count() }).from(t).where(where);
  const open = await db
    .select({ reason: t.reason, n: count() })
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.status, 'open')))
    .groupBy(t.reason);
  return { exceptions: rows.map(exceptionRecord), total, open_by_reason: Object.fromEntries(open.map((o) => [o.reason, o.n])), page_number: q.page_number, page_size: q.page_size };
}

async function rowOf(db: DbOrTx, companyId: string, exceptionId: string, lock = false): Promise<PaymentExceptionRow> {
  const q = db.select().from(paymentExceptions).where(and(eq(paymentExceptions.companyId, companyId), eq(paymentExceptions.exceptionId, exceptionId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Payment exception not found');
  return row;
}

/** One exception. @throws AppError 404 'Payment exception not found' */
export async function getException(db: DbOrTx, companyId: string, exceptionId: string): Promise<PaymentExceptionRecord> {
  return exceptionRecord(await rowOf(db, companyId, exceptionId));
}

/**
 * Resolves an open exception in `tx`. `post` writes the payment to the loan (loan_payments and the
 * timeline, under the exception's own source and source_ref, so it can never post twice) and, when
 * it was paid on a link, adds it to the link's paid amount.
 * @throws AppError 404 exception / 'Loan not found'; 409 'This exception is already resolved'
 */
export async function resolveException(tx: DbOrTx, audit: AuditLog, companyId: string, actorId: string, exceptionId: string, body: ExceptionResolveBody, now: Date): Promise<PaymentExceptionRecord> {
  const row = await rowOf(tx, companyId, exceptionId, true);
  if (row.status !== 'open') throw conflict('This exception is already resolved');
  let paymentId: string | null = null;
  let loanId = row.loanId;
  let month = row.allocationMonth;
  if (body.action === 'post') {
    loanId = body.loan_id ?? row.loanId;
    // Its own loan keeps the month it named; another loan (or one unknown then) posts to its latest month.
    month = !loanId ? null : loanId === row.loanId && row.allocationMonth ? row.allocationMonth : await latestLoanMonth(tx, companyId, loanId);
    if (!loanId || !month) throw notFound('Loan not found');
    paymentId = await postToLoan(tx, {
      companyId,
      source: row.source,
      sourceRef: row.sourceRef,
      loanId,
      allocationMonth: month,
      amountMinor: row.amountMinor,
      paidAt: row.paidAt,
      channel: row.channel,
      reference: row.reference ?? `${row.source}:${row.sourceRef}`,
      details: { exception_id: row.exceptionId, reason: row.reason, link_id: row.linkId, resolved_by: actorId },
      actorId,
    });
    if (!paymentId) throw conflict('This payment is already posted');
    if (row.linkId) {
      await tx
        .update(paymentLinks)
        .set({
          paidMinor: sql`${paymentLinks.paidMinor} + ${row.amountMinor}`,
          status: sql`case when ${paymentLinks.paidMinor} + ${row.amountMinor} >= ${paymentLinks.amountMinor} then 'PAID' when ${paymentLinks.status} in ('CANCELLED', 'EXPIRED') then ${paymentLinks.status} else 'PARTIALLY_PAID' end`,
          updatedAt: now,
        })
        .where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, row.linkId)));
    }
  }
  const status = body.action === 'post' ? 'posted' : body.action === 'refund_needed' ? 'refund_needed' : 'dismissed';
  const [updated] = await tx
    .update(paymentExceptions)
    .set({ status, paymentId, loanId, allocationMonth: month, remarks: body.remarks.trim(), resolvedBy: actorId, resolvedAt: now })
    .where(eq(paymentExceptions.exceptionId, row.exceptionId))
    .returning();
  await audit.record(tx, {
    companyId,
    actorUserId: actorId,
    action: 'payment_exception_resolved',
    details: { exception_id: row.exceptionId, resolution: status, reason: row.reason, amount_minor: row.amountMinor, loan_id: loanId, payment_id: paymentId, remarks: body.remarks.trim() },
  });
  return exceptionRecord(updated);
}
