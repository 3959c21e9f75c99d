/**
 * Sign-in contracts (spec 4 "Authentication", spec 7 user service `/public/*`, `/logout`).
 *
 * The browser encrypts the credential JSON with the server's RSA-OAEP (SHA-256) public key,
 * published as a JWK at `GET /api/user/public/login-key`, and sends the base64 ciphertext.
 */
import { z } from 'zod';
import { companySummary } from './companies';
import { PROFESSIONS, USER_TYPES } from '../users/permissions';

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

export const loginQuery = z.object({ source: z.enum(['web', 'app']).default('web') });

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

/** `POST /public/send-otp`: the OTP goes through the message outbox to the user's email or mobile. */
export const sendOtpBody = z.object({
  email: z.string().min(3).max(254),
  purpose: z.enum(['forgot_password', 'login']).default('forgot_password'),
});
/** `POST /public/check-otp`: checks without consuming; answers whether the code is right. */
export const checkOtpBody = z.object({
  email: z.string().min(3).max(254),
  otp: z.string().regex(/^\d{6}$/),
  purpose: z.enum(['forgot_password', 'login']).default('forgot_password'),
});
/** What the `PATCH /public/forgot-password` ciphertext decrypts to. */
export const forgotPasswordCredentials = z.object({
  email: z.string().min(3).max(254),
  otp: z.string().regex(/^\d{6}$/),
  new_password: z.string().min(8).max(256),
});

/** `GET /public/sso-login?email=` answer: which SSO the company uses, or null when none is set up. */
export const ssoType = z.object({ sso_type: z.string().nullable(), company_id: z.string().nullable() });
