/**
 * Each loan's amount in a batch of payment links (issue 15 "in bulk"; rules in
 * LINK_BATCH_AMOUNT_RULES): read from the loan's own data when the job reaches the loan, so a
 * payment posted since the batch started lowers the dues it asks for.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { LinkBatchAmountRule } from '../../../domain/contracts/payments/link-batches';
import { linkAmountFor, type RuleAmount } from '../../../domain/payments/link-amount-rule';
import type { DbOrTx } from '../../db/client';
import { loanAmountBasis } from '../portfolio/queries';
import { loanPayments } from './schema';

/** The batch's fields the rule reads. */
export interface BatchAmountSpec {
  companyId: string;
  allocationMonth: string;
  amountRule: LinkBatchAmountRule;
  amountMinor: number | null;
}

/**
 * Loan `loanId`'s link amount under the batch's rule, or the reason it has none. An open PTP (rule
 * ptp_else_dues) is the loan's latest PTP, not broken, dated `today` or later, with what was paid on
 * the loan since it was recorded below its amount; the link asks for what is still promised.
 */
export async function batchLoanAmount(db: DbOrTx, batch: BatchAmountSpec, loanId: string, today: string): Promise<RuleAmount> {
  if (batch.amountRule === 'fixed') return linkAmountFor('fixed', { duesMinor: null, emiMinor: null, openPtpMinor: null }, batch.amountMinor);
  const basis = await loanAmountBasis(db, batch.companyId, batch.allocationMonth, loanId);
  if (!basis) return { amountMinor: null, reason: `No link: the loan is no longer in allocation month ${batch.allocationMonth}` };
  let openPtpMinor: number | null = null;
  const ptp = basis.lastPtp;
  if (batch.amountRule === 'ptp_else_dues' && ptp && !ptp.broken && ptp.amountMinor !== null && ptp.amountMinor > 0 && ptp.date !== null && ptp.date >= today) {
    const [{ paid }] = await db
      .select({ paid: sql<string>`coalesce(sum(${loanPayments.amountMinor}), 0)` })
      .from(loanPayments)
      .where(and(eq(loanPayments.companyId, batch.companyId), eq(loanPayments.loanId, loanId), gte(loanPayments.paidAt, ptp.recordedAt)));
    const left = ptp.amountMinor - Number(paid);
    if (left > 0) openPtpMinor = left;
  }
  return linkAmountFor(batch.amountRule, { duesMinor: basis.duesMinor, emiMinor: basis.emiMinor, openPtpMinor }, null);
}
