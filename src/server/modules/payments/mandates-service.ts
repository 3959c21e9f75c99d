/**
 * eNACH / UPI Autopay mandates (issue 15 "Collecting"): registered on the company's gateway through
 * its mandate adapter (Cashfree Subscriptions), authorised by the borrower on the gateway's page
 * (or the local sandbox's), followed through the gateway's status webhooks; a debit is presented
 * on each due date (`presentDueDebits`, run by the area's scheduler, or by hand), posts once through
 * reconciliation's `recordPayment` (source `mandate`, keyed by our debit id) when the gateway says
 * SUCCESS, and a bounce is recorded with the bank's reason and may be presented again (at most
 * MAX_DEBIT_ATTEMPTS per due date). Due dates are calendar days in India (Asia/Kolkata): NACH and
 * UPI Autopay are Indian rails.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { COUNTRY_TIME_ZONES, localDay } from '../../../domain/common/dates';
import { formatMinor } from '../../../domain/common/money';
import type { CreateMandateBody, MandateDebitRecord, MandateRecord, MandatesPage, MandateStatus, PresentDebitBody } from '../../../domain/contracts/payments/mandates';
import { MANDATE_FINAL_STATUSES, MAX_DEBIT_ATTEMPTS } from '../../../domain/contracts/payments/mandates';
import { settingsSectionOf } from './settings-sections-service';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { addLoanEvents, loanContactFacts } from '../portfolio/queries';
import { GATEWAYS, sendToVendor } from './gateways';
import type { MandateAdapter, OutboundRequest, PgVendor } from './gateways/types';
import type { PaymentMandateDebitRow, PaymentMandateRow } from './schema';
import { paymentMandateDebits, paymentMandates } from './schema';
import { credentialsOf } from './settings-service';

/** Sends a built vendor request and answers the vendor's JSON (the live transport, or a test's). */
export type MandateTransport = (vendor: PgVendor, request: OutboundRequest) => Promise<Record<string, unknown>>;

/** The live transport. @throws AppError 502 when the vendor refuses */
export const liveMandateTransport: MandateTransport = async (vendor, request) => {
  const json = await sendToVendor(vendor, request);
  if (!json) throw new AppError(502, 'The payment gateway refused the mandate request');
  return json;
};

export interface MandateContext {
  config: Pick<AppConfig, 'paymentCredentialsKey' | 'production' | 'paymentSandbox'>;
  /** The server's public origin, for the return and sandbox URLs. */
  origin: string;
  transport: MandateTransport;
  now: Date;
}

/** The calendar day 'YYYY-MM-DD' in India at `now`. */
export function indiaDay(now: Date): string {
  return localDay(now, COUNTRY_TIME_ZONES.INDIA.offsetMinutes);
}

/** 'YYYY-MM-DD' of `day` in the month `months` after the month of `ymd`. */
function dayOfMonth(ymd: string, months: number, day: number): string {
  const [y, m] = ymd.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + months, day));
  return d.toISOString().slice(0, 10);
}

/** The due date of the cycle `today` falls in: this month's debit day when reached, else last month's. */
export function currentDueDate(debitDay: number, today: string): string {
  return Number(today.slice(8, 10)) >= debitDay ? dayOfMonth(today, 0, debitDay) : dayOfMonth(today, -1, debitDay);
}

/** The first debit day strictly after `today`. */
export function nextDebitDay(debitDay: number, today: string): string {
  return Number(today.slice(8, 10)) < debitDay ? dayOfMonth(today, 0, debitDay) : dayOfMonth(today, 1, debitDay);
}

const isFinal = (s: MandateStatus) => MANDATE_FINAL_STATUSES.includes(s);

function adapterOf(vendor: PgVendor): MandateAdapter {
  const a = GATEWAYS[vendor].mandates;
  if (!a) throw badRequest(`Mandates are not offered through ${vendor}`);
  return a;
}

