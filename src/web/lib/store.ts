/**
 * The session store, the one place the web app keeps who is signed in and which
 * session-level alarm is up (spec 4 "Authentication", spec 8 "Session").
 *
 * Owns: the `uat` token and `email` (localStorage, spec 3 "Browser-stored values"),
 * `country_login` (default INDIA, survives sign-out), and the flags raised by the API client:
 * session expired (401), missing permission (403), blocking server message (521).
 * The company of a request is not stored here: it is the `company_id` query parameter of the URL.
 */
import { useSyncExternalStore } from 'react';
import { LANGUAGE_STORAGE_KEY } from './languages';
import type { PermissionRequirement } from '../../domain/users/permissions';

export type CountryLogin = 'INDIA' | 'INDONESIA';

/** localStorage keys, spelled as spec 3 writes them. */
export const STORAGE_KEYS = { uat: 'uat', email: 'email', country: 'country_login', language: LANGUAGE_STORAGE_KEY } as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function readCountry(): CountryLogin {
  const stored = read(STORAGE_KEYS.country);
  return stored === 'INDONESIA' ? 'INDONESIA' : 'INDIA';
}

export interface SessionState {
  uat: string | null;
  email: string | null;
  country_login: CountryLogin;
  /** Raised on HTTP 401 (except logout and /public paths); shows the session-expired modal. */
  sessionExpired: boolean;
  /** Raised on 403 with data.missing_permission; shows the permission-not-found modal. */
  missingPermission: PermissionRequirement | null;
  /** Server message of an HTTP 521; shown full-screen, blocking the app. */
  blockingMessage: string | null;
}

const initial: SessionState = {
  uat: read(STORAGE_KEYS.uat),
  email: read(STORAGE_KEYS.email),
  country_login: readCountry(),
  sessionExpired: false,
  missingPermission: null,
  blockingMessage: null,
};
let snapshot: Readonly<SessionState> = { ...initial };
const listeners = new Set<() => void>();

/**
 * The session: read and assign its fields anywhere (`session.uat`, `session.sessionExpired = true`);
 * every assignment that changes a value publishes a new snapshot to `useSession()`. Six fields
 * changed a few times a session: a plain object behind a Proxy and React's useSyncExternalStore do
 * what valtio did here, without its ~2.5 KB gzipped on every first load (issue 18).
 */
export const session: SessionState = new Proxy(initial, {
  set(target, key, value) {
    const field = key as keyof SessionState;
    if (Object.is(target[field], value)) return true;
    Reflect.set(target, key, value);
    snapshot = { ...target };
    for (const listener of listeners) listener();
    return true;
  },
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session's current values in a component, rendered again when any of them changes. */
export function useSession(): Readonly<SessionState> {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}

/** True when a country was chosen before (so first-visit detection is skipped). */
export function hasStoredCountry(): boolean {
  return read(STORAGE_KEYS.country) !== null;
}

/** Keeps the token and email after a successful sign-in (spec 4: authenticated = uat exists). */
export function signIn(uat: string, email: string): void {
  localStorage.setItem(STORAGE_KEYS.uat, uat);
  localStorage.setItem(STORAGE_KEYS.email, email);
  session.uat = uat;
  session.email = email;
  session.sessionExpired = false;
}

/** Sets the country login value and keeps it in localStorage. */
export function setCountry(country: CountryLogin): void {
  localStorage.setItem(STORAGE_KEYS.country, country);
  session.country_login = country;
}

/**
 * Clears local and session storage but keeps `country_login` (spec 4 sign-out) and the chosen
 * language (a display preference, not session data), and resets the in-memory session.
 */
export function clearSession(): void {
  const country = read(STORAGE_KEYS.country);
  const language = read(STORAGE_KEYS.language);
  try {
    localStorage.clear();
    sessionStorage.clear();
    if (country) localStorage.setItem(STORAGE_KEYS.country, country);
    if (language) localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Storage can be unavailable (private mode); the in-memory reset below still signs out.
  }
  session.uat = null;
  session.email = null;
  session.sessionExpired = false;
  session.missingPermission = null;
}

/** The company of the current page: the `company_id` query parameter (spec 2). */
export function currentCompanyId(search: string = globalThis.location?.search ?? ''): string | null {
  return new URLSearchParams(search).get('company_id');
}
