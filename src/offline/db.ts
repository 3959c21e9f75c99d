/**
 * The field app's IndexedDB database (through `idb`, a thin promise wrapper), shared by the page and
 * the service worker (issue 4 "Offline behaviour"; ARCHITECTURE "Offline field app").
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
 *
 * The database was made by Dexie until issue 18: Dexie opens IndexedDB at its declared version × 10
 * (version(1) → 10) and names a compound index '[a+b]'. This module opens the same database at the
 * same version with the same stores and indexes, so a phone that updates keeps its queued outbox.
 *
 * Change notification (what Dexie's live queries did): every write through `fieldTx` announces the
 * stores it wrote once its transaction has committed, to this context's listeners and, through a
 * BroadcastChannel, to the other pages and the service worker (whose drain deletes sent items).
 * Readers subscribe with `onFieldChange` (src/web/features/field/use-field-read.ts for screens).
 */
import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
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

/** The database's stores, keys and indexes, as Dexie's `version(1).stores(...)` declared them. */
export interface FieldSchema extends DBSchema {
  allocation: { key: [string, string]; value: AllocationRow; indexes: { user_id: string } };
  outbox: {
    key: number;
    value: OutboxItem;
    indexes: {
      status: string;
      created_at: string;
      '[user_id+company_id]': [string, string];
      // The drain's "oldest pending item of this user" and counts, in id order.
      '[user_id+company_id+status]': [string, string, string];
      loan_id: string;
    };
  };
  meta: { key: string; value: MetaRow };
}

export type FieldStore = StoreNames<FieldSchema>;
export type FieldDb = IDBPDatabase<FieldSchema>;

/** The database's name (unchanged since Dexie made it). */
export const FIELD_DB_NAME = 'recovery-field';
/** IndexedDB version: Dexie's declared version 1 × 10, so the database Dexie made opens as is. */
export const FIELD_DB_VERSION = 10;
/** BroadcastChannel on which writes of one context are announced to the others. */
export const FIELD_CHANGE_CHANNEL = 'recovery-field-changes';

let opening: Promise<FieldDb> | null = null;

/**
 * The open 'recovery-field' database (opened once per context, again after it was closed). Creates
 * the stores on a phone that never had them.
 * @throws DOMException when IndexedDB is unavailable (private mode on some browsers)
 */
export function fieldDb(): Promise<FieldDb> {
  opening ??= openDB<FieldSchema>(FIELD_DB_NAME, FIELD_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('allocation')) {
        const allocation = db.createObjectStore('allocation', { keyPath: ['company_id', 'loan_id'] });
        allocation.createIndex('user_id', 'user_id');
      }
      if (!db.objectStoreNames.contains('outbox')) {
        const outbox = db.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
        outbox.createIndex('status', 'status');
        outbox.createIndex('created_at', 'created_at');
        outbox.createIndex('[user_id+company_id]', ['user_id', 'company_id']);
        outbox.createIndex('[user_id+company_id+status]', ['user_id', 'company_id', 'status']);
        outbox.createIndex('loan_id', 'loan_id');
      }
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' });
    },
    // A newer app version (another tab, the new service worker) wants to upgrade: let it.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** Closes this context's connection (tests; the next use opens it again). */
export async function closeFieldDb(): Promise<void> {
  const db = await opening?.catch(() => null);
  opening = null;
  db?.close();
}

/** A change listener: the stores written, and whether another context (page, service worker) wrote them. */
type Listener = (stores: ReadonlySet<FieldStore>, remote: boolean) => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function changeChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(FIELD_CHANGE_CHANNEL) : null;
    channel?.addEventListener('message', (e: MessageEvent<{ stores?: FieldStore[] }>) => {
      if (Array.isArray(e.data?.stores)) emit(new Set(e.data.stores), 'remote');
    });
  }
  return channel;
}

/** 'write': committed here (told to the other contexts too); 'remote': another context's; 'local': announceLocalChange. */
function emit(stores: ReadonlySet<FieldStore>, from: 'write' | 'remote' | 'local'): void {
  for (const l of [...listeners]) l(stores, from === 'remote');
  if (from === 'write') changeChannel()?.postMessage({ stores: [...stores] });
}

/**
 * Calls `listener` after every committed write to the database, in this context or another one
 * (pages, the service worker), with the stores written. Returns the unsubscribe function.
 */
export function onFieldChange(listener: Listener): () => void {
  changeChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells this context's readers (onFieldChange, not other contexts) that what `stores` read as has
 * changed before a write commits: allocation-cache.ts shows a download at once and writes it behind.
 */
export function announceLocalChange(stores: readonly FieldStore[]): void {
  emit(new Set(stores), 'local');
}

/**
 * Runs `work` in one transaction over `stores` and resolves with its result once the transaction
 * has committed; a 'readwrite' one then announces the stores written (onFieldChange). `work` must
 * only await requests of `tx` (IndexedDB commits a transaction left without pending requests).
 * @throws the transaction's error (QuotaExceededError when storage is full) or `work`'s
 */
export async function fieldTx<const S extends FieldStore[], M extends IDBTransactionMode, T>(
  stores: S,
  mode: M,
  work: (tx: IDBPTransaction<FieldSchema, S, M>) => Promise<T>,
): Promise<T> {
  const db = await fieldDb();
  const tx = db.transaction(stores, mode);
  let result: T;
  try {
    result = await work(tx);
  } catch (err) {
    try {
      tx.abort();
    } catch {
      // Already finished.
    }
    await tx.done.catch(() => undefined);
    throw err;
  }
  await tx.done;
  if (mode === 'readwrite') emit(new Set(stores), 'write');
  return result;
}

/** The value stored under a meta key, or null when absent. */
export async function getMeta<T>(key: string): Promise<T | null> {
  const row = await (await fieldDb()).get('meta', key);
  return row === undefined ? null : (row.value as T);
}

/** Stores a meta value (null deletes the key). */
export async function setMeta(key: string, value: unknown): Promise<void> {
  await fieldTx(['meta'], 'readwrite', (tx) => putMeta(tx.objectStore('meta'), key, value));
}

/** setMeta inside a transaction that has the meta store (null deletes the key). */
export async function putMeta(meta: { put(row: MetaRow): Promise<unknown>; delete(key: string): Promise<unknown> }, key: string, value: unknown): Promise<void> {
  if (value === null || value === undefined) await meta.delete(key);
  else await meta.put({ key, value });
}