function debitRecord(d: PaymentMandateDebitRow): MandateDebitRecord {
  return {
    debit_id: d.debitId,
    mandate_id: d.mandateId,
    loan_id: d.loanId,
    due_date: d.dueDate,
    amount_minor: d.amountMinor,
    attempt: d.attempt,
    status: d.status,
    failure_reason: d.failureReason,
    payment_id: d.paymentId,
    presented_at: d.presentedAt.toISOString(),
    settled_at: d.settledAt?.toISOString() ?? null,
  };
}

/** The next due date not yet presented, or null when nothing more will be (final, or past expiry). */
function nextDue(m: PaymentMandateRow, debits: PaymentMandateDebitRow[], now: Date): string | null {
  if (isFinal(m.status)) return null;
  const today = indiaDay(now);
  const current = currentDueDate(m.debitDay, today);
  const presented = new Set(debits.map((d) => d.dueDate));
  let next = current >= m.firstDebitDate && !presented.has(current) ? current : nextDebitDay(m.debitDay, today);
  if (next < m.firstDebitDate) next = m.firstDebitDate;
  return next > indiaDay(m.expiresAt) ? null : next;
}

function mandateRecord(m: PaymentMandateRow, debits: PaymentMandateDebitRow[], now: Date): MandateRecord {
  return {
    mandate_id: m.mandateId,
    loan_id: m.loanId,
    allocation_month: m.allocationMonth,
    pg_vendor: m.pgVendor,
    mode: m.mode,
    status: m.status,
    emi_minor: m.emiMinor,
    max_minor: m.maxMinor,
    debit_day: m.debitDay,
    first_debit_date: m.firstDebitDate,
    next_debit_date: nextDue(m, debits, now),
    expires_at: m.expiresAt.toISOString(),
    auth_url: m.status === 'INITIALIZED' ? m.authUrl : null,
    auth_failure: m.authFailure,
    created_at: m.createdAt.toISOString(),
    created_by: m.createdBy,
    debits: debits.map(debitRecord),
  };
}

/** Mandates with their newest 24 debits each, as records. */
async function records(db: DbOrTx, rows: PaymentMandateRow[], now: Date): Promise<MandateRecord[]> {
  if (rows.length === 0) return [];
  const debits = await db
    .select()
    .from(paymentMandateDebits)
    .where(inArray(paymentMandateDebits.mandateId, rows.map((r) => r.mandateId)))
    .orderBy(desc(paymentMandateDebits.dueDate), desc(paymentMandateDebits.attempt));
  const by = new Map<string, PaymentMandateDebitRow[]>();
  for (const d of debits) {
    const list = by.get(d.mandateId) ?? [];
    if (list.length < 24) list.push(d);
    by.set(d.mandateId, list);
  }
  return rows.map((r) => mandateRecord(r, by.get(r.mandateId) ?? [], now));
}

