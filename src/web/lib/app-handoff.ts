/**
 * What a screen that may run before the app (a `standalone` top route: the sign-in page, issue 18)
 * needs of the app, without importing it: going to another path, warming the app up while the user
 * types, and handing it data it already has (the signed-in profile).
 *
 * Two runners: the entry (app/main.tsx) when the page opened signed out on a standalone route,
 * which renders the screen alone and loads the app (router, TanStack Query, i18next) when the
 * screen goes elsewhere; and the app's router (app/router.tsx), which registers its `navigate`
 * once mounted. Whichever runs last is used.
 */

/** How the current runner goes to a path and warms the app. */
export interface AppDoor {
  /** Shows `to` (a same-origin path with query), replacing the history entry when `replace`. */
  go: (to: string, replace: boolean) => void | Promise<void>;
  /** Starts loading what the next screen needs (the app, the field day list on a phone); failures are ignored. */
  warm: () => void;
  /** True when the app (router, TanStack Query, i18next) runs the page. */
  app: boolean;
}

let door: AppDoor = {
  go: (to, replace) => (replace ? window.location.replace(to) : window.location.assign(to)),
  warm: () => undefined,
  app: false,
};

/** Sets the runner (the entry before the app, then the app's router). */
export function setAppDoor(next: AppDoor): void {
  door = next;
}

/** Goes to `to` through the current runner; resolves once the app shows it (after loading the app when needed). */
export async function goTo(to: string, options: { replace?: boolean } = {}): Promise<void> {
  await door.go(to, options.replace ?? false);
}

/** Starts loading the app and the next screen (called when the user starts typing). */
export function warmApp(): void {
  door.warm();
}

/** Whether the app runs the page (else a standalone screen runs alone). */
export function appRunning(): boolean {
  return door.app;
}

type Receiver = (key: readonly unknown[], data: unknown) => void;
let receiver: Receiver | null = null;
const handed: { key: readonly unknown[]; data: unknown }[] = [];

/**
 * Gives the app a query's data (TanStack Query key and value) a standalone screen already has: to
 * the app's query client now when it runs, else when it starts (`receiveHandedData`).
 */
export function handOverQueryData(key: readonly unknown[], data: unknown): void {
  if (receiver) receiver(key, data);
  else handed.push({ key, data });
}

/** The app's query client takes the handed data (app/providers.tsx), now and from then on. */
export function receiveHandedData(next: Receiver): void {
  receiver = next;
  for (const { key, data } of handed.splice(0)) next(key, data);
}
