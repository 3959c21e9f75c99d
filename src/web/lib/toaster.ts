/**
 * The one toaster of the app (spec 9: at most 20 toasts at once, 4 s by default, removed 1 s after
 * dismissal; loading toasts stay until updated). Rendered by `app/app-toaster.tsx`.
 *
 * A facade: the toast store (zag's toast machine, `toast-store.ts`, ~2 KB gzipped) loads with the
 * first toast, not with every first screen (issue 18: the sign-in page and the field day list show
 * none before they are usable). Toasts created before it arrived are handed to it then.
 */
import type { CreateToasterReturn } from '@chakra-ui/react';

export const TOAST_MAX_WIDTH = '360px';

/** What `toaster.create` takes: title, description, type, duration, id, action, closable, … */
export type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

let store: CreateToasterReturn | null = null;
let loading: Promise<CreateToasterReturn> | null = null;
const early: ToastOptions[] = [];
const subscribers = new Set<() => void>();

/**
 * Loads (once) the toast store and gives it the toasts created before. Resolves with the store;
 * a failed load (offline before the chunk was cached) is tried again by the next toast.
 */
export function loadToastStore(): Promise<CreateToasterReturn> {
  loading ??= import('./toast-store').then(
    ({ toastStore }) => {
      store = toastStore;
      for (const options of early.splice(0)) toastStore.create(options);
      return toastStore;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export const toaster = {
  /** Shows a toast (spec 9); before the store has loaded, it is shown once it has. */
  create(options: ToastOptions): void {
    if (store) store.create(options);
    else {
      early.push(options);
      void loadToastStore().catch(() => undefined);
    }
    for (const subscriber of subscribers) subscriber();
  },
  /** The toasts showing now (or waiting for the store). */
  getVisibleToasts(): readonly unknown[] {
    return store ? store.getVisibleToasts() : early;
  },
  /** Calls `subscriber` whenever a toast is created; answers the unsubscribe function. */
  subscribe(subscriber: () => void): () => void {
    subscribers.add(subscriber);
    return () => void subscribers.delete(subscriber);
  },
};
