/**
 * A notice's values (issue 17): the placeholders of templates.ts computed from one loan's record
 * (variable name → value, as the portfolio keeps it: amounts in major units, dates 'YYYY-MM-DD'),
 * the company, and the statute's dates (statute.ts). Pure: the server passes the loan in.
 */
import { isCalendarDay, type CalendarDay } from '../common/calendar';
import { formatMoney, type Currency } from '../common/money';
import { StatuteError, statuteDates, type NoticeKind } from './statute';
import { REQUIRED_VARIABLES, type NoticeVariable } from './templates';

/** A day as notices print it: 'DD-MM-YYYY' (the order Indian and Indonesian letters use). */
export function printedDay(day: CalendarDay): string {
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

const text = (v: unknown): string | null => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim());
const amount = (v: unknown, currency: Currency): string | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? formatMoney(n, currency) : null;
};
/** A loan record's date value as 'YYYY-MM-DD' (a date, an ISO timestamp or text), or null. */
export const day = (v: unknown): CalendarDay | null => {
  const t = text(v)?.slice(0, 10) ?? null;
  return t && isCalendarDay(t) ? t : null;
};

/** What a notice is written from. */
export interface NoticeInput {
  kind: NoticeKind;
  /** The loan's flat record (portfolio LoanRecord: variable name → value). */
  record: Readonly<Record<string, unknown>>;
  companyName: string;
  currency: Currency;
  issueDate: CalendarDay;
}

/** The values of a notice, or why it cannot be written. */
export type NoticeValues =
  | { ok: true; values: Record<NoticeVariable, string | null> }
  | { ok: false; status: 'no_data_found' | 'failed'; reason: string };

/**
 * The placeholders' values of one loan's notice: names and address as the loan holds them
 * (address lines joined with ', '), amounts formatted in the company's currency, dates printed
 * DD-MM-YYYY, and the statute dates of the kind.
 * Answers `no_data_found` when the loan lacks a required value (applicant name, loan id, or a date
 * the statute counts from), `failed` when the law forbids the notice on the issue date.
 */
export function noticeValues(input: NoticeInput): NoticeValues {
  const r = input.record;
  const address = ['address_line_1', 'address_line_2', 'address_line_3'].map((k) => text(r[k])).filter(Boolean).join(', ');
  const base: Record<NoticeVariable, string | null> = {
    applicant_name: text(r.applicant_name),
    address: address || null,
    city: text(r.city),
    state: text(r.state),
    pincode: text(r.pincode),
    loan_id: text(r.loan_id),
    product: text(r.product),
    total_claim_amount: amount(r.total_claim_amount, input.currency),
    principal_outstanding: amount(r.principal_outstanding, input.currency),
    date_of_default: day(r.date_of_default) ? printedDay(day(r.date_of_default)!) : null,
    cheque_number: text(r.cheque_number),
    cheque_amount: amount(r.cheque_amount, input.currency),
    cheque_date: day(r.cheque_date) ? printedDay(day(r.cheque_date)!) : null,
    bank_name: text(r.bank_name),
    cheque_return_memo_date: null,
    demand_notice_date: null,
    company_name: input.companyName,
    issue_date: null,
    pay_by: null,
    notice_last_day: null,
    complaint_by: null,
    demand_expired_on: null,
    reply_by: null,
  };
  const missing = REQUIRED_VARIABLES.filter((k) => !base[k]);
  if (missing.length > 0) return { ok: false, status: 'no_data_found', reason: `Missing ${missing.join(', ')}` };
  try {
    const dates = statuteDates(input.kind, { issueDate: input.issueDate, chequeReturnMemoDate: day(r.cheque_return_memo_date), demandNoticeDate: day(r.demand_notice_date) });
    for (const [k, v] of Object.entries(dates)) base[k as NoticeVariable] = printedDay(v);
  } catch (err) {
    if (err instanceof StatuteError) return { ok: false, status: err.code === 'missing' ? 'no_data_found' : 'failed', reason: err.message };
    throw err;
  }
  return { ok: true, values: base };
}
