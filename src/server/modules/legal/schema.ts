/**
 * Legal tables (issue 17): notice templates (versioned per company and kind, approved before use),
 * notice batches (a durable job's truth: status and counts) and notices (one per loan of a batch:
 * status, the values it was written with, its PDF and its dispatch).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { CASE_DOCUMENT_TYPES, COST_KINDS, PROCESS_TYPES } from '../../../domain/legal/cases';
import { NOTICE_KINDS } from '../../../domain/legal/statute';
import { NOTICE_LANGUAGES, type TemplateBodies } from '../../../domain/legal/templates';
import { BATCH_STATUSES, NOTICE_DISPATCH_MODES, NOTICE_DISPATCH_STATUSES, NOTICE_DOCUMENT_TYPES, NOTICE_STATUSES, TEMPLATE_STATUSES } from '../../../domain/contracts/legal/notices';
import { LEGAL_EXPORT_STATUSES, LEGAL_IMPORT_STATUSES, LEGAL_IMPORT_TYPES, NOTICE_EXPORT_DOCUMENT_TYPES, NOTICE_REPORTS } from '../../../domain/contracts/legal/transfers';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const instant = (name: string) => timestamp(name, { withTimezone: true });
/** The columns of an uploaded file kept in storage (a notice's POD, a case's order). */
const uploadedFile = () => ({
  fileKey: text('file_key').notNull(),
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  uploadedBy: text('uploaded_by'),
  uploadedAt: instant('uploaded_at').notNull().defaultNow(),
});

