/**
 * The endpoints the outbox sends (issue 11 "endpoints defined once"; decision 007): an item stores
 * its `kind`, and everything about the request — method, path, the multipart JSON field or text
 * fields, JSON or multipart — comes from the kind's endpoint definition when the item is sent
 * (connection.ts), so a screen queues `enqueue('visit', { body, files, … })` and never names a path
 * or a field. The kinds are the ones app versions have always stored: phones keep items queued by
 * an older version, and those are sent by their kind too.
 *
 * Imports only the zod-free definitions (src/domain/contracts/field/*.ts): no zod, no DOM; used by
 * the page and the service worker.
 */
import { pathOf, type BodyOf, type HttpMethod } from '../domain/contracts/endpoint';
import { recordDeposit } from '../domain/contracts/field/deposits';
import { uploadDocument } from '../domain/contracts/field/documents';
import { recordReceipt } from '../domain/contracts/field/receipts';
import { recordPings } from '../domain/contracts/field/tracking';
import { recordVisit } from '../domain/contracts/field/visits';
import { recordRepossessionStep } from '../domain/contracts/repossession/cases';

/**
 * kind → the endpoint an item of that kind is sent to. 'ping' items are sent in batches: the
 * endpoint's body wraps the pings (ping-batch.ts).
 */
export const OUTBOX_ENDPOINTS = {
  visit: recordVisit,
  receipt: recordReceipt,
  deposit: recordDeposit,
  document: uploadDocument,
  ping: recordPings,
  /** A repossession agent's field step (issue 16). */
  repossession_step: recordRepossessionStep,
} as const;

export type OutboxKind = keyof typeof OUTBOX_ENDPOINTS;
export type OutboxEndpoint = (typeof OUTBOX_ENDPOINTS)[OutboxKind];

/**
 * The body an item of each kind stores: what its endpoint takes (the multipart JSON field's value,
 * or a document's text fields), except a ping, which stores one ping of the batch's `pings`.
 */
export interface OutboxBodies {
  visit: BodyOf<typeof recordVisit>;
  receipt: BodyOf<typeof recordReceipt>;
  deposit: BodyOf<typeof recordDeposit>;
  document: BodyOf<typeof uploadDocument>;
  ping: BodyOf<typeof recordPings>['pings'][number];
  repossession_step: BodyOf<typeof recordRepossessionStep>;
}
export type OutboxBody<K extends OutboxKind> = OutboxBodies[K];

/** Whether `kind` (read back from IndexedDB, so any string) is a kind this version can send. */
export function isOutboxKind(kind: unknown): kind is OutboxKind {
  return typeof kind === 'string' && Object.hasOwn(OUTBOX_ENDPOINTS, kind);
}

/** The URL path of an outbox endpoint, '/api' included: '/api/fos/visits'. */
export function outboxPath(e: OutboxEndpoint): string {
  return `/api${pathOf(e)}`;
}

/**
 * The multipart file field items of `kind` keep their files in ('photos', 'slip', 'file'): each
 * outbox endpoint has one.
 * @throws RangeError when the endpoint takes no file, or several file fields (say which is meant)
 */
export function fileField(kind: OutboxKind): string {
  const fields = Object.keys(OUTBOX_ENDPOINTS[kind].multipart?.files ?? {});
  if (fields.length !== 1) throw new RangeError(`${OUTBOX_ENDPOINTS[kind].operation} takes ${fields.length === 0 ? 'no file' : 'several file fields'}`);
  return fields[0];
}

/**
 * The request fields app versions before issue 11 stored on each item and sent by (`method`,
 * `path`, `json_field`), derived from the definition. This version sends by `kind` alone; new items
 * still carry them because a worker of the previous version may still be the active one while a
 * page of this version queues (it waits for the "new version" banner), and it sends by these.
 */
export function legacyRequestFields(kind: OutboxKind): { method: HttpMethod; path: string; json_field: string | null } {
  const e = OUTBOX_ENDPOINTS[kind];
  return { method: e.method, path: outboxPath(e), json_field: e.multipart?.json ?? null };
}
