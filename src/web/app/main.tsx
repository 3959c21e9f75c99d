/** Entry of the web app: link token, i18n, providers, router. */
import './boot';
import './shell.css';
import '../components/plain.css';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { appRouteAt, loadAllAreas, topRouteAt } from '../lib/areas';
import { initI18n } from '../lib/i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { BootShell } from './boot-shell';

void initI18n();

// A plain screen (the field executive's day list, issue 4): its chunk starts downloading while this
// entry runs, not after React's first render has reached the route.
const opening = appRouteAt(window.location.pathname);
if (opening?.plain) void opening.page();
// Any other screen than the entry areas' (a desk page, home, repossession's steps): every area's
// front door now, in parallel with the first render (src/web/lib/areas.ts); on theirs, the shell
// loads them when idle.
if (!opening && !topRouteAt(window.location.pathname)) void loadAllAreas().catch(() => undefined);

const root = createRoot(document.getElementById('root')!);
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
