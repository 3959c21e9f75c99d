/**
 * Payments borrowers made online (issue 4 "Online recoveries": UPI, net banking, payment links).
 * Written by the payment integrations (later issues) and by the demo seed; read by the field
 * app's online recoveries, which attributes each to the executive's latest visit.
 */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
    source: text('source', { enum: ['online'] }).notNull().default('online'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('loan_payments_loan').on(t.companyId, t.loanId, t.paidAt), index('loan_payments_month').on(t.companyId, t.allocationMonth)],
);
export type LoanPaymentRow = typeof loanPayments.$inferSelect;
