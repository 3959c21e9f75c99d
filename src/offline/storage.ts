/**
 * Device storage (issue 4: `navigator.storage.persist()` is requested; the app warns when storage
 * is nearly full). Persistent storage keeps the browser from evicting the outbox and its photos
 * under storage pressure.
 */

/** Share of the quota above which storage counts as nearly full. */
export const NEARLY_FULL_RATIO = 0.85;

/**
 * Asks the browser to keep this origin's storage (IndexedDB with unsent visits and photos) under
 * pressure. Resolves true when granted (or already persisted), false when refused or unsupported.
 */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return false;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

/**
 * Bytes used and available to this origin (navigator.storage.estimate) and whether use is above
 * 85 % of the quota. Zeros (and not full) when the browser does not tell.
 */
export async function storageStatus(): Promise<{ usage: number; quota: number; nearlyFull: boolean }> {
  const storage = globalThis.navigator?.storage;
  if (!storage?.estimate) return { usage: 0, quota: 0, nearlyFull: false };
  try {
    const { usage = 0, quota = 0 } = await storage.estimate();
    return { usage, quota, nearlyFull: quota > 0 && usage / quota > NEARLY_FULL_RATIO };
  } catch {
    return { usage: 0, quota: 0, nearlyFull: false };
  }
}
