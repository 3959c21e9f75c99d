/** App-wide providers: Chakra (light, blue), TanStack Query, the toaster. */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { AppToaster } from './app-toaster';
import { system } from './system';

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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        {children}
        <AppToaster />
      </QueryClientProvider>
    </ChakraProvider>
  );
}
