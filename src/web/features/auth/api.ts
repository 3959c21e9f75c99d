/**
 * Sign-in calls of the user service (spec 7 `/public/*`, `/logout`, `/profile/details`).
 * Credentials are encrypted with the server's published key before they leave the page.
 */
import { useQuery } from '@tanstack/react-query';
import { encryptForServer } from '../../../domain/auth/login-crypto';
import type { LoginKey, LoginResult, UserProfile } from '../../../domain/contracts/auth';
import { api } from '../../lib/api';
import { session } from '../../lib/store';
import { useSnapshot } from 'valtio';

/** `GET /api/public-config`: where the map tiles and the country trace service are. */
export interface PublicConfig {
  map_tile_url: string;
  country_trace_url: string;
  countries: unknown;
}

export function fetchPublicConfig(): Promise<PublicConfig> {
  return api.get<PublicConfig>('public-config');
}

async function encrypted(body: unknown) {
  const key = await api.get<LoginKey>('user/public/login-key');
  return encryptForServer(key, body);
}

/** Signs in; @throws ApiError 'Invalid email or password' (401) among others. */
export async function login(email: string, password: string): Promise<LoginResult> {
  const json = await encrypted({ email, password });
  return api.post<LoginResult>('user/public/login', { searchParams: { source: 'web' }, json });
}

export function sendOtp(email: string): Promise<unknown> {
  return api.post('user/public/send-otp', { json: { email, purpose: 'forgot_password' } });
}

export function checkOtp(email: string, otp: string): Promise<{ valid: boolean }> {
  return api.post<{ valid: boolean }>('user/public/check-otp', { json: { email, otp, purpose: 'forgot_password' } });
}

export async function resetPassword(email: string, otp: string, newPassword: string): Promise<unknown> {
  const json = await encrypted({ email, otp, new_password: newPassword });
  return api.patch('user/public/forgot-password', { json });
}

/** `GET /public/sso-login?email=`: resolves with the server's message (e.g. SSO not configured). */
export async function ssoLookup(email: string): Promise<{ sso_type: string | null; company_id: string | null }> {
  return api.get('user/public/sso-login', { searchParams: { email } });
}

/** Ends the session server-side (records platform_logout). Failures are ignored by the caller. */
export function logout(): Promise<unknown> {
  return api.post('user/logout', { searchParams: { source: 'web' } });
}

/** The signed-in user's profile; disabled while signed out. */
export function useProfile() {
  const { uat } = useSnapshot(session);
  return useQuery({
    queryKey: ['profile', uat],
    queryFn: () => api.get<UserProfile>('user/profile/details'),
    enabled: Boolean(uat),
    staleTime: 5 * 60_000,
  });
}
