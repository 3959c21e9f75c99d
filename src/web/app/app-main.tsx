/**
 * The app: i18n, providers (TanStack Query, the toaster), the router. Loaded by the entry
 * (main.tsx) at once on every page but a signed-out `standalone` one (the sign-in page, issue 18),
 * which loads it when the person starts typing or leaves the page (lib/app-handoff.ts).
 */
import { startTransition, StrictMode, Suspense } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { setAppDoor } from '../lib/app-handoff';
import { initI18n } from '../lib/i18n';
import { Providers } from './providers';
import { AppRoutes, warmNextScreen } from './router';
import { BootShell } from './boot-shell';

void initI18n();

/** Starts loading what the screen after sign-in needs (the day list on a phone). */
export const warm = warmNextScreen;

/** Renders the app into `root` (replacing a standalone screen), at the current URL. */
export function renderApp(root: Root): void {
  // Until the router is mounted (it then navigates in the page, router.tsx), a path is a page load.
  setAppDoor({ app: true, go: (to, replace) => (replace ? window.location.replace(to) : window.location.assign(to)), warm });
  // A transition, so React renders the first screen in slices and lets the phone's main thread breathe
  // between them (on a cheap phone one unbroken render blocks taps for a second; issue 4 TBT).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <Suspense fallback={<BootShell />}>
              <AppRoutes />
            </Suspense>
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
}
