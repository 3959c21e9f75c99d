/**
 * Communication tables (issue 13 "Communication"): templates per company and language, each
 * company's channel providers, every message (outbound and inbound) with its status, the
 * compliance reasons when blocked and the provider's ids, the delivery events received, and
 * campaigns with their per-loan progress.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { DltFields } from '../../../domain/contracts/communication/templates';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const instant = (name: string) => timestamp(name, { withTimezone: true });
const channels = ['sms', 'whatsapp', 'email'] as const;
const statuses = ['queued', 'sent', 'delivered', 'read', 'failed', 'blocked'] as const;

export const communicationTemplates = pgTable(
  'communication_templates',
  {
    templateId: id('template_id'),
    companyId: text('company_id').notNull().references(companyRef),
    name: text('name').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    language: text('language', { enum: ['en', 'hi', 'id'] }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** SMS: DLT registration (entity id, sender header, content template id, category). */
    dlt: jsonb('dlt').$type<DltFields>(),
    createdBy: text('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('communication_templates_company').on(t.companyId, t.channel, t.language)],
);

/** One row per company once its providers were set; secrets sealed at rest (settings-service.ts, kernel secret-box). */
export const communicationSettings = pgTable('communication_settings', {
  companyId: text('company_id').primaryKey().references(companyRef),
  /** Authenticates the SMS provider's delivery reports (in the callback URL). */
  smsCallbackToken: text('sms_callback_token').notNull(),
  smsProvider: text('sms_provider', { enum: ['local-provider', 'exotel'] }).notNull().default('local-provider'),
  exotelSubdomain: text('exotel_subdomain'),
  exotelAccountSid: text('exotel_account_sid'),
  exotelApiKey: text('exotel_api_key'),
  exotelApiToken: text('exotel_api_token'),
  whatsappProvider: text('whatsapp_provider', { enum: ['local-provider', 'whatsapp-cloud'] }).notNull().default('local-provider'),
  whatsappPhoneNumberId: text('whatsapp_phone_number_id'),
  whatsappAccessToken: text('whatsapp_access_token'),
  whatsappAppSecret: text('whatsapp_app_secret'),
  whatsappVerifyToken: text('whatsapp_verify_token'),
  whatsappApiBase: text('whatsapp_api_base'),
  emailProvider: text('email_provider', { enum: ['local-provider', 'smtp'] }).notNull().default('local-provider'),
  smtpHost: text('smtp_host'),
  smtpPort: integer('smtp_port'),
  smtpSecure: boolean('smtp_secure').notNull().default(false),
  smtpUser: text('smtp_user'),
  smtpPassword: text('smtp_password'),
  emailFrom: text('email_from'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const communicationMessages = pgTable(
  'communication_messages',
  {
    messageId: id('message_id'),
    // No foreign key to companies: a log written 1,000 rows a statement by campaign batches, where the
    // per-row key check cost ~6–12 ms per 1,000 rows (issue 13); the company comes from the signed-in
    // user or a campaign row (which has the key), and companies are never deleted.
    companyId: text('company_id').notNull(),
    loanId: text('loan_id').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    direction: text('direction', { enum: ['outbound', 'inbound'] }).notNull().default('outbound'),
    templateId: text('template_id'),
    templateName: text('template_name'),
    /** The number or address in clear (the API shows it masked). */
    recipient: text('recipient'),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The document sent with it (email attachment, WhatsApp document): name, MIME type, size; the bytes are not kept here. */
    attachment: jsonb('attachment').$type<{ file_name: string; content_type: string; size_bytes: number }>(),
    status: text('status', { enum: statuses }).notNull(),
    /** The compliance decision's reasons when blocked: [{ code, message }]. */
    reasons: jsonb('reasons').$type<Array<{ code: string; message: string }>>().notNull().default([]),
    decisionId: text('decision_id'),
    error: text('error'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    campaignId: text('campaign_id'),
    actorId: text('actor_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
    readAt: instant('read_at'),
  },
  (t) => [
    index('communication_messages_loan').on(t.companyId, t.loanId, t.createdAt),
    index('communication_messages_provider_id').on(t.provider, t.providerMessageId),
    // One message per loan in a campaign: a resumed job skips the loans it already did.
    unique('communication_messages_campaign_loan').on(t.campaignId, t.loanId),
  ],
);

/** Every receipt a provider sent (kept even when it did not move the status). */
export const communicationDeliveryEvents = pgTable(
  'communication_delivery_events',
  {
    eventId: id('event_id'),
    // No foreign key to companies: see communication_messages.
    companyId: text('company_id').notNull(),
    messageId: text('message_id').notNull(),
    status: text('status', { enum: statuses }).notNull(),
    providerStatus: text('provider_status'),
    source: text('source').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('communication_delivery_events_message').on(t.messageId)],
);

export const communicationCampaigns = pgTable(
  'communication_campaigns',
  {
    campaignId: id('campaign_id'),
    companyId: text('company_id').notNull().references(companyRef),
    name: text('name').notNull(),
    templateId: text('template_id').notNull(),
    templateName: text('template_name'),
    channel: text('channel', { enum: channels }).notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    /** The loans chosen, resolved when the campaign started. */
    loanIds: jsonb('loan_ids').$type<string[]>().notNull(),
    status: text('status', { enum: ['in_process', 'completed', 'failed'] }).notNull().default('in_process'),
    total: integer('total').notNull(),
    /** Checkpoint: loans done, in `loan_ids` order. */
    processed: integer('processed').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    blockedByReason: jsonb('blocked_by_reason').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
    /** The API process running it (one per app start) and until when: another process takes over only after it expired. */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: instant('lease_expires_at'),
  },
  (t) => [index('communication_campaigns_company').on(t.companyId, t.createdAt)],
);
