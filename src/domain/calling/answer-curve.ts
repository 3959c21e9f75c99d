/**
 * How often a borrower answers by local hour of the day — the local telephony simulator rings
 * with it and the predictive bench uses it. An assumption shaped like Indian collection
 * floors report (few answers early, a lunch-time dip, the best hours in the evening), not data.
 */

/** Probability (0..1) that the borrower answers, per local hour 0..23. */
export const HOURLY_ANSWER_RATE: readonly number[] = [
  0.05, 0.05, 0.05, 0.05, 0.05, 0.05, 0.08, 0.12, 0.22, 0.3, 0.34, 0.36, 0.3, 0.26, 0.28, 0.32, 0.36, 0.4, 0.44, 0.42, 0.3, 0.18, 0.1, 0.06,
];

/** The answer rate at a local hour (fractions of an hour take the hour's rate; out of range wraps). */
export function answerRateAt(hour: number): number {
  const h = ((Math.floor(hour) % 24) + 24) % 24;
  return HOURLY_ANSWER_RATE[h];
}

/**
 * A talk time in seconds for a uniform random `u` in [0,1): a long-tailed spread around 2–3
 * minutes, between 20 s and 15 min (collection calls are short; a few negotiations run long).
 */
export function talkSeconds(u: number): number {
  const clamped = Math.min(Math.max(u, 0), 0.999_999);
  // Exponential with a 130 s mean on top of a 20 s floor, capped.
  return Math.min(900, Math.round(20 - 130 * Math.log(1 - clamped)));
}

/** Seconds a phone rings before it is answered, for a uniform `u`: 4 to 20 s. */
export function ringSeconds(u: number): number {
  return Math.round(4 + 16 * Math.min(Math.max(u, 0), 1));
}
