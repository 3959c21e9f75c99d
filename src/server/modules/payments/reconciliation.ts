/**
 * Reconciliation (issue 15): the one way a payment reaches a loan. Every source — gateway webhooks,
 * field receipts after deposit, offline uploads, repossession proceeds, mandate debits — calls
 * `recordPayment` (one payment, with its timeline entry) or `reconcileBatch` (many, set-based: one
 * SQL statement however many rows). A payment posts once per (source, source_ref); one whose loan
 * is unknown, whose amount differs from what was expected, that succeeded after a failure of the
 * same payment, or that arrived on a closed link is queued in payment_exceptions instead.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ExpectedFrom, PaymentExceptionReason, PaymentSource, ReconcileBatchResult, RecordPaymentResult } from '../../../domain/contracts/payments/exceptions';
import { formatMinor } from '../../../domain/common/money';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf, safeInteger } from '../../db/sql-helpers';
import { companySettings } from '../companies/queries';
import { addLoanEvents, applyLoanPayments, latestLoanMonth, latestLoanMonthSql, loanEventInsertSql, loanPaymentsUpdateSql } from '../portfolio/queries';
import type { LoanEventInput } from '../portfolio/queries';
import { loanPayments, paymentExceptions } from './schema';
import { queueOutgoingEvents, type OutgoingEvent } from './outgoing-webhooks';

/** What was expected of a payment. `atMost`: any amount up to it is fine (a partial-payment link's remainder). */
export interface Expectation {
  amountMinor: number;
  from: ExpectedFrom;
  atMost?: boolean;
}

/** One payment to record. Amounts in minor units (paise, sen). */
export interface PaymentInput {
  companyId: string;
  source: PaymentSource;
  /** The source's own id of this payment (gateway payment id, receipt id, upload row key): the same again posts nothing. */
  sourceRef: string;
  /** The loan it names; null when it names none (a gateway payment for a link we never made). */
  loanId: string | null;
  /** The month to post to; absent: the loan's latest allocation month. */
  allocationMonth?: string;
  amountMinor: number;
  paidAt: Date;
  /** 'upi' | 'cash' | 'cheque' | 'neft' | … */
  channel: string;
  /** A human reference (UTR, receipt number); defaults to `source:source_ref`. */
  reference?: string | null;
  expected?: Expectation | null;
  /** The gateway link it was paid on, if any. */
  linkId?: string | null;
  /** The same payment was reported failed before (a late success). */
  failedBefore?: boolean;
  /** The link was cancelled or had expired when the payment arrived. */
  linkClosed?: boolean;
  /** Extra facts kept with an exception and on the timeline entry. */
  details?: Record<string, unknown>;
  /** Who recorded it (null for webhooks and jobs). */
  actorId?: string | null;
  /**
   * Whether (source, source_ref) was posted or queued before, when the caller already asked in its
   * own statement (`seenBeforeSql`, to save a round trip); absent: recordPayment asks.
   */
  seen?: boolean;
  /**
   * The caller lowers the loan's dues itself in the last statement of its transaction
   * (portfolio's loanPaymentsUpdateSql), so the loan's rows stay locked only until its commit (the
   * gateway webhook); absent: posting lowers them at once.
   */
  deferDues?: boolean;
}

/** Why `p` cannot post silently, or null when it can (first matching reason wins). */
export function exceptionReason(p: Pick<PaymentInput, 'amountMinor' | 'expected' | 'failedBefore' | 'linkClosed'>, loanKnown: boolean): PaymentExceptionReason | null {
  if (!loanKnown) return 'unknown_loan';
  if (p.failedBefore) return 'late_success_after_failure';
  if (p.linkClosed) return 'link_closed';
  const e = p.expected;
  if (e && (e.atMost ? p.amountMinor > e.amountMinor : p.amountMinor !== e.amountMinor)) return 'amount_mismatch';
  return null;
}

/**
 * A boolean SQL expression: whether (source, source_ref) was already posted or queued. A caller
 * may fold it into a statement it runs anyway and pass the answer as `PaymentInput.seen`.
 * `sourceRef`: a value, or an SQL expression over the caller's own rows (a batch asks for many).
 */
