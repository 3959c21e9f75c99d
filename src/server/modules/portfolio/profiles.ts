/**
 * Loan and customer profiles (spec 3 "Loan and customer profile", call details, final status per
 * module, status fields; spec 7 `/loan-details/{id}`, `/loan/call-details/{id}`,
 * `/final/status/{id}`, `/customer/profile/{id}`; spec 8 'No loan details found'; spec 9 call log
 * windows). Every loan value leaves through the caller's Masker.
 */
import { MAX_MINOR, toMinor } from '../../../domain/common/money';
import { textOrNull } from '../../db/sql-helpers';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityEvent, CustomerProfile, LoanDetails } from '../../../domain/contracts/portfolio/profiles';
import type { LoanRecord } from '../../../domain/contracts/portfolio/loans';
import type { address, callDetails, contactPerson, finalStatus, moduleStatus } from '../../../domain/contracts/portfolio/profiles.schema';
import { NO_LOAN_DETAILS_MESSAGE, PROFILE_STATUS_FIELDS } from '../../../domain/contracts/portfolio/profiles';
import { containsMarkup, REMARK_MARKUP_MESSAGE } from '../../../domain/validation/rules';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { companySettings } from '../companies/queries';
import { userNamesSubquery } from '../users/queries';
import { latestRemarkSql } from './loan-query';
import { loanEvents, loans } from './schema';
import type { PortfolioView } from './service';
import { allocationMonths, toLoanRecord } from './service';
import { rowsOf } from '../../db/sql-helpers';

type Address = z.infer<typeof address>;
type ContactPerson = z.infer<typeof contactPerson>;
type CallDetails = z.infer<typeof callDetails>;
type FinalStatus = z.infer<typeof finalStatus>;
type ModuleStatus = z.infer<typeof moduleStatus>;

/** Spec 5: remarks with markup tags are refused. */
/** Spec 9 call log windows: calls over the last week, PTPs over the last month. */
export const CALL_WINDOW_DAYS = 7;
export const PTP_WINDOW_MONTHS = 1;

/** The module a status variable belongs to: 'fos_status' → 'fos'. */
const moduleOf = (statusVariable: string) => statusVariable.replace(/_status$/, '');

/** The loan's row and its latest remark in `month`, else in the latest month holding it, or null. */
async function findLoan(db: Db, companyId: string, loanId: string, month?: string) {
  const [row] = await db
    .select({ loan: loans, remarks: latestRemarkSql })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), eq(loans.loanId, loanId), month ? eq(loans.allocationMonth, month) : undefined))
    .orderBy(desc(loans.allocationMonth))
    .limit(1);
  return row ?? null;
}

/** @throws 404 'No loan details found' (spec 8) when the company has no such loan (in that month). */
async function requireLoan(db: Db, companyId: string, loanId: string, month?: string) {
  const row = await findLoan(db, companyId, loanId, month);
  if (!row) throw notFound(NO_LOAN_DETAILS_MESSAGE);
  return row;
}

const num = (v: unknown): number | null => (typeof v === 'number' ? v : v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v));
/** A major-unit amount (a variable's value, an event's legacy field) in minor units, exactly; null when not an amount. */
const minorOrNull = (major: number | null): number | null => (major === null || Math.abs(major) > MAX_MINOR / 100 ? null : toMinor(major));

/** The address a (masked) loan record carries: address lines, city, state and pincode. */
export function addressesOf(record: LoanRecord): Address[] {
  const lines = ['address_line_1', 'address_line_2', 'address_line_3'].map((k) => textOrNull(record[k])).filter((l): l is string => l !== null);
  const city = textOrNull(record.city);
  const state = textOrNull(record.state);
  const pincode = textOrNull(record.pincode);
  if (lines.length === 0 && !city && !state && !pincode) return [];
  return [{ address_type: 'residence', lines, city, state, pincode }];
}

/** Numbered co-applicants or references of a (masked) record: `<prefix>_<n>_name` / `<prefix>_<n>_contact_number`. */
function peopleOf(record: LoanRecord, prefix: 'co_applicant' | 'reference'): ContactPerson[] {
  const out: ContactPerson[] = [];
  for (let n = 1; n <= 9; n += 1) {
    const name = textOrNull(record[`${prefix}_${n}_name`]);
    const contact = textOrNull(record[`${prefix}_${n}_contact_number`]);
    if (name || contact) out.push({ name, contact_number: contact, relation: prefix });
  }
  return out;
}

/**
 * Call details of a loan (spec 3), over spec 9's windows before `now`: calls in the last 7 days
 * (successful = connected), PTPs in the last month (broken counted apart); last_ptp is the latest
 * PTP ever recorded.
 */
