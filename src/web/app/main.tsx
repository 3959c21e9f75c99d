/** Entry of the web app: link token, i18n, providers, router. */
import './boot';
import { Flex, Spinner } from '@chakra-ui/react';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { initI18n } from '../lib/i18n';
import { Providers } from './providers';
import { AppRoutes } from './router';

void initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <Suspense
          fallback={
            <Flex minH="100dvh" align="center" justify="center">
              <Spinner size="lg" />
            </Flex>
          }
        >
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
