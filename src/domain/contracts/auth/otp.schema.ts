/**
 * Schemas of one-time passwords and the password reset (spec 7 user service `/public/send-otp`,
 * `/public/check-otp`, `/public/forgot-password`). Behind ./otp.ts.
 */
import { z } from 'zod';
import { OTP_PURPOSES } from './otp';

const email = z.string().min(3).max(254);
const otp = z.string().regex(/^\d{6}$/);
const purpose = z.enum(OTP_PURPOSES).default('forgot_password');

/** `POST /public/send-otp`: the OTP goes through the message outbox to the user's email or mobile. */
export const sendOtpBody = z.object({ email, purpose });
/** `POST /public/check-otp`: checks without consuming; answers whether the code is right. */
export const checkOtpBody = z.object({ email, otp, purpose });
export const otpChecked = z.object({ valid: z.literal(true) });
/** What the `PATCH /public/forgot-password` ciphertext decrypts to. */
export const forgotPasswordCredentials = z.object({ email, otp, new_password: z.string().min(8).max(256) });
export type ForgotPasswordCredentials = z.infer<typeof forgotPasswordCredentials>;
