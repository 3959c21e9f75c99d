/**
 * Sign-in state (spec 4 "Authentication", spec 7 user service): sessions keyed by the sha-256 of
 * the token, login attempts, one-time passwords (hash only) and the RSA login key pair shared by
 * every API copy so the API stays stateless.
 */
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const SESSION_END_REASONS = ['platform_logout', 'idle_timeout', 'expired', 'deactivated', 'password_reset'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

export const sessions = pgTable(
  'sessions',
  {
    sessionId: text('session_id').primaryKey().default(sql`gen_random_uuid()::text`),
    userId: text('user_id').notNull(),
    /** sha-256 hex of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    source: text('source').notNull().default('web'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason', { enum: SESSION_END_REASONS }),
  },
  (t) => [index('sessions_user').on(t.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    userId: text('user_id'),
    success: boolean('success').notNull(),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_user').on(t.userId, t.createdAt)],
);

export const otps = pgTable(
  'otps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('otps_email').on(t.email, t.purpose)],
);

export const serverKeys = pgTable('server_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, string>>().notNull(),
  /** PKCS#8 PEM. Lives in the database so every API copy decrypts with the same key. */
  privatePem: text('private_pem').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});
