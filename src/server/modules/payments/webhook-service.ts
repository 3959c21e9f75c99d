/**
 * Gateway webhooks (issue 15 "Reconciliation"): verify the raw bytes with the company's own
 * credentials, drop a duplicate by event id, and store a link event in the process's inbox
 * (webhook-inbox.ts: concurrent webhooks share one INSERT; the payment posts right after, from the
 * stored event, through webhook-posting.ts) or post a mandate event at once through
 * mandate-events.ts.
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
import type { WebhookInbox } from './webhook-inbox';

/** The one answer to anything not verified (no hint which check failed). */
export const NOT_VERIFIED = 'Webhook signature not verified';

/**
 * Handles one webhook for `companyId`'s `vendor` on its raw bytes.
 * A link event is stored in `inbox` and answered `received` once its row is durable; its payment
 * posts right after (the outcome is then on the event's row: posted, recorded, exception,
 * unknown_link). A mandate event posts in its own transaction and answers its outcome;
 * `onQueued` runs after that commit when outgoing webhook deliveries were queued (the route kicks
 * the delivery job then: nothing is sent inside the transaction).
 * @returns received (a link event, stored for posting), posted / recorded / exception (a mandate
 *   event), duplicate (event seen before); with the vendor's event id
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
  onQueued: () => void,
  inbox: WebhookInbox,
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
    if (result.outcome !== 'duplicate') onQueued();
    return { outcome: result.outcome, event_id: me.eventId };
  }
  const outcome = await inbox.accept({ companyId, vendor, event: verified.event, now });
  return { outcome, event_id: verified.event.eventId };
}
