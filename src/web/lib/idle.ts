/**
 * Runs `task` when the main thread is idle (at most `timeoutMs` later; a plain timer where the
 * browser has no requestIdleCallback). Returns a cancel function. Used for start-up work that must
 * not compete with the first screen (service worker registration, the first outbox drain).
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, timeoutMs);
  return () => clearTimeout(handle);
}

/**
 * Runs `task` once, on the first touch, click or key anywhere, or when the main thread is idle 10 s
 * after the call, whichever comes first; answers a cancel function. For work a field executive's
 * phone should not do before the day list is usable (issue 18): loading the desk areas' front
 * doors, registering the service worker.
 */
export function afterFirstScreen(task: () => void): () => void {
  const events = ['pointerdown', 'keydown'] as const;
  let cancelIdle = () => {};
  const run = () => {
    cancel();
    task();
  };
  const cancel = () => {
    clearTimeout(timer);
    cancelIdle();
    for (const event of events) window.removeEventListener(event, run, true);
  };
  const timer = setTimeout(() => {
    cancelIdle = whenIdle(run, 5_000);
  }, 10_000);
  for (const event of events) window.addEventListener(event, run, { capture: true, passive: true });
  return cancel;
}

let firstScreen = false;
const waitingForScreen = new Set<() => void>();

/**
 * Says the first screen has painted what the user came for (the field day list calls it once its
 * first cards, or its empty state, are on screen): the work waiting in `afterFirstPaint` may start.
 */
export function firstScreenShown(): void {
  if (firstScreen) return;
  firstScreen = true;
  for (const go of [...waitingForScreen]) go();
  waitingForScreen.clear();
}

/**
 * Runs `task` when the main thread is idle after the first screen painted (`firstScreenShown`), or
 * after `fallbackMs` when no screen says so (another first screen); answers a cancel function. For
 * start-up work of the field shell that the day list should not wait for: the first outbox drain,
 * whose code is loaded then (issue 18).
 */
export function afterFirstPaint(task: () => void, fallbackMs = 5_000): () => void {
  let cancelIdle: (() => void) | null = null;
  const go = () => {
    clearTimeout(timer);
    waitingForScreen.delete(go);
    cancelIdle ??= whenIdle(task, 2_000);
  };
  const timer = setTimeout(go, firstScreen ? 0 : fallbackMs);
  if (!firstScreen) waitingForScreen.add(go);
  return () => {
    clearTimeout(timer);
    waitingForScreen.delete(go);
    cancelIdle?.();
  };
}
