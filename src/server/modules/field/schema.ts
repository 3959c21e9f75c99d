/**
 * Field app tables (issue 4): visits, receipts, cash/cheque deposits and loan documents; issue 5:
 * position pings (partitioned by day) and each executive's last position. Every row
 * a phone writes carries the Idempotency-Key it was posted with (unique per company), so a replayed
 * outbox item can never make a second row. Files (photos, slips, documents) live in file storage
 * under `field/<company>/...`; the rows keep their keys. Amounts are bigint minor units (paise, sen; `<name>_minor`).
 */
import { sql } from 'drizzle-orm';
import { bigint, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { VisitFlag } from '../../../domain/field/geo';
import { companyRef } from '../companies/queries';
import { userRef } from '../users/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** An amount in minor units (paise, sen): bigint read as a JS number (≤ MAX_MINOR, safe). */
const minor = (name: string) => bigint(name, { mode: 'number' });
const company = () => text('company_id').notNull().references(companyRef);
const author = () => text('user_id').notNull().references(userRef);

export const fosVisits = pgTable(
  'fos_visits',
  {
    visitId: id('visit_id'),
    companyId: company(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: author(),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    accuracyM: doublePrecision('accuracy_m'),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
    personMet: text('person_met').notNull(),
    disposition: text('disposition').notNull(),
    amountCollectedMinor: minor('amount_collected_minor'),
    ptpDate: date('ptp_date', { mode: 'string' }),
    ptpAmountMinor: minor('ptp_amount_minor'),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    newAddress: text('new_address'),
    remarks: text('remarks').notNull().default(''),
    nextVisitDate: date('next_visit_date', { mode: 'string' }),
    receiptNumber: text('receipt_number'),
    /** Storage keys of the photos, in upload order. */
    photoKeys: jsonb('photo_keys').$type<string[]>().notNull().default([]),
    /** Metres from the address's pincode / area centroid, null when either point is unknown. */
    distanceM: integer('distance_m'),
    flags: jsonb('flags').$type<VisitFlag[]>().notNull().default([]),
    verificationStatus: text('verification_status', { enum: ['not_required', 'pending', 'approved', 'rejected'] }).notNull(),
    /** The reviewer's decision (issue 5): who, when, why (required to reject). */
    verifiedBy: text('verified_by').references(userRef),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verificationReason: text('verification_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('fos_visits_key').on(t.companyId, t.idempotencyKey),
    index('fos_visits_loan').on(t.companyId, t.loanId, t.checkedInAt),
    index('fos_visits_user').on(t.companyId, t.userId, t.checkedInAt),
    index('fos_visits_verification').on(t.companyId, t.verificationStatus, t.checkedInAt),
  ],
);
export type FosVisitRow = typeof fosVisits.$inferSelect;

export const fosDeposits = pgTable(
  'fos_deposits',
  {
    depositId: id('deposit_id'),
    companyId: company(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: author(),
    bankName: text('bank_name').notNull(),
    branch: text('branch').notNull().default(''),
    depositReference: text('deposit_reference').notNull().default(''),
    depositedAt: timestamp('deposited_at', { withTimezone: true }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    slipKey: text('slip_key'),
    createdAt: createdAt(),
  },
  (t) => [unique('fos_deposits_key').on(t.companyId, t.idempotencyKey), index('fos_deposits_user').on(t.companyId, t.userId, t.depositedAt)],
);
export type FosDepositRow = typeof fosDeposits.$inferSelect;

export const fosReceipts = pgTable(
  'fos_receipts',
  {
    receiptId: id('receipt_id'),
    companyId: company(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: author(),
    receiptNumber: text('receipt_number').notNull(),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    paymentMode: text('payment_mode').notNull(),
    instrumentNumber: text('instrument_number'),
    bankName: text('bank_name'),
    payerName: text('payer_name').notNull(),
    collectedAt: timestamp('collected_at', { withTimezone: true }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Set when the cash / cheque / DD was deposited at a bank. */
    depositId: text('deposit_id').references(() => fosDeposits.depositId),
    createdAt: createdAt(),
  },
  (t) => [
    unique('fos_receipts_key').on(t.companyId, t.idempotencyKey),
    unique('fos_receipts_number').on(t.companyId, t.receiptNumber),
    index('fos_receipts_loan').on(t.companyId, t.loanId),
    index('fos_receipts_user').on(t.companyId, t.userId, t.depositId),
  ],
);
export type FosReceiptRow = typeof fosReceipts.$inferSelect;

export const documents = pgTable(
  'documents',
  {
    documentId: id('document_id'),
    companyId: company(),
    idempotencyKey: text('idempotency_key').notNull(),
    userId: author(),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    documentType: text('document_type').notNull(),
    description: text('description').notNull().default(''),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    contentType: text('content_type').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('documents_key').on(t.companyId, t.idempotencyKey), index('documents_loan').on(t.companyId, t.loanId)],
);
export type DocumentRow = typeof documents.$inferSelect;

/** A position as a ping and a last position store it: when, where (WGS84), accuracy (m), battery (%), timer or check-in. */
const positionColumns = () => ({
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  accuracyM: doublePrecision('accuracy_m'),
  battery: smallint('battery'),
  source: text('source', { enum: ['timer', 'check_in'] }).notNull().default('timer'),
});

/**
 * Position pings (issue 5 "Field-force tracking"): millions of rows a day, so the table is
 * PARTITIONED BY RANGE (recorded_at), one partition per UTC day plus a default partition that
 * catches a day whose partition is missing (inserts never fail). Drizzle cannot declare
 * partitioning: migration 0003 creates this table by hand (same columns and index as here, so
 * drizzle-kit's snapshot stays true) with the function `ensure_position_ping_partitions(from, days)`
 * that makes daily partitions and moves any rows of those days out of the default partition.
 *
 * No primary key and no foreign keys (each would cost every insert); the unique index on
 * (company_id, user_id, recorded_at) includes the partition key, serves last-position and trail
 * reads, and makes a ping posted twice (same executive, same instant) a no-op.
 */
export const positionPings = pgTable(
  'position_pings',
  {
    companyId: text('company_id').notNull(),
    userId: text('user_id').notNull(),
    ...positionColumns(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('position_pings_user_time').on(t.companyId, t.userId, t.recordedAt)],
);
export type PositionPingRow = typeof positionPings.$inferSelect;

/** Each executive's latest ping (one row per company and user, upserted with every batch), so the live map reads one small row per executive. */
export const fosLastPositions = pgTable(
  'fos_last_positions',
  {
    companyId: text('company_id').notNull().references(companyRef),
    userId: author(),
    ...positionColumns(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId], name: 'fos_last_positions_pk' })],
);
export type LastPositionRow = typeof fosLastPositions.$inferSelect;
