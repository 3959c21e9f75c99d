/**
 * Sign-in use cases (spec 4 "Authentication", spec 7 user service `/public/*`, `/logout`):
 * the RSA login key, encrypted bodies, argon2id passwords, sessions with expiry and idle
 * timeout, login attempts, and one-time passwords sent through the message outbox.
 */
import { createHash, generateKeyPairSync, privateDecrypt, constants, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EncryptedBody, LoginKey, LoginResult } from '../../../domain/contracts/auth';
import { isValidPassword, PASSWORD_MESSAGE } from '../../../domain/validation/rules';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, unauthorized } from '../../http/errors';
import type { MessageProvider } from '../../messaging/provider';
import { queueAndSend } from '../../messaging/provider';
import { userAudit, userCompanies, users } from '../users/schema';
import type { UserRow } from '../users/schema';
import { buildUserProfile } from '../users/service';
import type { SessionEndReason, SessionRow } from './schema';
import { loginAttempts, otps, serverKeys, sessions } from './schema';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_OTP = 'Invalid or expired OTP';
export const UNREADABLE_PAYLOAD = 'The encrypted request could not be read';
const OTP_TTL_MINUTES = 10;
const OTP_MAX_ATTEMPTS = 5;

/** Request facts stored with sessions and login attempts. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  source: string;
}

// ---- passwords ---------------------------------------------------------------------------

/** argon2id (the library default algorithm) hash of `password` with the configured cost. */
export function hashPassword(config: AppConfig, password: string): Promise<string> {
  return hash(password, { memoryCost: config.argon2.memoryCost, timeCost: config.argon2.timeCost });
}

async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// ---- login key -----------------------------------------------------------------------------

interface KeyPair {
  kid: string;
  publicJwk: Record<string, string>;
  privatePem: string;
}
const keyCache = new WeakMap<Db, KeyPair>();

/**
 * The active RSA-OAEP 3072-bit login key, created on first use and stored in server_keys so
 * every API copy shares it. Safe when two copies race: the first insert wins and both reread.
 */
async function activeKey(db: Db): Promise<KeyPair> {
  const cached = keyCache.get(db);
  if (cached) return cached;
  let [row] = await db.select().from(serverKeys).where(eq(serverKeys.active, true)).orderBy(desc(serverKeys.createdAt)).limit(1);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const jwk = publicKey.export({ format: 'jwk' }) as Record<string, string>;
    const publicJwk = { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256' };
    // One advisory lock so two starting copies do not each publish a key.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
      const [existing] = await tx.select({ kid: serverKeys.kid }).from(serverKeys).where(eq(serverKeys.active, true)).limit(1);
      if (!existing) {
        await tx.insert(serverKeys).values({ kid: randomUUID(), publicJwk, privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() });
      }
    });
    [row] = await db.select().from(serverKeys).where(eq(serverKeys.active, true)).orderBy(desc(serverKeys.createdAt)).limit(1);
  }
  const pair = { kid: row.kid, publicJwk: row.publicJwk, privatePem: row.privatePem };
  keyCache.set(db, pair);
  return pair;
}

/** The public half for `GET /public/login-key`. */
export async function getLoginKey(db: Db): Promise<LoginKey> {
  const key = await activeKey(db);
  return { kid: key.kid, jwk: { kty: 'RSA', n: key.publicJwk.n, e: key.publicJwk.e, alg: key.publicJwk.alg } };
}

/**
 * Decrypts an `EncryptedBody` made by `encryptForServer` and validates it with `schema`.
 * @throws AppError 400 when the key id is unknown, the ciphertext does not decrypt, or the
 *   plaintext is not the expected JSON.
 */
export async function decryptBody<T extends z.ZodType>(db: Db, body: EncryptedBody, schema: T): Promise<z.infer<T>> {
  const key = await activeKey(db);
  let privatePem = key.privatePem;
  if (body.kid !== key.kid) {
    const [old] = await db.select({ privatePem: serverKeys.privatePem }).from(serverKeys).where(eq(serverKeys.kid, body.kid));
    if (!old) throw badRequest('The sign-in key has changed, please try again');
    privatePem = old.privatePem;
  }
  let json: unknown;
  try {
    const plain = privateDecrypt({ key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(body.payload, 'base64'));
    json = JSON.parse(plain.toString('utf8'));
  } catch {
    throw badRequest(UNREADABLE_PAYLOAD);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest(UNREADABLE_PAYLOAD);
  return parsed.data;
}

// ---- sessions ------------------------------------------------------------------------------

/** sha-256 hex of a bearer token: the only form a token is stored in. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

async function startSession(db: Db, config: AppConfig, userId: string, meta: ClientMeta): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionTtlMinutes * 60_000);
  await db.insert(sessions).values({ userId, tokenHash: tokenHash(token), expiresAt, ip: meta.ip, userAgent: meta.userAgent, source: meta.source });
  return { token, expiresAt };
}

/** Ends a session with a reason (kept for the user reports). No-op when already ended. */
export async function endSession(db: Db, sessionId: string, reason: SessionEndReason): Promise<void> {
  await db.update(sessions).set({ endedAt: new Date(), endReason: reason }).where(and(eq(sessions.sessionId, sessionId), isNull(sessions.endedAt)));
}

/** Ends every open session of a user (deactivation, password reset). */
export async function endUserSessions(db: Db, userId: string, reason: SessionEndReason): Promise<void> {
  await db.update(sessions).set({ endedAt: new Date(), endReason: reason }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
}

/**
 * Resolves a bearer token to its open session and active user, ending the session when it ran
 * past its expiry or idle timeout, and marks the session as seen.
 * @throws AppError 401 'Session expired' for a missing, unknown, ended, expired or idle token,
 *   or a deactivated user.
 */
export async function authenticate(db: Db, config: AppConfig, token: string | undefined): Promise<{ session: SessionRow; user: UserRow }> {
  if (!token) throw unauthorized();
  const [found] = await db.select().from(sessions).innerJoin(users, eq(users.userId, sessions.userId)).where(eq(sessions.tokenHash, tokenHash(token)));
  if (!found || found.sessions.endedAt) throw unauthorized();
  const { sessions: session, users: user } = found;
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await endSession(db, session.sessionId, 'expired');
    throw unauthorized();
  }
  if (session.lastSeenAt.getTime() + config.sessionIdleMinutes * 60_000 <= now) {
    await endSession(db, session.sessionId, 'idle_timeout');
    throw unauthorized();
  }
  if (!user.active) {
    await endSession(db, session.sessionId, 'deactivated');
    throw unauthorized();
  }
  await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.sessionId, session.sessionId));
  return { session, user };
}

