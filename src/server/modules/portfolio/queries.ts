/**
 * What other areas may use of the portfolio area (docs/decisions/007-area-kernel.md): the caller's
 * view of a company's portfolio (variables, masking), selections by the loans list's filters,
 * loans as masked summaries or a subquery to join, export pages, the writes imports and loan
 * operations make, the timeline events other areas add, and a loan's contact facts for the
 * compliance check. Never the tables themselves.
 */
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
