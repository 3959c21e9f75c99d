/**
 * The payments area's tables (issues 4 and 15). Amounts are minor units (paise, sen).
 * - loan_payments: payments borrowers made online (issue 4 "Online recoveries"), read by the field
 *   app's online recoveries, which attributes each to the executive's latest visit; written by the
 *   gateway webhooks (issue 15) and the demo seed.
 * - payment_gateway_credentials: each company's gateway credentials, secrets encrypted.
 * - payment_links: links asked of a gateway, with what has been paid on them.
 * - payment_gateway_events: every verified webhook event once (duplicates dropped by event id); link
 *   events wait here, outcome 'received', until the inbox posts them (webhook-inbox.ts).
 * - payment_gateway_payments: each gateway payment once, with the loan payment it posted.
 * - payment_uploads, payment_upload_errors: offline payment files and their unreadable rows.
 * - payment_link_batches, payment_link_batch_items: links sent to a filtered set of loans by a job.
 * - payment_mandates, payment_mandate_debits: eNACH / UPI Autopay mandates and the debits presented on them.
 * - payment_settings_sections, payment_billers: in ./settings-schema.ts (re-exported at the end).
 * - payment_webhook_endpoints, payment_webhook_deliveries: outgoing webhooks to the lender and their delivery log.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_EXCEPTION_REASONS, PAYMENT_EXCEPTION_STATUSES, PAYMENT_SOURCES } from '../../../domain/contracts/payments/exceptions';
import { PAYMENT_UPLOAD_STATUSES } from '../../../domain/contracts/payments/uploads';
import { MANDATE_DEBIT_STATUSES, MANDATE_MODES, MANDATE_STATUSES } from '../../../domain/contracts/payments/mandates';
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
    /** Where the payment came from (issue 15 reconciliation): online | field_receipt | upload | repossession_proceeds | mandate. */
    source: text('source', { enum: PAYMENT_SOURCES }).notNull().default('online'),
    /** The source's own identity of this payment (gateway payment id, receipt id, upload row key): one (source, source_ref) posts once. */
    sourceRef: text('source_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loan_payments_loan').on(t.companyId, t.loanId, t.paidAt),
    index('loan_payments_month').on(t.companyId, t.allocationMonth),
    uniqueIndex('loan_payments_source_ref').on(t.companyId, t.source, t.sourceRef),
  ],
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
    /**
     * Where an agent asked for the link (issue 15): a field visit (its visit_id; online recoveries
     * attribute a payment on the link to that visit) or a call's disposition (its call_id). One link per origin.
     */
    originKind: text('origin_kind', { enum: ['visit', 'call'] }),
    originId: text('origin_id'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_links_loan').on(t.companyId, t.loanId, t.createdAt),
    uniqueIndex('payment_links_origin').on(t.companyId, t.originKind, t.originId).where(sql`origin_id is not null`),
  ],
);
export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export const paymentGatewayEvents = pgTable(
  'payment_gateway_events',
  {
    companyId: text('company_id').notNull().references(companyRef),
    pgVendor: text('pg_vendor').notNull(),
    eventId: text('event_id').notNull(),
    linkId: text('link_id'),
    /**
     * received (in the inbox: verified and acknowledged, not posted yet — webhook-inbox.ts) |
     * posted | recorded (a failure or a no-op) | unknown_link | exception
     */
    outcome: text('outcome').notNull(),
    /** Arrival order: the inbox posts its events in this order. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** The verified link event as the adapter read it (GatewayEvent), which the inbox posts; null for mandate events (posted at once). */
    event: jsonb('event'),
    /** Failed attempts to post it (each rolled back); the inbox stops trying at WEBHOOK_INBOX_MAX_ATTEMPTS. */
    postAttempts: integer('post_attempts').notNull().default(0),
    /** The vendor's payment id and what the event said of it, so a success after a failure of the same payment is noticed. */
    gatewayPaymentId: text('gateway_payment_id'),
    eventOutcome: text('event_outcome', { enum: ['SUCCESS', 'FAILED'] }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.pgVendor, t.eventId] }),
    // Only failures are looked up by payment ("a success after the same payment failed"); partial,
    // so a success stored costs no entry and the inbox's duplicate check can only take the primary key.
    index('payment_gateway_events_failed').on(t.companyId, t.pgVendor, t.gatewayPaymentId).where(sql`${t.eventOutcome} = 'FAILED'`),
    // The inbox's queue: only events still waiting are in it, so it stays small however many were posted.
    index('payment_gateway_events_inbox').on(t.seq).where(sql`${t.outcome} = 'received'`),
  ],
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

