/** Test helpers over the phone's IndexedDB (src/offline/db.ts) for the offline unit tests. */
import { fieldDb } from '../../../src/offline/db';
import type { OutboxItem } from '../../../src/offline/db';

/** Empties the three stores (each test starts from a phone with nothing stored). */
export async function clearFieldDb(): Promise<void> {
  const db = await fieldDb();
  await Promise.all([db.clear('outbox'), db.clear('meta'), db.clear('allocation')]);
}

/** Changes fields of every outbox item (the way a past drain would have left them). */
export async function changeAllItems(changes: Partial<OutboxItem>): Promise<void> {
  const tx = (await fieldDb()).transaction('outbox', 'readwrite');
  for (const item of await tx.store.getAll()) await tx.store.put({ ...item, ...changes } as OutboxItem);
  await tx.done;
}
