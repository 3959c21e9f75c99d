/**
 * One-time passwords and the password reset (spec 7 user service `/public/send-otp`,
 * `/public/check-otp`, `/public/forgot-password`): public and rate-limited per IP. Endpoint
 * definitions; zod schemas in ./otp.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { ForgotPasswordCredentials } from './otp.schema';
export type { ForgotPasswordCredentials };

/** What an OTP is for. */
export const OTP_PURPOSES = ['forgot_password', 'login'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

const tags = ['auth'];

/** POST /api/user/public/send-otp: sends an OTP to the account's email or mobile (the same answer for unknown emails). */
export const sendOtp = endpoint({
  operation: 'user.otp.send',
  method: 'POST',
  path: '/user/public/send-otp',
  access: 'public',
  rateLimited: true,
  tags,
  summary: "Send an OTP to the account's email or mobile",
  schemas: async () => {
    const [s, { noData }] = await Promise.all([import('./otp.schema'), import('./sign-in.schema')]);
    return { body: s.sendOtpBody, response: noData };
  },
});

/** POST /api/user/public/check-otp: checks an OTP without consuming it (400 'Invalid or expired OTP'). */
export const checkOtp = endpoint({
  operation: 'user.otp.check',
  method: 'POST',
  path: '/user/public/check-otp',
  access: 'public',
  rateLimited: true,
  tags,
  summary: 'Check an OTP without consuming it',
  schemas: async () => {
    const s = await import('./otp.schema');
    return { body: s.checkOtpBody, response: s.otpChecked };
  },
});

/** PATCH /api/user/public/forgot-password: the encrypted email, OTP and new password (forgotPasswordCredentials). */
export const forgotPassword = endpoint({
  operation: 'user.otp.forgot_password',
  method: 'PATCH',
  path: '/user/public/forgot-password',
  access: 'public',
  rateLimited: true,
  tags,
  summary: 'Set a new password with an OTP (encrypted body)',
  schemas: async () => {
    const s = await import('./sign-in.schema');
    return { body: s.encryptedBody, response: s.noData };
  },
});
