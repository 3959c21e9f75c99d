/**
 * The field app's "On duty" switch and the position pings it drives (issue 5 "While on duty the
 * field app records the executive's position every few minutes (queued offline like visits)").
 *
 * Owns the ping timer of the page: while the signed-in executive is on duty (IndexedDB meta, so it
 * survives reloads; src/offline/pings.ts) one position is asked for every 5 minutes with
 * getCurrentPosition (no watchPosition loop: the GPS sleeps between pings) and queued in the
 * outbox. Nothing runs when off duty, signed out, or without fos › visits (write). A page hidden
 * for a while catches up with one ping when it is shown again, not with the missed ones.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { META_KEYS, getMeta } from '../../../../offline/db';
import { getDuty, lastPingAt, PING_INTERVAL_MS, pingDue, queuePing, setDuty } from '../../../../offline/pings';
import { useOfflineRead } from '../../../lib/use-offline-read';
import { formatWhen } from '../format';
import { checkIn, type CheckInFailure } from '../gps';

/** Battery level in percent where the browser tells (Chromium on Android), else null. */
async function batteryPercent(): Promise<number | null> {
  const nav = navigator as Navigator & { getBattery?: () => Promise<{ level: number }> };
  try {
    const battery = await nav.getBattery?.();
    return battery ? Math.round(battery.level * 100) : null;
  } catch {
    return null;
  }
}

export interface DutyPings {
  /** undefined while reading the phone's store. */
  on: boolean | undefined;
  /** ISO time of the last position queued on this phone. */
  lastPing: string | null;
  /** Why the last try had no position; null after a good one. */
  problem: CheckInFailure | null;
  /** The server's reason for refusing the last batch of positions, if the last batch was refused. */
  refused: string | null;
  toggle: () => void;
}

/**
 * Runs the duty pings of the user in the company while `enabled` (signed in, may record visits)
 * and the switch is on.
 */
export function useDutyPings(userId: string | null, companyId: string | null, enabled: boolean): DutyPings {
  const state = useOfflineRead(
    async () => {
      if (!userId || !companyId) return { on: false, lastPing: null, refused: null };
      const [duty, lastPing, refused] = await Promise.all([getDuty(companyId, userId), lastPingAt(companyId, userId), getMeta<string>(META_KEYS.lastPingError)]);
      return { on: duty.on, lastPing, refused };
    },
    [userId, companyId],
    ['meta'],
  );
  const [problem, setProblem] = useState<CheckInFailure | null>(null);
  const active = enabled && state?.on === true && Boolean(userId && companyId);
  const forceNext = useRef(false);

  useEffect(() => {
    if (!active || !userId || !companyId) return;
    let alive = true;
    let busy = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const schedule = (ms: number) => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => void tick(), ms);
    };
    const tick = async () => {
      if (busy || !alive) return;
      busy = true;
      try {
        const last = await lastPingAt(companyId, userId);
        const force = forceNext.current;
        forceNext.current = false;
        if (force || pingDue(last, Date.now())) {
          const [result, battery] = await Promise.all([checkIn(30_000), batteryPercent()]);
          if (!alive) return;
          if ('fix' in result) {
            await queuePing(result.fix, 'timer', battery);
            setProblem(null);
          } else {
            setProblem(result.failure);
          }
          schedule(PING_INTERVAL_MS);
        } else {
          schedule(Math.max(5_000, PING_INTERVAL_MS - (Date.now() - Date.parse(last ?? ''))));
        }
      } catch {
        // Signed out meanwhile (no session) or storage refused: try again at the next interval.
        if (alive) schedule(PING_INTERVAL_MS);
      } finally {
        busy = false;
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    void tick();
    return () => {
      alive = false;
      if (timer !== null) clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [active, userId, companyId]);

  const toggle = useCallback(() => {
    if (!userId || !companyId || state === undefined) return;
    // Going on duty records where the executive starts at once.
    if (!state.on) forceNext.current = true;
    setProblem(null);
    void setDuty(companyId, userId, !state.on);
  }, [userId, companyId, state]);

  return { on: state?.on, lastPing: state?.lastPing ?? null, problem, refused: state?.refused ?? null, toggle };
}

/** The switch with what it is doing: last position sent, or why there is none. Plain (sync-bar.css). */
export function DutySwitch({ duty }: { duty: DutyPings }) {
  const { t, i18n } = useTranslation();
  const on = duty.on === true;
  return (
    // Not announced on every ping: the sync bar around it is a live region.
    <div className="ds-duty" aria-live="off" data-testid="duty">
      {on && (
        <p className="ds-status" data-problem={duty.problem ? 'true' : undefined} data-testid="duty-status">
          {duty.problem ? t(`tracking.duty.problem_${duty.problem}`) : duty.lastPing ? t('tracking.duty.last_position', { when: formatWhen(duty.lastPing, i18n.language) }) : t('tracking.duty.locating')}
        </p>
      )}
      <button
        type="button"
        className="ro-btn"
        data-size="xs"
        data-variant={on ? 'on' : 'outline'}
        role="switch"
        aria-checked={on}
        disabled={duty.on === undefined}
        onClick={duty.toggle}
        title={t('tracking.duty.hint')}
        data-testid="duty-switch"
      >
        <span className="ds-track" data-on={on} aria-hidden>
          <span className="ds-thumb" />
        </span>
        {t('tracking.duty.label')}
      </button>
      {duty.refused && on && (
        <p className="ds-refused" data-testid="duty-refused">
          {t('tracking.duty.refused', { reason: duty.refused })}
        </p>
      )}
    </div>
  );
}
