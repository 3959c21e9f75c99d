/** `/login/sso` (spec 2, 7): asks the email and shows what the server says about the company's SSO. */
import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EMAIL_MESSAGE, isValidEmail } from '../../../domain/validation/rules';
import { errorMessage } from '../../lib/api';
import { ssoMessage } from './api';
import { AuthLayout } from './auth-layout';

export default function SsoPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ status: 'info' | 'error'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setResult({ status: 'error', message: t('validation.email', { defaultValue: EMAIL_MESSAGE }) });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const message = await ssoMessage(email.trim());
      setResult({ status: 'info', message });
    } catch (error) {
      setResult({ status: 'error', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.sso_title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {result && (
            <Alert.Root status={result.status} role={result.status === 'error' ? 'alert' : 'status'} data-testid="sso-result">
              <Alert.Indicator />
              <Alert.Title>{result.message}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root required>
            <Field.Label>{t('auth.email')}</Field.Label>
            <Input type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          </Field.Root>
          <Button type="submit" loading={busy}>
            {t('auth.continue')}
          </Button>
          <Link asChild color="blue.fg" fontSize="sm">
            <RouterLink to="/login">{t('auth.back_to_sign_in')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
