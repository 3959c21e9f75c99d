/**
 * The footer of a wizard dialog (roles, profiles and user wizards): Cancel, Back (when there is a
 * previous step), the submit button (Next / Save / Create) and the dialog's close button.
 * Must be rendered inside a Chakra `Dialog.Content` and a `<form>` whose submit advances the wizard.
 */
import { Button, CloseButton, Dialog } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface WizardFooterProps {
  onCancel: () => void;
  /** Goes one step back; omit on the first step. */
  onBack?: () => void;
  submitLabel: string;
  saving: boolean;
}

export function WizardFooter({ onCancel, onBack, submitLabel, saving }: WizardFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Footer>
        <Button variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        {onBack && (
          <Button variant="outline" onClick={onBack}>
            {t('common.back')}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('common.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}
