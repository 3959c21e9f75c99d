/**
 * An instant seen in a time zone (Intl, no library: the two countries have no daylight saving,
 * and Intl is in every runtime the domain runs in). Minutes are counted from local midnight.
 */

export interface LocalTime {
  /** 'YYYY-MM-DD' in the zone. */
  date: string;
  /** ISO weekday: 1 Monday … 7 Sunday. */
  isoWeekday: number;
  /** Minutes since local midnight, 0–1439. */
  minutes: number;
  /** 'HH:MM'. */
  hhmm: string;
  /** The zone's offset from UTC at that instant, in minutes (IST +330). */
  offsetMinutes: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', weekday: 'short' });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA zone this runtime knows. */
export function isKnownZone(zone: string): boolean {
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

// The last instant asked per zone: a campaign's batch judges a thousand contacts at one `now`,
// and formatToParts was its costliest call (~2 s of CPU per 100,000 messages).
const lastSeen = new Map<string, { ms: number; local: LocalTime }>();

/** `at` as seen in `zone` (a frozen object, shared by calls for the same instant). @throws RangeError for an unknown zone */
export function localTime(at: Date, zone: string): LocalTime {
  const ms = at.getTime();
  const seen = lastSeen.get(zone);
  if (seen && seen.ms === ms) return seen.local;
  const local = Object.freeze(computeLocalTime(at, zone));
  if (lastSeen.size > 64) lastSeen.clear();
  lastSeen.set(zone, { ms, local });
  return local;
}

function computeLocalTime(at: Date, zone: string): LocalTime {
  const parts = Object.fromEntries(formatOf(zone).formatToParts(at).map((p) => [p.type, p.value]));
  const [y, mo, d, h, mi, s] = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map(Number);
  const wholeSeconds = Math.floor(at.getTime() / 1000) * 1000;
  const offsetMinutes = Math.round((Date.UTC(y, mo - 1, d, h, mi, s) - wholeSeconds) / 60_000);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    isoWeekday: WEEKDAYS[parts.weekday],
    minutes: h * 60 + mi,
    hhmm: `${parts.hour}:${parts.minute}`,
    offsetMinutes,
  };
}

/** The instant local midnight began on `at`'s local day in `zone`. */
export function localDayStart(at: Date, zone: string): Date {
  const t = localTime(at, zone);
  const [y, m, d] = t.date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - t.offsetMinutes * 60_000);
}

/** 'HH:MM' → minutes since midnight ('24:00' → 1440). */
export function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
}
