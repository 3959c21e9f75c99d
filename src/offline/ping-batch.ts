/**
 * Position pings in the outbox (issue 5 "Field-force tracking": positions are queued offline like
 * visits). Each ping is its own outbox item of kind 'ping' (body: one PingBody), so queueing never
 * edits an item a drain may be sending; the drain sends the due ones together as one
 * POST /api/fos/tracking/pings (recordPings, contracts/field/tracking.ts; at most PINGS_PER_REQUEST).
 *
 * The batch's Idempotency-Key is derived from its members' own keys, so a batch retried after a
 * lost answer is the same request (the server replays it), and a batch that grew since is a new
 * one (the server stores each executive-and-instant once, so nothing is doubled either way).
 * No DOM: used by the page and the service worker's drain.
 */
import type { BodyOf } from '../domain/contracts/endpoint';
import type { OutboxRequest } from './connection';
import type { OutboxItem, OutboxItemOf } from './db';
import { OUTBOX_ENDPOINTS } from './outbox-endpoints';

/** The outbox kind of a position ping. */
export const PING_KIND = 'ping' as const;
/** Pings per request: below the contract's 500 so a day offline (~150 pings) goes in one request. */
export const PINGS_PER_REQUEST = 200;

/** Whether an outbox item is a position ping. */
export function isPing(item: Pick<OutboxItem, 'kind'>): item is OutboxItemOf<'ping'> {
  return item.kind === PING_KIND;
}

/**
 * The Idempotency-Key of a batch: 'pings-' + the first 32 hex digits of SHA-256 over the members'
 * keys in order. Same members → same key; any other set → another key.
 */
export async function pingBatchKey(items: readonly Pick<OutboxItem, 'idempotency_key'>[]): Promise<string> {
  const bytes = new TextEncoder().encode(items.map((i) => i.idempotency_key).join('\n'));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `pings-${Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The request of a batch to the ping kind's endpoint (recordPings): the members' pings as its JSON
 * body `{ pings }`, under the key derived from theirs.
 * @throws RangeError for an empty batch
 */
export async function pingBatchRequest(items: readonly OutboxItemOf<'ping'>[]): Promise<OutboxRequest> {
  if (items.length === 0) throw new RangeError('A ping batch needs at least one ping');
  const body = { pings: items.map((i) => i.body) } satisfies BodyOf<typeof OUTBOX_ENDPOINTS.ping>;
  return { endpoint: OUTBOX_ENDPOINTS.ping, body, files: [], idempotencyKey: await pingBatchKey(items) };
}
