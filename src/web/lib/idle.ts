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
