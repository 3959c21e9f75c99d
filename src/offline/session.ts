/**
 * The session the outbox drain sends with (issue 4: the service worker drains without the page, so
 * it cannot read localStorage). Owns the meta 'session' row: { token, company_id, user_id }.
 */
import { META_KEYS, fieldTx, getMeta, putMeta, setMeta } from './db';
import type { OfflineSession } from './db';

/**
 * Saves (or with null clears) the session used by the drain. The web calls it on sign-in, on a
 * company switch and on sign-out. Clearing keeps the outbox: unsent work survives signing out and
 * is sent when the same user signs in again to the same company.
 */
export async function saveOfflineSession(s: OfflineSession | null): Promise<void> {
  if (s === null) {
    await setMeta(META_KEYS.session, null);
    return;
  }
  await fieldTx(['meta'], 'readwrite', async (tx) => {
    await putMeta(tx.store, META_KEYS.session, { token: s.token, company_id: s.company_id, user_id: s.user_id });
    // A fresh session ends the 'unauthorized' stop of the previous drain.
    if ((await tx.store.get(META_KEYS.lastDrainError))?.value === 'unauthorized') await tx.store.delete(META_KEYS.lastDrainError);
  });
}

/** The saved session, or null when signed out. */
export async function loadOfflineSession(): Promise<OfflineSession | null> {
  return getMeta<OfflineSession>(META_KEYS.session);
}
