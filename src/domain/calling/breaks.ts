/**
 * Agent breaks (spec 3 predictive_breaks / inbound_breaks, spec 4 "Breaks", spec 9): durations are
 * configured in minutes and counted down per second, shown as HH:MM:SS.
 */

export const BREAK_TYPES = ['productive_break', 'non-productive_break'] as const;
export type BreakType = (typeof BREAK_TYPES)[number];

/** Spec 4: a productive break keeps the agent available; any other break shows the non-productive notice. */
export function isProductiveBreak(type: string): boolean {
  return type === 'productive_break';
}

/** Spec 9: a break duration in minutes converted to whole seconds (negative or non-finite → 0). */
export function breakSeconds(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return 0;
  return Math.round(minutes * 60);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Spec 4: remaining break time as 'HH:MM:SS' (hours not capped at 24; fractions round down;
 * negative or non-finite → '00:00:00', the moment the break ends).
 */
export function formatCountdown(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}`;
}
