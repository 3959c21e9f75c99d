/**
 * Bulk job tables (spec 4 "Bulk statuses"; issue 3 import and export management; issue 5 loan
 * operations).
 *
 * pg-boss delivers the job; the row here is the job's truth: status, counts and the checkpoint
 * `processed_rows` (data rows of the file handled so far, committed in the same transaction as
 * those rows' loans and errors), so a job resumed after a restart continues where it stopped and
 * writes nothing twice. `lease_until` keeps two workers off one import.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { AGENT_TYPES, LOAN_OPERATION_RECORD_STATUSES, LOAN_OPERATION_TYPES } from '../../../domain/bulk/loan-operations';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The lease and lifetime columns of a job run by bulk-lease.ts (imports, loan operations). */
const leasedJobColumns = () => ({
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  terminatedBy: text('terminated_by'),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const imports = pgTable(
  'imports',
  {
    importId: id('import_id'),
    companyId: text('company_id').notNull().references(companyRef),
    authorId: text('author_id'),
    allocationMonth: text('allocation_month').notNull(),
    operationType: text('operation_type', { enum: ['loan_upload', 'loan_update'] }).notNull(),
    status: text('status', { enum: ['awaiting_file', 'initiated', 'in_progress', 'partially_completed', 'completed', 'failed', 'cancelled'] }).notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key'),
    fileSize: integer('file_size'),
    fileKind: text('file_kind', { enum: ['xlsx', 'xls', 'csv'] }).notNull(),
    mapping: jsonb('mapping').$type<Record<string, string | null>>(),
    headerRowIndex: integer('header_row_index'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    successRows: integer('success_rows').notNull().default(0),
    failedRows: integer('failed_rows').notNull().default(0),
    errorFileKey: text('error_file_key'),
    message: text('message'),
    ...leasedJobColumns(),
  },
  (t) => [index('imports_company_created').on(t.companyId, t.createdAt), index('imports_status').on(t.status)],
);
export type ImportRow = typeof imports.$inferSelect;

/** Failed rows of an import: the cells as they came and the reasons; one row per file row. */
export const importErrors = pgTable(
  'import_errors',
  {
    importId: text('import_id').notNull().references(() => imports.importId, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    companyId: text('company_id').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

export const exportsTable = pgTable(
  'exports',
  {
    exportId: id('export_id'),
    companyId: text('company_id').notNull().references(companyRef),
    authorId: text('author_id'),
    operationType: text('operation_type').notNull().default('loan_export'),
    status: text('status', { enum: ['accepted', 'initiated', 'in_process', 'completed', 'failed'] }).notNull(),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    allocationMonth: text('allocation_month').notNull(),
    filters: jsonb('filters').$type<LoanFilter[]>().notNull().default([]),
    search: text('search'),
    /** Whether the author could read unmasked data when the export was asked for. */
    unmasked: text('unmasked', { enum: ['yes', 'no'] }).notNull().default('no'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    totalRows: integer('total_rows').notNull().default(0),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('exports_company_created').on(t.companyId, t.createdAt)],
);
export type ExportRow = typeof exportsTable.$inferSelect;

/**
 * Bulk loan operations (issue 5; spec 4 "Loan operations default" statuses). Like an import, the
 * row is the job's truth: status, counts, the checkpoint `processed_count` (items handled so far,
 * committed with their effects), and a lease. The loans an operation covers are resolved once,
 * into loan_operation_items (`resolved_at` set in the same transaction), so a resumed run works
 * through the same list in the same order.
 */
export const loanOperations = pgTable(
  'loan_operations',
  {
    operationId: id('operation_id'),
    companyId: text('company_id').notNull().references(companyRef),
    authorId: text('author_id'),
    operationType: text('operation_type', { enum: LOAN_OPERATION_TYPES }).notNull(),
    status: text('status', { enum: LOAN_OPERATION_RECORD_STATUSES }).notNull(),
    allocationMonth: text('allocation_month').notNull(),
    selection: text('selection', { enum: ['loan_ids', 'filters', 'agent_loans', 'file'] }).notNull(),
    /** loan_ids as given (selection 'loan_ids'). */
    loanIds: jsonb('loan_ids').$type<string[]>(),
    filters: jsonb('filters').$type<LoanFilter[]>(),
    search: text('search'),
    /** Fixed by the request, else null (excel: per row; deallocate by agent type). */
    agentType: text('agent_type', { enum: AGENT_TYPES }),
    userId: text('user_id'),
    fromUserId: text('from_user_id'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    fileName: text('file_name'),
    fileKey: text('file_key'),
    fileKind: text('file_kind', { enum: ['xlsx', 'xls', 'csv'] }),
    totalCount: integer('total_count').notNull().default(0),
    processedCount: integer('processed_count').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    message: text('message'),
    ...leasedJobColumns(),
  },
  (t) => [index('loan_operations_company_created').on(t.companyId, t.createdAt), index('loan_operations_status').on(t.status)],
);
export type LoanOperationRow = typeof loanOperations.$inferSelect;

/**
 * The loans of an operation in processing order (`seq` from 1) and what became of each: the audit
 * trail of who allocated what, when (with the previous agent), and the error file's rows.
 */
export const loanOperationItems = pgTable(
  'loan_operation_items',
  {
    operationId: text('operation_id').notNull().references(() => loanOperations.operationId, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    companyId: text('company_id').notNull(),
    loanId: text('loan_id').notNull(),
    /** The file's agent cell (excel) and its row number. */
    agentRef: text('agent_ref'),
    rowNumber: integer('row_number'),
    status: text('status', { enum: ['pending', 'success', 'failed'] }).notNull().default('pending'),
    reason: text('reason'),
    /** The agent before and after (allocation operations). */
    previousUserId: text('previous_user_id'),
    userId: text('user_id'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.operationId, t.seq] }), index('loan_operation_items_loan').on(t.companyId, t.loanId)],
);

/** The column mapping a company last confirmed, keyed by normalised file header (issue 3: "remembered per company"). */
export const importMappings = pgTable('import_mappings', {
  companyId: text('company_id').primaryKey().references(companyRef),
  mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
