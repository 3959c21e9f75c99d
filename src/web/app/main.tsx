/** Entry of the web app: link token, i18n, providers, router. */
import './boot';
import './shell.css';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '../lib/i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { BootShell } from './boot-shell';

void initI18n();

// The field executive's day list (issue 4): its chunk starts downloading while this entry runs,
// not after React's first render has reached the route.
if (/^\/(v[12]\/)?app\/visit-details\/?$/.test(window.location.pathname)) void import('../features/field/my-visits-screen');

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
