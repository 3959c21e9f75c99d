/**
 * Predictive pacing (issue 14, spec 9 pacing ratio and drop cap): how many numbers to dial now.
 * Written from the idea of an adaptive dial level — dial enough lines that the answered calls
 * keep the ready agents busy, learn the answer rate over a sliding window, and back off hard when
 * today's drop (abandon) rate reaches the cap — not from any dialer's code. Pure and deterministic.
 */

/** Spec 9: the largest pacing ratio a company may set, and the drop cap, per country. */
export const PACING_LIMITS = {
  INDIA: { maxRatio: 5, dropCap: 0.008 },
  INDONESIA: { maxRatio: 10, dropCap: 0.009 },
} as const;

export interface PacingState {
  /** Agents ready for a call now. */
  readyAgents: number;
  /** Calls dialled and still ringing (each may still be answered). */
  ringing: number;
  /** Answer rate measured over the recent window (0..1); null before there is any data. */
  windowAnswerRate: number | null;
  /** Today's drops / today's answered calls so far. */
  dropRateToday: number;
  /** Answered calls today (the drop rate means little on a handful). */
  answeredToday: number;
}

export interface PacingConfig {
  maxRatio: number;
  dropCap: number;
  /** Answer rate assumed before the window has data. */
  priorAnswerRate?: number;
}

/**
 * The dial level (lines per ready agent): 1 / answer rate, shrunk as today's drop rate nears the
 * cap (full level up to three quarters of the cap, down to 1:1 at the cap), and 1:1 once the cap
 * is reached (with at least 50 answered calls to judge by). Between 1 and `maxRatio`.
 */
export function dialLevel(state: Pick<PacingState, 'windowAnswerRate' | 'dropRateToday' | 'answeredToday'>, config: PacingConfig): number {
  const rate = Math.max(0.02, state.windowAnswerRate ?? config.priorAnswerRate ?? 0.3);
  const raw = Math.min(config.maxRatio, Math.max(1, 1 / rate));
  if (state.answeredToday >= 50 && state.dropRateToday >= config.dropCap) return 1;
  const pressure = state.answeredToday >= 50 ? Math.min(1, Math.max(0, (state.dropRateToday - config.dropCap * 0.75) / (config.dropCap * 0.25))) : 0;
  return 1 + (raw - 1) * (1 - pressure);
}

/** Numbers to dial now: ready agents times the dial level, less the calls already ringing (never negative). */
export function linesToDial(state: PacingState, config: PacingConfig): number {
  if (state.readyAgents <= 0) return 0;
  return Math.max(0, Math.floor(state.readyAgents * dialLevel(state, config)) - state.ringing);
}
