/**
 * The gateway credentials webhooks verify with, kept in memory for a moment (issue 15 "npm run
 * bench": every webhook read and decrypted its company's credentials, one more statement per
 * webhook — and on this platform each statement's socket write is a costly system call).
 * A PUT of the credentials in this process forgets them at once (`forgetWebhookCredentials`,
 * after its commit); another process sees a change within WEBHOOK_CREDENTIALS_TTL_MS.
 *
 * Owns: the per-process cache (per database handle, so test apps in one process never share it).
 */
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { Db } from '../../db/client';
import type { GatewayCredentials } from './gateways';
import { credentialsOf } from './settings-service';

/** How long a read (or a "none set") is reused, milliseconds. */
export const WEBHOOK_CREDENTIALS_TTL_MS = 2_000;

type Entry = { at: number; version: number; creds: Promise<GatewayCredentials | null> };
const caches = new WeakMap<Db, Map<string, Entry>>();
let version = 0;

/** Makes every process-local cached read stale (call after a credentials change commits). */
export function forgetWebhookCredentials(): void {
  version++;
}

/**
 * `companyId`'s active `vendor` credentials as `credentialsOf` answers them, read at most once per
 * WEBHOOK_CREDENTIALS_TTL_MS (concurrent webhooks share one read). @returns null when none are set
 * @throws what credentialsOf throws (not cached)
 */
export function webhookCredentialsOf(db: Db, config: Parameters<typeof credentialsOf>[1], companyId: string, vendor: PgVendor, nowMs = Date.now()): Promise<GatewayCredentials | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const key = `${companyId}\u0000${vendor}`;
  const hit = cache.get(key);
  if (hit && hit.version === version && nowMs - hit.at < WEBHOOK_CREDENTIALS_TTL_MS) return hit.creds;
  const entry: Entry = { at: nowMs, version, creds: credentialsOf(db, config, companyId, vendor) };
  cache.set(key, entry);
  entry.creds.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.creds;
}
