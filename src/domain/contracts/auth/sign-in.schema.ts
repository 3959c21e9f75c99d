/**
 * Schemas of sign-in (spec 4 "Authentication", spec 7 user service `/public/login-key`,
 * `/public/login`, `/public/sso-login`, `/logout`, `/profile/details`). Behind ./sign-in.ts.
 *
 * The browser encrypts the credential JSON with the server's RSA-OAEP (SHA-256) public key,
 * published as a JWK at `GET /api/user/public/login-key`, and sends the base64 ciphertext.
 */
import { z } from 'zod';
import { PROFESSIONS, USER_TYPES } from '../../users/permissions';
import { companySummary } from '../companies/companies.schema';
import { SIGN_IN_SOURCES } from './sign-in';

export const loginKey = z.object({
  /** Key id; sent back with the payload so a rotated key is detected. */
  kid: z.string(),
  jwk: z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string(), alg: z.string().optional() }).loose(),
});
export type LoginKey = z.infer<typeof loginKey>;

/** Any encrypted body: base64 RSA-OAEP-256 ciphertext of a JSON document. */
export const encryptedBody = z.object({ kid: z.string(), payload: z.string().min(1) });
export type EncryptedBody = z.infer<typeof encryptedBody>;

/** What the login ciphertext decrypts to. */
export const loginCredentials = z.object({ email: z.string().min(3).max(254), password: z.string().min(1).max(256) });
export type LoginCredentials = z.infer<typeof loginCredentials>;

/** The `data` of answers whose message is the point (`null`). */
export const noData = z.null();

/** `?source=web|app` of sign-in and sign-out (spec 7 "query source=web"). */
export const loginQuery = z.object({ source: z.enum(SIGN_IN_SOURCES).default('web') });

/** The signed-in user's profile (spec 3 "User"). */
export const userProfile = z.object({
  user_id: z.string(),
  user_type: z.enum(USER_TYPES),
  name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  profession: z.enum(PROFESSIONS),
  team: z.string().nullable(),
  location: z.string().nullable(),
  client_employee_id: z.string().nullable(),
  isOperator: z.boolean(),
  imageUrl: z.string().nullable(),
  territory_type_id: z.string().nullable(),
  vendor_userrole: z.string().nullable(),
  company_admin_profile_id: z.string().nullable(),
  /** Keyed by company_id. */
  assigned_companies_dict: z.record(z.string(), companySummary),
});
export type UserProfile = z.infer<typeof userProfile>;

export const loginResult = z.object({
  /** The bearer token the web keeps as `uat` in localStorage and sends as `authenticationtoken`. */
  token: z.string(),
  /** ISO time at which the token stops working regardless of activity. */
  expires_at: z.string(),
  user: userProfile,
});
export type LoginResult = z.infer<typeof loginResult>;

/** `GET /public/sso-login?email=` query. */
export const ssoQuery = z.object({ email: z.string().min(3).max(254) });
/**
 * `GET /public/sso-login?email=` answer: which SSO the company uses, or null when none is set up.
 * The same for unknown emails; `company_id` is always null (the lookup must not tell who is registered where).
 */
export const ssoType = z.object({ sso_type: z.string().nullable(), company_id: z.string().nullable().meta({ description: 'Always null: the lookup does not reveal the company' }) });
export type SsoType = z.infer<typeof ssoType>;
