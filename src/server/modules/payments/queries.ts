/**
 * What other areas may use of the payments area (docs/decisions/007-area-kernel.md): a company's
 * payments as a query-builder subquery or a raw-SQL relation. Amounts in minor units (paise, sen).
 */
import { and, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { PaymentSource as Source } from '../../../domain/contracts/payments/exceptions';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loanPayments } from './schema';
import type { FastifyRequest } from 'fastify';
import { liveTransport, originOf, type LinkContext } from './links-service';

/**
 * A company's payments as a subquery `payments` (paymentId, loanId, allocationMonth, amountMinor,
 * paidAt, channel, reference), of every source or only `sources` (online recoveries want only
 * 'online'; a reader that counts field receipts itself leaves 'field_receipt' out).
 */
export function paymentsSubquery(db: DbOrTx, companyId: string, sources?: readonly Source[]) {
  return db
    .select(paymentColumns)
    .from(loanPayments)
    .where(and(eq(loanPayments.companyId, companyId), sources ? inArray(loanPayments.source, [...sources]) : undefined))
    .as('payments');
}

const paymentColumns = {
  paymentId: loanPayments.paymentId,
  loanId: loanPayments.loanId,
  allocationMonth: loanPayments.allocationMonth,
  amountMinor: loanPayments.amountMinor,
  paidAt: loanPayments.paidAt,
  channel: loanPayments.channel,
  reference: loanPayments.reference,
};

/**
 * A company's gateway ('online') payments as paymentsSubquery's columns plus `linkVisitId`: the
 * field visit the paid link was asked at (issue 15 "send payment link" from a visit), else null.
 * An online payment's source_ref is 'vendor:gateway payment id', the key of the gateway payment
 * that names its link.
 */
export function onlinePaymentsWithVisit(db: DbOrTx, companyId: string) {
  // Qualified by hand: drizzle renders a column inside sql`` unqualified, ambiguous beside g and l.
  const linkVisitId = sql<string | null>`(
    select l.origin_id from payment_gateway_payments g
    join payment_links l on l.link_id = g.link_id and l.origin_kind = 'visit'
    where g.company_id = loan_payments.company_id
      and g.pg_vendor = split_part(loan_payments.source_ref, ':', 1)
      and g.gateway_payment_id = substring(loan_payments.source_ref from position(':' in loan_payments.source_ref) + 1)
    limit 1)`.as('link_visit_id');
  return db
    .select({ ...paymentColumns, linkVisitId })
    .from(loanPayments)
    .where(and(eq(loanPayments.companyId, companyId), eq(loanPayments.source, 'online')))
    .as('payments');
}

/** A company's payments for raw SQL: `from ${paymentsRelation(companyId)} p` (payment_id, loan_id, allocation_month, amount_minor, paid_at, channel, source), of every source or only `sources`. */
export function paymentsRelation(companyId: string, sources?: readonly Source[]): SQL {
  const only = sources ? sql` and source in (${sql.join(sources.map((x) => sql`${x}`), sql`, `)})` : sql``;
  return sql`(select payment_id, loan_id, allocation_month, amount_minor, paid_at, channel, source from loan_payments where company_id = ${companyId}${only})`;
}

/** What was paid on a loan (any month) at or after `since`, in minor units (settlement instalments, issue 16). */
export async function loanPaidSince(db: DbOrTx, companyId: string, loanId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${loanPayments.amountMinor})` })
    .from(loanPayments)
    .where(and(eq(loanPayments.companyId, companyId), eq(loanPayments.loanId, loanId), gte(loanPayments.paidAt, since)));
  return Number(row?.total ?? 0);
}

/**
 * The days on which each of `loanIds` was paid something (any allocation month, any source: posted
 * payments only, exceptions never post), counted in a zone `offsetMinutes` east of UTC:
 * loan id → 'YYYY-MM-DD' days, oldest first (legal: a part payment restarts limitation, issue 17).
 */
export async function loanPaymentDays(db: DbOrTx, companyId: string, loanIds: readonly string[], offsetMinutes: number): Promise<Map<string, string[]>> {
  const days = new Map<string, string[]>();
  if (loanIds.length === 0) return days;
  const paidOn = sql<string>`to_char((${loanPayments.paidAt} at time zone 'UTC') + make_interval(mins => ${offsetMinutes}::int), 'YYYY-MM-DD')`;
  const rows = await db
    .selectDistinct({ loanId: loanPayments.loanId, day: paidOn })
    .from(loanPayments)
    .where(and(eq(loanPayments.companyId, companyId), inArray(loanPayments.loanId, [...new Set(loanIds)]), gt(loanPayments.amountMinor, 0)));
  // Sorted here: ORDER BY would repeat the day expression with new parameters, which DISTINCT refuses.
  for (const r of rows.sort((a, b) => a.day.localeCompare(b.day))) days.set(r.loanId, [...(days.get(r.loanId) ?? []), r.day]);
  return days;
}

/**
 * Reconciliation, for areas that take money (field deposits, repossession proceeds, mandate
 * debits): `recordPayment(tx, { companyId, source, sourceRef, loanId, amountMinor, paidAt, channel,
 * expected?, … })` posts once per (source, sourceRef) or queues an exception (unknown loan, amount
 * not the expected one, late success after failure, closed link); `reconcileBatch` does many in one
 * statement. Pass your request's transaction. Amounts in minor units (paise, sen).
 */
export { reconcileBatch, recordPayment } from './reconciliation';
export type { BatchPayment, Expectation, PaymentInput } from './reconciliation';
export type { PaymentSource } from '../../../domain/contracts/payments/exceptions';

/**
 * A payment link asked with another area's write (issue 15: a call's disposition, a field visit):
 * `sendPaymentLinkFrom(tx, paymentLinkContext(config, origin, now), companyId, userId, ask)`.
 * See links-service.ts sendLinkFrom: never throws for the link's own problems.
 */
export { sendLinkFrom as sendPaymentLinkFrom } from './links-service';
export type { LinkOrigin, LinkContext as PaymentLinkContext } from './links-service';

/** The context a link is made in from another area's request: the live gateway transport (the sandbox when config.paymentSandbox). */
export function paymentLinkContext(config: LinkContext['config'], req: Pick<FastifyRequest, 'protocol' | 'host'>, now: Date): LinkContext {
  return { config, origin: originOf(req), transport: liveTransport, now };
}
