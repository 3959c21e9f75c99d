/**
 * Gateway webhooks (issue 15 "Reconciliation"): verify with the company's own credentials, drop a
 * duplicate by event id, and post a successful payment once through reconciliation's
 * `recordPayment` — into loan_payments (which the field app's online recoveries reads) and the
 * loan's timeline, or into the exceptions queue when it is more than the link still expects, arrives
 * after the same payment failed, on a closed link, or for a link we never made — while
 * the link's paid amount and status follow the payments, never the event order: a failure or a
 * stale status after PAID changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { WebhookOutcome } from '../../../domain/contracts/payments/webhooks';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/errors';
import { GATEWAYS } from './gateways';
import type { Headers } from './gateways/types';
import { statusAt } from './links-service';
import { recordPayment } from './reconciliation';
import { paymentGatewayEvents, paymentGatewayPayments, paymentLinks } from './schema';
import { credentialsOf } from './settings-service';

/** The one answer to anything not verified (no hint which check failed). */
export const NOT_VERIFIED = 'Webhook signature not verified';

/**
 * Handles one webhook for `companyId`'s `vendor` on its raw bytes.
 * @returns posted (a payment was posted), exception (queued for a person), duplicate (event seen before), recorded (verified, nothing to post), unknown_link
 * @throws AppError 401 NOT_VERIFIED when the company has no such gateway or the signature, timestamp or merchant do not match
 */
export async function handleWebhook(db: Db, config: Pick<AppConfig, 'paymentCredentialsKey' | 'production'>, vendor: PgVendor, companyId: string, raw: Buffer, headers: Headers, now: Date): Promise<WebhookOutcome> {
  const creds = await credentialsOf(db, config, companyId, vendor).catch(() => null);
  if (!creds) throw unauthorized(NOT_VERIFIED);
  const verified = GATEWAYS[vendor].verifyWebhook(raw, headers, creds, now);
  if (!verified.ok) throw unauthorized(NOT_VERIFIED);
  const e = verified.event;
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentGatewayEvents)
      .values({ companyId, pgVendor: vendor, eventId: e.eventId, linkId: e.linkId, outcome: 'recorded', gatewayPaymentId: e.paymentId, eventOutcome: e.outcome, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentGatewayEvents.eventId });
    if (!fresh) return { outcome: 'duplicate' as const };
    const setOutcome = (outcome: WebhookOutcome['outcome']) =>
      tx.update(paymentGatewayEvents).set({ outcome }).where(and(eq(paymentGatewayEvents.companyId, companyId), eq(paymentGatewayEvents.pgVendor, vendor), eq(paymentGatewayEvents.eventId, e.eventId)));
    // Locks the link so concurrent payments on it add up.
    const [link] = await tx
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, e.linkId), eq(paymentLinks.pgVendor, vendor)))
      .for('update');
    const sourceRef = `${vendor}:${e.paymentId}`;
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
    const [failed] = await tx
      .select({ eventId: paymentGatewayEvents.eventId })
      .from(paymentGatewayEvents)
      .where(and(eq(paymentGatewayEvents.companyId, companyId), eq(paymentGatewayEvents.pgVendor, vendor), eq(paymentGatewayEvents.gatewayPaymentId, e.paymentId), eq(paymentGatewayEvents.eventOutcome, 'FAILED')))
      .limit(1);
    const status = statusAt(link, now);
    const remainder = Math.max(0, link.amountMinor - link.paidMinor);
    const result = await recordPayment(tx, {
      companyId,
      source: 'online',
      sourceRef,
      loanId: link.loanId,
      allocationMonth: link.allocationMonth,
      amountMinor: e.amountMinor,
      paidAt: now,
      channel: e.channel,
      reference: sourceRef,
      expected: { amountMinor: remainder, from: 'link', atMost: link.partial },
      linkId: link.linkId,
      failedBefore: Boolean(failed),
      linkClosed: status === 'CANCELLED' || status === 'EXPIRED',
      details: facts,
    });
    if (result.outcome === 'exception') {
      await setOutcome('exception');
      return { outcome: 'exception' as const };
    }
    // The same payment under another event id posts nothing more.
    if (result.outcome !== 'posted') return { outcome: 'recorded' as const };
    const paymentId = result.payment_id!;
    await tx.insert(paymentGatewayPayments).values({ companyId, pgVendor: vendor, gatewayPaymentId: e.paymentId, linkId: link.linkId, paymentId, amountMinor: e.amountMinor, createdAt: now }).onConflictDoNothing();
    const paid = link.paidMinor + e.amountMinor;
    await tx
      .update(paymentLinks)
      .set({ paidMinor: sql`${paymentLinks.paidMinor} + ${e.amountMinor}`, status: paid >= link.amountMinor ? 'PAID' : 'PARTIALLY_PAID', updatedAt: now })
      .where(eq(paymentLinks.linkId, link.linkId));
    await setOutcome('posted');
    return { outcome: 'posted' as const };
  });
}
