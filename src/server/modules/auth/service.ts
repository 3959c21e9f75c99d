/**
 * Sign-in use cases (spec 4 "Authentication", spec 7 user service `/public/*`, `/logout`):
 * the RSA login key, encrypted bodies, argon2id passwords, sessions with expiry and idle
 * timeout and login attempts. (One-time passwords: ./otp/service.ts.)
 */
import { createHash, generateKeyPairSync, privateDecrypt, constants, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EncryptedBody, LoginKey, LoginResult } from '../../../domain/contracts/auth/sign-in';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { AppError, badRequest, unauthorized } from '../../http/errors';
import { isoSql } from '../../db/sql-helpers';
import type { AuditLog, CallerUser, Membership, SessionProvider } from '../../http/caller';
import { hashPassword, verifyPassword } from '../../security/passwords';
import { accountByEmail, buildUserProfile, hasActiveMembership, rowWithCaller } from '../users/queries';
import type { SessionEndReason, SessionRow } from './schema';
import { loginAttempts, serverKeys, sessions } from './schema';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const UNREADABLE_PAYLOAD = 'The encrypted request could not be read';

/** Request facts stored with sessions and login attempts. */
export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
  source: string;
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

/** The profession whose sessions keep the field idle timeout (spec: users' professions). */
export const FIELD_PROFESSION = 'field executive';

/**
 * The idle timeout of a user's sessions, minutes: a field executive's is the working day
 * (config.fieldSessionIdleMinutes, issue 12: the phone queues visits offline for hours and sends
 * them with the morning's session), everyone else's config.sessionIdleMinutes.
 */
export function idleMinutesOf(config: Pick<AppConfig, 'sessionIdleMinutes' | 'fieldSessionIdleMinutes'>, user: Pick<CallerUser, 'profession'>): number {
  return user.profession === FIELD_PROFESSION ? Math.max(config.sessionIdleMinutes, config.fieldSessionIdleMinutes) : config.sessionIdleMinutes;
}

/** How stale `sessions.last_seen_at` may get before a request marks it again, ms (30 s: idle timeouts are minutes). */
export const LAST_SEEN_RESOLUTION_MS = 30_000;

/**
 * Resolves a bearer token to its open session and active user, ending the session when it ran
 * past its expiry or idle timeout (idleMinutesOf), and marks the session as seen. With
 * `companyId`, the user's active membership there comes from the same statement (users'
 * rowWithCaller: one round trip for the access hook of a company route, issue 12 "Speed").
 * @returns membership: null without `companyId` or when the user is not an active member there
 * @throws AppError 401 'Session expired' for a missing, unknown, ended, expired or idle token,
 *   or a deactivated user.
 */
export async function authenticate(
  db: Db,
  config: AppConfig,
  token: string | undefined,
  companyId: string | null = null,
): Promise<{ session: SessionRow; user: CallerUser; membership: Membership | null }> {
  if (!token) throw unauthorized();
  const found = await rowWithCaller(db, { table: sessions, userId: sessions.userId, where: eq(sessions.tokenHash, tokenHash(token)) }, companyId);
  const session = found?.row;
  if (!found || !session || session.endedAt) throw unauthorized();
  const now = Date.now();
  if (session.expiresAt.getTime() <= now) {
    await endSession(db, session.sessionId, 'expired');
    throw unauthorized();
  }
  const user = found.user;
  if (!user?.active) {
    await endSession(db, session.sessionId, 'deactivated');
    throw unauthorized();
  }
  if (session.lastSeenAt.getTime() + idleMinutesOf(config, user) * 60_000 <= now) {
    await endSession(db, session.sessionId, 'idle_timeout');
    throw unauthorized();
  }
  // Marked at most every LAST_SEEN_RESOLUTION_MS: idle timeouts are minutes, and writing the row on
  // every request made concurrent requests of one session queue on its row lock and a WAL flush each
  // (issue 12 "Speed", tests/bench/loan-list-concurrency.ts).
  if (now - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.sessionId, session.sessionId));
  }
  return { session, user, membership: found.membership };
}

// ---- sign-in and sign-out ------------------------------------------------------------------

const dummyHashes = new Map<string, Promise<string>>();

/**
 * An argon2id hash of a random secret at the configured cost, made once per cost: an unknown
 * email is verified against it so it takes as long as a wrong password (no timing oracle).
 */
function dummyHash(config: Pick<AppConfig, 'argon2'>): Promise<string> {
  const key = `${config.argon2.memoryCost}:${config.argon2.timeCost}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(config, randomBytes(32).toString('base64url'));
    dummyHashes.set(key, hash);
  }
  return hash;
}

/**
 * Signs in with decrypted credentials; records the attempt either way.
 * @throws AppError 401 'Invalid email or password' for an unknown email, a wrong password or a
 *   deactivated user (one message so the answer does not reveal which).
 */
export async function login(db: Db, config: AppConfig, creds: { email: string; password: string }, meta: ClientMeta): Promise<LoginResult> {
  const email = creds.email.trim().toLowerCase();
  const account = await accountByEmail(db, email);
  const user = account?.user;
  const fail = async (reason: string) => {
    await db.insert(loginAttempts).values({ email, userId: user?.userId ?? null, success: false, reason, ip: meta.ip });
    return new AppError(401, INVALID_CREDENTIALS);
  };
  if (!account || !user) {
    await verifyPassword(await dummyHash(config), creds.password);
    throw await fail('unknown_email');
  }
  if (!(await verifyPassword(account.passwordHash, creds.password))) throw await fail('wrong_password');
  if (!user.active || !(await hasActiveMembership(db, user.userId))) throw await fail('deactivated');
  const { token, expiresAt } = await startSession(db, config, user.userId, meta);
  await db.insert(loginAttempts).values({ email, userId: user.userId, success: true, reason: null, ip: meta.ip });
  return { token, expires_at: expiresAt.toISOString(), user: await buildUserProfile(db, user) };
}

/** Ends the session with platform_logout (spec 4) and writes a user_audit row. */
export async function logout(db: Db, audit: AuditLog, session: { sessionId: string; userId: string; source: string }, companyId: string | null): Promise<void> {
  await endSession(db, session.sessionId, 'platform_logout');
  await audit.record(db, { companyId, actorUserId: session.userId, action: 'logout', targetUserId: session.userId, details: { source: session.source } });
}

/**
 * `GET /public/sso-login` (spec 7: "returns SSO type"): no company has SSO yet (a later issue), so
 * every email gets `{ sso_type: null, company_id: null }`. The answer must never depend on whether
 * the email is registered or where (issue 12): `company_id` stays in the shape for the API's
 * compatibility and is always null.
 */
export function ssoLookup(): { sso_type: null; company_id: null } {
  return { sso_type: null, company_id: null };
}

/** Each user's latest sign-in (ISO-8601 UTC) among `userIds`. */
export async function lastSignIns(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: sessions.userId, at: isoSql(max(sessions.createdAt)) })
    .from(sessions)
    .where(inArray(sessions.userId, [...userIds]))
    .groupBy(sessions.userId);
  return new Map(rows.filter((r) => r.at).map((r) => [r.userId, r.at!]));
}

/** The session service this area gives the kernel (docs/decisions/007-area-kernel.md). */
export function sessionServices(db: Db, config: AppConfig): SessionProvider {
  return {
    authenticate: (token, companyId) => authenticate(db, config, token, companyId ?? null),
    endUserSessions: (userId, reason) => endUserSessions(db, userId, reason),
    lastSignIns: (userIds) => lastSignIns(db, userIds),
  };
}
