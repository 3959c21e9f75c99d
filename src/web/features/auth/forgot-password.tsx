/**
 * Forgot password (spec 7): send-otp → check-otp → new password (spec 5 password rule) →
 * encrypted PATCH forgot-password. Each step keeps its own error and focus.
 */
import { Alert, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_MESSAGE, PASSWORD_MESSAGE, isValidEmail, isValidPassword } from '../../../domain/validation/rules';
import { errorMessage } from '../../lib/api';
import { toaster } from '../../lib/toaster';
import { checkOtp, resetPassword, sendOtp } from './api';
import { PasswordInput } from '../../components/password-input';

type Step = 'email' | 'otp' | 'password';

export function ForgotPassword({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') {
      if (!isValidEmail(email.trim())) return setError(t('validation.email', { defaultValue: EMAIL_MESSAGE }));
      void run(async () => {
        await sendOtp(email.trim());
        setInfo(t('auth.otp_sent'));
        setStep('otp');
      });
    } else if (step === 'otp') {
      if (!/^\d{6}$/.test(otp)) return setError(t('auth.otp_format'));
      void run(async () => {
        await checkOtp(email.trim(), otp);
        setInfo(null);
        setStep('password');
      });
    } else {
      if (!isValidPassword(password)) return setError(t('validation.password', { defaultValue: PASSWORD_MESSAGE }));
      if (password !== confirm) return setError(t('auth.password_mismatch'));
      void run(async () => {
        await resetPassword(email.trim(), otp, password);
        toaster.create({ type: 'success', title: t('auth.password_updated') });
        onDone();
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm" aria-live="polite">
          {t(`auth.forgot_step_${step}`)}
        </Text>
        {info && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{info}</Alert.Title>
          </Alert.Root>
        )}
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required disabled={step !== 'email'}>
          <Field.Label>{t('auth.email')}</Field.Label>
          <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
        </Field.Root>
        {step !== 'email' && (
          <Field.Root required disabled={step !== 'otp'}>
            <Field.Label>{t('auth.otp')}</Field.Label>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={otp} onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ''))} autoFocus />
          </Field.Root>
        )}
        {step === 'password' && (
          <>
            <Field.Root required>
              <Field.Label>{t('auth.new_password')}</Field.Label>
              <PasswordInput autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoFocus />
              <Field.HelperText>{t('validation.password', { defaultValue: PASSWORD_MESSAGE })}</Field.HelperText>
            </Field.Root>
            <Field.Root required>
              <Field.Label>{t('auth.confirm_password')}</Field.Label>
              <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
            </Field.Root>
          </>
        )}
        <Button type="submit" loading={busy}>
          {t(step === 'email' ? 'auth.send_otp' : step === 'otp' ? 'auth.verify_otp' : 'auth.update_password')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('auth.back_to_sign_in')}
        </Button>
      </Stack>
    </form>
  );
}
