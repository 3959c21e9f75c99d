/**
 * The FOS dashboard's period (issue 5 "for a chosen period (date range with presets: today, this
 * week, this month)"): calendar days 'YYYY-MM-DD' in the company's time zone, inclusive, as the API
 * counts them (GET /api/fos/dashboard from/to). Weeks start on Monday (ISO 8601, as Indian and
 * Indonesian offices count them). Pure.
 */
import { addDays, localDay } from '../../../../domain/common/dates';

export const PERIOD_PRESETS = ['today', 'this_week', 'this_month'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

/**
 * The days a preset covers, ending today in the company's zone.
 * @param offsetMinutes the zone's offset east of UTC (domain/common/dates.ts countryTimeZone)
 * @returns today → {today, today}; this_week → {Monday, today}; this_month → {the 1st, today}
 */
export function presetPeriod(preset: PeriodPreset, now: Date, offsetMinutes: number): Period {
  const today = localDay(now, offsetMinutes);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this_week': {
      const [y, m, d] = today.split('-').map(Number);
      const weekday = new Date(Date.UTC(y!, m! - 1, d!)).getUTCDay(); // 0 = Sunday
      return { from: addDays(today, -((weekday + 6) % 7)), to: today };
    }
    case 'this_month':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The preset a period is, or null for a custom range (today is checked first: on a Monday the 1st, all three agree). */
export function matchPreset(period: Period, now: Date, offsetMinutes: number): PeriodPreset | null {
  return PERIOD_PRESETS.find((preset) => {
    const p = presetPeriod(preset, now, offsetMinutes);
    return p.from === period.from && p.to === period.to;
  }) ?? null;
}
