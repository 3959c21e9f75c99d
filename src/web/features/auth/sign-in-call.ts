/**
 * The sign-in calls the `/login` form makes before the app is loaded (issue 18): plain `fetch`
 * (lib/plain-call.ts) instead of the app's ky client, with the same retries on a flaky network
 * (issue 12: the login key is a read, the sign-in `retrySafe`). Credentials are encrypted with the
 * server's published key before they leave the page.
 */
import { encryptForServer } from '../../../domain/auth/login-crypto';
import { loginKey, signIn, type LoginResult } from '../../../domain/contracts/auth/sign-in';
import { plainCall, plainFetch } from '../../lib/plain-call';

/** Signs in; @throws ApiError 'Invalid email or password' (401) among others. */
export async function login(email: string, password: string): Promise<LoginResult> {
  const body = await encryptForServer(await plainCall(loginKey), { email, password });
  return plainCall(signIn, { query: { source: 'web' }, body });
}

/** The country trace service's URL (`GET /api/public-config`, lib/public-config.ts). */
export async function countryTraceUrl(): Promise<string> {
  return (await plainFetch<{ country_trace_url: string }>('GET', '/public-config')).country_trace_url;
}
