/**
 * The field app's IndexedDB database (Dexie), shared by the page and the service worker (issue 4
 * "Offline behaviour"; ARCHITECTURE "Offline field app").
 *
 * Owns three tables:
 * - `allocation`: the signed-in executive's allocated loans, copied from GET /api/fos/allocation so
 *   the day can be planned offline; one row per (company, loan), tagged with the user it belongs to.
 * - `outbox`: every write made on the phone (visit, receipt, deposit, document upload with its blobs,
 *   position ping) until the server acknowledged it; an item names its endpoint by `kind`. The one source of truth for unsent work: Background Sync and
 *   the page-driven drain both read it (src/offline/queue.ts, through outbox-store.ts).
 * - `meta`: small key/value facts (session for the worker's drain, sync times, receipt sequences,
 *   the on-duty switch).
 * Browser-only; no React here.
 */
import Dexie from 'dexie';
import type { EntityTable, Table } from 'dexie';
import type { AllocatedLoan } from '../domain/contracts/field/visits';
import type { OutboxBody, OutboxKind } from './outbox-endpoints';

/** One loan of the cached allocation, keyed by company and loan, tagged with its executive. */
export type AllocationRow = AllocatedLoan & { company_id: string; user_id: string };

/** A file kept with an outbox item (a compressed photo, a deposit slip, a document). */
export interface OutboxFile {
  /** Multipart field name, e.g. 'photos', 'slip', 'file'. */
  field: string;
  /** File name sent to the server. */
  name: string;
  /** MIME type, e.g. 'image/jpeg'. */
  type: string;
  blob: Blob;
}

export type { OutboxKind } from './outbox-endpoints';
export type OutboxStatus = 'pending' | 'sending' | 'failed';

/** What every outbox item has, whatever its kind. */
interface OutboxItemBase {
  id?: number;
  /** Sent as the Idempotency-Key header; made once when the item is queued (a uuid). */
  idempotency_key: string;
  user_id: string;
  company_id: string;
  files: OutboxFile[];
  loan_id: string | null;
  /** A short human line for the sync bar, e.g. 'Visit · Ramesh Kumar · PTP'. */
  summary: string;
  /** ISO time the item was queued. */
  created_at: string;
  /** Sends tried so far that ended in a retryable failure (5xx, 409, network, timeout). */
  attempts: number;
  /** Epoch ms before which the drain leaves the item alone (backoff). */
  next_attempt_at: number;
  status: OutboxStatus;
  /** The server's message (or a network description) of the last failure. */
  last_error: string | null;
  /** HTTP status of the last failure, null for network errors. */
  last_status: number | null;
  /**
   * The request as app versions before issue 11 sent it ('POST', '/api/fos/visits', 'visit').
   * Never read by this version: the request comes from `kind` (outbox-endpoints.ts); written for a
   * previous version's worker still active (legacyRequestFields). Items queued before carry them too.
   */
  method?: string;
  path?: string;
  json_field?: string | null;
}

/**
 * One write waiting for the server's acknowledgement: a visit, receipt, deposit or document upload
 * (issue 4), or one position while on duty (issue 5; the drain sends the due ones together,
 * src/offline/ping-batch.ts). `kind` names the endpoint (outbox-endpoints.ts) and types `body`.
 */
export type OutboxItem = { [K in OutboxKind]: OutboxItemOf<K> }[OutboxKind];
/** The item of one kind. */
export type OutboxItemOf<K extends OutboxKind> = OutboxItemBase & { kind: K; body: OutboxBody<K> };

/** A key/value fact; see META_KEYS. */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** The session the service worker's drain uses (saved by the page, src/offline/session.ts). */
export interface OfflineSession {
  token: string;
  company_id: string;
  user_id: string;
}

/** The executive of an allocation, as GET /api/fos/allocation names them. */
export interface OfflineExecutive {
  user_id: string;
  name: string;
  executive_code: string;
}

/** The start of every on-duty meta key ('on_duty:<company>:<user>'). */
export const ON_DUTY_PREFIX = 'on_duty:';

/** Keys of the `meta` table. */
export const META_KEYS = {
  session: 'session',
  lastSyncAt: 'last_sync_at',
  lastDrainError: 'last_drain_error',
  allocationSyncedAt: (companyId: string) => `allocation_synced_at:${companyId}`,
  allocationCurrency: (companyId: string) => `allocation_currency:${companyId}`,
  executive: (companyId: string) => `executive:${companyId}`,
  receiptSequence: (companyId: string, executiveCode: string) => `receipt_sequence:${companyId}:${executiveCode}`,
  /** Whether the executive is on duty (position pings, issue 5), and since when; src/offline/pings.ts. */
  onDuty: (companyId: string, userId: string) => `${ON_DUTY_PREFIX}${companyId}:${userId}`,
  /** ISO time of the last position ping queued on this phone, and the last refusal of a batch. */
  lastPingAt: (companyId: string, userId: string) => `last_ping_at:${companyId}:${userId}`,
  lastPingError: 'last_ping_error',
} as const;

export type FieldDb = Dexie & {
  allocation: Table<AllocationRow, [string, string]>;
  outbox: EntityTable<OutboxItem, 'id'>;
  meta: Table<MetaRow, string>;
};

/** The 'recovery-field' database. Opens lazily on first use. */
export const fieldDb = new Dexie('recovery-field') as FieldDb;

fieldDb.version(1).stores({
  allocation: '[company_id+loan_id], user_id',
  // [user_id+company_id+status]: the drain's "oldest pending item of this user" and counts, read
  // from the index alone (no blobs loaded), in id order.
  outbox: '++id, status, created_at, [user_id+company_id], [user_id+company_id+status], loan_id',
  meta: 'key',
});

/** The value stored under a meta key, or null when absent. */
export async function getMeta<T>(key: string): Promise<T | null> {
  const row = await fieldDb.meta.get(key);
  return row === undefined ? null : (row.value as T);
}

/** Stores a meta value (null deletes the key). */
export async function setMeta(key: string, value: unknown): Promise<void> {
  if (value === null || value === undefined) await fieldDb.meta.delete(key);
  else await fieldDb.meta.put({ key, value });
}
