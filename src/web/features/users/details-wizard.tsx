/**
 * The two-step wizard shared by the role and profile screens (spec 6 role wizard and profile
 * wizard): step 1 asks for a name (required) and a description, step 2 is the caller's own
 * content (the reports-to role, the permissions matrix). Submitting step 1 validates the name and
 * moves on; submitting step 2 calls `onSave` with the trimmed name and the description (null when
 * blank). The save error, if any, is shown above the step in an alert.
 */
import { Alert, Dialog, Field, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { WizardFooter } from '../../components/wizard-footer';

export interface DetailsWizardProps {
  title: string;
  nameLabel: string;
  descriptionLabel: string;
  initialName: string;
  initialDescription: string | null;
  /** Texts after "Step n of 2 ·" for each step; omitted → only "Step n of 2". */
  stepLabels?: [string, string];
  /** The second step's content. */
  secondStep: ReactNode;
  /** Dialog size from md up on the second step (the first is always md). */
  secondStepSize?: 'md' | 'lg' | 'xl';
  saving: boolean;
  /** The last save's error, shown in an alert; null when none. */
  error: unknown;
  onSave: (details: { name: string; description: string | null }) => void;
  onClose: () => void;
}

export function DetailsWizard(props: DetailsWizardProps) {
  const { t } = useTranslation();
  const [activeStep, setActiveStep] = useState<0 | 1>(0);
  const [name, setName] = useState(props.initialName);
  const [description, setDescription] = useState(props.initialDescription ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (activeStep === 0) {
      if (!name.trim()) return setNameError(t('validation.required'));
      setNameError(null);
      return setActiveStep(1);
    }
    props.onSave({ name: name.trim(), description: description.trim() || null });
  };
  const stepLabel = props.stepLabels ? ` · ${props.stepLabels[activeStep]}` : '';
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && props.onClose()} size={{ base: 'full', md: activeStep === 1 ? (props.secondStepSize ?? 'md') : 'md' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="3" aria-live="polite">
                  {t('common.step_of', { step: activeStep + 1, steps: 2 })}
                  {stepLabel}
                </Text>
                {props.error != null && (
                  <Alert.Root status="error" role="alert" mb="4">
                    <Alert.Indicator />
                    <Alert.Title>{errorMessage(props.error)}</Alert.Title>
                  </Alert.Root>
                )}
                {activeStep === 0 ? (
                  <Stack gap="4">
                    <Field.Root required invalid={nameError !== null}>
                      <Field.Label>
                        {props.nameLabel}
                        <Field.RequiredIndicator />
                      </Field.Label>
                      <Input value={name} onChange={(e) => setName(e.currentTarget.value)} autoFocus />
                      {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
                    </Field.Root>
                    <Field.Root>
                      <Field.Label>{props.descriptionLabel}</Field.Label>
                      <Textarea value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
                    </Field.Root>
                  </Stack>
                ) : (
                  props.secondStep
                )}
              </Dialog.Body>
              <WizardFooter
                onCancel={props.onClose}
                onBack={activeStep === 1 ? () => setActiveStep(0) : undefined}
                submitLabel={activeStep === 0 ? t('common.next') : t('common.save')}
                saving={props.saving}
              />
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
