/**
 * Kernel: the shell of a desk form in a dialog — trigger button, titled header, body, the
 * request's error, and a Cancel / submit footer — used by the screens that open a short form over
 * a page (a loan's "Set up mandate" and "Send payment link", legal's "Generate notices", resolving a
 * payment exception, "Export payments").
 *
 * Accessibility comes from Chakra's Dialog (Ark UI): the dialog is labelled by its title
 * (aria-labelledby), focus moves into it on open (the first field) and back to the trigger on close,
 * Tab stays inside it, and Escape or the backdrop closes it (onOpenChange(false)). The form submits
 * on Enter; the error is announced (role="alert").
 */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { FormEvent, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/api';

/** A request's failure under a form (role="alert", so screen readers say it); nothing while `error` is null/undefined. */
export function FormError({ error, testId }: { error: unknown; testId?: string }) {
  if (error === null || error === undefined) return null;
  return (
    <Text color="fg.error" role="alert" data-testid={testId}>
      {errorMessage(error)}
    </Text>
  );
}

export interface FormDialogProps {
  /** Controlled open state, and its change (trigger, Cancel, Escape, backdrop). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog (rendered as the trigger itself); omit when the page opens it (e.g. a row's action sets `open`). */
  trigger?: ReactElement;
  /** The dialog's title, which also labels it. */
  title: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** The form's fields. */
  children: ReactNode;
  /** The failed request's error, shown under the fields; null/undefined for none. */
  error?: unknown;
  /** The submit button's text; without it the footer has no submit button (e.g. a result shown). */
  submitLabel?: string;
  submitting?: boolean;
  submitDisabled?: boolean;
  submitTestId?: string;
  /** The dismiss button's text; default common.cancel. */
  cancelLabel?: string;
}

/** A form in a dialog (full screen on a phone, md from the desk's width up). */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const { open, onOpenChange, trigger, title, onSubmit, children, error, submitLabel, submitting, submitDisabled, submitTestId, cancelLabel } = props;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} size={{ base: 'full', md: 'md' }}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {children}
                  <FormError error={error} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline" type="button">
                    {cancelLabel ?? t('common.cancel')}
                  </Button>
                </Dialog.ActionTrigger>
                {submitLabel !== undefined && (
                  <Button type="submit" loading={submitting} disabled={submitDisabled} data-testid={submitTestId}>
                    {submitLabel}
                  </Button>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
