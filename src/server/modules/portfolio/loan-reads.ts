/**
 * Loans as other areas read and annotate them (exposed through queries.ts; docs/decisions/007):
 * summaries masked for the caller, a selection as a subquery to join, export pages, and the
 * timeline events other areas add. Others never see the `loans` table itself, so its columns can
 * change behind these functions.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { LoanRecord } from '../../../domain/contracts/portfolio/loans';
import { insertRowsAsJson } from '../../db/sql-helpers';
import type { DbOrTx } from '../../db/client';
import type { LoanSelection } from './loan-query';
import { latestRemarkSql, selectionSql } from './loan-query';
import { loanEvents, loans } from './schema';
import type { LoanRow } from './schema';
import type { PortfolioView } from './service';
import { toLoanRecord } from './service';

/** A loan's identity in a company: its loan id and allocation month. */
export interface LoanKey {
  loanId: string;
  allocationMonth: string;
}

/** A loan as other areas act on it: keys, the columns they compute with, and the caller's masked record. */
export interface LoanSummary extends LoanKey {
  pincode: string | null;
  city: string | null;
  dpd: number | null;
  /** The allocation's dpd bucket. */
  bucket: string | null;
  /** Minor units (paise, sen). */
  totalClaimAmountMinor: number | null;
  expectedEmiMinor: number | null;
  /** Every variable's value, masked for the view's caller. */
  record: LoanRecord;
}

function summaryOf(view: PortfolioView, row: LoanRow): LoanSummary {
  return {
    loanId: row.loanId,
    allocationMonth: row.allocationMonth,
    pincode: row.pincode,
    city: row.city,
    dpd: row.dpd,
    bucket: row.allocationDpdValue,
    totalClaimAmountMinor: row.totalClaimAmountMinor,
    expectedEmiMinor: row.expectedEmiMinor,
    record: view.masker.record(toLoanRecord(row, null)),
  };
}

/** `month:loan_id`, the key of a loan in maps. */
export const loanKeyOf = (k: LoanKey) => `${k.allocationMonth}:${k.loanId}`;

/**
 * The loans of `keys` in the view's company (missing ones left out), masked for the view's caller,
 * in no particular order. One query; the keys travel as one JSON parameter (no IN list to build).
 */
export async function loanSummaries(db: DbOrTx, view: PortfolioView, keys: readonly LoanKey[]): Promise<LoanSummary[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select()
    .from(loans)
    .where(
      and(
        eq(loans.companyId, view.companyId),
        sql`(${loans.allocationMonth}, ${loans.loanId}) in (select r.m, r.l from jsonb_to_recordset(${JSON.stringify(keys.map((k) => ({ m: k.allocationMonth, l: k.loanId })))}::jsonb) as r(m text, l text))`,
      ),
    );
  return rows.map((row) => summaryOf(view, row));
}

/** One loan of the view's company in a month, masked, or null. */
export async function loanSummary(db: DbOrTx, view: PortfolioView, key: LoanKey): Promise<LoanSummary | null> {
  const [row] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.companyId, view.companyId), eq(loans.allocationMonth, key.allocationMonth), eq(loans.loanId, key.loanId)));
  return row ? summaryOf(view, row) : null;
}

/** Whether the company has the loan in that month. */
export async function loanExists(db: DbOrTx, companyId: string, key: LoanKey): Promise<boolean> {
  const [row] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), eq(loans.allocationMonth, key.allocationMonth), eq(loans.loanId, key.loanId)))
    .limit(1);
  return Boolean(row);
}

/** Whether the company has any loan in the month (an import of it updates instead of uploading). */
export async function monthHasLoans(db: DbOrTx, companyId: string, allocationMonth: string): Promise<boolean> {
  const [row] = await db.select({ id: loans.id }).from(loans).where(and(eq(loans.companyId, companyId), eq(loans.allocationMonth, allocationMonth))).limit(1);
  return Boolean(row);
}

/** The loans an import last wrote, with the file row each came from. */
export async function loansOfImport(db: DbOrTx, companyId: string, allocationMonth: string, importId: string): Promise<{ loanId: string; sourceRow: number | null }[]> {
  return db
    .select({ loanId: loans.loanId, sourceRow: loans.sourceRow })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), eq(loans.allocationMonth, allocationMonth), eq(loans.lastImportId, importId)));
}

/**
 * The loans a selection names, as a subquery `selected_loans` others may join or select from:
 * row id, loan id, month, pincode and city. `loanIds` narrows it to those loans (archived ones
 * excluded as in every list).
 */
export function selectedLoansSubquery(db: DbOrTx, selection: LoanSelection | (Pick<LoanSelection, 'companyId' | 'allocationMonth'> & { loanIds: readonly string[] })) {
  const where =
    'loanIds' in selection
      ? and(eq(loans.companyId, selection.companyId), eq(loans.allocationMonth, selection.allocationMonth), eq(loans.isArchived, false), inArray(loans.loanId, [...selection.loanIds]))
      : selectionSql(selection);
  return db.select({ id: loans.id, loanId: loans.loanId, allocationMonth: loans.allocationMonth, pincode: loans.pincode, city: loans.city }).from(loans).where(where).as('selected_loans');
}

/**
 * The loans a selection names as a relation for raw SQL: `from ${selectedLoansRelation(s)} l` with
 * columns id, loan_id, allocation_month (bulk INSERT … SELECT).
 */
export function selectedLoansRelation(selection: LoanSelection): SQL {
  return sql`(select ${loans.id} as id, ${loans.loanId} as loan_id, ${loans.allocationMonth} as allocation_month from ${loans} where ${selectionSql(selection)})`;
}

