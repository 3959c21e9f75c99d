/**
 * Change request tables (issue 16 "Change requests"): one row per proposed change of a borrower's
 * contact detail. `old_value` is the loan's value when proposed and, once applied, the value the
 * change replaced: the history of the detail.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CHANGE_FIELDS, CHANGE_REQUEST_SOURCES, CHANGE_REQUEST_STATUSES } from '../../../domain/change-requests/rules';
import { companyRef } from '../companies/queries';

const instant = (name: string) => timestamp(name, { withTimezone: true });

export const changeRequests = pgTable(
  'change_requests',
  {
    requestId: text('request_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    loanId: text('loan_id').notNull(),
    allocationMonth: text('allocation_month').notNull(),
    field: text('field', { enum: CHANGE_FIELDS }).notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    reason: text('reason'),
    source: text('source', { enum: CHANGE_REQUEST_SOURCES }).notNull().default('agent'),
    visitId: text('visit_id'),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    approvalRequestId: text('approval_request_id'),
    requestedBy: text('requested_by'),
    requestedAt: instant('requested_at').notNull().defaultNow(),
    decidedBy: text('decided_by'),
    decidedAt: instant('decided_at'),
    remarks: text('remarks'),
    appliedAt: instant('applied_at'),
  },
  (t) => [index('change_requests_company_status').on(t.companyId, t.status, t.requestedAt), index('change_requests_company_loan').on(t.companyId, t.loanId)],
);
export type ChangeRequestRow = typeof changeRequests.$inferSelect;
