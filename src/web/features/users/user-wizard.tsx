/**
 * Create / edit user wizard (spec 2 "user edit flow (active step, active user id, edit mode)"):
 * details → access (profile, role, user type) → review. Each step is validated with the domain
 * rules and their spec 5 messages before moving on; the server's answer is shown on save.
 */
import { Alert, Badge, DataList, Dialog, Field, Flex, Input, NativeSelect, Portal, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyUser, CreateUserBody } from '../../../domain/contracts/users/company-users';
import { PROFESSIONS, type Profession, type UserType } from '../../../domain/users/permissions';
import { EMAIL_MESSAGE, MOBILE_MESSAGE, PASSWORD_MESSAGE, isValidEmail, isValidMobile, isValidPassword } from '../../../domain/validation/rules';
import { PasswordInput } from '../../components/password-input';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { useProfiles, useRoles, useSaveUser } from './api';
import { WizardFooter } from '../../components/wizard-footer';

const STEPS = ['details', 'access', 'review'] as const;
type Step = (typeof STEPS)[number];
const ASSIGNABLE_TYPES: UserType[] = ['user', 'super_user', 'company_admin'];
/** The languages of a user's sign-in OTP SMS, each named in itself (issue 13). */
const SMS_LANGUAGES = [
  ['en', 'English'],
  ['hi', 'हिन्दी'],
  ['id', 'Bahasa Indonesia'],
] as const;

interface FormState {
  name: string;
  email: string;
  mobile: string;
  password: string;
  profession: Profession;
  team: string;
  location: string;
  client_employee_id: string;
  /** '' = the company's default language. */
  preferred_language: '' | 'en' | 'hi' | 'id';
  user_type: UserType;
  profile_id: string;
  role_id: string;
}

function fromUser(user: CompanyUser | null): FormState {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    password: '',
    profession: user?.profession ?? 'telecalling',
    team: user?.team ?? '',
    location: user?.location ?? '',
    client_employee_id: user?.client_employee_id ?? '',
    preferred_language: user?.preferred_language ?? '',
    user_type: user?.user_type ?? 'user',
    profile_id: user?.profile_id ?? '',
    role_id: user?.role_id ?? '',
  };
}

type Errors = Partial<Record<keyof FormState, string>>;

function validateDetails(form: FormState, editMode: boolean, t: (key: string, opts?: Record<string, unknown>) => string): Errors {
  const errors: Errors = {};
  if (!form.name.trim()) errors.name = t('validation.required');
  if (!isValidEmail(form.email.trim())) errors.email = t('validation.email', { defaultValue: EMAIL_MESSAGE });
  if (form.mobile.trim() && !isValidMobile(form.mobile.trim())) errors.mobile = t('validation.mobile', { defaultValue: MOBILE_MESSAGE });
  if (!editMode && !isValidPassword(form.password)) errors.password = t('validation.password', { defaultValue: PASSWORD_MESSAGE });
  return errors;
}

function toBody(form: FormState): CreateUserBody {
  const optional = (v: string) => (v.trim() ? v.trim() : null);
  return {
    name: form.name.trim(),
    email: form.email.trim(),
    mobile: optional(form.mobile),
    password: form.password,
    user_type: form.user_type,
    profession: form.profession,
    team: optional(form.team),
    location: optional(form.location),
    client_employee_id: optional(form.client_employee_id),
    preferred_language: form.preferred_language || null,
    profile_id: optional(form.profile_id),
    role_id: optional(form.role_id),
  };
}

export interface UserWizardProps {
  companyId: string | null;
  /** The user being edited (edit mode) or null to create. */
  user: CompanyUser | null;
  open: boolean;
  onClose: () => void;
}

