/**
 * Rate-limit counters shared by every API process (kernel; issue 12): one row per limited key
 * (the sha-256 of route + IP, or of limiter name + account/recipient), counting hits until
 * `expiresAt`, when the next hit starts a new window. Lives in the API's database (PGlite or
 * PostgreSQL), so several copies behind a load balancer count together without Redis.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** sha-256 hex of the key: emails and IPs are not stored in clear. */
    keyHash: text('key_hash').primaryKey(),
    hits: integer('hits').notNull(),
    /** End of the current window (the first hit's time + the window). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expiry').on(t.expiresAt)],
);
