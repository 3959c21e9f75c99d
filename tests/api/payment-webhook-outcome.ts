/**
 * What became of a gateway webhook (issue 15): the route answers `received` once a link event is
 * stored in the inbox, and the payment posts right after (webhook-inbox.ts). Tests that care what
 * the posting did wait for this process's inboxes and read the event's outcome from its row.
 */
import { and, eq } from 'drizzle-orm';
import { paymentGatewayEvents } from '../../src/server/modules/payments/schema';
import { webhookInboxesSettled } from '../../src/server/modules/payments/webhook-inbox';
import type { TestApp } from './helpers';

type Answer = { statusCode: number; body: string; json: () => { data: { outcome: string; event_id: string } } };

/**
 * @returns the answer's outcome when it is final (duplicate; a mandate event's own), else — for a
 *   `received` link event — its outcome once posted: posted | recorded | exception | unknown_link
 * @throws when the webhook was not answered 200, or a received event is still in the inbox
 */
export async function postedOutcome(t: TestApp, res: Answer, company: string, vendor: string): Promise<string> {
  if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
  const { outcome, event_id } = res.json().data;
  if (outcome !== 'received') return outcome;
  await webhookInboxesSettled();
  const [row] = await t.database.db
    .select({ outcome: paymentGatewayEvents.outcome })
    .from(paymentGatewayEvents)
    .where(and(eq(paymentGatewayEvents.companyId, company), eq(paymentGatewayEvents.pgVendor, vendor), eq(paymentGatewayEvents.eventId, event_id)));
  if (!row || row.outcome === 'received') throw new Error(`event ${event_id} was not posted (${row?.outcome ?? 'no row'})`);
  return row.outcome;
}
