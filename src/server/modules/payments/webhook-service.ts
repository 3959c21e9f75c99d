/**
 * Gateway webhooks (issue 15 "Reconciliation"): verify with the company's own credentials, drop a
 * duplicate by event id, and post a successful payment once through reconciliation's
 * `recordPayment` — into loan_payments (which the field app's online recoveries reads) and the
 * loan's timeline, or into the exceptions queue when it is more than the link still expects, arrives
 * after the same payment failed, on a closed link, or for a link we never made — while
 * the link's paid amount and status follow the payments, never the event order: a failure or a
 * stale status after PAID changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { WebhookOutcome } from '../../../domain/contracts/payments/webhooks';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/errors';
import { GATEWAYS } from './gateways';
import type { Headers } from './gateways/types';
import { statusAt } from './links-service';
import { applyMandateEvent } from './mandate-events';
import { exceptionReason, paymentPostedEvent, postToLoanCtes, recordPayment, seenBeforeSql } from './reconciliation';
import type { PaymentInput } from './reconciliation';
import { loanPaymentsUpdateSql } from '../portfolio/queries';
import { companyCurrencySql } from '../companies/queries';
import { rowsOf } from '../../db/sql-helpers';
import { outgoingInsertSql, outgoingRows, type OutgoingEvent } from './outgoing-webhooks';
import { paymentGatewayEvents, paymentGatewayPayments, paymentLinks } from './schema';
import { credentialsOf } from './settings-service';

/** The one answer to anything not verified (no hint which check failed). */
export const NOT_VERIFIED = 'Webhook signature not verified';

/**
 * Handles one webhook for `companyId`'s `vendor` on its raw bytes.
 * `onQueued` runs after the commit when outgoing webhook deliveries were queued (the route kicks the
 * delivery job then: nothing is sent inside the transaction).
 * @returns posted (a payment was posted), exception (queued for a person), duplicate (event seen before), recorded (verified, nothing to post), unknown_link
 * @throws AppError 401 NOT_VERIFIED when the company has no such gateway or the signature, timestamp or merchant do not match
 */
export async function handleWebhook(
  db: Db,
  config: Pick<AppConfig, 'paymentCredentialsKey' | 'production'>,
  vendor: PgVendor,
  companyId: string,
  raw: Buffer,
  headers: Headers,
  now: Date,
  onQueued?: () => void,
): Promise<WebhookOutcome> {
  const creds = await credentialsOf(db, config, companyId, vendor).catch(() => null);
  if (!creds) throw unauthorized(NOT_VERIFIED);
  const verified = GATEWAYS[vendor].verifyWebhook(raw, headers, creds, now);
  if (!verified.ok) {
    // A verified body that is not a link event may be a mandate event (the same webhook URL).
    const mandates = GATEWAYS[vendor].mandates;
    const m = verified.reason === 'malformed' && mandates ? mandates.verifyWebhook(raw, headers, creds, now) : null;
    if (!m?.ok) throw unauthorized(NOT_VERIFIED);
    const me = m.event;
    const result = await db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(paymentGatewayEvents)
        .values({ companyId, pgVendor: vendor, eventId: me.eventId, linkId: null, outcome: 'recorded', gatewayPaymentId: me.kind === 'debit' ? me.gatewayPaymentId : null, eventOutcome: me.kind === 'debit' ? (me.outcome === 'SUCCESS' ? 'SUCCESS' : 'FAILED') : null, receivedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: paymentGatewayEvents.eventId });
      if (!fresh) return { outcome: 'duplicate' as const };
      return applyMandateEvent(tx, vendor, companyId, me, now);
    });
    // A status change or a posted debit may have queued outgoing deliveries.
    if (result.outcome !== 'duplicate') onQueued?.();
    return result;
  }
  const e = verified.event;
  const done = await db.transaction(async (tx): Promise<{ outcome: WebhookOutcome['outcome']; queued?: boolean }> => {
    const [fresh] = await tx
      .insert(paymentGatewayEvents)
      .values({ companyId, pgVendor: vendor, eventId: e.eventId, linkId: e.linkId, outcome: 'recorded', gatewayPaymentId: e.paymentId, eventOutcome: e.outcome, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentGatewayEvents.eventId });
    if (!fresh) return { outcome: 'duplicate' as const };
    const setOutcome = (outcome: WebhookOutcome['outcome']) =>
      tx.update(paymentGatewayEvents).set({ outcome }).where(and(eq(paymentGatewayEvents.companyId, companyId), eq(paymentGatewayEvents.pgVendor, vendor), eq(paymentGatewayEvents.eventId, e.eventId)));
    const sourceRef = `${vendor}:${e.paymentId}`;
    // One round trip: lock the link (so concurrent payments on it add up), ask whether this payment
    // was reported failed before and whether it was already posted or queued, and the company's currency.
    const [found] = await tx
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
    // Everything else in ONE statement, the last before commit: the payment and its timeline entry
    // (empty when posted meanwhile: the unique index), the gateway payment, the link's paid amount,
    // the outgoing webhook deliveries, the event's outcome and the loan's dues — lowering the dues
    // locks the loan's rows (and its month's counts row), which concurrent payments then wait for.
    const paidNow = sql`(select loan_id, allocation_month, amount_minor as paid from lp)`;
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
      ), dues as (${loanPaymentsUpdateSql(companyId, paidNow)})
      select ${posted} as posted, (select count(*)::int from hooks) as queued`),
    );
    return row?.posted ? { outcome: 'posted' as const, queued: Number(row.queued) > 0 } : { outcome: 'recorded' as const };
  });
  if (done.queued) onQueued?.();
  return { outcome: done.outcome };
}
