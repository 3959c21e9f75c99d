/** GET /payment/payments (issue 15): the payments reconciliation posted, for the loan profile's payments card. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LoanPaymentsPage } from '../../../domain/contracts/payments/loan-payments';
import type { PaymentSource } from '../../../domain/contracts/payments/exceptions';
import type { Db } from '../../db/client';
import { safeInteger } from '../../db/sql-helpers';
import { loanPayments } from './schema';

/** The day an upload gave (stored at noon UTC of that day: the same calendar day in India and Indonesia). */
const uploadDay = (at: Date) => at.toISOString().slice(0, 10);

/** Newest first, paged; `total_minor` sums every matching payment. */
export async function listPostedPayments(db: Db, companyId: string, q: { page_number: number; page_size: number; loan_id?: string; source?: PaymentSource }): Promise<LoanPaymentsPage> {
  const where = and(eq(loanPayments.companyId, companyId), q.loan_id ? eq(loanPayments.loanId, q.loan_id) : undefined, q.source ? eq(loanPayments.source, q.source) : undefined);
  const [[sum], rows] = await Promise.all([
    db.select({ total: sql<number>`count(*)`.mapWith(Number), minor: sql<unknown>`coalesce(sum(${loanPayments.amountMinor}), 0)` }).from(loanPayments).where(where),
    db.select().from(loanPayments).where(where).orderBy(desc(loanPayments.paidAt), desc(loanPayments.paymentId)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
  ]);
  return {
    payments: rows.map((p) => ({ payment_id: p.paymentId, loan_id: p.loanId, allocation_month: p.allocationMonth, amount_minor: p.amountMinor, paid_at: p.paidAt.toISOString(), paid_on: p.source === 'upload' ? uploadDay(p.paidAt) : null, channel: p.channel, reference: p.reference, source: p.source })),
    total: sum.total,
    total_minor: safeInteger(sum.minor),
    page_number: q.page_number,
    page_size: q.page_size,
  };
}