async function mandateRow(db: DbOrTx, companyId: string, mandateId: string, lock = false): Promise<PaymentMandateRow> {
  const q = db.select().from(paymentMandates).where(and(eq(paymentMandates.companyId, companyId), eq(paymentMandates.mandateId, mandateId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Mandate not found');
  return row;
}

/**
 * Registers a mandate for a loan's EMI on the company's gateway (with the sandbox on, its page is
 * the sandbox's) and notes it on the loan's timeline.
 * @throws AppError 404 'Loan not found'; 400 gateway not configured; 409 a mandate already in force; 502 the vendor refused
 */
export async function createMandate(tx: DbOrTx, ctx: MandateContext, companyId: string, userId: string, body: CreateMandateBody): Promise<MandateRecord> {
  const vendor = body.pg_vendor ?? 'cashfree';
  const adapter = adapterOf(vendor);
  const creds = await credentialsOf(tx, ctx.config, companyId, vendor);
  if (!creds) throw badRequest(`Payment gateway ${vendor} is not configured`);
  const loan = await loanContactFacts(tx, companyId, body.loan_id);
  if (!loan) throw notFound('Loan not found');
  const inForce = await tx
    .select({ id: paymentMandates.mandateId })
    .from(paymentMandates)
    .where(and(eq(paymentMandates.companyId, companyId), eq(paymentMandates.loanId, loan.loanId), notInArray(paymentMandates.status, [...MANDATE_FINAL_STATUSES])))
    .for('update');
  if (inForce.length > 0) throw conflict('This loan already has a mandate in force');
  const today = indiaDay(ctx.now);
  const first = body.first_debit_date ?? nextDebitDay(body.debit_day, today);
  if (first <= today) throw badRequest('The first debit date must be after today');
  if (Number(first.slice(8, 10)) !== body.debit_day) throw badRequest('The first debit date must fall on the debit day');
  const tenure = body.tenure_months ?? 12;
  const expiresAt = new Date(`${dayOfMonth(first, tenure, body.debit_day)}T23:59:59+05:30`);
  const mandateId = `md_${randomBytes(12).toString('hex')}`;
  const mode = body.mode ?? 'enach';
  const maxMinor = body.max_minor ?? body.emi_minor;
  const phone = loan.contacts.find((c) => c.role === 'borrower' && c.kind === 'phone')?.value ?? '';
  const email = loan.contacts.find((c) => c.role === 'borrower' && c.kind === 'email')?.value ?? '';
  const request = adapter.createRequest(creds, {
    mandateId,
    mode,
    emiMinor: body.emi_minor,
    maxMinor,
    customer: { name: `Loan ${loan.loanId}`, phone, email },
    firstDebitDate: first,
    expiresAt,
    returnUrl: `${ctx.origin}/payment/return/${mandateId}`,
    notes: { loan_id: loan.loanId, allocation_month: loan.allocationMonth },
  });
  let authUrl: string | null = `${ctx.origin}/api/payment/sandbox/mandates/${mandateId}`;
  let gatewayRef: string | null = null;
  if (!ctx.config.paymentSandbox) {
    const answer = await ctx.transport(vendor, request);
    // Cashfree answers a session id its checkout opens with; a hosted link when the account has one.
    gatewayRef = [answer.cf_subscription_id, answer.subscription_session_id].filter((x) => typeof x === 'string' || typeof x === 'number').join(' ') || null;
    const link = (answer.authorization_details as { authorization_link?: unknown } | undefined)?.authorization_link ?? answer.subscription_link;
    authUrl = typeof link === 'string' ? link : null;
  }
  const [row] = await tx
    .insert(paymentMandates)
    .values({
      mandateId,
      companyId,
      loanId: loan.loanId,
      allocationMonth: loan.allocationMonth,
      pgVendor: vendor,
      mode,
      status: 'INITIALIZED',
      statusAt: ctx.now,
      emiMinor: body.emi_minor,
      maxMinor,
      debitDay: body.debit_day,
      firstDebitDate: first,
      expiresAt,
      authUrl,
      gatewayRef,
      createdBy: userId,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  await addLoanEvents(tx, [
    {
      companyId,
      loanId: loan.loanId,
      allocationMonth: loan.allocationMonth,
      kind: 'payment',
      module: 'payments',
      remark: `Mandate (${mode === 'enach' ? 'eNACH' : 'UPI Autopay'}) set up: EMI ${formatMinor(body.emi_minor, 'INR')} on day ${body.debit_day}, first ${first}`,
      details: { mandate_id: mandateId, mode, emi_minor: body.emi_minor, debit_day: body.debit_day },
      authorId: userId,
      createdAt: ctx.now,
    },
  ]);
  return mandateRecord(row, [], ctx.now);
}

/** One mandate of the company with its debits. @throws AppError 404 */
export async function getMandate(db: DbOrTx, companyId: string, mandateId: string, now: Date): Promise<MandateRecord> {
  return (await records(db, [await mandateRow(db, companyId, mandateId)], now))[0];
}

/** The company's mandates, newest first. */
export async function listMandates(db: DbOrTx, companyId: string, q: { loan_id?: string; status?: MandateStatus; page_number: number; page_size: number }, now: Date): Promise<MandatesPage> {
  const where = and(eq(paymentMandates.companyId, companyId), q.loan_id ? eq(paymentMandates.loanId, q.loan_id) : undefined, q.status ? eq(paymentMandates.status, q.status) : undefined);
  const rows = await db
    .select()
    .from(paymentMandates)
    .where(where)
    .orderBy(desc(paymentMandates.createdAt), desc(paymentMandates.mandateId))
    .limit(q.page_size)
    .offset((q.page_number - 1) * q.page_size);
  const [{ total }] = await db.select({ total: count() }).from(paymentMandates).where(where);
  return { mandates: await records(db, rows, now), total, page_number: q.page_number, page_size: q.page_size };
}

/** Cancels a mandate on the gateway and here. @throws AppError 404; 409 'This mandate is already …' */
export async function cancelMandate(tx: DbOrTx, ctx: MandateContext, companyId: string, userId: string, mandateId: string): Promise<MandateRecord> {
  const m = await mandateRow(tx, companyId, mandateId, true);
  if (isFinal(m.status)) throw conflict(`This mandate is already ${m.status.toLowerCase().replace('_', ' ')}`);
  if (!ctx.config.paymentSandbox) {
    const creds = await credentialsOf(tx, ctx.config, companyId, m.pgVendor);
    if (creds) await ctx.transport(m.pgVendor, adapterOf(m.pgVendor).cancelRequest(creds, mandateId));
  }
  const [row] = await tx.update(paymentMandates).set({ status: 'CANCELLED', statusAt: ctx.now, updatedAt: ctx.now }).where(eq(paymentMandates.mandateId, mandateId)).returning();
  await tx.update(paymentMandateDebits).set({ status: 'CANCELLED', settledAt: ctx.now }).where(and(eq(paymentMandateDebits.mandateId, mandateId), eq(paymentMandateDebits.status, 'PENDING')));
  await addLoanEvents(tx, [{ companyId, loanId: m.loanId, allocationMonth: m.allocationMonth, kind: 'payment', module: 'payments', remark: 'Mandate cancelled', details: { mandate_id: mandateId }, authorId: userId, createdAt: ctx.now }]);
  return (await records(tx, [row], ctx.now))[0];
}

/**
 * Presents one debit (attempt `attempt` of `dueDate`) on an ACTIVE mandate: the row first (its
 * unique (mandate, due date, attempt) makes a second presenter a no-op), then the vendor's charge
 * call (none with the sandbox on: the sandbox's page settles it). Null when already presented.
 */
async function present(tx: DbOrTx, ctx: MandateContext, m: PaymentMandateRow, dueDate: string, attempt: number, amountMinor: number): Promise<PaymentMandateDebitRow | null> {
  const debitId = `mdd_${randomBytes(12).toString('hex')}`;
  const [row] = await tx
    .insert(paymentMandateDebits)
    .values({ debitId, companyId: m.companyId, mandateId: m.mandateId, loanId: m.loanId, dueDate, attempt, amountMinor, presentedAt: ctx.now })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (!ctx.config.paymentSandbox) {
    const creds = await credentialsOf(tx, ctx.config, m.companyId, m.pgVendor);
    if (!creds) throw conflict('The gateway is no longer configured');
    await ctx.transport(m.pgVendor, adapterOf(m.pgVendor).chargeRequest(creds, { mandateId: m.mandateId, debitId, amountMinor, dueDate }));
  }
  return row;
}

/**
 * Presents a debit now (default: the EMI, due today in India).
 * @throws AppError 404; 409 not ACTIVE / already presented / above the mandate's maximum
 */
export async function presentDebit(tx: DbOrTx, ctx: MandateContext, companyId: string, mandateId: string, body: PresentDebitBody): Promise<MandateDebitRecord> {
  const m = await mandateRow(tx, companyId, mandateId, true);
  if (m.status !== 'ACTIVE') throw conflict('Only an active mandate can be debited');
  const amount = body.amount_minor ?? m.emiMinor;
  if (amount > m.maxMinor) throw conflict(`More than the mandate's maximum of ${formatMinor(m.maxMinor, 'INR')}`);
  const row = await present(tx, ctx, m, body.due_date ?? indiaDay(ctx.now), 1, amount);
  if (!row) throw conflict('This due date was already presented');
  return debitRecord(row);
}

/** Presents a bounced debit again. @throws AppError 404; 409 when not the latest FAILED attempt or attempts are used up */
export async function retryDebit(tx: DbOrTx, ctx: MandateContext, companyId: string, mandateId: string, debitId: string): Promise<MandateDebitRecord> {
  const m = await mandateRow(tx, companyId, mandateId, true);
  const [d] = await tx.select().from(paymentMandateDebits).where(and(eq(paymentMandateDebits.mandateId, mandateId), eq(paymentMandateDebits.debitId, debitId)));
  if (!d) throw notFound('Debit not found');
  if (m.status !== 'ACTIVE') throw conflict('Only an active mandate can be debited');
  if (d.status !== 'FAILED') throw conflict('Only a bounced debit can be presented again');
  // The lender may allow fewer attempts (spec 3 recurring_payments), never more than ours.
  const attempts = Math.min(MAX_DEBIT_ATTEMPTS, (await settingsSectionOf(tx, companyId, 'recurring_payments')).max_attempts);
  if (d.attempt >= attempts) throw conflict(`A due date is presented at most ${attempts} times`);
  const row = await present(tx, ctx, m, d.dueDate, d.attempt + 1, d.amountMinor);
  if (!row) throw conflict('This debit was already presented again');
  return debitRecord(row);
}

/**
 * The scheduler's pass: every ACTIVE mandate whose current cycle's due date (its debit day, in
 * India) has come, is on or after its first debit date and before expiry, and has not been
 * presented, is presented for its EMI, unless its company's recurring_payments turn auto_present off. Each mandate in its own transaction, so one vendor failure
 * stops only that one.
 * @returns how many debits were presented
 */
export async function presentDueDebits(db: Db, ctx: Omit<MandateContext, 'origin'>, onError: (err: unknown, mandateId: string) => void = () => {}): Promise<number> {
  const today = indiaDay(ctx.now);
  const due = await db
    .select()
    .from(paymentMandates)
    .where(and(eq(paymentMandates.status, 'ACTIVE'), lte(paymentMandates.firstDebitDate, today), sql`${paymentMandates.expiresAt} > ${ctx.now.toISOString()}::timestamptz`))
    .orderBy(asc(paymentMandates.mandateId));
  let presented = 0;
  // A company whose recurring_payments say auto_present 'false' presents its debits by hand only.
  const byHand = new Set<string>();
  for (const companyId of new Set(due.map((m) => m.companyId))) {
    if ((await settingsSectionOf(db, companyId, 'recurring_payments')).auto_present === 'false') byHand.add(companyId);
  }
  for (const m of due) {
    if (byHand.has(m.companyId)) continue;
    const dueDate = currentDueDate(m.debitDay, today);
    if (dueDate < m.firstDebitDate) continue;
    try {
      const row = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(paymentMandates).where(eq(paymentMandates.mandateId, m.mandateId)).for('update');
        if (locked?.status !== 'ACTIVE') return null;
        return present(tx, { ...ctx, origin: '' }, locked, dueDate, 1, locked.emiMinor);
      });
      if (row) presented += 1;
    } catch (err) {
      onError(err, m.mandateId);
    }
  }
  return presented;
}
