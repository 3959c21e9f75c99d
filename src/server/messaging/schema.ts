/** Outgoing SMS and email (OTP and later notifications) queued before a provider sends them. */
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for platform messages such as a password-reset OTP, which precede any company choice. */
    companyId: text('company_id'),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] }).notNull().default('queued'),
    provider: text('provider'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('message_outbox_recipient').on(t.recipient, t.createdAt)],
);
export type OutboxRow = typeof messageOutbox.$inferSelect;
