/**
 * Entry of the web app: link token, the first screen's chunk, then either the app (app-main.tsx:
 * i18n, providers, router) or, on a signed-out `standalone` route (the sign-in page), that screen
 * alone: React and its own chunk, without the router, TanStack Query, ky or i18next (issue 18: the
 * sign-in page ≤ 120 KB gzipped before it can be used). The standalone screen loads the app through
 * lib/app-handoff.ts when the person types (warm) or leaves it (after sign-in the app renders the
 * landing page into the same root, no page load).
 */
import './boot';
import './shell.css';
import '../components/plain.css';
import { createElement, StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { setAppDoor } from '../lib/app-handoff';
import { appRouteAt, loadAllAreas, topRouteAt } from '../lib/areas';
import { plainTextsReady } from '../lib/plain-texts';
import { session } from '../lib/store';

// A plain screen (the field executive's day list, issue 4): its chunk starts downloading while this
// entry runs, not after React's first render has reached the route.
const opening = appRouteAt(window.location.pathname);
if (opening?.plain) void opening.page();
const top = topRouteAt(window.location.pathname);
// Any other screen than the entry areas' (a desk page, home, repossession's steps): every area's
// front door now, in parallel with the first render (src/web/lib/areas.ts); on theirs, the shell
// loads them when idle.
if (!opening && !top) void loadAllAreas().catch(() => undefined);

const root = createRoot(document.getElementById('root')!);
const loadApp = () => import('./app-main');
let started: Promise<void> | null = null;

/** Loads the app (once) and renders it at the current URL. */
function startApp(): Promise<void> {
  started ??= loadApp()
    .then((app) => app.renderApp(root))
    .catch((error: unknown) => {
      started = null;
      throw error;
    });
  return started;
}

if (top?.top && top.standalone && !session.uat) {
  setAppDoor({
    app: false,
    go: async (to, replace) => {
      if (replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      await startApp();
    },
    warm: () => void loadApp().then((app) => app.warm(), () => undefined),
  });
  Promise.all([top.page(), plainTextsReady()]).then(
    ([page]) => root.render(<StrictMode>{createElement(page.default as ComponentType<Record<string, unknown>>, top.props)}</StrictMode>),
    // Its chunk or texts could not be fetched: the app shows the route (and its own error).
    () => void startApp().catch(() => undefined),
  );
} else {
  void startApp();
}