/**
 * A company's loans' DPD buckets for raw SQL: `from ${loanBucketsRelation(companyId)} b` with
 * columns loan_id, allocation_month, bucket — the loan's allocation_dpd_value when given, else its
 * dpd banded 0 / 1-30 / 31-60 / 61-90 / 91-180 / 180+, else null (payments dashboard, issue 15).
 */
export function loanBucketsRelation(companyId: string): SQL {
  return sql`(select ${loans.loanId} as loan_id, ${loans.allocationMonth} as allocation_month,
    coalesce(nullif(trim(${loans.allocationDpdValue}), ''), case when ${loans.dpd} is null then null when ${loans.dpd} <= 0 then '0'
      when ${loans.dpd} <= 30 then '1-30' when ${loans.dpd} <= 60 then '31-60' when ${loans.dpd} <= 90 then '61-90'
      when ${loans.dpd} <= 180 then '91-180' else '180+' end) as bucket
    from ${loans} where ${loans.companyId} = ${companyId})`;
}

/**
 * One page of a selection's loans for an export, in row order after row id `afterId`: each with its
 * latest remark, masked for the view's caller.
 */
export async function loanExportPage(db: DbOrTx, view: PortfolioView, selection: LoanSelection, afterId: number, limit: number): Promise<{ id: number; record: LoanRecord }[]> {
  const rows = await db
    .select({ loan: loans, remarks: latestRemarkSql })
    .from(loans)
    .where(and(selectionSql(selection), gt(loans.id, afterId)))
    .orderBy(asc(loans.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.loan.id, record: view.masker.record(toLoanRecord(r.loan, r.remarks)) }));
}

/** An event another area adds to a loan's timeline (spec 3 "remarks (shown as Activity Timeline)"). */
export interface LoanEventInput {
  companyId: string;
  loanId: string;
  allocationMonth: string | null;
  kind: 'remark' | 'call' | 'ptp' | 'payment' | 'visit' | 'status_change' | 'import' | 'allocation' | 'compliance' | 'notice' | 'approval' | 'settlement' | 'change_request' | 'repossession' | 'litigation';
  /** The module it belongs to (spec 3 final status per module): 'fos', 'calling', … */
  module: string | null;
  remark: string | null;
  details: Record<string, unknown>;
  authorId: string | null;
  createdAt?: Date;
}

/** Adds events to loans' timelines, inside the caller's transaction when given one. */
export async function addLoanEvents(db: DbOrTx, events: readonly LoanEventInput[]): Promise<void> {
  if (events.length === 0) return;
  // Many events (a campaign's batch) go as one jsonb parameter; a few as an ordinary insert.
  if (events.length > 20) await insertRowsAsJson(db, loanEvents, events.map((e) => ({ ...e })));
  else await db.insert(loanEvents).values(events.map((e) => ({ ...e })));
}

/**
 * One timeline event as an INSERT to fold into the caller's own statement (a CTE: no round trip of
 * its own), written only when `when` (a boolean SQL over the caller's CTEs) holds; `details` is
 * merged with `extraDetails` (a jsonb SQL, e.g. an id another CTE returned).
 */
export function loanEventInsertSql(e: LoanEventInput, when: SQL, extraDetails: SQL = sql`'{}'::jsonb`): SQL {
  return sql`insert into ${loanEvents} (company_id, loan_id, allocation_month, kind, module, remark, details, author_id, created_at)
    select ${e.companyId}, ${e.loanId}, ${e.allocationMonth}, ${e.kind}, ${e.module}, ${e.remark}, ${JSON.stringify(e.details)}::jsonb || ${extraDetails}, ${e.authorId}, ${(e.createdAt ?? new Date()).toISOString()}::timestamptz
    where ${when}`;
}


/**
 * Moves another area's timeline events of one loan to another loan (and its allocation month):
 * the events of `fromLoanId` of that module and kind whose `details[detailKey]` is `detailValue`.
 * An inbound call matched to several loans lands on the loan the agent picks. @returns how many moved
 */
export async function moveLoanEvents(
  db: DbOrTx,
  companyId: string,
  fromLoanId: string,
  to: { loanId: string; allocationMonth: string | null },
  match: { module: string; kind: LoanEventInput['kind']; detailKey: string; detailValue: string },
): Promise<number> {
  const moved = await db
    .update(loanEvents)
    .set({ loanId: to.loanId, allocationMonth: to.allocationMonth })
    .where(
      and(
        eq(loanEvents.companyId, companyId),
        eq(loanEvents.loanId, fromLoanId),
        eq(loanEvents.module, match.module),
        eq(loanEvents.kind, match.kind),
        sql`${loanEvents.details} ->> ${match.detailKey} = ${match.detailValue}`,
      ),
    )
    .returning({ id: loanEvents.eventId });
  return moved.length;
}

/**
 * SQL condition for another area's rows naming a loan by `allocationMonth` and `loanId` columns:
 * the company's loan exists and has a date of default on or before `lastDay` ('YYYY-MM-DD'). Lets
 * an area narrow rows by the default date (legal: a limitation that can end within a window)
 * without reading every loan.
 */
export function loanDefaultedBySql(companyId: string, allocationMonth: AnyColumn, loanId: AnyColumn, lastDay: string): SQL {
  return sql`exists (select 1 from ${loans} where ${loans.companyId} = ${companyId} and ${loans.allocationMonth} = ${allocationMonth} and ${loans.loanId} = ${loanId} and ${loans.dateOfDefault} <= ${lastDay}::date)`;
}