export function UserWizard({ companyId, user, open, onClose }: UserWizardProps) {
  const { t } = useTranslation();
  const editMode = user !== null;
  const [activeStep, setActiveStep] = useState<Step>('details');
  const [form, setForm] = useState<FormState>(() => fromUser(user));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveUser(companyId);
  const profiles = useProfiles(open ? companyId : null);
  const roles = useRoles(open ? companyId : null);
  const stepIndex = STEPS.indexOf(activeStep);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (activeStep === 'details') {
      const found = validateDetails(form, editMode, t);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setActiveStep('access');
    } else if (activeStep === 'access') {
      setActiveStep('review');
    } else {
      save.mutate(
        { id: user?.user_id ?? null, body: toBody(form) },
        {
          onSuccess: (answer) => {
            // A new email waits for the code sent to the current address (issue 12): say so, not "updated".
            const pending = answer && 'pending_email_change' in answer ? answer.pending_email_change : null;
            if (pending) toaster.create({ type: 'info', title: t('users.updated'), description: t('users.email_change_sent', { email: pending.new_email }) });
            else toaster.create({ type: 'success', title: editMode ? t('users.updated') : t('users.created') });
            onClose();
          },
        },
      );
    }
  };

  const profileName = profiles.data?.profiles.find((p) => p.profile_id === form.profile_id)?.profile_name;
  const roleName = roles.data?.roles.find((r) => r.role_id === form.role_id)?.role_name;

  const field = (key: keyof FormState, label: string, input: React.ReactNode, required = false, helper?: string) => (
    <Field.Root invalid={Boolean(errors[key])} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {input}
      {errors[key] ? <Field.ErrorText>{errors[key]}</Field.ErrorText> : helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
    </Field.Root>
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
<form onSubmit={next} noValidate>
            <Dialog.Header flexDirection="column" alignItems="stretch" gap="3">
              <Dialog.Title>{editMode ? t('users.edit_title') : t('users.create_title')}</Dialog.Title>
              <Flex as="ol" gap="2" listStyleType="none" m="0" p="0" aria-label={t('common.steps')}>
                {STEPS.map((step, index) => (
                  <Flex as="li" key={step} flex="1" direction="column" gap="1" aria-current={step === activeStep ? 'step' : undefined}>
                    <Flex h="1" rounded="full" bg={index <= stepIndex ? 'blue.solid' : 'bg.emphasized'} />
                    <Text fontSize="xs" fontWeight={step === activeStep ? 'semibold' : 'normal'} color={step === activeStep ? 'fg' : 'fg.muted'}>
                      {index + 1}. {t(`users.step_${step}`)}
                    </Text>
                  </Flex>
                ))}
              </Flex>
            </Dialog.Header>
            <Dialog.Body>
              {save.isError && (
                <Alert.Root status="error" role="alert" mb="4">
                  <Alert.Indicator />
                  <Alert.Title>{errorMessage(save.error)}</Alert.Title>
                </Alert.Root>
              )}
              {activeStep === 'details' && (
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  {field('name', t('users.name'), <Input value={form.name} onChange={(e) => set('name', e.currentTarget.value)} autoFocus />, true)}
                  {field('email', t('users.email'), <Input type="email" value={form.email} onChange={(e) => set('email', e.currentTarget.value)} />, true)}
                  {field('mobile', t('users.mobile'), <Input inputMode="tel" value={form.mobile} onChange={(e) => set('mobile', e.currentTarget.value)} />)}
                  {!editMode &&
                    field(
                      'password',
                      t('users.password'),
                      <PasswordInput autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.currentTarget.value)} />,
                      true,
                      t('validation.password', { defaultValue: PASSWORD_MESSAGE }),
                    )}
                  {field(
                    'profession',
                    t('users.profession'),
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.profession} onChange={(e) => set('profession', e.currentTarget.value as Profession)}>
                        {PROFESSIONS.map((p) => (
                          <option key={p} value={p}>
                            {t(`profession.${p}`, { defaultValue: p })}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>,
                    true,
                  )}
                  {field('team', t('users.team'), <Input value={form.team} onChange={(e) => set('team', e.currentTarget.value)} />)}
                  {field('location', t('users.location'), <Input value={form.location} onChange={(e) => set('location', e.currentTarget.value)} />)}
                  {field(
                    'client_employee_id',
                    t('users.client_employee_id'),
                    <Input value={form.client_employee_id} onChange={(e) => set('client_employee_id', e.currentTarget.value)} />,
                  )}
                  {field(
                    'preferred_language',
                    t('users.preferred_language'),
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.preferred_language} onChange={(e) => set('preferred_language', e.currentTarget.value as FormState['preferred_language'])}>
                        <option value="">{t('users.language_default')}</option>
                        {SMS_LANGUAGES.map(([code, name]) => (
                          <option key={code} value={code} lang={code}>
                            {name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>,
                  )}
                </SimpleGrid>
              )}
              {activeStep === 'access' && (
                <Stack gap="4">
                  {field(
                    'profile_id',
                    t('users.profile'),
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.profile_id} onChange={(e) => set('profile_id', e.currentTarget.value)}>
                        <option value="">{t('users.none')}</option>
                        {profiles.data?.profiles.map((p) => (
                          <option key={p.profile_id} value={p.profile_id}>
                            {p.profile_name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>,
                    false,
                    profiles.isError ? errorMessage(profiles.error) : undefined,
                  )}
                  {field(
                    'role_id',
                    t('users.role'),
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.role_id} onChange={(e) => set('role_id', e.currentTarget.value)}>
                        <option value="">{t('users.none')}</option>
                        {roles.data?.roles.map((r) => (
                          <option key={r.role_id} value={r.role_id}>
                            {r.role_name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>,
                    false,
                    roles.isError ? errorMessage(roles.error) : undefined,
                  )}
                  {field(
                    'user_type',
                    t('users.user_type'),
                    <NativeSelect.Root>
                      <NativeSelect.Field value={form.user_type} onChange={(e) => set('user_type', e.currentTarget.value as UserType)}>
                        {ASSIGNABLE_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {t(`user_type.${type}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>,
                    true,
                  )}
                </Stack>
              )}
              {activeStep === 'review' && (
                <DataList.Root orientation="horizontal" data-testid="user-review">
                  {(
                    [
                      ['users.name', form.name],
                      ['users.email', form.email],
                      ['users.mobile', form.mobile],
                      ['users.profession', t(`profession.${form.profession}`, { defaultValue: form.profession })],
                      ['users.team', form.team],
                      ['users.location', form.location],
                      ['users.client_employee_id', form.client_employee_id],
                      ['users.preferred_language', SMS_LANGUAGES.find(([code]) => code === form.preferred_language)?.[1] ?? t('users.language_default')],
                      ['users.profile', profileName ?? ''],
                      ['users.role', roleName ?? ''],
                    ] as const
                  ).map(([key, value]) => (
                    <DataList.Item key={key}>
                      <DataList.ItemLabel>{t(key)}</DataList.ItemLabel>
                      <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                  <DataList.Item>
                    <DataList.ItemLabel>{t('users.user_type')}</DataList.ItemLabel>
                    <DataList.ItemValue>
                      <Badge>{t(`user_type.${form.user_type}`)}</Badge>
                    </DataList.ItemValue>
                  </DataList.Item>
                </DataList.Root>
              )}
            </Dialog.Body>
            <WizardFooter
              onCancel={onClose}
              onBack={stepIndex > 0 ? () => setActiveStep(STEPS[stepIndex - 1]) : undefined}
              submitLabel={activeStep === 'review' ? (editMode ? t('common.save') : t('users.create')) : t('common.next')}
              saving={save.isPending}
            />
          </form>
</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
