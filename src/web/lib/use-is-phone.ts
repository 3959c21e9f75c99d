/** True at widths of at most 768 px, the spec's mobile breakpoint (spec 9). */
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the viewport is phone-sized, following resizes and rotations (matchMedia; no Chakra, so the shell can use it). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(PHONE_QUERY).matches, () => false);
}
