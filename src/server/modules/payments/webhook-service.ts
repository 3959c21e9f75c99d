/**
 * Gateway webhooks (issue 15 "Reconciliation"): verify the raw bytes with the company's own
 * credentials, drop a duplicate by event id, and post a link event through the process's batcher
 * (webhook-batch.ts: concurrent webhooks share one transaction; webhook-posting.ts posts each
 * event) or a mandate event through mandate-events.ts.
 */
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { WebhookOutcome } from '../../../domain/contracts/payments/webhooks';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../http/errors';
import { GATEWAYS } from './gateways';
import type { Headers } from './gateways/types';
import { applyMandateEvent } from './mandate-events';
import { paymentGatewayEvents } from './schema';
import { webhookCredentialsOf } from './webhook-credentials';
import { postEventBatch, type WebhookBatcher } from './webhook-batch';

/** The one answer to anything not verified (no hint which check failed). */
export const NOT_VERIFIED = 'Webhook signature not verified';

/**
 * Handles one webhook for `companyId`'s `vendor` on its raw bytes.
 * `onQueued` runs after the commit when outgoing webhook deliveries were queued (the route kicks the
 * delivery job then: nothing is sent inside the transaction). `batch`: the process's webhook
 * batcher, which posts concurrent link events in one transaction (group commit); absent: this
 * event in its own transaction.
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
  batch?: WebhookBatcher,
): Promise<WebhookOutcome> {
  const creds = await webhookCredentialsOf(db, config, companyId, vendor).catch(() => null);
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
  const job = { companyId, vendor, event: verified.event, now };
  const done = batch ? await batch.submit(job) : (await postEventBatch(db, [job]))[0];
  if (done.queued) onQueued?.();
  return { outcome: done.outcome };
}
