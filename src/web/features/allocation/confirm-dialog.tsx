/**
 * The "are you sure" step before a loan operation is queued (issue 5: allocations change what
 * field executives and telecallers see on their next sync, so the manager reads back what will
 * happen first). Focus starts on Confirm; Escape or Cancel closes.
 */
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  title: string;
  /** What will happen, in words. */
  summary: React.ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ title, summary, confirmLabel, busy, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root open role="alertdialog" onOpenChange={(e) => !e.open && onClose()} initialFocusEl={() => confirmRef.current} size="md" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{summary}</Text>
              <Text fontSize="sm" color="fg.muted" mt="3">
                {t('assignment.confirm_note')}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button ref={confirmRef} onClick={onConfirm} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
