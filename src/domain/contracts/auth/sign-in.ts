/**
 * Sign-in (spec 4 "Authentication"; spec 7 user service `/public/login-key`, `/public/login`,
 * `/public/sso-login`, `/logout`, `/profile/details`). The public routes are rate-limited per IP.
 * Endpoint definitions; zod schemas in ./sign-in.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { EncryptedBody, LoginCredentials, LoginKey, LoginResult, SsoType, UserProfile } from './sign-in.schema';
export type { EncryptedBody, LoginCredentials, LoginKey, LoginResult, SsoType, UserProfile };

/** Where a sign-in comes from (`?source=`): the web app or the phone app. */
export const SIGN_IN_SOURCES = ['web', 'app'] as const;

const tags = ['auth'];

/** GET /api/user/public/login-key: the RSA-OAEP public key (JWK) the browser encrypts credentials with. */
export const loginKey = endpoint({
  operation: 'user.sign_in.login_key',
  method: 'GET',
  path: '/user/public/login-key',
  access: 'public',
  rateLimited: true,
  tags,
  summary: 'The public key (JWK) that sign-in credentials are encrypted with',
  schemas: async () => {
    const s = await import('./sign-in.schema');
    return { response: s.loginKey };
  },
});

/** POST /api/user/public/login: encrypted `{email, password}`; answers the token and the profile (401 'Invalid email or password'). */
export const signIn = endpoint({
  operation: 'user.sign_in.login',
  method: 'POST',
  path: '/user/public/login',
  access: 'public',
  rateLimited: true,
  retrySafe: true,
  tags,
  summary: 'Sign in with encrypted credentials',
  schemas: async () => {
    const s = await import('./sign-in.schema');
    return { query: s.loginQuery, body: s.encryptedBody, response: s.loginResult };
  },
});

/** GET /api/user/public/sso-login?email=: the SSO the email's company uses; the message says when there is none. */
export const ssoLogin = endpoint({
  operation: 'user.sign_in.sso_lookup',
  method: 'GET',
  path: '/user/public/sso-login',
  access: 'public',
  rateLimited: true,
  tags,
  summary: "The SSO type of the email's company",
  schemas: async () => {
    const s = await import('./sign-in.schema');
    return { query: s.ssoQuery, response: s.ssoType };
  },
});

/** POST /api/user/logout: ends the caller's session (records platform_logout in the named company). */
export const signOut = endpoint({
  operation: 'user.sign_in.logout',
  method: 'POST',
  path: '/user/logout',
  access: 'authenticated',
  tags,
  summary: "End the caller's session",
  schemas: async () => {
    const s = await import('./sign-in.schema');
    return { query: s.loginQuery, response: s.noData };
  },
});

/** GET /api/user/profile/details: the signed-in user's profile, as `data` and as `output` (spec 7 reads `output`). */
export const profileDetails = endpoint({
  operation: 'user.profile.details',
  method: 'GET',
  path: '/user/profile/details',
  access: 'authenticated',
  alsoAsOutput: true,
  tags: ['users'],
  summary: "The signed-in user's profile and assigned companies",
  schemas: async () => {
    const s = await import('./sign-in.schema');
    return { response: s.userProfile };
  },
});
