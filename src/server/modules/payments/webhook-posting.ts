/**
 * Posting one verified gateway link event (issue 15 "Reconciliation"), inside the transaction of
 * its batch (webhook-batch.ts) that has just stored the event: the payment posts once through
 * reconciliation — into loan_payments (which the field app's online recoveries reads) and the
 * loan's timeline — or goes to the exceptions queue when it is more than the link still expects,
 * arrives after the same payment failed, on a closed link, or for a link we never made; the link's
 * paid amount and status follow the payments, never the event order: a failure or a stale status
 * after PAID changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { WebhookOutcome } from '../../../domain/contracts/payments/webhooks';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { companyCurrencySql } from '../companies/queries';
import type { LoanPaymentPosted } from '../portfolio/queries';
import type { GatewayEvent } from './gateways/types';
import { statusAt } from './links-service';
import { outgoingInsertSql, outgoingRows, type OutgoingEvent } from './outgoing-webhooks';
import { exceptionReason, paymentPostedEvent, postToLoanCtes, recordPayment, seenBeforeSql } from './reconciliation';
import type { PaymentInput } from './reconciliation';
import { paymentGatewayEvents, paymentGatewayPayments, paymentLinks } from './schema';

/** What posting one verified event did; `paid`: the dues its caller still has to lower. */
export interface EventPosting {
  outcome: WebhookOutcome['outcome'];
  /** Outgoing webhook deliveries were queued (kick the delivery job after the commit). */
  queued?: boolean;
  paid?: LoanPaymentPosted;
}

/** What posting an event reads first: its link (locked; undefined: no such link of the vendor), and of its payment. */
export interface LinkFacts {
  link: typeof paymentLinks.$inferSelect | undefined;
  /** The same gateway payment was reported FAILED before. */
  failed: boolean;
  /** The payment was already posted or queued (another event id of it). */
  seen: boolean;
  /** The company's currency, INR | IDR. */
  currency: string;
}

/**
 * Posts one verified link event whose row in payment_gateway_events `tx` has just inserted (so it
 * is not a duplicate): locks the link, then posts the payment once, queues an exception, or records
 * a failure / stale status, and sets the event's outcome. The loan's dues are not lowered here
 * but returned as `paid`, for the batch to lower in one statement just before its commit
 * (portfolio's applyLoanPayments), so the loan's rows stay locked only until that commit. `pre`:
 * the LinkFacts the batch already read for this event (its link locked), when no other event of
 * the batch touches its link or payment.
 */
