/**
 * A screen's read of the phone's IndexedDB that follows its changes (issue 18: replaces Dexie's live
 * queries). The read runs on mount, when its inputs change, and after every committed write to one
 * of the stores it names, made in this page, another tab or the service worker's drain
 * (src/offline/db.ts onFieldChange: in-page listeners and a BroadcastChannel). Only those stores:
 * a meta write no longer re-runs every outbox and allocation read as Dexie's did.
 */
import { startTransition, useEffect, useRef, useState, type DependencyList } from 'react';
import { onFieldChange, type FieldStore } from '../../offline/db';

/**
 * The latest result of `read`; `initial` (default undefined: "still reading") until the first read
 * resolves. While a new read runs after a change, the previous result stays on screen. A failed
 * read (IndexedDB unavailable) leaves the previous result.
 * @param deps the values `read` depends on (re-read when one changes)
 * @param stores the stores whose writes make the result stale
 */
export function useOfflineRead<T>(read: () => Promise<T>, deps: DependencyList, stores: readonly FieldStore[], initial?: T): T | undefined {
  const [value, setValue] = useState<T | undefined>(initial);
  const readRef = useRef(read);
  readRef.current = read;
  const storesKey = stores.join(',');
  useEffect(() => {
    let alive = true;
    let run = 0;
    const load = () => {
      const mine = ++run;
      readRef.current().then(
        (v) => {
          // A later read started meanwhile: its answer is the newer one. A transition: an update from
          // a promise would otherwise render the screen (a day list of 40 cards) in one task that a
          // cheap phone cannot interrupt; this way React renders it in slices (issue 18 TBT).
          if (alive && mine === run) startTransition(() => setValue(() => v));
        },
        () => undefined,
      );
    };
    const watched = storesKey.split(',') as FieldStore[];
    const off = onFieldChange((changed) => {
      if (watched.some((s) => changed.has(s))) load();
    });
    load();
    return () => {
      alive = false;
      off();
    };
    // `deps` are the read's inputs (the caller's list, as with useEffect); `read` itself is read from the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, storesKey]);
  return value;
}
