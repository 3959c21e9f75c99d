/**
 * Approval tables (issue 16 "Approvals"): chains per company and request type, the central
 * approval team, requests (with the levels they must pass snapshotted when made, and the roles that
 * may decide the current level denormalised for the inbox) and their events (the audit trail:
 * submitted, each level's decision with remarks, escalations).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { APPROVAL_EVENT_KINDS, APPROVAL_REQUEST_TYPES, APPROVAL_STATUSES, type ChainLevel, type RequestLevel } from '../../../domain/approval/chains';
import { companyRef } from '../companies/queries';
import { userRef } from '../users/queries';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const approvalChains = pgTable(
  'approval_chains',
  {
    companyId: text('company_id').notNull().references(companyRef),
    requestType: text('request_type', { enum: APPROVAL_REQUEST_TYPES }).notNull(),
    levels: jsonb('levels').$type<ChainLevel[]>().notNull(),
    updatedBy: text('updated_by'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.requestType] })],
);

export const approvalTeamMembers = pgTable(
  'approval_team_members',
  {
    companyId: text('company_id').notNull().references(companyRef),
    userId: text('user_id').notNull().references(userRef),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

export const approvalRequests = pgTable(
  'approval_requests',
  {
    requestId: text('request_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    requestType: text('request_type', { enum: APPROVAL_REQUEST_TYPES }).notNull(),
    loanId: text('loan_id'),
    /** The owning area's row (a settlement, a change request, …). */
    subjectId: text('subject_id').notNull(),
    makerUserId: text('maker_user_id').notNull(),
    makerRoleId: text('maker_role_id'),
    /** Minor units (paise, sen). */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    /** Implied waiver in basis points (20 % is 2000). */
    waiverBp: integer('waiver_bp'),
    summary: text('summary').notNull(),
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('pending'),
    levels: jsonb('levels').$type<RequestLevel[]>().notNull(),
    /** 1-based level awaiting a decision; the last level once decided; 0 for a request approved without levels. */
    currentLevel: integer('current_level').notNull(),
    /** Roles whose members may decide the current level (the inbox filters on it). */
    currentRoleIds: text('current_role_ids').array().notNull().default(sql`'{}'::text[]`),
    currentCentral: boolean('current_central').notNull().default(false),
    /** When the current level's SLA runs out. */
    dueAt: instant('due_at'),
    escalations: integer('escalations').notNull().default(0),
    escalatedAt: instant('escalated_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    decidedAt: instant('decided_at'),
  },
  (t) => [
    index('approval_requests_inbox').on(t.companyId, t.status, t.requestType, t.createdAt),
    index('approval_requests_subject').on(t.companyId, t.requestType, t.subjectId),
    index('approval_requests_maker').on(t.companyId, t.makerUserId, t.createdAt),
    index('approval_requests_due').on(t.status, t.dueAt),
  ],
);
export type ApprovalRequestRow = typeof approvalRequests.$inferSelect;

export const approvalEvents = pgTable(
  'approval_events',
  {
    eventId: bigserial('event_id', { mode: 'number' }).primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => approvalRequests.requestId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    level: integer('level').notNull(),
    kind: text('kind', { enum: APPROVAL_EVENT_KINDS }).notNull(),
    actorUserId: text('actor_user_id'),
    remarks: text('remarks'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [index('approval_events_request').on(t.requestId, t.eventId)],
);
