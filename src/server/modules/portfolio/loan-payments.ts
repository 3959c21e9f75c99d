/**
 * What a posted payment does to the loan (issue 15 "dues and recovery_status update"): the payments
 * area calls this, in the transaction that posted the payments, through portfolio's queries.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loanEvents, loans } from './schema';

/** One posted payment, as far as the loan cares. Amount in minor units (paise, sen). */
export interface LoanPaymentPosted {
  loanId: string;
  allocationMonth: string;
  amountMinor: number;
}

/** `recovery_status` (spec 3 "Status fields per loan") once a payment posted: dues left or not. */
export const RECOVERY_STATUS = { paid: 'paid', partiallyPaid: 'partially_paid' } as const;

/**
 * The UPDATE that lowers each paid loan's dues in its month — `total_claim_amount` (the variable,
 * major units, 2 decimals) and its promoted `total_claim_amount_minor`, never below 0 — and sets its
 * `recovery_status`: 'paid' when nothing is left, else 'partially_paid' (also for a loan with no
 * total claim amount). `paid` is a relation (loan_id, allocation_month, paid) with one row per loan
 * and month, paid in minor units; usable as a data-modifying CTE of the caller's statement
 * (reconciliation's batch). A later import of the month writes the lender's own figures over it.
 */
export function loanPaymentsUpdateSql(companyId: string, paid: SQL): SQL {
  return sql`
    update ${loans} l set
      -- greatest() skips nulls: a loan without the amount keeps none.
      total_claim_amount_minor = case when l.total_claim_amount_minor is null then null else greatest(l.total_claim_amount_minor - p.paid, 0) end,
      variables = l.variables
        || jsonb_build_object('recovery_status', case when l.total_claim_amount_minor - p.paid <= 0 then ${RECOVERY_STATUS.paid}::text else ${RECOVERY_STATUS.partiallyPaid}::text end)
        || case when l.total_claim_amount_minor is null then '{}'::jsonb
                else jsonb_build_object('total_claim_amount', round(greatest(l.total_claim_amount_minor - p.paid, 0)::numeric / 100, 2)) end,
      updated_at = now()
    from ${paid} p
    where l.company_id = ${companyId} and l.loan_id = p.loan_id and l.allocation_month = p.allocation_month`;
}

/** loanPaymentsUpdateSql for payments in hand, in one statement (several on one loan add up). */
export async function applyLoanPayments(db: DbOrTx, companyId: string, payments: readonly LoanPaymentPosted[]): Promise<void> {
  if (payments.length === 0) return;
  const json = JSON.stringify(payments.map((p) => ({ loan_id: p.loanId, allocation_month: p.allocationMonth, amount_minor: p.amountMinor })));
  await db.execute(
    loanPaymentsUpdateSql(
      companyId,
      sql`(select r.loan_id, r.allocation_month, sum(r.amount_minor) as paid
           from jsonb_to_recordset(${json}::jsonb) as r(loan_id text, allocation_month text, amount_minor bigint)
           group by r.loan_id, r.allocation_month)`,
    ),
  );
}

/**
 * What a payment link amount can be read from, for one loan of one month (issue 15 bulk links'
 * per-loan amount rules): its dues (`total_claim_amount_minor`, lowered by posted payments), its
 * expected EMI, and its latest PTP on the timeline (amount in minor units, promised date
 * YYYY-MM-DD, when it was recorded, broken or not). Null when the loan is not in that month.
 * Whether the PTP is still open (not paid since) is the payments area's to decide.
 */
export interface LoanAmountBasis {
  duesMinor: number | null;
  emiMinor: number | null;
  lastPtp: { amountMinor: number | null; date: string | null; recordedAt: Date; broken: boolean } | null;
}

/** LoanAmountBasis of `loanId` in `allocationMonth`, in one statement. */
export async function loanAmountBasis(db: DbOrTx, companyId: string, allocationMonth: string, loanId: string): Promise<LoanAmountBasis | null> {
  const [row] = await db
    .select({
      dues: loans.totalClaimAmountMinor,
      emi: loans.expectedEmiMinor,
      ptpAmount: sql<string | null>`p.details ->> 'ptp_amount_minor'`,
      ptpAmountMajor: sql<string | null>`p.details ->> 'ptp_amount'`,
      ptpDate: sql<string | null>`p.details ->> 'ptp_date'`,
      ptpBroken: sql<string | null>`p.details ->> 'broken'`,
      ptpAt: sql<string | null>`p.created_at`,
    })
    .from(loans)
    .leftJoin(
      sql`lateral (select e.details, e.created_at from ${loanEvents} e where e.company_id = ${companyId} and e.loan_id = ${loanId} and e.kind = 'ptp' order by e.created_at desc limit 1) p`,
      sql`true`,
    )
    .where(and(eq(loans.companyId, companyId), eq(loans.allocationMonth, allocationMonth), eq(loans.loanId, loanId)));
  if (!row) return null;
  const num = (v: string | number | null) => (v === null || v === '' ? null : Number(v));
  const ptpMinor = num(row.ptpAmount) ?? (num(row.ptpAmountMajor) === null ? null : Math.round(Number(row.ptpAmountMajor) * 100));
  return {
    duesMinor: num(row.dues),
    emiMinor: num(row.emi),
    lastPtp: row.ptpAt === null ? null : { amountMinor: ptpMinor, date: row.ptpDate, recordedAt: new Date(row.ptpAt), broken: row.ptpBroken === 'true' },
  };
}