export async function callDetailsOf(db: Db, companyId: string, loanId: string, now: Date = new Date()): Promise<CallDetails> {
  const ptpDate = new Date(now);
  ptpDate.setUTCMonth(ptpDate.getUTCMonth() - PTP_WINDOW_MONTHS);
  // ISO text cast in SQL: the same on node-postgres and PGlite.
  const callsSince = sql`${new Date(now.getTime() - CALL_WINDOW_DAYS * 86_400_000).toISOString()}::timestamptz`;
  const ptpSince = sql`${ptpDate.toISOString()}::timestamptz`;
  const until = sql`${now.toISOString()}::timestamptz`;
  const mine = and(eq(loanEvents.companyId, companyId), eq(loanEvents.loanId, loanId));
  const [[counts], [last]] = await Promise.all([
    db
      .select({
        total_calls: sql<number>`count(*) filter (where ${loanEvents.kind} = 'call' and ${loanEvents.createdAt} >= ${callsSince})`.mapWith(Number),
        successful_calls: sql<number>`count(*) filter (where ${loanEvents.kind} = 'call' and ${loanEvents.createdAt} >= ${callsSince} and (${loanEvents.details} ->> 'connected') = 'true')`.mapWith(Number),
        total_ptp: sql<number>`count(*) filter (where ${loanEvents.kind} = 'ptp' and ${loanEvents.createdAt} >= ${ptpSince})`.mapWith(Number),
        total_broken_ptp: sql<number>`count(*) filter (where ${loanEvents.kind} = 'ptp' and ${loanEvents.createdAt} >= ${ptpSince} and (${loanEvents.details} ->> 'broken') = 'true')`.mapWith(Number),
      })
      .from(loanEvents)
      .where(and(mine, sql`${loanEvents.createdAt} <= ${until}`)),
    db.select({ details: loanEvents.details }).from(loanEvents).where(and(mine, eq(loanEvents.kind, 'ptp'))).orderBy(desc(loanEvents.createdAt)).limit(1),
  ]);
  const lastPtp = last ? { ptp_date: String(last.details.ptp_date ?? ''), ptp_amount: num(last.details.ptp_amount), ptp_amount_minor: num(last.details.ptp_amount_minor) ?? minorOrNull(num(last.details.ptp_amount)) } : null;
  return { ...counts, last_ptp: lastPtp };
}

/** Status per module (spec 3 "Status fields per loan") from a (masked) record. */
function statusesOf(record: LoanRecord): ModuleStatus[] {
  return PROFILE_STATUS_FIELDS.map((f) => ({ module: moduleOf(f), status_name: textOrNull(record[f]) }));
}

/**
 * Final status per module (spec 3): the latest status_change event of the module, else the
 * loan's status variable; attempts = the module's events on the loan.
 */
export async function finalStatusesOf(db: Db, companyId: string, loanId: string, record: LoanRecord): Promise<FinalStatus[]> {
  const res = await db.execute<{ module: string; attempts: number; latest: string | null }>(sql`
    select module, count(*)::int as attempts,
      (array_agg(details ->> 'status_name' order by created_at desc) filter (where kind = 'status_change'))[1] as latest
    from loan_events where company_id = ${companyId} and loan_id = ${loanId} and module is not null
    group by module`);
  const byModule = new Map(rowsOf<{ module: string; attempts: number; latest: string | null }>(res).map((r) => [r.module, r]));
  return statusesOf(record).map((s) => {
    const ev = byModule.get(s.module);
    return { module: s.module, status_name: ev?.latest ?? s.status_name, attempts: Number(ev?.attempts ?? 0) };
  });
}

/**
 * GET /loan-details/{loan_id}: the loan in `month` (else the latest month holding it) with header,
 * statuses, final statuses, call details, co-applicants, references, addresses, months and field labels.
 * @throws 404 'No loan details found'.
 */
export async function loanDetails(db: Db, view: PortfolioView, loanId: string, month?: string, now: Date = new Date()): Promise<LoanDetails> {
  const row = await requireLoan(db, view.companyId, loanId, month);
  const record = view.masker.record(toLoanRecord(row.loan, row.remarks));
  const [company, monthsRows, call_details, final_status] = await Promise.all([
    companySettings(db, view.companyId),
    db.select({ m: loans.allocationMonth }).from(loans).where(and(eq(loans.companyId, view.companyId), eq(loans.loanId, loanId))).orderBy(desc(loans.allocationMonth)),
    callDetailsOf(db, view.companyId, loanId, now),
    finalStatusesOf(db, view.companyId, loanId, record),
  ]);
  return {
    loan: record,
    header: {
      name: textOrNull(record.applicant_name),
      id_label: company?.isCreditLine ? 'Customer Id' : 'Loan Id',
      id_value: record.loan_id,
      total_dues: num(record.total_claim_amount),
      total_dues_minor: minorOrNull(num(record.total_claim_amount)),
      dpd: num(record.dpd),
      bucket: textOrNull(record.allocation_dpd_value),
      currency: company?.currency === 'IDR' ? 'IDR' : 'INR',
    },
    statuses: statusesOf(record),
    final_status,
    call_details,
    co_applicants: peopleOf(record, 'co_applicant'),
    references: peopleOf(record, 'reference'),
    addresses: addressesOf(record),
    allocation_months: monthsRows.map((r) => r.m),
    fields: view.variables
      .filter((v) => v.active && record[v.variable_name] !== undefined)
      .map((v) => ({ variable_name: v.variable_name, variable_label: v.variable_label, data_type: v.data_type, variable_group: v.variable_group })),
  };
}

