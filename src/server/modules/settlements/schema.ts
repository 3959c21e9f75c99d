/**
 * Settlement tables (issue 16 "Settlements"): settlements (a proposal on a loan, its approval
 * request, its status), their instalments, the company's grace days, and the exports (durable
 * jobs with the spec's statuses FAILED, COMPLETED, In-Progress).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { SETTLEMENT_EXPORT_STATUSES } from '../../../domain/bulk/termination';
import { LETTER_LANGUAGES, SETTLEMENT_EXPORT_KINDS, SETTLEMENT_STATUSES, SETTLEMENT_TYPES } from '../../../domain/settlements/settlements';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const instant = (name: string) => timestamp(name, { withTimezone: true });

export const settlements = pgTable(
  'settlements',
  {
    settlementId: id('settlement_id'),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    settlementType: text('settlement_type', { enum: SETTLEMENT_TYPES }).notNull(),
    /** Minor units (paise, sen). */
    settlementAmountMinor: bigint('settlement_amount_minor', { mode: 'number' }).notNull(),
    totalClaimAmountMinor: bigint('total_claim_amount_minor', { mode: 'number' }).notNull(),
    validityDate: date('validity_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    language: text('language', { enum: LETTER_LANGUAGES }).notNull(),
    status: text('status', { enum: SETTLEMENT_STATUSES }).notNull().default('pending_approval'),
    requestId: text('request_id'),
    proposedBy: text('proposed_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    approvedAt: instant('approved_at'),
    /** When the status last changed by payments (completed, breached). */
    settledAt: instant('settled_at'),
  },
  (t) => [index('settlements_company_created').on(t.companyId, t.createdAt), index('settlements_company_loan').on(t.companyId, t.loanId), index('settlements_company_status').on(t.companyId, t.status)],
);
export type SettlementRow = typeof settlements.$inferSelect;

export const settlementInstalments = pgTable(
  'settlement_instalments',
  {
    settlementId: text('settlement_id')
      .notNull()
      .references(() => settlements.settlementId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    seq: integer('seq').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.settlementId, t.seq] })],
);

export const settlementSettings = pgTable('settlement_settings', {
  companyId: text('company_id').primaryKey().references(companyRef),
  graceDays: integer('grace_days').notNull(),
});

export const settlementExports = pgTable(
  'settlement_exports',
  {
    exportId: id('export_id'),
    companyId: text('company_id').notNull().references(companyRef),
    kind: text('kind', { enum: SETTLEMENT_EXPORT_KINDS }).notNull(),
    statusFilter: text('status_filter', { enum: SETTLEMENT_STATUSES }),
    status: text('status', { enum: SETTLEMENT_EXPORT_STATUSES }).notNull().default('In-Progress'),
    /** The creator could read unmasked data: the file carries clear names. */
    unmasked: boolean('unmasked').notNull().default(false),
    rows: integer('rows'),
    fileKey: text('file_key'),
    message: text('message'),
    createdBy: text('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('settlement_exports_company_created').on(t.companyId, t.createdAt)],
);
export type SettlementExportRow = typeof settlementExports.$inferSelect;
