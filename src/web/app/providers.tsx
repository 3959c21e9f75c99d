/**
 * App-wide providers: TanStack Query and the toaster. Chakra's provider is not here: screens and
 * popups that use Chakra mount it with their chunk (with-chakra.tsx), so the shell and the field
 * day list load without it (issue 4).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, useEffect, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { receiveHandedData } from '../lib/app-handoff';
import { keepShellReads } from '../lib/shell-cache';
import { toaster } from '../lib/toaster';
import { WithChakra } from '../components/with-chakra';

// The toaster's machines (zag toast) load with the first toast, not with every screen.
const AppToaster = lazy(() => import('./app-toaster'));

/** Mounts the toaster once any toast has been created; it stays mounted after. */
function LazyToaster() {
  const [wanted, setWanted] = useState(() => toaster.getVisibleToasts().length > 0);
  useEffect(() => {
    if (wanted) return;
    if (toaster.getVisibleToasts().length > 0) setWanted(true);
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  if (!wanted) return null;
  return (
    <WithChakra fallback={null}>
      <AppToaster />
    </WithChakra>
  );
}

/** Failures the user cannot fix by waiting (401, 403, 404, 4xx) are not retried. */
function shouldRetry(count: number, error: unknown): boolean {
  if (error instanceof ApiError) {
    const status = error.failure.status;
    if (error.failure.kind !== 'error' || (status !== null && status < 500)) return false;
  }
  return count < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
// The profile and permissions of the last visit: the shell is whole after a reload offline (issue 12).
keepShellReads(queryClient);
// What the sign-in page already has when it ran before the app (the profile its sign-in answered).
receiveHandedData((key, data) => queryClient.setQueryData(key, data));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
