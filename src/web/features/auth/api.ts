/**
 * Sign-in calls of the user service (spec 7 `/public/*`, `/profile/details` of a link's token), from the
 * endpoint definitions of src/domain/contracts/auth (the signed-in session's own calls: session-api.ts; the sign-in itself: sign-in-call.ts). Credentials are encrypted with the server's
 * published key before they leave the page.
 */
import { encryptForServer } from '../../../domain/auth/login-crypto';
import { checkOtp as checkOtpEndpoint, forgotPassword, sendOtp as sendOtpEndpoint } from '../../../domain/contracts/auth/otp';
import type { UserProfile } from '../../../domain/contracts/auth/sign-in';
import { loginKey, profileDetails, ssoLogin } from '../../../domain/contracts/auth/sign-in';
import { confirmEmailChange as confirmEmailChangeEndpoint } from '../../../domain/contracts/users/email-change';
import { API_BASE } from '../../lib/api';
import { apiPath, call, callWithMessage } from '../../lib/endpoint';

async function encrypted(body: unknown) {
  return encryptForServer(await call(loginKey), body);
}

/** Sends a forgot-password OTP (the same answer whether or not the account exists). */
export function sendOtp(email: string) {
  return call(sendOtpEndpoint, { body: { email, purpose: 'forgot_password' } });
}

/** @throws ApiError 'Invalid or expired OTP' (400) */
export function checkOtp(email: string, otp: string) {
  return call(checkOtpEndpoint, { body: { email, otp, purpose: 'forgot_password' } });
}

/** Sets the new password (encrypted with the OTP). */
export async function resetPassword(email: string, otp: string, newPassword: string) {
  return call(forgotPassword, { body: await encrypted({ email, otp, new_password: newPassword }) });
}

/** `GET /public/sso-login?email=`: resolves with the server's message (e.g. SSO not configured). */
export async function ssoMessage(email: string): Promise<string> {
  return (await callWithMessage(ssoLogin, { query: { email } })).message;
}

/**
 * The profile a link's session token belongs to, asked with that token rather than the stored one
 * (the link is not installed yet), so the confirmation names the real account.
 * @returns null when the token is not a live session
 */
export async function profileOfToken(token: string, signal?: AbortSignal): Promise<UserProfile | null> {
  const response = await fetch(`${API_BASE}/${apiPath(profileDetails)}`, { headers: { authenticationtoken: token }, signal });
  if (!response.ok) return null;
  const body = (await response.json()) as { success?: boolean; data?: UserProfile };
  return body.success && body.data ? body.data : null;
}

/** Applies a pending email change with the code sent to the old address (issue 12). @throws ApiError 'Invalid or expired confirmation code' (400), 409 when the new email was taken meanwhile. */
export function confirmEmailChange(code: string) {
  return call(confirmEmailChangeEndpoint, { body: { code } });
}
