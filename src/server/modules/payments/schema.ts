/**
 * The payments area's tables (issues 4 and 15). Amounts are minor units (paise, sen).
 * - loan_payments: payments borrowers made online (issue 4 "Online recoveries"), read by the field
 *   app's online recoveries, which attributes each to the executive's latest visit; written by the
 *   gateway webhooks (issue 15) and the demo seed.
 * - payment_gateway_credentials: each company's gateway credentials, secrets encrypted.
 * - payment_links: links asked of a gateway, with what has been paid on them.
 * - payment_gateway_events: every verified webhook event once (duplicates dropped by event id).
 * - payment_gateway_payments: each gateway payment once, with the loan payment it posted.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companyRef } from '../companies/queries';

export const loanPayments = pgTable(
  'loan_payments',
  {
    paymentId: text('payment_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    /** Minor units: paise or sen. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** 'upi' | 'netbanking' | 'payment_link' | … as the gateway reports it. */
    channel: text('channel').notNull(),
    reference: text('reference'),
    source: text('source', { enum: ['online'] }).notNull().default('online'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_payments_loan').on(t.companyId, t.loanId, t.paidAt), index('loan_payments_month').on(t.companyId, t.allocationMonth)],
);
export type LoanPaymentRow = typeof loanPayments.$inferSelect;

/** The masked view of one secret: kept beside the ciphertext so answers never decrypt. */
export interface SecretFacts {
  set: boolean;
  last4: string | null;
}

export const paymentGatewayCredentials = pgTable(
  'payment_gateway_credentials',
  {
    companyId: text('company_id').notNull().references(companyRef),
    pgVendor: text('pg_vendor', { enum: ['cashfree', 'easebuzz', 'phonepe'] }).notNull(),
    merchantId: text('merchant_id').notNull(),
    trustName: text('trust_name'),
    isActive: boolean('is_active').notNull().default(true),
    /** AES-256-GCM of the secrets' JSON: 'v1.' + base64(iv | tag | ciphertext), bound to company and vendor. */
    secretsEnc: text('secrets_enc').notNull(),
    /** Per secret name: whether set and (keys only) the last 4 characters. */
    secretFacts: jsonb('secret_facts').$type<Record<string, SecretFacts>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.pgVendor] })],
);

export const paymentLinks = pgTable(
  'payment_links',
  {
    linkId: text('link_id').primaryKey(),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    pgVendor: text('pg_vendor', { enum: ['cashfree', 'easebuzz', 'phonepe'] }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency', { enum: ['INR'] }).notNull().default('INR'),
    purpose: text('purpose').notNull(),
    partial: boolean('partial').notNull(),
    /** Stored status; EXPIRED is also derived on read once expires_at has passed unpaid. */
    status: text('status', { enum: ['ACTIVE', 'PAID', 'PARTIALLY_PAID', 'EXPIRED', 'CANCELLED'] }).notNull(),
    url: text('url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the link was sent to the borrower (through communication's queries.ts), and that message's id. */
    sentVia: text('sent_via', { enum: ['sms', 'whatsapp', 'email'] }),
    messageId: text('message_id'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_links_loan').on(t.companyId, t.loanId, t.createdAt)],
);
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export const paymentGatewayEvents = pgTable(
  'payment_gateway_events',
  {
    companyId: text('company_id').notNull().references(companyRef),
    pgVendor: text('pg_vendor').notNull(),
    eventId: text('event_id').notNull(),
    linkId: text('link_id'),
    /** posted | recorded (a failure or a no-op) | unknown_link */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.pgVendor, t.eventId] })],
);

export const paymentGatewayPayments = pgTable(
  'payment_gateway_payments',
  {
    companyId: text('company_id').notNull().references(companyRef),
    pgVendor: text('pg_vendor').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    linkId: text('link_id').notNull(),
    /** The loan_payments row it posted. */
    paymentId: text('payment_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.pgVendor, t.gatewayPaymentId] })],
);