// ---- sign-in and sign-out ------------------------------------------------------------------

async function hasActiveMembership(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: userCompanies.userId }).from(userCompanies).where(and(eq(userCompanies.userId, userId), eq(userCompanies.active, true))).limit(1);
  return Boolean(row);
}

/**
 * Signs in with decrypted credentials; records the attempt either way.
 * @throws AppError 401 'Invalid email or password' for an unknown email, a wrong password or a
 *   deactivated user (one message so the answer does not reveal which).
 */
export async function login(db: Db, config: AppConfig, creds: { email: string; password: string }, meta: ClientMeta): Promise<LoginResult> {
  const email = creds.email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const fail = async (reason: string) => {
    await db.insert(loginAttempts).values({ email, userId: user?.userId ?? null, success: false, reason, ip: meta.ip });
    return new AppError(401, INVALID_CREDENTIALS);
  };
  if (!user) throw await fail('unknown_email');
  if (!(await verifyPassword(user.passwordHash, creds.password))) throw await fail('wrong_password');
  if (!user.active || !(await hasActiveMembership(db, user.userId))) throw await fail('deactivated');
  const { token, expiresAt } = await startSession(db, config, user.userId, meta);
  await db.insert(loginAttempts).values({ email, userId: user.userId, success: true, reason: null, ip: meta.ip });
  return { token, expires_at: expiresAt.toISOString(), user: await buildUserProfile(db, user) };
}

/** Ends the session with platform_logout (spec 4) and writes a user_audit row. */
export async function logout(db: Db, session: SessionRow, companyId: string | null): Promise<void> {
  await endSession(db, session.sessionId, 'platform_logout');
  await db.insert(userAudit).values({ companyId, actorUserId: session.userId, action: 'logout', targetUserId: session.userId, details: { source: session.source } });
}

// ---- one-time passwords --------------------------------------------------------------------

type OtpPurpose = 'forgot_password' | 'login';

/**
 * Creates a 6-digit OTP for an active user (10 minutes, 5 attempts), replacing older ones, and
 * sends it by email through the outbox. Does nothing for unknown emails so the answer is the same.
 */
export async function sendOtp(db: Db, config: AppConfig, provider: MessageProvider, email: string, purpose: OtpPurpose): Promise<void> {
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, normalized));
  if (!user || !user.active) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const codeHash = await hashPassword(config, code);
  await db.transaction(async (tx) => {
    await tx.update(otps).set({ consumedAt: new Date() }).where(and(eq(otps.email, normalized), eq(otps.purpose, purpose), isNull(otps.consumedAt)));
    await tx.insert(otps).values({ email: normalized, purpose, codeHash, expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000) });
  });
  await queueAndSend(db, provider, {
    channel: 'email',
    recipient: normalized,
    template: 'otp',
    body: `Your one-time password is ${code}. It expires in ${OTP_TTL_MINUTES} minutes.`,
    variables: { otp: code },
  });
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
export async function resetPassword(db: Db, config: AppConfig, input: { email: string; otp: string; new_password: string }): Promise<void> {
  if (!isValidPassword(input.new_password)) throw badRequest(PASSWORD_MESSAGE);
  if (!(await checkOtp(db, input.email, input.otp, 'forgot_password', true))) throw badRequest(INVALID_OTP);
  const [user] = await db.select().from(users).where(eq(users.email, input.email.trim().toLowerCase()));
  if (!user) throw badRequest(INVALID_OTP);
  await db.update(users).set({ passwordHash: await hashPassword(config, input.new_password), updatedAt: new Date() }).where(eq(users.userId, user.userId));
  await endUserSessions(db, user.userId, 'password_reset');
  await db.insert(userAudit).values({ companyId: null, actorUserId: user.userId, action: 'password_reset', targetUserId: user.userId, details: {} });
}

/** `GET /public/sso-login`: the company of the email, and no SSO type (SSO is a later issue). */
export async function ssoLookup(db: Db, email: string): Promise<{ sso_type: null; company_id: string | null }> {
  const [row] = await db
    .select({ companyId: userCompanies.companyId })
    .from(users)
    .innerJoin(userCompanies, eq(userCompanies.userId, users.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(userCompanies.active, true)))
    .orderBy(userCompanies.companyId)
    .limit(1);
  return { sso_type: null, company_id: row?.companyId ?? null };
}
