/**
 * Mandate events from the gateway's webhook (Cashfree Subscriptions: status changes and debit
 * results; issue 15 "eNACH / UPI Autopay mandates") and the lookups the local sandbox needs.
 * A debit's SUCCESS posts once through recordPayment (source `mandate`); a FAILED debit keeps the
 * bank's reason on the loan's timeline; a status older than the one held changes nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { formatMinor } from '../../../domain/common/money';
import { MANDATE_STATUSES } from '../../../domain/contracts/payments/mandates';
import type { WebhookOutcome } from '../../../domain/contracts/payments/webhooks';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { addLoanEvents } from '../portfolio/queries';
import type { MandateEvent, PgVendor } from './gateways/types';
import { recordPayment } from './reconciliation';
import { queueOutgoingEvents } from './outgoing-webhooks';
import type { PaymentMandateDebitRow, PaymentMandateRow } from './schema';
import { paymentGatewayEvents, paymentMandateDebits, paymentMandates } from './schema';

/**
 * Applies one verified mandate event of `companyId` (inside the webhook's transaction, after the
 * event id was recorded as new): a status change newer than the one held; an authorisation
 * failure's reason; a debit's outcome — SUCCESS posts through recordPayment once (a success after
 * the same debit bounced goes to the exceptions queue), FAILED records the bank's reason (never
 * after a SUCCESS), CANCELLED closes a pending debit.
 */
export async function applyMandateEvent(tx: DbOrTx, vendor: PgVendor, companyId: string, e: MandateEvent, now: Date): Promise<{ outcome: WebhookOutcome['outcome'] }> {
  const setOutcome = (outcome: WebhookOutcome['outcome']) =>
    tx.update(paymentGatewayEvents).set({ outcome }).where(and(eq(paymentGatewayEvents.companyId, companyId), eq(paymentGatewayEvents.pgVendor, vendor), eq(paymentGatewayEvents.eventId, e.eventId)));
  const [m] = await tx
    .select()
    .from(paymentMandates)
    .where(and(eq(paymentMandates.companyId, companyId), eq(paymentMandates.mandateId, e.mandateId), eq(paymentMandates.pgVendor, vendor)))
    .for('update');
  if (!m) {
    await setOutcome('unknown_link');
    return { outcome: 'unknown_link' };
  }
  const note = (remark: string, details: Record<string, unknown>) =>
    addLoanEvents(tx, [{ companyId, loanId: m.loanId, allocationMonth: m.allocationMonth, kind: 'payment', module: 'payments', remark, details: { mandate_id: m.mandateId, ...details }, authorId: null, createdAt: now }]);
  if (e.kind === 'status') {
    const status = MANDATE_STATUSES.find((s) => s === e.status);
    // An older status delivered late, or one we do not know, changes nothing.
    if (!status || e.at.getTime() <= m.statusAt.getTime() || status === m.status) return { outcome: 'recorded' };
    await tx.update(paymentMandates).set({ status, statusAt: e.at, updatedAt: now, ...(status === 'ACTIVE' ? { authFailure: null } : {}) }).where(eq(paymentMandates.mandateId, m.mandateId));
    await note(`Mandate ${status.toLowerCase().replaceAll('_', ' ')}`, { status });
    await queueOutgoingEvents(tx, companyId, [{ type: 'mandate.status_changed', data: { mandate_id: m.mandateId, loan_id: m.loanId, allocation_month: m.allocationMonth, pg_vendor: vendor, status, previous_status: m.status, status_at: e.at.toISOString() } }], now);
    return { outcome: 'recorded' };
  }
  if (e.kind === 'auth') {
    if (e.outcome === 'FAILED' && m.status === 'INITIALIZED') {
      await tx.update(paymentMandates).set({ authFailure: e.reason ?? 'Authorisation failed', updatedAt: now }).where(eq(paymentMandates.mandateId, m.mandateId));
    }
    return { outcome: 'recorded' };
  }
  const [d] = await tx
    .select()
    .from(paymentMandateDebits)
    .where(and(eq(paymentMandateDebits.mandateId, m.mandateId), eq(paymentMandateDebits.debitId, e.debitId)))
    .for('update');
  if (!d) {
    await setOutcome('unknown_link');
    return { outcome: 'unknown_link' };
  }
  if (e.outcome === 'FAILED' || e.outcome === 'CANCELLED') {
    if (d.status !== 'PENDING') return { outcome: 'recorded' };
    await tx
      .update(paymentMandateDebits)
      .set({ status: e.outcome, failureReason: e.reason ?? (e.outcome === 'FAILED' ? 'Debit failed' : null), gatewayPaymentId: e.gatewayPaymentId, settledAt: now })
      .where(eq(paymentMandateDebits.debitId, d.debitId));
    if (e.outcome === 'FAILED') await note(`Mandate debit of ${formatMinor(d.amountMinor, 'INR')} due ${d.dueDate} bounced: ${e.reason ?? 'no reason given'}`, { debit_id: d.debitId, attempt: d.attempt, reason: e.reason });
    return { outcome: 'recorded' };
  }
  if (d.status === 'SUCCESS') return { outcome: 'recorded' };
  const result = await recordPayment(tx, {
    companyId,
    source: 'mandate',
    sourceRef: d.debitId,
    loanId: m.loanId,
    amountMinor: e.amountMinor,
    paidAt: now,
    channel: e.channel === 'upi' ? 'upi_autopay' : 'enach',
    reference: `${vendor}:${e.gatewayPaymentId}`,
    expected: { amountMinor: d.amountMinor, from: 'stated' },
    failedBefore: d.status === 'FAILED',
    details: { pg_vendor: vendor, mandate_id: m.mandateId, debit_id: d.debitId, due_date: d.dueDate, gateway_payment_id: e.gatewayPaymentId },
  });
  await tx
    .update(paymentMandateDebits)
    .set({ status: 'SUCCESS', paymentId: result.payment_id ?? d.paymentId, gatewayPaymentId: e.gatewayPaymentId, settledAt: now, failureReason: d.status === 'FAILED' ? d.failureReason : null })
    .where(eq(paymentMandateDebits.debitId, d.debitId));
  if (result.outcome === 'exception') {
    await setOutcome('exception');
    return { outcome: 'exception' };
  }
  if (result.outcome !== 'posted') return { outcome: 'recorded' };
  await setOutcome('posted');
  return { outcome: 'posted' };
}

/** A mandate of the company by id, without the company (the sandbox's page: the borrower has no session). */
export async function mandateById(db: DbOrTx, mandateId: string): Promise<PaymentMandateRow> {
  const [row] = await db.select().from(paymentMandates).where(eq(paymentMandates.mandateId, mandateId));
  if (!row) throw notFound('Mandate not found');
  return row;
}

/** A debit by id with its mandate (the sandbox's settle). */
export async function debitById(db: DbOrTx, debitId: string): Promise<{ debit: PaymentMandateDebitRow; mandate: PaymentMandateRow }> {
  const [d] = await db.select().from(paymentMandateDebits).where(eq(paymentMandateDebits.debitId, debitId));
  if (!d) throw notFound('Debit not found');
  return { debit: d, mandate: await mandateById(db, d.mandateId) };
}

/** The pending debits of a mandate (the sandbox's page). */
export async function pendingDebits(db: DbOrTx, mandateId: string): Promise<PaymentMandateDebitRow[]> {
  return db.select().from(paymentMandateDebits).where(and(eq(paymentMandateDebits.mandateId, mandateId), eq(paymentMandateDebits.status, 'PENDING'))).orderBy(asc(paymentMandateDebits.presentedAt));
}
