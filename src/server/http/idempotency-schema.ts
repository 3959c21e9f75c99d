/**
 * The idempotency store (issue 4 "The server stores each key ... and answers a replay with the
 * first result"; Stripe / IETF Idempotency-Key draft). One row per (company, key): the request's
 * fingerprint and, once the write committed, the response to replay.
 */
import { jsonb, pgTable, primaryKey, integer, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: text('company_id').notNull(),
    key: text('key').notNull(),
    userId: text('user_id').notNull(),
    /** 'POST /api/fos/visits': a key is bound to one route. */
    route: text('route').notNull(),
    /** sha256 hex of the JSON body and each file's bytes. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_progress', 'completed'] }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.companyId, t.key] })],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
