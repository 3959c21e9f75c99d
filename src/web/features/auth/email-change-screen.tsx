/**
 * `/login/email-change` (issue 12): where the owner of the OLD address enters the code an email
 * change sent there. Outside the app shell and without signing in: the code is the proof. The code
 * may arrive in the link's fragment (`#code=…`, never sent to a server or logged), else it is typed.
 */
import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { confirmEmailChange } from './api';
import { AuthLayout } from './auth-layout';

function codeFromFragment(): string {
  const match = /(?:^#|&)code=([A-Za-z0-9_-]+)/.exec(window.location.hash);
  return match ? match[1] : '';
}

export default function EmailChangePage() {
  const { t } = useTranslation();
  const [code, setCode] = useState(codeFromFragment);
  const [error, setError] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError(t('auth.email_change_code_required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setChangedTo((await confirmEmailChange(code.trim())).email);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={t('auth.email_change_title')}>
      {changedTo ? (
        <Stack gap="4">
          <Alert.Root status="success" role="status" data-testid="email-change-done">
            <Alert.Indicator />
            <Alert.Title>{t('auth.email_change_done', { email: changedTo })}</Alert.Title>
          </Alert.Root>
          <Button asChild>
            <RouterLink to="/login">{t('auth.back_to_sign_in')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="4">
            <Text color="fg.muted" fontSize="sm">
              {t('auth.email_change_intro')}
            </Text>
            {error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <Field.Root required invalid={Boolean(error)}>
              <Field.Label>{t('auth.email_change_code')}</Field.Label>
              <Input value={code} autoComplete="one-time-code" spellCheck={false} onChange={(e) => setCode(e.currentTarget.value)} />
            </Field.Root>
            <Button type="submit" loading={busy}>
              {t('auth.email_change_confirm')}
            </Button>
            <Link asChild color="blue.fg" fontSize="sm">
              <RouterLink to="/login">{t('auth.back_to_sign_in')}</RouterLink>
            </Link>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
