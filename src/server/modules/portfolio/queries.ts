/**
 * What other areas may use of the portfolio area (docs/decisions/007-area-kernel.md): the caller's
 * view of a company's portfolio (variables, masking), selections by the loans list's filters,
 * loans as masked summaries or a subquery to join, export pages, the writes imports and loan
 * operations make, the timeline events other areas add, and a loan's contact facts for the
 * compliance check. Never the tables themselves.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
export { addLoanEvents, loanExists, loanExportPage, loanKeyOf, loanSummaries, loanSummary, loansOfImport, monthHasLoans, selectedLoansRelation, selectedLoansSubquery } from './loan-reads';
export type { LoanEventInput, LoanKey, LoanSummary } from './loan-reads';
export type { LoanSelection } from './loan-query';
export { loanContactFacts } from './loan-contacts';
export type { LoanContactFacts, LoanContactRole } from './loan-contacts';
export { canReadUnmasked } from './loan-masking';
export { changeLoanTags, loanStates, setLoansArchived, writeLoanBatch } from './loan-writer';
export type { LoanBatchRow } from './loan-writer';
export { parseFilters, portfolioView } from './service';
export type { PortfolioView } from './service';
export { companyVariables } from './variables';
export type { CompanyVariable } from './variables';

// ---------------------------------------------------------------- calling statuses (issue 14)

/** The loan status variables another area may set (spec 3 "Status fields per loan"). */
export type CallingStatusField = 'calling_status' | 'telecalling_status';

/**
 * Sets the calling area's status variables (`calling_status`, `telecalling_status`) of a loan in
 * its month (every month holding it when `allocationMonth` is null), inside the caller's
 * transaction. Only these two variables: other areas cannot write the loan otherwise.
 */
export async function setLoanCallingStatuses(db: DbOrTx, companyId: string, loanId: string, allocationMonth: string | null, values: Partial<Record<CallingStatusField, string>>): Promise<void> {
  const patch = Object.fromEntries(Object.entries(values).filter(([k, v]) => (k === 'calling_status' || k === 'telecalling_status') && typeof v === 'string'));
  if (Object.keys(patch).length === 0) return;
  await db.execute(
    sql`update loans set variables = variables || ${JSON.stringify(patch)}::jsonb, updated_at = now() where company_id = ${companyId} and loan_id = ${loanId}${allocationMonth ? sql` and allocation_month = ${allocationMonth}` : sql``}`,
  );
}
