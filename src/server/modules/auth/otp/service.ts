/**
 * One-time passwords and the password reset (spec 7 user service `/public/send-otp`,
 * `/public/check-otp`, `/public/forgot-password`): 6-digit codes stored only as argon2id hashes
 * (salted per row, compared in constant time by argon2's verify) and sent through the
 * communication area's AccountMessagesPort (email, and SMS with DLT to the user's mobile),
 * recorded in the message outbox with the code masked (issue 12); 10 minutes and 5 attempts each.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ForgotPasswordCredentials, OtpPurpose } from '../../../../domain/contracts/auth/otp';
import { isValidPassword, PASSWORD_MESSAGE } from '../../../../domain/validation/rules';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db/client';
import type { AuditLog } from '../../../http/caller';
import { AppError, badRequest } from '../../../http/errors';
import type { AccountMessagesPort } from '../../../http/ports';
import { hashPassword, verifyPassword } from '../../../security/passwords';
import { accountByEmail, firstCompanyOfEmail, setPasswordHash } from '../../users/queries';
import { otps } from '../schema';
import { endUserSessions } from '../service';

export const INVALID_OTP = 'Invalid or expired OTP';
/** The answer when no channel carried the code (every provider failed or refused it). */
export const OTP_NOT_SENT = 'We could not send your one-time password. Please try again later or contact your administrator.';
const OTP_TTL_MINUTES = 10;
const OTP_MAX_ATTEMPTS = 5;

/**
 * Creates a 6-digit OTP for an active user (10 minutes, 5 attempts), replacing older ones, and
 * sends it through the communication area (AccountMessagesPort.sendOtp): by email, and by SMS to
 * the user's mobile with the company's DLT-registered `otp` template in the user's language (no contact hours, no DND:
 * domain/communication/otp.ts). Does nothing for unknown emails so the answer is the same; the
 * per-IP and per-recipient rate limits are the routes'.
 * @throws AppError 503 OTP_NOT_SENT when neither the email nor the SMS went out (an existing account
 *   whose every channel failed or was refused: the user must know no code is coming)
 */
export async function sendOtp(db: Db, config: AppConfig, messages: AccountMessagesPort, email: string, purpose: OtpPurpose): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const account = await accountByEmail(db, normalized);
  if (!account || !account.user.active) return;
  const user = account.user;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashPassword(config, code);
  await db.transaction(async (tx) => {
    await tx.update(otps).set({ consumedAt: new Date() }).where(and(eq(otps.email, normalized), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
    await tx.insert(otps).values({ email: normalized, purpose, codeHash, expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000) });
  });
  const delivery = await messages.sendOtp({ companyId: await firstCompanyOfEmail(db, normalized), email: normalized, mobile: user.mobile?.trim() || null, language: account.preferredLanguage, code, minutes: OTP_TTL_MINUTES });
  if (delivery.email !== 'sent' && delivery.sms !== 'sent') throw new AppError(503, OTP_NOT_SENT);
}

/**
 * Checks an OTP against the latest live one; a wrong code uses up an attempt. With `consume`
 * a right code is used up.
 * @returns true when the code is right, unexpired and within its attempts.
 */
export async function checkOtp(db: Db, email: string, otp: string, purpose: OtpPurpose, consume = false): Promise<boolean> {
  const normalized = email.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(otps)
    .where(and(eq(otps.email, normalized), eq(otps.purpose, purpose), isNull(otps.consumedAt), gt(otps.expiresAt, new Date())))
    .orderBy(desc(otps.createdAt))
    .limit(1);
  if (!row || row.attempts >= OTP_MAX_ATTEMPTS) return false;
  const right = await verifyPassword(row.codeHash, otp);
  if (!right) {
    await db.update(otps).set({ attempts: sql`${otps.attempts} + 1` }).where(eq(otps.id, row.id));
    return false;
  }
  if (consume) await db.update(otps).set({ consumedAt: new Date() }).where(eq(otps.id, row.id));
  return true;
}

/**
 * Sets a new password after a right forgot-password OTP, ends the user's sessions and audits it.
 * @throws AppError 400 with spec 5's password message, or 400 'Invalid or expired OTP'.
 */
export async function resetPassword(db: Db, config: AppConfig, audit: AuditLog, input: ForgotPasswordCredentials): Promise<void> {
  if (!isValidPassword(input.new_password)) throw badRequest(PASSWORD_MESSAGE);
  if (!(await checkOtp(db, input.email, input.otp, 'forgot_password', true))) throw badRequest(INVALID_OTP);
  const user = (await accountByEmail(db, input.email))?.user;
  if (!user) throw badRequest(INVALID_OTP);
  await setPasswordHash(db, user.userId, await hashPassword(config, input.new_password));
  await endUserSessions(db, user.userId, 'password_reset');
  await audit.record(db, { companyId: null, actorUserId: user.userId, action: 'password_reset', targetUserId: user.userId });
}
