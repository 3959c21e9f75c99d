/**
 * The server's clock (kernel). Rules that depend on the time of day (compliance hours, issue 13)
 * take `now` from `deps.clock`, so tests move the clock instead of the rules ("tests move the
 * server's clock, not the rules").
 */

export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set: `clock.set(new Date('2026-11-23T07:59:00+05:30'))`. */
export interface SettableClock extends Clock {
  set(at: Date): void;
}

/** A clock that stands at `start` until set again. */
export function settableClock(start: Date = new Date()): SettableClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
  };
}
