/**
 * What other areas may use of the portfolio area (docs/decisions/007-area-kernel.md): the caller's
 * view of a company's portfolio (variables, masking), selections by the loans list's filters,
 * loans as masked summaries or a subquery to join, export pages, the writes imports and loan
 * operations make, the timeline events other areas add, and a loan's contact facts for the
 * compliance check. Never the tables themselves.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inTextList } from '../../db/sql-helpers';
import { factsOf as contactFactsOf, type LoanContactFacts } from './loan-contacts';
import { loans } from './schema';
import { portfolioView, toLoanRecord } from './service';
export { addLoanEvents, loanBucketsRelation, loanDefaultedBySql, loanEventInsertSql, moveLoanEvents, loanExists, loanExportPage, loanKeyOf, loanSummaries, loanSummary, loansOfImport, monthHasLoans, selectedLoansRelation, selectedLoansSubquery } from './loan-reads';
export type { LoanEventInput, LoanKey, LoanSummary } from './loan-reads';
export type { LoanSelection } from './loan-query';
export { loanContactFacts, loanContactFactsMany } from './loan-contacts';
export { latestLoanMonth, latestLoanMonthSql } from './loan-months';
export { applyLoanPayments, loanAmountBasis, loanPaymentsUpdateSql, RECOVERY_STATUS } from './loan-payments';
export type { LoanAmountBasis, LoanPaymentPosted } from './loan-payments';
export type { LoanContactFacts, LoanContactRole } from './loan-contacts';
export { canReadUnmasked } from './loan-masking';
export { changeLoanTags, loanStates, setLoansArchived, writeLoanBatch, writeStagedLoans } from './loan-writer';
export type { LoanBatchRow } from './loan-writer';
export { parseFilters, portfolioView } from './service';
export type { PortfolioView } from './service';
export { companyVariables } from './variables';
export type { CompanyVariable } from './variables';

/**
 * What a message template fills in for a loan (issue 13 "Communication"), in clear: the message
 * goes to the borrower. Latest allocation month; null when the company has no such loan. Amounts
 * are minor units; the due date is the loan's `due_date` (or `emi_due_date`) variable.
 */
export async function loanMessageFacts(db: DbOrTx, companyId: string, loanId: string): Promise<LoanMessageFacts | null> {
  return (await loanMessageFactsMany(db, companyId, [loanId])).get(loanId) ?? null;
}

/** loanMessageFacts for many loans in one query (a campaign's batch): by loan id; loans the company lacks are absent. */
export async function loanMessageFactsMany(db: DbOrTx, companyId: string, loanIds: readonly string[]): Promise<Map<string, LoanMessageFacts>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([loans.loanId], messageFactColumns)
    .from(loans)
    .where(and(eq(loans.companyId, companyId), inArray(loans.loanId, [...new Set(loanIds)])))
    .orderBy(loans.loanId, desc(loans.allocationMonth));
  return new Map(rows.map((r) => [r.loanId, messageFactsOf(r)]));
}

/**
 * loanMessageFactsMany and loanContactFactsMany in one query (a campaign's batch renders and
 * judges the same loans): both maps by loan id, each loan in its latest allocation month.
 */
export async function loanCampaignFactsMany(db: DbOrTx, companyId: string, loanIds: readonly string[]): Promise<{ message: Map<string, LoanMessageFacts>; contact: Map<string, LoanContactFacts> }> {
  if (loanIds.length === 0) return { message: new Map(), contact: new Map() };
  const rows = await db
    .selectDistinctOn([loans.loanId], { ...messageFactColumns, state: loans.state, number: loans.applicantContactNumber })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), inTextList(loans.loanId, [...new Set(loanIds)])))
    .orderBy(loans.loanId, desc(loans.allocationMonth));
  return { message: new Map(rows.map((r) => [r.loanId, messageFactsOf(r)])), contact: new Map(rows.map((r) => [r.loanId, contactFactsOf(r)])) };
}

export interface LoanMessageFacts {
  loanId: string;
  allocationMonth: string;
  borrowerName: string | null;
  totalClaimAmountMinor: number | null;
  expectedEmiMinor: number | null;
  principalOutstandingMinor: number | null;
  dueDate: string | null;
}

