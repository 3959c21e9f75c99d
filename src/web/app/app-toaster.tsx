/** Renders the app's toaster (spec 9: at most 20, 4 s, at most 360 px wide); a lazy chunk (providers.tsx). */
import { Portal, Spinner, Stack, Toast, Toaster } from '@chakra-ui/react';
import { TOAST_MAX_WIDTH } from '../lib/toaster';
import { toastStore } from '../lib/toast-store';

export default function AppToaster() {
  return (
    <Portal>
      <Toaster toaster={toastStore} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }} maxW={TOAST_MAX_WIDTH}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable !== false && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
