/**
 * Loan allocations to agents (issue 4: the field executive's day; issue 5 will write them from
 * screens, the demo seed writes them now). One row per (company, allocation month, loan, agent
 * type): a loan has at most one field executive and one telecaller in a month.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { companyRef } from '../companies/queries';
import { userRef } from '../users/queries';

export const loanAllocations = pgTable(
  'loan_allocations',
  {
    allocationId: text('allocation_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    /** 'YYYY-MM', the loans row's month. */
    allocationMonth: text('allocation_month').notNull(),
    loanId: text('loan_id').notNull(),
    userId: text('user_id').notNull().references(userRef),
    agentType: text('agent_type', { enum: ['fos', 'telecaller'] }).notNull(),
    allocatedBy: text('allocated_by'),
    allocatedAt: timestamp('allocated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('loan_allocations_loan').on(t.companyId, t.allocationMonth, t.loanId, t.agentType),
    index('loan_allocations_user').on(t.companyId, t.userId, t.allocationMonth),
  ],
);
export type LoanAllocationRow = typeof loanAllocations.$inferSelect;
