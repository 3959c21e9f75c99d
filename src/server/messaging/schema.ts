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
    /** blocked: refused before any provider (an OTP SMS failing its DLT registration; `error` says why). */
    status: text('status', { enum: ['queued', 'sent', 'failed', 'blocked'] }).notNull().default('queued'),
    provider: text('provider'),
    error: text('error'),
    /** An SMS's DLT content template id (TRAI TCCCPR), when it claims one. */
    dltTemplateId: text('dlt_template_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('message_outbox_recipient').on(t.recipient, t.createdAt)],
);
export type OutboxRow = typeof messageOutbox.$inferSelect;