export function seenBeforeSql(companyId: string, source: PaymentSource, sourceRef: string | SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${loanPayments} where company_id = ${companyId} and source = ${source} and source_ref = ${sourceRef})
    or exists (select 1 from ${paymentExceptions} where company_id = ${companyId} and source = ${source} and source_ref = ${sourceRef}))`;
}

/** Whether (source, source_ref) was already posted or queued. */
async function seenBefore(db: DbOrTx, companyId: string, source: PaymentSource, sourceRef: string): Promise<boolean> {
  const [row] = rowsOf<{ hit: boolean }>(await db.execute(sql`select ${seenBeforeSql(companyId, source, sourceRef)} as hit`));
  return Boolean(row?.hit);
}

/**
 * Posts one payment to its loan (loan_payments + a timeline entry), or queues it in the exceptions
 * queue, in `db` (pass the caller's transaction so the payment commits with the caller's own rows).
 * Never throws for a payment it cannot post: that is what the queue is for.
 * @returns posted (payment_id), exception (exception_id, reason) or duplicate (nothing changed)
 */
export async function recordPayment(db: DbOrTx, p: PaymentInput): Promise<RecordPaymentResult> {
  if (p.seen ?? (await seenBefore(db, p.companyId, p.source, p.sourceRef))) return { outcome: 'duplicate', payment_id: null, exception_id: null, reason: null };
  const month = p.loanId === null ? null : (p.allocationMonth ?? (await latestLoanMonth(db, p.companyId, p.loanId)));
  const reason = exceptionReason(p, month !== null);
  const reference = p.reference ?? `${p.source}:${p.sourceRef}`;
  if (reason) {
    const [queued] = await db
      .insert(paymentExceptions)
      .values({
        companyId: p.companyId,
        source: p.source,
        sourceRef: p.sourceRef,
        reason,
        loanId: p.loanId,
        allocationMonth: month,
        amountMinor: p.amountMinor,
        expectedMinor: p.expected?.amountMinor ?? null,
        expectedFrom: p.expected?.from ?? null,
        paidAt: p.paidAt,
        channel: p.channel,
        reference,
        linkId: p.linkId ?? null,
        details: p.details ?? {},
      })
      .onConflictDoNothing()
      .returning({ id: paymentExceptions.exceptionId });
    return queued ? { outcome: 'exception', payment_id: null, exception_id: queued.id, reason } : { outcome: 'duplicate', payment_id: null, exception_id: null, reason: null };
  }
  const paymentId = await postToLoan(db, { ...p, loanId: p.loanId!, allocationMonth: month!, reference });
  return paymentId ? { outcome: 'posted', payment_id: paymentId, exception_id: null, reason: null } : { outcome: 'duplicate', payment_id: null, exception_id: null, reason: null };
}

/**
 * Writes the loan_payments row, the loan's timeline entry and the `payment.posted` outgoing
 * webhook deliveries (sent after commit by the delivery job or its sweep), and lowers the loan's dues
 * (portfolio's applyLoanPayments: total claim amount, recovery_status); null when (source, source_ref) was
 * posted meanwhile. Also used when a person posts an exception.
 */
export async function postToLoan(db: DbOrTx, p: PaymentInput & { loanId: string; allocationMonth: string; reference: string }): Promise<string | null> {
  const paymentId = randomUUID();
  const [row] = await db
    .insert(loanPayments)
    .values({ paymentId, companyId: p.companyId, loanId: p.loanId, allocationMonth: p.allocationMonth, amountMinor: p.amountMinor, paidAt: p.paidAt, channel: p.channel, reference: p.reference, source: p.source, sourceRef: p.sourceRef })
    .onConflictDoNothing()
    .returning({ paymentId: loanPayments.paymentId });
  if (!row) return null;
  const currency = (await companySettings(db, p.companyId))?.currency ?? 'INR';
  await addLoanEvents(db, [timelineEntry(p, paymentId, currency)]);
  await queueOutgoingEvents(db, p.companyId, [paymentPostedEvent(p, paymentId, currency)], p.paidAt);
  // Last, so a loan paid by many at once is locked for the shortest time.
  if (!p.deferDues) await applyLoanPayments(db, p.companyId, [{ loanId: p.loanId, allocationMonth: p.allocationMonth, amountMinor: p.amountMinor }]);
  return paymentId;
}

/** A posted payment's timeline entry ("₹1,234.56 paid online (cashfree, upi)"). */
function timelineEntry(p: PaymentInput & { loanId: string; allocationMonth: string }, paymentId: string, currency: string): LoanEventInput {
  const vendor = typeof p.details?.pg_vendor === 'string' ? `${p.details.pg_vendor}, ` : '';
  const how = p.source === 'online' ? 'online' : `by ${p.source.replace('_', ' ')}`;
  return {
    companyId: p.companyId,
    loanId: p.loanId,
    allocationMonth: p.allocationMonth,
    kind: 'payment',
    module: 'payments',
    remark: `${formatMinor(p.amountMinor, currency === 'IDR' ? 'IDR' : 'INR')} paid ${how} (${vendor}${p.channel})`,
    details: { ...p.details, source: p.source, source_ref: p.sourceRef, amount_minor: p.amountMinor, channel: p.channel, payment_id: paymentId },
    authorId: p.actorId ?? null,
    createdAt: p.paidAt,
  };
}

/** The `payment.posted` outgoing webhook event of a posted payment (amounts in minor units). */
export function paymentPostedEvent(p: PaymentInput & { loanId: string; allocationMonth: string; reference: string }, paymentId: string, currency: string): OutgoingEvent {
  const d = p.details ?? {};
  return {
    type: 'payment.posted',
    data: { payment_id: paymentId, loan_id: p.loanId, allocation_month: p.allocationMonth, amount_minor: p.amountMinor, currency, paid_at: p.paidAt.toISOString(), channel: p.channel, source: p.source, reference: p.reference, pg_vendor: d.pg_vendor ?? null, link_id: p.linkId ?? d.link_id ?? null, gateway_payment_id: d.gateway_payment_id ?? null },
  };
}

/**
 * postToLoan as two CTEs to fold into the caller's own statement (the gateway webhook: one round
 * trip for payment, timeline, link and dues): `lp` — the loan_payments row (payment_id, loan_id,
 * allocation_month, amount_minor), empty when (source, source_ref) was posted meanwhile (the unique
 * index keeps it once) — and `lp_event`, its timeline entry, written only with it. The caller
 * lowers the dues from `lp` (portfolio's loanPaymentsUpdateSql). `currency`: the company's, asked
 * in an earlier statement (companies' companyCurrencySql).
 */
export function postToLoanCtes(p: PaymentInput & { loanId: string; allocationMonth: string; reference: string }, paymentId: string, currency: string): SQL {
  return sql`lp as (
      insert into ${loanPayments} (payment_id, company_id, loan_id, allocation_month, amount_minor, paid_at, channel, reference, source, source_ref)
      values (${paymentId}, ${p.companyId}, ${p.loanId}, ${p.allocationMonth}, ${p.amountMinor}, ${p.paidAt.toISOString()}::timestamptz, ${p.channel}, ${p.reference}, ${p.source}, ${p.sourceRef})
      on conflict do nothing
      returning payment_id, loan_id, allocation_month, amount_minor
    ), lp_event as (${loanEventInsertSql(timelineEntry(p, paymentId, currency), sql`exists (select 1 from lp)`)})`;
}

/** One row of a batch (as the batch endpoint takes it). */
export interface BatchPayment {
  source_ref: string;
  loan_id: string;
  amount_minor: number;
  expected_minor?: number | null;
  expected_from?: ExpectedFrom | null;
  paid_at: string;
  channel: string;
  reference?: string | null;
}

/**
 * Reconciles many payments of one source in ONE statement (set-based, no per-row loop): the rows
 * travel as one JSON parameter; each row's loan is looked up through portfolio's index; rows seen
 * before (posted or queued) or repeated in the batch are duplicates; the rest post or are queued
 * (unknown_loan, amount_mismatch against `expected_minor`); the paid loans' dues and recovery_status
 * follow in the same statement. Batch payments get no timeline entry
 * each (the loan's payments tab lists them); a single `recordPayment` does.
 * @returns counts, and the posted total in minor units
 */
export async function reconcileBatch(db: DbOrTx, companyId: string, source: PaymentSource, rows: readonly BatchPayment[]): Promise<ReconcileBatchResult> {
  if (rows.length === 0) return { received: 0, posted: 0, exceptions: 0, duplicates: 0, posted_minor: 0 };
  const json = JSON.stringify(rows.map((r) => ({ ...r, expected_minor: r.expected_minor ?? null, expected_from: r.expected_from ?? (r.expected_minor ? 'stated' : null), reference: r.reference ?? null })));
  const result = await db.execute(sql`
    with input as (
      select distinct on (r.source_ref) r.*
      from jsonb_to_recordset(${json}::jsonb) as r(source_ref text, loan_id text, amount_minor bigint, expected_minor bigint, expected_from text, paid_at timestamptz, channel text, reference text)
      order by r.source_ref
    ),
    fresh as (
      select i.*, ${latestLoanMonthSql(companyId, sql`i.loan_id`)} as allocation_month
      from input i
      where not exists (select 1 from ${loanPayments} lp where lp.company_id = ${companyId} and lp.source = ${source} and lp.source_ref = i.source_ref)
        and not exists (select 1 from ${paymentExceptions} pe where pe.company_id = ${companyId} and pe.source = ${source} and pe.source_ref = i.source_ref)
    ),
    judged as (
      select f.*, case when f.allocation_month is null then 'unknown_loan'
                       when f.expected_minor is not null and f.expected_minor <> f.amount_minor then 'amount_mismatch' end as reason
      from fresh f
    ),
    posted as (
      insert into ${loanPayments} (company_id, loan_id, allocation_month, amount_minor, paid_at, channel, reference, source, source_ref)
      select ${companyId}, j.loan_id, j.allocation_month, j.amount_minor, j.paid_at, j.channel, coalesce(j.reference, ${source} || ':' || j.source_ref), ${source}, j.source_ref
      from judged j where j.reason is null
      on conflict do nothing
      returning loan_id, allocation_month, amount_minor
    ),
    dues as (${loanPaymentsUpdateSql(companyId, sql`(select loan_id, allocation_month, sum(amount_minor) as paid from posted group by loan_id, allocation_month)`)}),
    queued as (
      insert into ${paymentExceptions} (company_id, source, source_ref, reason, loan_id, allocation_month, amount_minor, expected_minor, expected_from, paid_at, channel, reference)
      select ${companyId}, ${source}, j.source_ref, j.reason, j.loan_id, j.allocation_month, j.amount_minor, j.expected_minor, j.expected_from, j.paid_at, j.channel, coalesce(j.reference, ${source} || ':' || j.source_ref)
      from judged j where j.reason is not null
      on conflict do nothing
      returning 1
    )
    select (select count(*) from posted) as posted, (select count(*) from queued) as exceptions, (select sum(amount_minor) from posted) as posted_minor`);
  const [r] = rowsOf<{ posted: unknown; exceptions: unknown; posted_minor: unknown }>(result);
  const posted = safeInteger(r.posted);
  const exceptions = safeInteger(r.exceptions);
  return { received: rows.length, posted, exceptions, duplicates: rows.length - posted - exceptions, posted_minor: r.posted_minor === null ? 0 : safeInteger(r.posted_minor) };
}

/** Whether the exception row exists in the company (for callers that only hold an id). */
export async function exceptionExists(db: DbOrTx, companyId: string, exceptionId: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentExceptions.exceptionId }).from(paymentExceptions).where(and(eq(paymentExceptions.companyId, companyId), eq(paymentExceptions.exceptionId, exceptionId)));
  return Boolean(row);
}
