/**
 * The executive's duty and position pings on this phone (issue 5 "While on duty the field app
 * records the executive's position every few minutes (queued offline like visits) and on every
 * visit check-in").
 *
 * Owns the meta rows 'on_duty:<company>:<user>' ({ on, since }) and 'last_ping_at:<company>:<user>'
 * (ISO). A ping is queued as one outbox item of kind 'ping' (enqueue: fresh Idempotency-Key, asks
 * for a drain); the drain sends the due ones together (ping-batch.ts). Taking the position is the
 * page's job (src/web/features/field/shell/duty-switch.tsx): this module has no DOM.
 */
import type { PingBody } from '../domain/contracts/field/tracking';
import { META_KEYS, ON_DUTY_PREFIX, fieldTx, getMeta, setMeta } from './db';
import type { OfflineSession, OutboxItem } from './db';

/** A timer ping every 5 minutes while on duty. */
export const PING_INTERVAL_MS = 5 * 60_000;
/** A timer may fire a little early (throttled pages, clock steps); this much early still counts as due. */
const DUE_SLACK_MS = 15_000;

/** The on-duty switch of a user in a company. */
export interface DutyState {
  on: boolean;
  /** ISO time the executive went on (or off) duty; null when never switched. */
  since: string | null;
}

/** A position as the phone measured it: degrees, accuracy radius in metres, when (ISO). */
export interface Fix {
  latitude: number;
  longitude: number;
  accuracyM: number | null;
  at: string;
}

/** The duty state of the user in the company (off when never switched). */
export async function getDuty(companyId: string, userId: string): Promise<DutyState> {
  return (await getMeta<DutyState>(META_KEYS.onDuty(companyId, userId))) ?? { on: false, since: null };
}

/** Switches duty on or off for the user in the company, remembered across reloads. */
export async function setDuty(companyId: string, userId: string, on: boolean, now = new Date()): Promise<DutyState> {
  const state: DutyState = { on, since: now.toISOString() };
  await setMeta(META_KEYS.onDuty(companyId, userId), state);
  return state;
}

/**
 * Ends the duty of the user in every company on this phone (sign-out ends the working day: no
 * position is recorded until the executive signs in and switches duty on again). Pings already
 * queued stay in the outbox and are sent on the next sign-in.
 */
export async function endDutyOnSignOut(userId: string, now = new Date()): Promise<void> {
  const suffix = `:${userId}`;
  await fieldTx(['meta'], 'readwrite', async (tx) => {
    // Every key starting with the prefix: up to the prefix followed by the highest code unit.
    const rows = await tx.store.getAll(IDBKeyRange.bound(ON_DUTY_PREFIX, `${ON_DUTY_PREFIX}\uffff`));
    for (const row of rows) {
      if (!row.key.endsWith(suffix) || !(row.value as DutyState | null)?.on) continue;
      await tx.store.put({ key: row.key, value: { on: false, since: now.toISOString() } satisfies DutyState });
    }
  });
}

/** ISO time of the last ping queued for the user in the company, or null. */
export function lastPingAt(companyId: string, userId: string): Promise<string | null> {
  return getMeta<string>(META_KEYS.lastPingAt(companyId, userId));
}

/** Whether a timer ping is due at `nowMs` after the last one at `last` (ISO or null). */
export function pingDue(last: string | null, nowMs: number): boolean {
  if (!last) return true;
  const at = Date.parse(last);
  return Number.isNaN(at) || nowMs - at >= PING_INTERVAL_MS - DUE_SLACK_MS || at > nowMs + DUE_SLACK_MS;
}

/**
 * Queues one position of the signed-in executive (the saved session's user and company).
 * Coordinates are kept as measured; accuracy is rounded to whole metres, battery to a percent.
 * @throws NoOfflineSessionError when signed out (nothing is queued then)
 */
export async function queuePing(fix: Fix, source: PingBody['source'], battery: number | null = null): Promise<OutboxItem> {
  const ping: PingBody = {
    latitude: fix.latitude,
    longitude: fix.longitude,
    accuracy_m: fix.accuracyM === null || !Number.isFinite(fix.accuracyM) ? null : Math.min(100_000, Math.max(0, Math.round(fix.accuracyM))),
    recorded_at: fix.at,
    battery: battery === null || !Number.isFinite(battery) ? null : Math.min(100, Math.max(0, Math.round(battery))),
    source,
  };
  // The outbox's writer and the batch's kind load with the first ping, not with the duty switch
  // on the day list (issue 18).
  const [{ enqueue }, { PING_KIND }] = await Promise.all([import('./outbox'), import('./ping-batch')]);
  const item = await enqueue(PING_KIND, { body: ping, loanId: null, summary: `Position · ${fix.at}` });
  await setMeta(META_KEYS.lastPingAt(item.company_id, item.user_id), fix.at);
  return item;
}

/**
 * The check-in ping of a saved visit: queued only while the executive is on duty (issue 5 ties
 * tracking to duty) and when the check-in has a position. Never throws: a visit is saved either way.
 * @returns whether a ping was queued
 */
export async function pingOnCheckIn(fix: Fix | null): Promise<boolean> {
  if (!fix) return false;
  try {
    const s = await getMeta<OfflineSession>(META_KEYS.session);
    if (!s || !(await getDuty(s.company_id, s.user_id)).on) return false;
    await queuePing(fix, 'check_in');
    return true;
  } catch {
    return false;
  }
}

