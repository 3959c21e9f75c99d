/**
 * The drain's reads and writes of the IndexedDB `outbox` store (issue 4 "Offline behaviour"; enketo's
 * store): the session's pending items in send order, counts, status changes and deleting what the
 * server acknowledged. Decides nothing: when an item is sent, retried or given up is queue.ts.
 *
 * Order: a session's pending items come oldest first, read from the [user_id+company_id+status]
 * index alone (entries with equal keys come in primary-key order, and ids grow in the order items
 * were queued). No DOM: used by the page and the service worker.
 */
import { fieldDb, fieldTx, putMeta } from './db';
import type { OfflineSession, OutboxItem, OutboxItemOf } from './db';
import { isPing } from './ping-batch';

const PENDING_INDEX = '[user_id+company_id+status]';

/** The key range of the session's pending items in PENDING_INDEX. */
function pendingRange(s: OfflineSession): IDBKeyRange {
  return IDBKeyRange.only([s.user_id, s.company_id, 'pending']);
}

/** The session's pending items that pass `keep`, oldest first, at most `limit` (a read-only transaction). */
async function findPending(s: OfflineSession, keep: (i: OutboxItem) => boolean, limit: number): Promise<OutboxItem[]> {
  const db = await fieldDb();
  const found: OutboxItem[] = [];
  let cursor = await db.transaction('outbox').store.index(PENDING_INDEX).openCursor(pendingRange(s));
  while (cursor && found.length < limit) {
    if (keep(cursor.value)) found.push(cursor.value);
    cursor = await cursor.continue();
  }
  return found;
}

/** Changes the session's pending items that pass `keep` in one transaction. @returns how many changed */
function modifyPending(s: OfflineSession, keep: (i: OutboxItem) => boolean, changes: ItemChanges): Promise<number> {
  return fieldTx(['outbox'], 'readwrite', async (tx) => {
    let changed = 0;
    let cursor = await tx.store.index(PENDING_INDEX).openCursor(pendingRange(s));
    while (cursor) {
      if (keep(cursor.value)) {
        await cursor.update({ ...cursor.value, ...changes } as OutboxItem);
        changed += 1;
      }
      cursor = await cursor.continue();
    }
    return changed;
  });
}

/**
 * The first pending item of the session the drain may take at `at` (epoch ms), or undefined when
 * none is pending: backing-off pings are stepped over, any other item is returned even when it is
 * not due yet (the drain then ends, keeping the order).
 */
export async function nextPending(s: OfflineSession, at: number): Promise<OutboxItem | undefined> {
  return (await findPending(s, (i) => !isPing(i) || i.next_attempt_at <= at, 1))[0];
}

/** The session's pings due at `at` (epoch ms), oldest first, at most `limit`. */
export async function duePings(s: OfflineSession, at: number, limit: number): Promise<OutboxItemOf<'ping'>[]> {
  const due = await findPending(s, (i) => isPing(i) && i.next_attempt_at <= at, limit);
  return due.filter(isPing);
}

/** How many items of the session are pending (failed and sending ones not counted). */
export async function countPending(s: OfflineSession): Promise<number> {
  return (await fieldDb()).countFromIndex('outbox', PENDING_INDEX, pendingRange(s));
}

/**
 * When (epoch ms) the session's next backing-off item falls due: the earlier of the first pending
 * ping and the first pending other item (pings are stepped over while they back off, so the first
 * of the others may fall due sooner). null when nothing is pending.
 */
export async function nextDueAt(s: OfflineSession): Promise<number | null> {
  const [[other], [ping]] = await Promise.all([findPending(s, (i) => !isPing(i), 1), findPending(s, isPing, 1)]);
  const due = Math.min(other?.next_attempt_at ?? Infinity, ping?.next_attempt_at ?? Infinity);
  return due === Infinity ? null : due;
}

/**
 * Ends the backoff of every pending item of the session (issue 12: the network is back, or the
 * server just answered): attempts back to 0 and due at `now` (epoch ms), so the next failure waits
 * ~2 s again, not the minutes the earlier failures had grown to.
 * @returns how many items were backing off
 */
export async function resetBackoff(s: OfflineSession, now: number, opts: BackoffFilter = {}): Promise<number> {
  return modifyPending(s, (i) => (i.attempts > 0 || i.next_attempt_at > now) && matches(i, opts), { attempts: 0, next_attempt_at: now });
}

/** Which backing-off items: `networkOnly` those whose last try got no answer (not a 5xx, 409, …). */
export interface BackoffFilter {
  networkOnly?: boolean;
}

const matches = (i: OutboxItem, opts: BackoffFilter) => !opts.networkOnly || i.last_status === null;

/** Whether an item of the session is waiting out a backoff at `now` (epoch ms). */
export async function hasBackoff(s: OfflineSession, now: number, opts: BackoffFilter = {}): Promise<boolean> {
  return (await findPending(s, (i) => i.next_attempt_at > now && matches(i, opts), 1)).length > 0;
}

/** Puts every item left 'sending' (a drain cut off: page closed, worker killed) back to 'pending'. */
export async function releaseSending(): Promise<void> {
  await fieldTx(['outbox'], 'readwrite', async (tx) => {
    let cursor = await tx.store.index('status').openCursor('sending');
    while (cursor) {
      await cursor.update({ ...cursor.value, status: 'pending' });
      cursor = await cursor.continue();
    }
  });
}

/** What the drain changes of an item: its state, never its kind or body. */
export type ItemChanges = Partial<Pick<OutboxItem, 'status' | 'attempts' | 'next_attempt_at' | 'last_error' | 'last_status'>>;

/** Changes fields (status, attempts, next_attempt_at, last_error, last_status) of one item; nothing when it is gone. */
export async function updateItem(id: number, changes: ItemChanges): Promise<void> {
  await updateItems([id], changes);
}

/** updateItem for several items (a ping batch); gone ones are skipped. */
export async function updateItems(ids: readonly number[], changes: ItemChanges): Promise<void> {
  await fieldTx(['outbox'], 'readwrite', async (tx) => {
    for (const id of ids) {
      const item = await tx.store.get(id);
      if (item) await tx.store.put({ ...item, ...changes } as OutboxItem);
    }
  });
}

/**
 * Deletes the items `ids` and writes `meta` (meta key → value, null deletes the key, in the given
 * order) in one IndexedDB transaction: all of it or nothing.
 */
export async function deleteItems(ids: readonly number[], meta: Readonly<Record<string, unknown>>): Promise<void> {
  await fieldTx(['outbox', 'meta'], 'readwrite', async (tx) => {
    for (const id of ids) await tx.objectStore('outbox').delete(id);
    for (const [key, value] of Object.entries(meta)) await putMeta(tx.objectStore('meta'), key, value);
  });
}
