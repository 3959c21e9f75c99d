/**
 * `/login` (spec 2, 4, 7, 8): email, password with show/hide, country (kept as `country_login`,
 * detected on the first visit), encrypted sign-in, then `next` (same-origin paths only) or home
 * with the first assigned company. Also hosts the forgot-password flow.
 */
import { Alert, Button, Field, Flex, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { detectCountry } from '../../../domain/auth/country';
import { safeNextPath } from '../../../domain/auth/sign-out';
import { EMAIL_MESSAGE, isValidEmail } from '../../../domain/validation/rules';
import { errorMessage } from '../../lib/api';
import { hasStoredCountry, session, setCountry, signIn, type CountryLogin } from '../../lib/store';
import { fetchPublicConfig } from '../../lib/public-config';
import { prefetchSignInRoutes } from '../../lib/areas';
import { PHONE_QUERY } from '../../lib/use-is-phone';
import { login, profileKey } from './api';
import { AuthLayout } from './auth-layout';
import { ForgotPassword } from './forgot-password';
import { PasswordInput } from '../../components/password-input';

/** Where to go after sign-in: a safe `next`, else home of the first assigned company. */
function landingPath(next: string | null, companyIds: string[]): string {
  const target = safeNextPath(next, '');
  if (target && !/^\/login(\/|\?|$)/.test(target)) return target;
  return companyIds[0] ? `/app?company_id=${encodeURIComponent(companyIds[0])}` : '/app';
}

function useCountryDetection(): string | null {
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (hasStoredCountry()) return;
    let cancelled = false;
    fetchPublicConfig()
      .then((config) => detectCountry(window.fetch.bind(window), config.country_trace_url))
      .then((result) => {
        if (cancelled) return;
        if (!hasStoredCountry()) setCountry(result.country);
        if (result.error) setNote(result.error);
      })
      .catch(() => !cancelled && setNote('Country code detection failed'));
    return () => {
      cancelled = true;
    };
  }, []);
  return note;
}

/**
 * On a phone, the day list's chunks start loading once the user types (issue 18): not before the
 * form works, and not after sign-in, when the executive would wait for them.
 */
function prefetchOnPhone(): void {
  if (window.matchMedia(PHONE_QUERY).matches) void prefetchSignInRoutes();
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const snap = useSnapshot(session);
  const [email, setEmail] = useState(snap.email ?? '');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const detectionNote = useCountryDetection();

  if (snap.uat && !busy) return <Navigate to={landingPath(params.get('next'), [])} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = email.trim();
    if (!isValidEmail(trimmed)) {
      setEmailError(t('validation.email', { defaultValue: EMAIL_MESSAGE }));
      return;
    }
    setEmailError(null);
    if (!password) {
      setFormError(t('auth.password_required'));
      return;
    }
    setBusy(true);
    try {
      const result = await login(trimmed, password);
      queryClient.setQueryData(profileKey(result.token), result.user);
      signIn(result.token, trimmed);
      navigate(landingPath(params.get('next'), Object.keys(result.user.assigned_companies_dict)), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'forgot') {
    return (
      <AuthLayout title={t('auth.forgot_title')}>
        <ForgotPassword initialEmail={email} onDone={() => setMode('login')} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.sign_in_title')}>
      <form onSubmit={submit} onInput={prefetchOnPhone} noValidate aria-describedby={formError ? 'login-error' : undefined}>
        <Stack gap="4">
          {formError && (
            <Alert.Root status="error" id="login-error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root invalid={emailError !== null} required>
            <Field.Label>
              {t('auth.email')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="email" name="email" autoComplete="username" inputMode="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            {emailError && <Field.ErrorText>{emailError}</Field.ErrorText>}
          </Field.Root>
          <Field.Root required>
            <Field.Label>
              {t('auth.password')}
              <Field.RequiredIndicator />
            </Field.Label>
            <PasswordInput name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('auth.country')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="country_login" value={snap.country_login} onChange={(e) => setCountry(e.currentTarget.value as CountryLogin)}>
                <option value="INDIA">{t('country.INDIA')}</option>
                <option value="INDONESIA">{t('country.INDONESIA')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {detectionNote && (
              <Field.HelperText data-testid="country-detection-note">
                {detectionNote === 'timeout' ? t('country.detection_timeout') : t('country.detection_failed')}
              </Field.HelperText>
            )}
          </Field.Root>
          <Button type="submit" loading={busy} loadingText={t('auth.signing_in')} width="full">
            {t('auth.sign_in')}
          </Button>
          <Flex justify="space-between" wrap="wrap" gap="2">
            <Button variant="plain" px="0" height="auto" fontSize="sm" fontWeight="normal" color="blue.fg" onClick={() => setMode('forgot')}>
              {t('auth.forgot_link')}
            </Button>
            <Link asChild color="blue.fg" fontSize="sm">
              <RouterLink to="/login/sso">{t('auth.sso_link')}</RouterLink>
            </Link>
          </Flex>
          <Text fontSize="xs" color="fg.muted">
            {t('auth.encrypted_note')}
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
