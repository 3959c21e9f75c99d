/**
 * The third-party dialer vendor's disposition post (spec 7: "Third-party dialer vendors also receive
 * a disposition post; failures are only logged"; spec 9: the endpoint is fixed per company; issue
 * 14). Sent after the disposition is committed, once per disposition (never for a replay), JSON,
 * 5 s time-out; a refusal or a network failure is logged with the status only, never retried and
 * never shown to the agent.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { dialerVendorDisposition } from '../../../domain/calling/dialer-vendor';
import type { DispositionRecord } from '../../../domain/contracts/calling/calls';
import type { DialerVendorBody, DialerVendorSettings } from '../../../domain/contracts/calling/softphone';
import type { Db } from '../../db/client';
import type { Caller } from '../../http/caller';
import { callingSettings } from './schema';
import { settingsOf } from './settings-service';

/** Time-out of one post (ms). */
export const DIALER_VENDOR_TIMEOUT_MS = 5000;

/** GET /calling/dialer-vendor. */
export async function dialerVendorOf(db: Db, caller: Caller): Promise<DialerVendorSettings> {
  return { disposition_url: (await settingsOf(db, caller.companyId)).dispositionVendorUrl };
}

/** PUT /calling/dialer-vendor. */
export async function updateDialerVendor(db: Db, caller: Caller, body: DialerVendorBody): Promise<DialerVendorSettings> {
  await settingsOf(db, caller.companyId);
  const [row] = await db.update(callingSettings).set({ dispositionVendorUrl: body.disposition_url }).where(eq(callingSettings.companyId, caller.companyId)).returning({ url: callingSettings.dispositionVendorUrl });
  return { disposition_url: row.url };
}

/**
 * Posts a newly recorded disposition to the company's vendor endpoint, if it has one. Never throws:
 * the agent's disposition is saved whatever the vendor answers.
 */
export async function postDispositionToVendor(db: Db, caller: Caller, record: DispositionRecord, log: FastifyBaseLogger, fetcher: typeof fetch = fetch): Promise<void> {
  try {
    const url = (await settingsOf(db, caller.companyId)).dispositionVendorUrl;
    if (!url) return;
    const res = await fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(dialerVendorDisposition(caller.companyId, caller.user.email, record)),
      signal: AbortSignal.timeout(DIALER_VENDOR_TIMEOUT_MS),
      redirect: 'manual',
    });
    if (!res.ok) log.warn({ company_id: caller.companyId, call_id: record.call_id, status: res.status }, 'dialer vendor refused the disposition post');
    await res.body?.cancel();
  } catch (err) {
    log.warn({ company_id: caller.companyId, call_id: record.call_id, error: err instanceof Error ? err.name : 'unknown' }, 'dialer vendor disposition post failed');
  }
}