/**
 * The reconciliation exceptions queue (issue 15): a payment that did not post because its amount
 * did not match what was expected, its loan is unknown, it succeeded after a failure or its link
 * was closed. A person resolves it: post it to a loan, mark a refund needed, or dismiss it, with
 * remarks (audited). One (source, source_ref) is queued once, and never both queued and posted.
 */
export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    exceptionId: text('exception_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    source: text('source', { enum: PAYMENT_SOURCES }).notNull(),
    sourceRef: text('source_ref').notNull(),
    reason: text('reason', { enum: PAYMENT_EXCEPTION_REASONS }).notNull(),
    status: text('status', { enum: PAYMENT_EXCEPTION_STATUSES }).notNull().default('open'),
    /** The loan the payment named (null when it named none); may be unknown to the portfolio. */
    loanId: text('loan_id'),
    allocationMonth: text('allocation_month'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** What was expected (link remainder, PTP, instalment, the uploader's figure), minor units; null when nothing was. */
    expectedMinor: bigint('expected_minor', { mode: 'number' }),
    /** What the expectation was: 'link' | 'ptp' | 'settlement_instalment' | 'stated'. */
    expectedFrom: text('expected_from'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    channel: text('channel').notNull(),
    reference: text('reference'),
    linkId: text('link_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The loan_payments row it was posted as, once resolved by posting. */
    paymentId: text('payment_id'),
    remarks: text('remarks'),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_exceptions_source_ref').on(t.companyId, t.source, t.sourceRef), index('payment_exceptions_queue').on(t.companyId, t.status, t.createdAt)],
);
export type PaymentExceptionRow = typeof paymentExceptions.$inferSelect;

/**
 * Short links of payment links sent by SMS (DLT variables hold ≤ 30 characters): `/p/{code}`
 * redirects to the link's checkout until `expires_at` (the link's own expiry). The code is the key:
 * 12 random base62 characters, looked up without the company (the borrower's phone has no session).
 */
export const paymentShortLinks = pgTable(
  'payment_short_links',
  {
    code: text('code').primaryKey(),
    companyId: text('company_id').notNull().references(companyRef),
    linkId: text('link_id').notNull(),
    url: text('url').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_short_links_link').on(t.companyId, t.linkId)],
);

/**
 * Offline payment uploads (issue 15, the payments tab of bulk operations): a stored file reconciled
 * by the `payments-uploads` job in chunks; `rows_read` is the checkpoint (committed with each
 * chunk's payments), so a job resumed after a restart goes on from there, and reconciliation's
 * (source, source_ref) key keeps a chunk read twice from posting twice.
 */
export const paymentUploads = pgTable(
  'payment_uploads',
  {
    uploadId: text('upload_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    /** 'csv' | 'xlsx' | 'xls'. */
    fileKind: text('file_kind').notNull(),
    status: text('status', { enum: PAYMENT_UPLOAD_STATUSES }).notNull().default('initiated'),
    progress: integer('progress').notNull().default(0),
    /** Sheet rows consumed (header included): where a resumed job goes on. */
    rowsRead: integer('rows_read').notNull().default(0),
    dataRows: integer('data_rows').notNull().default(0),
    posted: integer('posted').notNull().default(0),
    exceptions: integer('exceptions').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    postedMinor: bigint('posted_minor', { mode: 'number' }).notNull().default(0),
    message: text('message'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('payment_uploads_company').on(t.companyId, t.createdAt)],
);
export type PaymentUploadRow = typeof paymentUploads.$inferSelect;

/** The rows of an upload that could not be read (the error file): the sheet row, its cells, why. */
export const paymentUploadErrors = pgTable(
  'payment_upload_errors',
  {
    uploadId: text('upload_id').notNull().references(() => paymentUploads.uploadId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    rowNumber: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.rowNumber] })],
);

/**
 * eNACH / UPI Autopay mandates (issue 15): one per registration on the gateway (our id is the
 * vendor's subscription_id). `status_at` is the gateway's time of the status we hold, so a status
 * webhook older than it (delivered out of order) changes nothing.
 */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    mandateId: text('mandate_id').primaryKey(),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    pgVendor: text('pg_vendor', { enum: ['cashfree', 'easebuzz', 'phonepe'] }).notNull(),
    mode: text('mode', { enum: MANDATE_MODES }).notNull(),
    status: text('status', { enum: MANDATE_STATUSES }).notNull(),
    statusAt: timestamp('status_at', { withTimezone: true }).notNull(),
    emiMinor: bigint('emi_minor', { mode: 'number' }).notNull(),
    maxMinor: bigint('max_minor', { mode: 'number' }).notNull(),
    debitDay: integer('debit_day').notNull(),
    /** 'YYYY-MM-DD' (India). */
    firstDebitDate: text('first_debit_date').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    authUrl: text('auth_url'),
    /** The gateway's own ids (Cashfree cf_subscription_id, subscription_session_id), when it gave them. */
    gatewayRef: text('gateway_ref'),
    authFailure: text('auth_failure'),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_mandates_loan').on(t.companyId, t.loanId, t.createdAt), index('payment_mandates_status').on(t.status, t.debitDay)],
);
export type PaymentMandateRow = typeof paymentMandates.$inferSelect;

/**
 * Debits presented on a mandate: one row per presentation (our id is the vendor's payment_id);
 * (mandate, due date, attempt) is unique, so the scheduler in two processes presents a due date once.
 */
export const paymentMandateDebits = pgTable(
  'payment_mandate_debits',
  {
    debitId: text('debit_id').primaryKey(),
    companyId: text('company_id').notNull().references(companyRef),
    mandateId: text('mandate_id').notNull().references(() => paymentMandates.mandateId),
    loanId: text('loan_id').notNull(),
    dueDate: text('due_date').notNull(),
    attempt: integer('attempt').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: MANDATE_DEBIT_STATUSES }).notNull().default('PENDING'),
    failureReason: text('failure_reason'),
    /** The loan_payments row it posted. */
    paymentId: text('payment_id'),
    gatewayPaymentId: text('gateway_payment_id'),
    presentedAt: timestamp('presented_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_mandate_debits_due').on(t.mandateId, t.dueDate, t.attempt), index('payment_mandate_debits_company').on(t.companyId, t.presentedAt)],
);
export type PaymentMandateDebitRow = typeof paymentMandateDebits.$inferSelect;

/** Payment links for a filtered set of loans (issue 15, bulk): the request, and the job's counts. */
export const paymentLinkBatches = pgTable(
  'payment_link_batches',
  {
    batchId: text('batch_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    allocationMonth: text('allocation_month').notNull(),
    pgVendor: text('pg_vendor', { enum: ['cashfree', 'easebuzz', 'phonepe'] }).notNull(),
    /** How each loan's amount is found (LINK_BATCH_AMOUNT_RULES); 'fixed' uses amount_minor. */
    amountRule: text('amount_rule', { enum: ['fixed', 'dues', 'emi', 'ptp_else_dues'] }).notNull().default('fixed'),
    /** The fixed amount; null for the per-loan rules. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    sendVia: text('send_via', { enum: ['sms', 'whatsapp', 'email'] }).notNull(),
    templateId: text('template_id'),
    expiryMinutes: integer('expiry_minutes'),
    /** The origin the request reached us at: the links' webhook and return URLs. */
    origin: text('origin').notNull(),
    status: text('status', { enum: ['in_progress', 'completed', 'failed'] }).notNull().default('in_progress'),
    total: integer('total').notNull(),
    sent: integer('sent').notNull().default(0),
    blocked: integer('blocked').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('payment_link_batches_company').on(t.companyId, t.createdAt)],
);
export type PaymentLinkBatchRow = typeof paymentLinkBatches.$inferSelect;

/** One loan of a batch: pending until the job created (and sent) its link; the outcome and why. */
export const paymentLinkBatchItems = pgTable(
  'payment_link_batch_items',
  {
    batchId: text('batch_id').notNull().references(() => paymentLinkBatches.batchId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    seq: integer('seq').notNull(),
    loanId: text('loan_id').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'blocked', 'failed'] }).notNull().default('pending'),
    /** The amount the batch's rule found for this loan when the job reached it (null: pending, or none found). */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    linkId: text('link_id'),
    reason: text('reason'),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.seq] })],
);

/** An outgoing webhook endpoint of the lender's own systems (spec 3 webhook_configurations); the signing secret sealed. */
export const paymentWebhookEndpoints = pgTable(
  'payment_webhook_endpoints',
  {
    endpointId: text('endpoint_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    url: text('url').notNull(),
    /** The event types it subscribes to (OUTGOING_WEBHOOK_EVENTS), a jsonb array of strings. */
    events: jsonb('events').$type<string[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description'),
    secretEnc: text('secret_enc').notNull(),
    secretLast4: text('secret_last4').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_webhook_endpoints_company').on(t.companyId)],
);

/** One event for one endpoint: the durable outbox the delivery job works through, and the delivery log. */
export const paymentWebhookDeliveries = pgTable(
  'payment_webhook_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    endpointId: text('endpoint_id').notNull().references(() => paymentWebhookEndpoints.endpointId, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent, byte for byte on every attempt (the signature covers it). */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    responseExcerpt: text('response_excerpt'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_webhook_deliveries_endpoint').on(t.companyId, t.endpointId, t.createdAt),
    index('payment_webhook_deliveries_due').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);
export type PaymentWebhookDeliveryRow = typeof paymentWebhookDeliveries.$inferSelect;
export * from './settings-schema';