export const noticeTemplates = pgTable(
  'notice_templates',
  {
    templateId: id('template_id'),
    companyId: text('company_id').notNull().references(companyRef),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    bodies: jsonb('bodies').$type<TemplateBodies>().notNull(),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull().default('draft'),
    /** null for the built-in version 1. */
    createdBy: text('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
    approvedBy: text('approved_by'),
    approvedAt: instant('approved_at'),
  },
  (t) => [unique('notice_templates_company_kind_version').on(t.companyId, t.kind, t.version)],
);
export type NoticeTemplateRow = typeof noticeTemplates.$inferSelect;

export const noticeBatches = pgTable(
  'notice_batches',
  {
    batchId: id('batch_id'),
    companyId: text('company_id').notNull().references(companyRef),
    templateId: text('template_id').notNull().references(() => noticeTemplates.templateId),
    language: text('language', { enum: NOTICE_LANGUAGES }).notNull(),
    allocationMonth: text('allocation_month').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    loanIds: jsonb('loan_ids').$type<string[]>(),
    filters: jsonb('filters').$type<LoanFilter[]>(),
    search: text('search'),
    status: text('status', { enum: BATCH_STATUSES }).notNull().default('in_progress'),
    total: integer('total').notNull().default(0),
    mergedKey: text('merged_key'),
    message: text('message'),
    authorId: text('author_id'),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('notice_batches_company_created').on(t.companyId, t.createdAt)],
);
export type NoticeBatchRow = typeof noticeBatches.$inferSelect;

export const notices = pgTable(
  'notices',
  {
    noticeId: id('notice_id'),
    batchId: text('batch_id').notNull().references(() => noticeBatches.batchId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    /** Processing order within the batch, from 1. */
    seq: integer('seq').notNull(),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    status: text('status', { enum: NOTICE_STATUSES }).notNull().default('in_progress'),
    reason: text('reason'),
    /** The placeholders' clear values the notice was printed with (re-printed masked for a masked reader). */
    values: jsonb('values').$type<Record<string, string | null>>(),
    pdfKey: text('pdf_key'),
    dispatchMode: text('dispatch_mode', { enum: NOTICE_DISPATCH_MODES }),
    trackingNumber: text('tracking_number'),
    dispatchStatus: text('dispatch_status', { enum: NOTICE_DISPATCH_STATUSES }),
    /** Email / WhatsApp: the message communication sent (its status follows the provider's receipts). */
    dispatchMessageId: text('dispatch_message_id'),
    /** Why an email / WhatsApp dispatch was blocked or failed. */
    dispatchReason: text('dispatch_reason'),
    dispatchedAt: instant('dispatched_at'),
    dispatchUpdatedAt: instant('dispatch_updated_at'),
    dispatchUpdatedBy: text('dispatch_updated_by'),
  },
  (t) => [unique('notices_batch_seq').on(t.batchId, t.seq), index('notices_company_loan').on(t.companyId, t.loanId)],
);
export type NoticeRow = typeof notices.$inferSelect;

/** Documents of a notice (spec 9 notice document types): the POD of a speed post / courier dispatch, a tracking report. */
export const noticeDocuments = pgTable(
  'notice_documents',
  {
    documentId: id('document_id'),
    companyId: text('company_id').notNull().references(companyRef),
    noticeId: text('notice_id')
      .notNull()
      .references(() => notices.noticeId, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: NOTICE_DOCUMENT_TYPES }).notNull(),
    ...uploadedFile(),
  },
  (t) => [index('notice_documents_notice').on(t.companyId, t.noticeId)],
);
export type NoticeDocumentRow = typeof noticeDocuments.$inferSelect;

/** Litigation cases (issue 17): one per loan and process type, at a stage of that type (domain/legal/cases.ts). */
export const legalCases = pgTable(
  'legal_cases',
  {
    caseId: id('case_id'),
    companyId: text('company_id').notNull().references(companyRef),
    processType: text('process_type', { enum: PROCESS_TYPES }).notNull(),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    stage: text('stage').notNull(),
    stageSince: date('stage_since', { mode: 'string' }).notNull(),
    court: text('court'),
    caseNumber: text('case_number'),
    advocateId: text('advocate_id'),
    nextHearingDate: date('next_hearing_date', { mode: 'string' }),
    createdBy: text('created_by'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedBy: text('updated_by'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('legal_cases_company_loan_type').on(t.companyId, t.loanId, t.processType), index('legal_cases_company_type').on(t.companyId, t.processType, t.nextHearingDate)],
);
export type LegalCaseRow = typeof legalCases.$inferSelect;

/** A case's hearings, oldest first (issue 17 "hearings with next dates"): what happened, the order passed, the next date given. */
export const legalHearings = pgTable(
  'legal_hearings',
  {
    hearingId: id('hearing_id'),
    companyId: text('company_id').notNull().references(companyRef),
    caseId: text('case_id')
      .notNull()
      .references(() => legalCases.caseId, { onDelete: 'cascade' }),
    hearingDate: date('hearing_date', { mode: 'string' }).notNull(),
    /** The case's stage on the day. */
    stage: text('stage').notNull(),
    proceedings: text('proceedings'),
    /** The order the court passed, if any. */
    orderText: text('order_text'),
    nextHearingDate: date('next_hearing_date', { mode: 'string' }),
    recordedBy: text('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('legal_hearings_case').on(t.companyId, t.caseId, t.hearingDate)],
);
export type LegalHearingRow = typeof legalHearings.$inferSelect;

/** A case's costs in paise (court fees, advocate fees, …). */
export const legalCosts = pgTable(
  'legal_costs',
  {
    costId: id('cost_id'),
    companyId: text('company_id').notNull().references(companyRef),
    caseId: text('case_id')
      .notNull()
      .references(() => legalCases.caseId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: COST_KINDS }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    incurredOn: date('incurred_on', { mode: 'string' }).notNull(),
    note: text('note'),
    recordedBy: text('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('legal_costs_case').on(t.companyId, t.caseId)],
);
export type LegalCostRow = typeof legalCosts.$inferSelect;

/** A case's documents: orders of the court, filings, evidence. */
export const legalCaseDocuments = pgTable(
  'legal_case_documents',
  {
    documentId: id('document_id'),
    companyId: text('company_id').notNull().references(companyRef),
    caseId: text('case_id')
      .notNull()
      .references(() => legalCases.caseId, { onDelete: 'cascade' }),
    documentType: text('document_type', { enum: CASE_DOCUMENT_TYPES }).notNull(),
    ...uploadedFile(),
  },
  (t) => [index('legal_case_documents_case').on(t.companyId, t.caseId)],
);
export type LegalCaseDocumentRow = typeof legalCaseDocuments.$inferSelect;

/**
 * A written acknowledgment of the debt recorded on a case (Limitation Act s.18): the day it was
 * signed restarts the case's limitation; the signed letter may be one of the case's documents.
 */
export const legalAcknowledgments = pgTable(
  'legal_acknowledgments',
  {
    acknowledgmentId: id('acknowledgment_id'),
    companyId: text('company_id').notNull().references(companyRef),
    caseId: text('case_id')
      .notNull()
      .references(() => legalCases.caseId, { onDelete: 'cascade' }),
    acknowledgedOn: date('acknowledged_on', { mode: 'string' }).notNull(),
    documentId: text('document_id').references(() => legalCaseDocuments.documentId, { onDelete: 'set null' }),
    remarks: text('remarks'),
    recordedBy: text('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('legal_acknowledgments_case').on(t.companyId, t.caseId)],
);
export type LegalAcknowledgmentRow = typeof legalAcknowledgments.$inferSelect;

/** Reminders sent to a case's advocate: one per case, kind and due day (so a sweep never sends one twice). */
export const legalReminders = pgTable(
  'legal_reminders',
  {
    companyId: text('company_id').notNull().references(companyRef),
    caseId: text('case_id')
      .notNull()
      .references(() => legalCases.caseId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['hearing', 'deadline', 'limitation'] }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** 'ahead' (REMINDER_DAYS_AHEAD before) or 'today'; a limitation's 'ahead_30' / 'ahead_7' (LIMITATION_REMINDER_DAYS before). */
    slot: text('slot', { enum: ['ahead', 'today', 'ahead_30', 'ahead_7'] }).notNull(),
    recipientId: text('recipient_id').notNull(),
    sentAt: instant('sent_at').notNull().defaultNow(),
  },
  (t) => [unique('legal_reminders_once').on(t.caseId, t.kind, t.dueOn, t.slot)],
);

/** Legal imports (issue 17; spec 4 statuses in_progress, success, failed): a file of cases, hearings or dispatches applied by a durable job. */
export const legalImports = pgTable(
  'legal_imports',
  {
    importId: id('import_id'),
    companyId: text('company_id').notNull().references(companyRef),
    importType: text('import_type', { enum: LEGAL_IMPORT_TYPES }).notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    fileKind: text('file_kind', { enum: ['csv', 'xlsx', 'xls'] }).notNull(),
    status: text('status', { enum: LEGAL_IMPORT_STATUSES }).notNull().default('in_progress'),
    progress: integer('progress').notNull().default(0),
    /** Checkpoint: the file's rows (header included) already applied or in the error file. */
    rowsRead: integer('rows_read').notNull().default(0),
    dataRows: integer('data_rows').notNull().default(0),
    applied: integer('applied').notNull().default(0),
    errorRows: integer('error_rows').notNull().default(0),
    message: text('message'),
    createdBy: text('created_by').notNull(),
    /** The author's profession and masking when they uploaded: rows are applied as them (an advocate only to their cases). */
    createdByProfession: text('created_by_profession').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('legal_imports_company_created').on(t.companyId, t.createdAt)],
);
export type LegalImportRow = typeof legalImports.$inferSelect;

/** The rows of a legal import that were not applied, with why (its error file). */
export const legalImportErrors = pgTable(
  'legal_import_errors',
  {
    importId: text('import_id')
      .notNull()
      .references(() => legalImports.importId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    rowNumber: integer('row_number').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [unique('legal_import_errors_row').on(t.importId, t.rowNumber)],
);

/** Notice exports (spec 4 "Export, legal" statuses; spec 9 views Reports and Documents): a report (CSV) or documents (ZIP) made by a durable job. */
export const legalExports = pgTable(
  'legal_exports',
  {
    exportId: id('export_id'),
    companyId: text('company_id').notNull().references(companyRef),
    report: text('report', { enum: [...NOTICE_REPORTS, ...NOTICE_EXPORT_DOCUMENT_TYPES] }).notNull(),
    batchId: text('batch_id'),
    fromDay: date('from_day', { mode: 'string' }),
    toDay: date('to_day', { mode: 'string' }),
    status: text('status', { enum: LEGAL_EXPORT_STATUSES }).notNull().default('QUEUED'),
    total: integer('total').notNull().default(0),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    message: text('message'),
    createdBy: text('created_by').notNull(),
    /** Whether the author could read unmasked data when they asked (names and notices masked otherwise). */
    unmasked: boolean('unmasked').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('legal_exports_company_created').on(t.companyId, t.createdAt)],
);
export type LegalExportRow = typeof legalExports.$inferSelect;