const messageFactColumns = { loanId: loans.loanId, month: loans.allocationMonth, name: loans.applicantName, claim: loans.totalClaimAmountMinor, emi: loans.expectedEmiMinor, principal: loans.principalOutstandingMinor, variables: loans.variables };

function messageFactsOf(row: { loanId: string; month: string; name: string | null; claim: number | null; emi: number | null; principal: number | null; variables: Record<string, unknown> }): LoanMessageFacts {
  const due = row.variables?.due_date ?? row.variables?.emi_due_date;
  return { loanId: row.loanId, allocationMonth: row.month, borrowerName: row.name, totalClaimAmountMinor: row.claim, expectedEmiMinor: row.emi, principalOutstandingMinor: row.principal, dueDate: typeof due === 'string' && due ? due : null };
}

/**
 * The loan ids of the company whose borrower's number ends with the same last 10 digits as
 * `number` (inbound WhatsApp messages land on the loan by phone; issue 13), newest month first.
 */
export async function loansByPhone(db: DbOrTx, companyId: string, number: string): Promise<string[]> {
  const digits = number.replace(/\D/g, '').slice(-10);
  if (digits.length < 7) return [];
  const rows = await db
    .selectDistinct({ loanId: loans.loanId, month: loans.allocationMonth })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), sql`right(regexp_replace(coalesce(${loans.applicantContactNumber}, ''), '\\D', '', 'g'), 10) = ${digits}`))
    .orderBy(desc(loans.allocationMonth))
    .limit(20);
  return [...new Set(rows.map((r) => r.loanId))];
}

// ---------------------------------------------------------------- status variables kept by other areas

/**
 * The loan status variables (spec 3 "Status fields per loan") other areas keep: calling
 * (`calling_status`, `telecalling_status`; issue 14), settlements (`settlement_status`; issue 16),
 * communication (`digital_communication_status`, `chatr_status`; issue 13), payments
 * (`recovery_status`, through applyLoanPayments; issue 15), legal (`legal_status`; issue 17). Only these: other
 * areas cannot write the loan otherwise.
 */
export const LOAN_STATUS_FIELDS = ['calling_status', 'telecalling_status', 'settlement_status', 'digital_communication_status', 'chatr_status', 'recovery_status', 'legal_status'] as const;
export type LoanStatusField = (typeof LOAN_STATUS_FIELDS)[number];

/** The values of LOAN_STATUS_FIELDS only (others dropped). */
function statusPatch(values: Partial<Record<string, string>>): Record<string, string> {
  const allowed: readonly string[] = LOAN_STATUS_FIELDS;
  return Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => allowed.includes(e[0]) && typeof e[1] === 'string'));
}

/**
 * setLoanStatuses for many loans in one statement (a campaign's batch: each loan's
 * `digital_communication_status`), every allocation month of each loan. Same fields only.
 */
export async function setManyLoanStatuses(db: DbOrTx, companyId: string, rows: ReadonlyArray<{ loanId: string; values: Partial<Record<LoanStatusField, string>> }>): Promise<void> {
  const patches = rows
    .map((r) => ({ loanId: r.loanId, patch: statusPatch(r.values) }))
    .filter((r) => Object.keys(r.patch).length > 0);
  if (patches.length === 0) return;
  // One UPDATE joined to a JSON array of (loan, patch): a statement per batch, not per loan; a
  // loan already holding those values is left alone (no new row version, no index entries).
  await db.execute(
    sql`update loans set variables = loans.variables || p.patch, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(patches.map((r) => ({ loan_id: r.loanId, patch: r.patch })))}::jsonb) as p(loan_id text, patch jsonb)
        where loans.company_id = ${companyId} and loans.loan_id = p.loan_id and not (loans.variables @> p.patch)`,
  );
}

/**
 * Sets status variables of a loan in its month (every month holding it when `allocationMonth`
 * is null), inside the caller's transaction. Fields outside LOAN_STATUS_FIELDS are ignored.
 */