/** GET /loan/call-details/{loan_id}. @throws 404 'No loan details found'. */
export async function loanCallDetails(db: Db, companyId: string, loanId: string, now: Date = new Date()): Promise<CallDetails> {
  await requireLoan(db, companyId, loanId);
  return callDetailsOf(db, companyId, loanId, now);
}

/** GET /final/status/{loan_id}. @throws 404 'No loan details found'. */
export async function loanFinalStatus(db: Db, view: PortfolioView, loanId: string, month?: string): Promise<FinalStatus[]> {
  const row = await requireLoan(db, view.companyId, loanId, month);
  return finalStatusesOf(db, view.companyId, loanId, view.masker.record(toLoanRecord(row.loan, row.remarks)));
}

/**
 * GET /loan/activity/{loan_id}: the timeline (remarks, calls, PTPs, …) newest first, paged.
 * @throws 404 'No loan details found'.
 */
export async function loanActivity(db: Db, companyId: string, loanId: string, page: { page_number: number; page_size: number }): Promise<{ events: ActivityEvent[]; total: number }> {
  await requireLoan(db, companyId, loanId);
  const where = and(eq(loanEvents.companyId, companyId), eq(loanEvents.loanId, loanId));
  const authors = userNamesSubquery(db, 'authors');
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(loanEvents).where(where),
    db
      .select({ event: loanEvents, authorName: authors.name })
      .from(loanEvents)
      .leftJoin(authors, eq(authors.userId, loanEvents.authorId))
      .where(where)
      .orderBy(desc(loanEvents.createdAt), desc(loanEvents.eventId))
      .limit(page.page_size)
      .offset((page.page_number - 1) * page.page_size),
  ]);
  return { total, events: rows.map((r) => toActivityEvent(r.event, r.authorName)) };
}

function toActivityEvent(e: typeof loanEvents.$inferSelect, authorName: string | null): ActivityEvent {
  return { event_id: e.eventId, kind: e.kind, module: e.module, remark: e.remark, author_name: authorName, recording_url: recordingOf(e), created_at: e.createdAt.toISOString() };
}

/** The recording URL a call event carries in its details (the provider's RecordingUrl), if it is a web address. */
function recordingOf(e: typeof loanEvents.$inferSelect): string | null {
  const url = e.kind === 'call' ? e.details.recording_url : null;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : null;
}

/**
 * POST /loan/remarks/{loan_id}: adds a remark to the timeline (in `allocation_month`, else the
 * loan's latest month). @throws 400 REMARK_MARKUP_MESSAGE for markup (spec 5); 404 'No loan details found'.
 */
export async function addRemark(db: Db, companyId: string, author: { userId: string; name: string }, loanId: string, body: { remark: string; allocation_month?: string }): Promise<ActivityEvent> {
  if (containsMarkup(body.remark)) throw badRequest(REMARK_MARKUP_MESSAGE);
  const row = await requireLoan(db, companyId, loanId, body.allocation_month);
  const [event] = await db.insert(loanEvents).values({ companyId, loanId, allocationMonth: row.loan.allocationMonth, kind: 'remark', remark: body.remark, authorId: author.userId }).returning();
  return toActivityEvent(event, author.name);
}

/**
 * GET /customer/profile/{client_customer_id}: the customer and all their loans in `month` (else
 * the latest month in which they have loans), masked. @throws 404 'No loan details found'.
 */
export async function customerProfile(db: Db, view: PortfolioView, clientCustomerId: string, month?: string): Promise<CustomerProfile> {
  const target = month ?? (await allocationMonths(db, view.companyId)).find(Boolean);
  const pick = async (m: string | undefined) =>
    m
      ? db
          .select({ loan: loans, remarks: latestRemarkSql })
          .from(loans)
          .where(and(eq(loans.companyId, view.companyId), eq(loans.clientCustomerId, clientCustomerId), eq(loans.allocationMonth, m)))
          .orderBy(loans.loanId)
      : [];
  let rows = await pick(target);
  if (rows.length === 0 && !month) {
    const [latest] = await db
      .select({ m: loans.allocationMonth })
      .from(loans)
      .where(and(eq(loans.companyId, view.companyId), eq(loans.clientCustomerId, clientCustomerId)))
      .orderBy(desc(loans.allocationMonth))
      .limit(1);
    rows = await pick(latest?.m);
  }
  if (rows.length === 0) throw notFound(NO_LOAN_DETAILS_MESSAGE);
  const records = rows.map((r) => view.masker.record(toLoanRecord(r.loan, r.remarks)));
  const first = records[0];
  return {
    client_customer_id: clientCustomerId,
    applicant_name: textOrNull(first.applicant_name),
    applicant_contact_number: textOrNull(first.applicant_contact_number),
    email: textOrNull(first.email),
    addresses: addressesOf(first),
    loans: records,
  };
}
