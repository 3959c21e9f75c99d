/**
 * Position pings in the outbox (issue 5 "Field-force tracking": positions are queued offline like
 * visits). Each ping is its own outbox item of kind 'ping' (body: one PingBody), so queueing never
 * edits an item a drain may be sending; the drain sends the due ones together as one
 * POST /api/fos/tracking/pings (contracts/field.ts pingsBody, at most PINGS_PER_REQUEST).
 *
 * The batch's Idempotency-Key is derived from its members' own keys, so a batch retried after a
 * lost answer is the same request (the server replays it), and a batch that grew since is a new
 * one (the server stores each executive-and-instant once, so nothing is doubled either way).
 * No DOM: used by the page and the service worker's drain.
 */
import type { PingBody } from '../domain/contracts/field';
import type { OutboxItem } from './db';

/** The outbox kind of a position ping. */
export const PING_KIND = 'ping' as const;
/** Where pings are posted. */
export const PINGS_PATH = '/api/fos/tracking/pings';
/** Pings per request: below the contract's 500 so a day offline (~150 pings) goes in one request. */
export const PINGS_PER_REQUEST = 200;

/** Whether an outbox item is a position ping. */
export function isPing(item: Pick<OutboxItem, 'kind'>): boolean {
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
 * The request of a batch: one item shaped like an outbox item (the first member's, so send()
 * treats it like any other), with the derived key and the members' pings as a JSON body.
 */
export async function pingBatchRequest(items: readonly OutboxItem[]): Promise<OutboxItem> {
  if (items.length === 0) throw new RangeError('A ping batch needs at least one ping');
  const pings = items.map((i) => i.body as PingBody);
  return { ...items[0], path: PINGS_PATH, json_field: null, files: [], idempotency_key: await pingBatchKey(items), body: { pings } };
}
