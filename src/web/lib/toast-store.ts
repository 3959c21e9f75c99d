/**
 * The toast store behind `toaster` (toaster.ts): zag's toast machine, configured for spec 9 (at
 * most 20 toasts at once, 4 s by default, removed 1 s after dismissal). A lazy chunk, loaded with
 * the first toast; `app/app-toaster.tsx` renders it.
 */
import { createToaster } from '@chakra-ui/react';

export const toastStore = createToaster({
  placement: 'top-end',
  max: 20,
  duration: 4000,
  removeDelay: 1000,
  pauseOnPageIdle: true,
});
