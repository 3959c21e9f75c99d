/**
 * `/login` (spec 2, 4, 7, 8): email, password with show/hide, country (kept as `country_login`,
 * detected on the first visit), encrypted sign-in, then `next` (same-origin paths only) or home
 * with the first assigned company. Also hosts the forgot-password flow.
 *
 * Plain React and CSS (auth.css; the route is `plain`): the form works before Chakra UI loads
 * (issue 18: the sign-in page ≤ 120 KB gzipped before it can be used). The forgot-password flow,
 * drawn with Chakra, loads when it is opened.
 */
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Eye, EyeOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { detectCountry } from '../../../domain/auth/country';
import { safeNextPath } from '../../../domain/auth/sign-out';
import { EMAIL_MESSAGE, isValidEmail } from '../../../domain/validation/rules';
import { errorMessage } from '../../lib/api';
import { hasStoredCountry, setCountry, signIn, type CountryLogin, useSession } from '../../lib/store';
import { fetchPublicConfig } from '../../lib/public-config';
import { prefetchSignInRoutes } from '../../lib/areas';
import { PHONE_QUERY } from '../../lib/use-is-phone';
import { LoadingState } from '../../components/plain';
import { WithChakra } from '../../components/with-chakra';
import { login } from './api';
import { profileKey } from './session-api';
import { AuthLayout } from './auth-layout';

const ForgotPassword = lazy(() => import('./forgot-password').then((m) => ({ default: m.ForgotPassword })));

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

/** A password input with a show/hide toggle that keeps its accessible name (the label's). */
function PasswordField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <div className="au-password">
      <input
        id={id}
        className="au-input"
        name="password"
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        required
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      <button
        type="button"
        className="ro-btn ro-icon-btn"
        data-variant="ghost"
        aria-label={visible ? t('auth.hide_password') : t('auth.show_password')}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
      </button>
    </div>
  );
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const snap = useSession();
  const [email, setEmail] = useState(snap.email ?? '');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'login' | 'forgot'>('login');
  const detectionNote = useCountryDetection();
  const id = useId();

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
        <Suspense fallback={<LoadingState />}>
          <WithChakra>
            <ForgotPassword initialEmail={email} onDone={() => setMode('login')} />
          </WithChakra>
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.sign_in_title')}>
      <form className="au-form" onSubmit={submit} onInput={prefetchOnPhone} noValidate aria-describedby={formError ? 'login-error' : undefined}>
        {formError && (
          <div className="ro-alert" id="login-error" role="alert">
            <div>
              <p className="ro-alert-title">{formError}</p>
            </div>
          </div>
        )}
        <div className="au-field">
          <label htmlFor={`${id}-email`}>
            {t('auth.email')}
            <span className="au-required" aria-hidden>
              *
            </span>
          </label>
          <input
            id={`${id}-email`}
            className="au-input"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            required
            aria-invalid={emailError !== null || undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {emailError && (
            <p className="au-field-error" id={`${id}-email-error`}>
              {emailError}
            </p>
          )}
        </div>
        <div className="au-field">
          <label htmlFor={`${id}-password`}>
            {t('auth.password')}
            <span className="au-required" aria-hidden>
              *
            </span>
          </label>
          <PasswordField id={`${id}-password`} value={password} onChange={setPassword} />
        </div>
        <div className="au-field">
          <label htmlFor={`${id}-country`}>{t('auth.country')}</label>
          <span className="ro-select">
            <select
              id={`${id}-country`}
              name="country_login"
              value={snap.country_login}
              aria-describedby={detectionNote ? `${id}-country-note` : undefined}
              onChange={(e) => setCountry(e.currentTarget.value as CountryLogin)}
            >
              <option value="INDIA">{t('country.INDIA')}</option>
              <option value="INDONESIA">{t('country.INDONESIA')}</option>
            </select>
            <ChevronDown size={16} aria-hidden />
          </span>
          {detectionNote && (
            <p className="au-help" id={`${id}-country-note`} data-testid="country-detection-note">
              {detectionNote === 'timeout' ? t('country.detection_timeout') : t('country.detection_failed')}
            </p>
          )}
        </div>
        <button type="submit" className="ro-btn au-submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('auth.signing_in') : t('auth.sign_in')}
        </button>
        <div className="au-links">
          <button type="button" className="au-link" onClick={() => setMode('forgot')}>
            {t('auth.forgot_link')}
          </button>
          <RouterLink className="au-link" to="/login/sso">
            {t('auth.sso_link')}
          </RouterLink>
        </div>
        <p className="au-note">{t('auth.encrypted_note')}</p>
      </form>
    </AuthLayout>
  );
}
