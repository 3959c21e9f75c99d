/**
 * Compliance tables (issue 13 "Compliance engine"): each company's rules, its holiday calendar,
 * its do-not-disturb numbers and their uploads (spec 4 "DND upload"), its DLT templates, the
 * supervisors' overrides and the log of every real decision (allowed or blocked).
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { ComplianceRulesSettings } from '../../../domain/contracts/compliance/rules';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const instant = (name: string) => timestamp(name, { withTimezone: true });
const channels = ['call', 'sms', 'whatsapp', 'email', 'field_visit'] as const;

/** One row per company once its rules were first read (legal defaults) or changed. */
export const complianceRules = pgTable('compliance_rules', {
  companyId: text('company_id').primaryKey().references(companyRef),
  settings: jsonb('settings').$type<ComplianceRulesSettings>().notNull(),
  updatedBy: text('updated_by'),
  updatedAt: instant('updated_at'),
  createdAt: instant('created_at').notNull().defaultNow(),
});
export type ComplianceRulesRow = typeof complianceRules.$inferSelect;

export const complianceHolidays = pgTable(
  'compliance_holidays',
  {
    holidayId: id('holiday_id'),
    companyId: text('company_id').notNull().references(companyRef),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [unique('compliance_holidays_company_date').on(t.companyId, t.date)],
);

export const complianceDndUploads = pgTable(
  'compliance_dnd_uploads',
  {
    uploadId: id('upload_id'),
    companyId: text('company_id').notNull().references(companyRef),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['in_process', 'completed'] }).notNull().default('in_process'),
    totalRows: integer('total_rows').notNull().default(0),
    /** Rows of the file the job has written (its checkpoint); equals total_rows once completed. */
    processed: integer('processed').notNull().default(0),
    /** The uploaded CSV in file storage, read by the job and by the error file. */
    fileKey: text('file_key'),
    added: integer('added').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    invalid: integer('invalid').notNull().default(0),
    createdBy: text('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
  },
  (t) => [index('compliance_dnd_uploads_company').on(t.companyId, t.createdAt)],
);

/** Numbers as their national digits (domain/contracts/compliance/numbers.ts). */
export const complianceDndNumbers = pgTable(
  'compliance_dnd_numbers',
  {
    dndId: id('dnd_id'),
    companyId: text('company_id').notNull().references(companyRef),
    number: text('number').notNull(),
    note: text('note'),
    source: text('source', { enum: ['manual', 'upload'] }).notNull(),
    uploadId: text('upload_id').references(() => complianceDndUploads.uploadId),
    createdBy: text('created_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [unique('compliance_dnd_company_number').on(t.companyId, t.number), index('compliance_dnd_company_created').on(t.companyId, t.createdAt)],
);

export const complianceDltTemplates = pgTable(
  'compliance_dlt_templates',
  {
    companyId: text('company_id').notNull().references(companyRef),
    templateId: text('template_id').notNull(),
    entityId: text('entity_id').notNull(),
    senderHeader: text('sender_header').notNull(),
    category: text('category', { enum: ['promotional', 'transactional', 'service_implicit', 'service_explicit'] }).notNull(),
    body: text('body').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.templateId] })],
);

/** A supervisor's allowance of one contact of a loan on a channel, until `expires_at` or its use. */
export const complianceOverrides = pgTable(
  'compliance_overrides',
  {
    overrideId: id('override_id'),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    reason: text('reason').notNull(),
    grantedBy: text('granted_by').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    usedByDecision: text('used_by_decision'),
  },
  (t) => [index('compliance_overrides_loan').on(t.companyId, t.loanId, t.channel)],
);

/** Every real decision (`decide()`), allowed or blocked; allowed ones count toward the caps. */
export const complianceDecisions = pgTable(
  'compliance_decisions',
  {
    decisionId: id('decision_id'),
    // No foreign key to companies: a log written 1,000 rows a statement by campaign batches, where the
    // per-row key check cost ~6–12 ms per 1,000 rows (issue 13); the company comes from the signed-in
    // user or a campaign row (which has the key), and companies are never deleted.
    companyId: text('company_id').notNull(),
    loanId: text('loan_id').notNull(),
    channel: text('channel', { enum: channels }).notNull(),
    to: text('to'),
    role: text('role').notNull(),
    allowed: boolean('allowed').notNull(),
    /** The reason codes. */
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    overrideId: text('override_id'),
    actorId: text('actor_id'),
    /** When the contact happens (the clock's now unless planned). */
    decidedAt: instant('decided_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('compliance_decisions_loan').on(t.companyId, t.loanId, t.channel, t.decidedAt)],
);