export async function setLoanStatuses(db: DbOrTx, companyId: string, loanId: string, allocationMonth: string | null, values: Partial<Record<LoanStatusField, string>>): Promise<void> {
  const patch = statusPatch(values);
  if (Object.keys(patch).length === 0) return;
  await db.execute(
    sql`update loans set variables = variables || ${JSON.stringify(patch)}::jsonb, updated_at = now() where company_id = ${companyId} and loan_id = ${loanId}${allocationMonth ? sql` and allocation_month = ${allocationMonth}` : sql``}`,
  );
}

/** The calling area's status variables (issue 14). */
export type CallingStatusField = 'calling_status' | 'telecalling_status';

/** Sets `calling_status` / `telecalling_status` (see setLoanStatuses). */
export async function setLoanCallingStatuses(db: DbOrTx, companyId: string, loanId: string, allocationMonth: string | null, values: Partial<Record<CallingStatusField, string>>): Promise<void> {
  await setLoanStatuses(db, companyId, loanId, allocationMonth, { calling_status: values.calling_status, telecalling_status: values.telecalling_status });
}

/** One loan's `calling_status` in a batch (setLoansCallingStatus). */
export interface LoanCallingStatus {
  companyId: string;
  loanId: string;
  /** null: every month holding the loan. */
  allocationMonth: string | null;
  callingStatus: string;
}

/**
 * Sets `calling_status` of many loans in one UPDATE (the calling area's batch of ended calls,
 * issue 14): one statement, so 0010's statement trigger bumps each month's count generation once
 * per batch instead of once per call. The same loan twice: the later entry wins.
 */
export async function setLoansCallingStatus(db: DbOrTx, items: readonly LoanCallingStatus[]): Promise<void> {
  const last = new Map<string, LoanCallingStatus>();
  for (const i of items) last.set(JSON.stringify([i.companyId, i.loanId, i.allocationMonth]), i);
  if (last.size === 0) return;
  const rows = [...last.values()].map((i) => ({ company_id: i.companyId, loan_id: i.loanId, allocation_month: i.allocationMonth, status: i.callingStatus }));
  await db.execute(sql`
    update loans l set variables = l.variables || jsonb_build_object('calling_status', v.status), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(company_id text, loan_id text, allocation_month text, status text)
    where l.company_id = v.company_id and l.loan_id = v.loan_id and (v.allocation_month is null or l.allocation_month = v.allocation_month)`);
}

/** Sets the loan's `settlement_status` in every month holding the loan (issue 16). */
export async function setLoanSettlementStatus(db: DbOrTx, companyId: string, loanId: string, status: string): Promise<void> {
  await setLoanStatuses(db, companyId, loanId, null, { settlement_status: status });
}

// ---------------------------------------------------------------- borrower details (issue 16)

export { applyBorrowerDetails, borrowerDetails, BORROWER_DETAIL_VARIABLES } from './loan-detail-changes';
export type { BorrowerDetailVariable } from './loan-detail-changes';

/**
 * The loan's masked personal values as [clear, masked] pairs for a caller without
 * access_unmasked_data (spec 3 "Masked personal fields"), longest first, so another area can mask
 * text that quotes them (a message's body, issue 13); [] for an unmasked caller or no such loan.
 */
export async function maskedValuesOfLoan(db: DbOrTx, companyId: string, loanId: string, unmasked: boolean): Promise<Array<[string, string]>> {
  if (unmasked) return [];
  const view = await portfolioView(db, companyId, false);
  const names = view.masker.maskedNames();
  if (names.size === 0) return [];
  const [row] = await db.select().from(loans).where(and(eq(loans.companyId, companyId), eq(loans.loanId, loanId))).orderBy(desc(loans.allocationMonth)).limit(1);
  if (!row) return [];
  const record = toLoanRecord(row, null) as Record<string, unknown>;
  const pairs: Array<[string, string]> = [];
  for (const name of names) {
    const clear = record[name];
    if (typeof clear !== 'string' && typeof clear !== 'number') continue;
    const text = String(clear).trim();
    // Very short values (an initial, a 2-digit code) would mask unrelated words.
    if (text.length >= 3) pairs.push([text, String(view.masker.value(name, text))]);
  }
  return pairs.sort((a, b) => b[0].length - a[0].length);
}