export async function postVerifiedEvent(tx: DbOrTx, companyId: string, vendor: PgVendor, e: GatewayEvent, now: Date, pre?: LinkFacts): Promise<EventPosting> {
  const setOutcome = (outcome: WebhookOutcome['outcome']) =>
    tx.update(paymentGatewayEvents).set({ outcome }).where(and(eq(paymentGatewayEvents.companyId, companyId), eq(paymentGatewayEvents.pgVendor, vendor), eq(paymentGatewayEvents.eventId, e.eventId)));
  const sourceRef = `${vendor}:${e.paymentId}`;
  // One round trip (none when the batch read it): lock the link (so concurrent payments on it add
  // up), ask whether this payment was reported failed before and whether it was already posted or
  // queued, and the company's currency.
  const [found]: (LinkFacts | undefined)[] = pre ? [pre] : await tx
    .select({
      link: paymentLinks,
      failed: sql<boolean>`exists (select 1 from ${paymentGatewayEvents} where ${paymentGatewayEvents.companyId} = ${companyId} and ${paymentGatewayEvents.pgVendor} = ${vendor} and ${paymentGatewayEvents.gatewayPaymentId} = ${e.paymentId} and ${paymentGatewayEvents.eventOutcome} = 'FAILED')`,
      seen: seenBeforeSql(companyId, 'online', sourceRef),
      currency: companyCurrencySql(companyId),
    })
    .from(paymentLinks)
    .where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, e.linkId), eq(paymentLinks.pgVendor, vendor)))
    .for('update', { of: paymentLinks });
  const link = found?.link;
  const facts = { pg_vendor: vendor, link_id: e.linkId, gateway_payment_id: e.paymentId };
  if (!link) {
    await setOutcome('unknown_link');
    // Money the company's own gateway says it took for a link we never made: a person looks at it.
    if (e.outcome === 'SUCCESS') {
      await recordPayment(tx, { companyId, source: 'online', sourceRef, loanId: null, amountMinor: e.amountMinor, paidAt: now, channel: e.channel, reference: sourceRef, linkId: e.linkId, details: facts });
    }
    return { outcome: 'unknown_link' as const };
  }
  if (e.outcome !== 'SUCCESS') return { outcome: 'recorded' as const };
  // The same payment under another event id posts nothing more.
  if (found.seen) return { outcome: 'recorded' as const };
  const status = statusAt(link, now);
  const payment: PaymentInput & { loanId: string; allocationMonth: string; reference: string } = {
    companyId,
    source: 'online',
    sourceRef,
    loanId: link.loanId,
    allocationMonth: link.allocationMonth,
    amountMinor: e.amountMinor,
    paidAt: now,
    channel: e.channel,
    reference: sourceRef,
    expected: { amountMinor: Math.max(0, link.amountMinor - link.paidMinor), from: 'link', atMost: link.partial },
    linkId: link.linkId,
    failedBefore: Boolean(found.failed),
    seen: false,
    linkClosed: status === 'CANCELLED' || status === 'EXPIRED',
    details: facts,
  };
  if (exceptionReason(payment, true)) {
    const result = await recordPayment(tx, payment);
    if (result.outcome !== 'exception') return { outcome: 'recorded' as const };
    await setOutcome('exception');
    return { outcome: 'exception' as const };
  }
  const paymentId = randomUUID();
  const currency = found.currency;
  const paid = link.paidMinor + e.amountMinor;
  const events: OutgoingEvent[] = [paymentPostedEvent(payment, paymentId, currency)];
  if (paid >= link.amountMinor) events.push({ type: 'payment_link.paid', data: { link_id: link.linkId, loan_id: link.loanId, allocation_month: link.allocationMonth, pg_vendor: vendor, amount_minor: link.amountMinor, paid_minor: paid, currency, payment_id: paymentId } });
  const posted = sql`exists (select 1 from lp)`;
  // Everything else in ONE statement: the payment and its timeline entry (empty when posted
  // meanwhile: the unique index), the gateway payment, the link's paid amount, the outgoing
  // webhook deliveries and the event's outcome.
  const [row] = rowsOf<{ posted: boolean; queued: number }>(
    await tx.execute(sql`
    with ${postToLoanCtes(payment, paymentId, currency)}, gp as (
      insert into ${paymentGatewayPayments} (company_id, pg_vendor, gateway_payment_id, link_id, payment_id, amount_minor, created_at)
      select ${companyId}, ${vendor}, ${e.paymentId}, ${link.linkId}, lp.payment_id, ${e.amountMinor}, ${now.toISOString()}::timestamptz from lp
      on conflict do nothing
    ), l as (
      update ${paymentLinks} set paid_minor = paid_minor + ${e.amountMinor}, status = ${paid >= link.amountMinor ? 'PAID' : 'PARTIALLY_PAID'}, updated_at = ${now.toISOString()}::timestamptz
      where link_id = ${link.linkId} and ${posted}
    ), hooks as (${outgoingInsertSql(companyId, outgoingRows(companyId, events, now), now, posted)}
    ), ev as (
      update ${paymentGatewayEvents} set outcome = case when ${posted} then 'posted' else 'recorded' end
      where company_id = ${companyId} and pg_vendor = ${vendor} and event_id = ${e.eventId}
    )
    select ${posted} as posted, (select count(*)::int from hooks) as queued`),
  );
  if (!row?.posted) return { outcome: 'recorded' as const };
  return { outcome: 'posted' as const, queued: Number(row.queued) > 0, paid: { loanId: link.loanId, allocationMonth: link.allocationMonth, amountMinor: e.amountMinor } };
}
