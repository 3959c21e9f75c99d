/**
 * `/login` (spec 2, 4, 7, 8): email, password with show/hide, country (kept as `country_login`,
 * detected on the first visit), encrypted sign-in, then `next` (same-origin paths only) or home
 * with the first assigned company. Also hosts the forgot-password flow.
 *
 * Works before the app is loaded (issue 18: the sign-in page ≤ 120 KB gzipped before it can be
 * used; the route is `standalone`, app/main.tsx): plain React and CSS (auth.css), texts from
 * lib/plain-texts.ts instead of i18next, `fetch` instead of the app's API client (sign-in-call.ts),
 * and no router: it goes elsewhere through lib/app-handoff.ts, which loads the app when needed.
 * The app (router, TanStack Query, i18next) and, on a phone, the day list start loading once the
 * user types. The forgot-password flow, drawn with Chakra inside the app, loads when it is opened.
 */
import { ChevronDown, Eye, EyeOff } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type MouseEvent } from 'react';
import { detectCountry } from '../../../domain/auth/country';
import { safeNextPath } from '../../../domain/auth/sign-out';
import { profileDetails } from '../../../domain/contracts/auth/sign-in';
import { EMAIL_MESSAGE, isValidEmail } from '../../../domain/validation/rules';
import { appRunning, goTo, handOverQueryData, warmApp } from '../../lib/app-handoff';
import { ApiError } from '../../lib/api-errors';
import { usePlainTexts, type Translate } from '../../lib/plain-texts';
import { hasStoredCountry, setCountry, signIn, type CountryLogin, useSession } from '../../lib/store';
import { WithChakra } from '../../components/with-chakra';
import { countryTraceUrl, login } from './sign-in-call';
import { AuthLayout } from './auth-layout';

const ForgotPassword = lazy(() => import('./forgot-password').then((m) => ({ default: m.ForgotPassword })));

/** The email to open the forgot-password flow with once the app runs this page (set when it was asked for before). */
let forgotOpening: string | null = null;

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
    countryTraceUrl()
      .then((url) => detectCountry(window.fetch.bind(window), url))
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

/** A password input with a show/hide toggle that keeps its accessible name (the label's). */
function PasswordField({ id, value, onChange, t }: { id: string; value: string; onChange: (value: string) => void; t: Translate }) {
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
  const { t } = usePlainTexts();
  const next = new URLSearchParams(window.location.search).get('next');
  const snap = useSession();
  const [email, setEmail] = useState(() => forgotOpening ?? snap.email ?? '');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<'login' | 'forgot' | 'opening-forgot'>(() => (appRunning() && forgotOpening !== null ? 'forgot' : 'login'));
  const detectionNote = useCountryDetection();
  const id = useId();
  const signedIn = Boolean(snap.uat) && !busy;
  useEffect(() => {
    if (appRunning()) forgotOpening = null;
  }, []);
  useEffect(() => {
    if (signedIn) void goTo(landingPath(next, []), { replace: true });
  }, [signedIn, next]);

  if (signedIn) return null;

  /** The forgot-password flow needs the app (Chakra, its API client): loaded first when the page runs alone. */
  const openForgot = () => {
    if (appRunning()) {
      setMode('forgot');
      return;
    }
    forgotOpening = email;
    // Nothing to type into while the app loads: what was typed now would be lost (the app renders
    // this page again with the email as it was at the click).
    setMode('opening-forgot');
    void goTo(window.location.pathname + window.location.search, { replace: true }).catch(() => setMode('login'));
  };
  const openSso = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void goTo('/login/sso');
  };

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
      // The app's profile query (auth/session-api.ts profileKey) starts with the sign-in's answer.
      handOverQueryData([profileDetails.operation, result.token], result.user);
      signIn(result.token, trimmed);
      // Stays busy: the page is leaving (the signed-in redirect above must not run with no companies).
      await goTo(landingPath(next, Object.keys(result.user.assigned_companies_dict)), { replace: true });
    } catch (error) {
      setFormError(error instanceof ApiError ? error.failure.message : t('errors.generic', { defaultValue: 'Something went wrong' }));
      setBusy(false);
    }
  };

  const loading = (
    <div className="ro-state" role="status" aria-live="polite">
      <span className="ro-spinner" aria-hidden />
      <span>{t('common.loading')}</span>
    </div>
  );
  if (mode === 'opening-forgot') return <AuthLayout title={t('auth.forgot_title')}>{loading}</AuthLayout>;
  if (mode === 'forgot') {
    return (
      <AuthLayout title={t('auth.forgot_title')}>
        <Suspense fallback={loading}>
          <WithChakra>
            <ForgotPassword initialEmail={email} onDone={() => setMode('login')} />
          </WithChakra>
        </Suspense>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.sign_in_title')}>
      <form className="au-form" onSubmit={submit} onInput={warmApp} noValidate aria-describedby={formError ? 'login-error' : undefined}>
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
          <PasswordField id={`${id}-password`} value={password} onChange={setPassword} t={t} />
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
          <button type="button" className="au-link" onClick={openForgot}>
            {t('auth.forgot_link')}
          </button>
          <a className="au-link" href="/login/sso" onClick={openSso}>
            {t('auth.sso_link')}
          </a>
        </div>
        <p className="au-note">{t('auth.encrypted_note')}</p>
      </form>
    </AuthLayout>
  );
}
