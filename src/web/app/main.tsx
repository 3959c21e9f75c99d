/** Entry of the web app: link token, i18n, providers, router. */
import './boot';
import { startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '../lib/i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { BootShell } from './boot-shell';

void initI18n();

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
