/**
 * The one toaster of the app (spec 9: at most 20 toasts at once, 4 s by default, removed 1 s after
 * dismissal; loading toasts stay until updated). Rendered by `app/app-toaster.tsx`.
 */
import { createToaster } from '@chakra-ui/react';

export const TOAST_MAX_WIDTH = '360px';

export const toaster = createToaster({
  placement: 'top-end',
  max: 20,
  duration: 4000,
  removeDelay: 1000,
  pauseOnPageIdle: true,
});
