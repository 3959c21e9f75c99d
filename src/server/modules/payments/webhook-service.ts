/**
 * Gateway webhooks (issue 15 "Reconciliation", first slice): verify with the company's own
 * credentials, drop a duplicate by event id, and post a successful payment once — into
 * loan_payments (which the field app's online recoveries reads) and the loan's timeline — while
 * the link's paid amount and status follow the payments, never the event order: a failure or a
 * stale status after PAID changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { WebhookOutcome } from '../../../domain/contracts/payments/webhooks';
import { formatMinor } from '../../../domain/common/money';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/errors';
import { addLoanEvents } from '../portfolio/queries';
import { GATEWAYS } from './gateways';
import type { Headers } from './gateways/types';
import { loanPayments, paymentGatewayEvents, paymentGatewayPayments, paymentLinks } from './schema';
import { credentialsOf } from './settings-service';

/** The one answer to anything not verified (no hint which check failed). */
export const NOT_VERIFIED = 'Webhook signature not verified';

/**
 * Handles one webhook for `companyId`'s `vendor` on its raw bytes.
 * @returns posted (a payment was posted), duplicate (event seen before), recorded (verified, nothing to post), unknown_link
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
      .values({ companyId, pgVendor: vendor, eventId: e.eventId, linkId: e.linkId, outcome: 'recorded', receivedAt: now })
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
    if (!link) {
      await setOutcome('unknown_link');
      return { outcome: 'unknown_link' as const };
    }
    if (e.outcome !== 'SUCCESS') return { outcome: 'recorded' as const };
    const paymentId = randomUUID();
    const [once] = await tx
      .insert(paymentGatewayPayments)
      .values({ companyId, pgVendor: vendor, gatewayPaymentId: e.paymentId, linkId: link.linkId, paymentId, amountMinor: e.amountMinor, createdAt: now })
      .onConflictDoNothing()
      .returning({ paymentId: paymentGatewayPayments.paymentId });
    // The same payment under another event id posts nothing more.
    if (!once) return { outcome: 'recorded' as const };
    await tx
      .insert(loanPayments)
      .values({ paymentId, companyId, loanId: link.loanId, allocationMonth: link.allocationMonth, amountMinor: e.amountMinor, paidAt: now, channel: e.channel, reference: `${vendor}:${e.paymentId}` });
    const paid = link.paidMinor + e.amountMinor;
    await tx
      .update(paymentLinks)
      .set({ paidMinor: sql`${paymentLinks.paidMinor} + ${e.amountMinor}`, status: paid >= link.amountMinor ? 'PAID' : 'PARTIALLY_PAID', updatedAt: now })
      .where(eq(paymentLinks.linkId, link.linkId));
    await addLoanEvents(tx, [
      {
        companyId,
        loanId: link.loanId,
        allocationMonth: link.allocationMonth,
        kind: 'payment',
        module: 'payments',
        remark: `${formatMinor(e.amountMinor, 'INR')} paid online (${vendor}, ${e.channel})`,
        details: { link_id: link.linkId, pg_vendor: vendor, gateway_payment_id: e.paymentId, amount_minor: e.amountMinor, channel: e.channel, payment_id: paymentId },
        authorId: null,
        createdAt: now,
      },
    ]);
    await setOutcome('posted');
    return { outcome: 'posted' as const };
  });
}
