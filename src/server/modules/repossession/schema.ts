/**
 * Repossession tables (issue 16 "Repossession"): a case per repossession of a secured loan's asset
 * (stage, spec 4 status, the notice, assignment, yard, valuation, release) and its field steps (one
 * row per step the agent recorded, with the Idempotency-Key it synced with and its photos).
 * Chassis and engine numbers are stored in clear and masked per caller when read.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, real, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ASSET_TYPES, FIELD_STEPS, RELEASE_MODES, REPOSSESSION_STAGES, REPOSSESSION_STATUSES } from '../../../domain/repossession/rules';
import { companyRef } from '../companies/queries';

const id = (name: string) => text(name).primaryKey().default(sql`gen_random_uuid()::text`);
const instant = (name: string) => timestamp(name, { withTimezone: true });
const minor = (name: string) => bigint(name, { mode: 'number' });

export const repossessions = pgTable(
  'repossessions',
  {
    caseId: id('case_id'),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    assetType: text('asset_type', { enum: ASSET_TYPES }).notNull(),
    assetDescription: text('asset_description').notNull(),
    registrationNumber: text('registration_number'),
    chassisNumber: text('chassis_number').notNull(),
    engineNumber: text('engine_number').notNull(),
    reason: text('reason'),
    stage: text('stage', { enum: REPOSSESSION_STAGES }).notNull().default('initiated'),
    status: text('status', { enum: REPOSSESSION_STATUSES }).notNull().default('pending'),
    approvalRequestId: text('approval_request_id'),
    /** The printed pre-repossession notice (file storage key). */
    noticeKey: text('notice_key'),
    agencyName: text('agency_name'),
    agentId: text('agent_id'),
    yardName: text('yard_name'),
    yardInventory: jsonb('yard_inventory').$type<string[]>().notNull().default([]),
    valuationMinor: minor('valuation_minor'),
    valuer: text('valuer'),
    releaseMode: text('release_mode', { enum: RELEASE_MODES }),
    releaseAmountMinor: minor('release_amount_minor'),
    buyerName: text('buyer_name'),
    releaseReference: text('release_reference'),
    releaseApprovalRequestId: text('release_approval_request_id'),
    proceedsPostedAt: instant('proceeds_posted_at'),
    initiatedBy: text('initiated_by'),
    initiatedAt: instant('initiated_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [index('repossessions_company_stage').on(t.companyId, t.stage, t.initiatedAt), index('repossessions_company_loan').on(t.companyId, t.loanId), index('repossessions_agent').on(t.companyId, t.agentId)],
);
export type RepossessionRow = typeof repossessions.$inferSelect;

export const repossessionSteps = pgTable(
  'repossession_steps',
  {
    stepId: id('step_id'),
    caseId: text('case_id')
      .notNull()
      .references(() => repossessions.caseId, { onDelete: 'cascade' }),
    companyId: text('company_id').notNull().references(companyRef),
    idempotencyKey: text('idempotency_key').notNull(),
    step: text('step', { enum: FIELD_STEPS }).notNull(),
    occurredAt: instant('occurred_at').notNull(),
    place: text('place'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    policeStation: text('police_station'),
    reference: text('reference'),
    outcome: text('outcome', { enum: REPOSSESSION_STATUSES }),
    condition: jsonb('condition').$type<Record<string, boolean>>(),
    odometerKm: integer('odometer_km'),
    belongings: jsonb('belongings').$type<string[]>().notNull().default([]),
    yardName: text('yard_name'),
    remarks: text('remarks'),
    photoKeys: jsonb('photo_keys').$type<string[]>().notNull().default([]),
    recordedBy: text('recorded_by'),
    recordedAt: instant('recorded_at').notNull().defaultNow(),
  },
  (t) => [unique('repossession_steps_key').on(t.companyId, t.idempotencyKey), index('repossession_steps_case').on(t.caseId, t.recordedAt)],
);
export type RepossessionStepRow = typeof repossessionSteps.$inferSelect;
