/**
 * The payments area's demo rows (defineArea demoSeed; idempotent): a few offline payments through
 * reconciliation on the demo lender, so the exceptions queue shows one of each kind an upload
 * produces — an unknown loan id and an amount short of its PTP — beside one that posted.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { latestLoanMonth } from '../portfolio/queries';
import { recordPayment } from './reconciliation';
import { paymentExceptions } from './schema';

const LENDER = 'demo-lender-in';
const LOAN = 'LN00000083';

/** Seeds the demo lender's reconciliation examples once. */
export async function seedDemoPayments(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(paymentExceptions).where(and(eq(paymentExceptions.companyId, LENDER), eq(paymentExceptions.source, 'upload')));
  if (n > 0 || !(await latestLoanMonth(db, LENDER, LOAN))) return;
  const paidAt = new Date(Date.now() - 2 * 86_400_000);
  await db.transaction(async (tx) => {
    await recordPayment(tx, { companyId: LENDER, source: 'upload', sourceRef: 'DEMO-UTR-0001', loanId: LOAN, amountMinor: 250_000, paidAt, channel: 'neft', reference: 'UTR SBIN626110000001' });
    await recordPayment(tx, { companyId: LENDER, source: 'upload', sourceRef: 'DEMO-UTR-0002', loanId: 'LN0000083X', amountMinor: 180_000, paidAt, channel: 'neft', reference: 'UTR HDFC626110000002' });
    await recordPayment(tx, { companyId: LENDER, source: 'upload', sourceRef: 'DEMO-UTR-0003', loanId: LOAN, amountMinor: 40_000, paidAt, channel: 'imps', reference: 'UTR ICIC626110000003', expected: { amountMinor: 50_000, from: 'ptp' } });
  });
}
