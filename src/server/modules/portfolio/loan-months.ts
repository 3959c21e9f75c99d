/**
 * Which allocation month holds a loan now (issue 15 reconciliation): a payment names a loan by its
 * `loan_id` only, and posts to the latest month that holds it. Offered to other areas through
 * queries.ts as SQL pieces, so a caller reconciling many payments joins them in one statement.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loans } from './schema';

/**
 * A correlated subquery: the latest allocation month of loan `loanIdSql` in `companyId`, or null
 * when the company has no such loan (uses the loans_loan_id index; one lookup per row).
 */
export function latestLoanMonthSql(companyId: string, loanIdSql: SQL): SQL<string | null> {
  return sql<string | null>`(select lm.allocation_month from ${loans} lm where lm.company_id = ${companyId} and lm.loan_id = ${loanIdSql} order by lm.allocation_month desc limit 1)`;
}

/** The latest allocation month of one loan, or null when the company has no such loan. */
export async function latestLoanMonth(db: DbOrTx, companyId: string, loanId: string): Promise<string | null> {
  const [row] = await db
    .select({ month: loans.allocationMonth })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), eq(loans.loanId, loanId)))
    .orderBy(desc(loans.allocationMonth))
    .limit(1);
  return row?.month ?? null;
}
