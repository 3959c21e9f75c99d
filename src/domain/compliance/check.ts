/**
 * The compliance decision in front of every outbound contact (issue 13): `check(contact, rules,
 * now)` → `{ allowed, reasons }`, evaluated in the borrower's local time. Pure: the server gathers
 * the facts (the loan's zone and exclusion, the number's DND entry, the loan's recent contacts,
 * the DLT template, an unused override) and records the decision.
 */
import type { DltTemplate } from './dlt';
import { dltTemplateProblems, matchDlt } from './dlt';
import type { LocalTime } from './local-time';
import { localTime, minutesOf } from './local-time';
import type { Reason, ReasonCode, ReasonLang, ReasonParams } from './reasons';
import { OVERRIDABLE, reason } from './reasons';
import type { ComplianceRules, ContactChannel, ContactPurpose, ContactRole } from './rules';
import { zoneLabel } from './zones';

export interface Contact {
  channel: ContactChannel;
  loan: {
    loan_id: string;
    /** The borrower's IANA zone (zoneOfAddress). */
    time_zone: string;
    /** Spec 3 `is_exclude_status` (or the loan carries the exclusion). */
    excluded: boolean;
  };
  /** The number or address contacted, when known. */
  to?: string | null;
  /** Who `to` belongs to; a number the loan does not list counts as a reference. */
  role: ContactRole;
  purpose: ContactPurpose;
  /** When the contact happens; `now` when absent. */
  at?: Date;
  /** `to` is on the company's do-not-disturb list. */
  on_dnd: boolean;
  /** This loan's earlier allowed contacts on this channel: today (local) and in the last 7 local days. */
  history: { today: number; this_week: number };
  /** An SMS's text and the DLT template it claims (null: none registered / named). */
  sms?: { text: string; template: DltTemplate | null };
  /** An unused supervisor override for this loan and channel. */
  override?: { override_id: string } | null;
}

/** The rules in force: the company's rules and its holidays. */
export interface RulesInForce extends ComplianceRules {
  holidays: ReadonlyArray<{ date: string; name: string }>;
}

export interface Decision {
  allowed: boolean;
  /** Every rule the contact breaks (also when an override allows it). */
  reasons: Reason[];
  /** Allowed only by the override named. */
  override_id: string | null;
  /** When it was judged, and as the borrower's clock saw it. */
  at: string;
  time_zone: string;
  local_time: string;
}

const WEEKDAY_NAMES: Record<ReasonLang, string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  hi: ['सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार', 'रविवार'],
  id: ['Senin', 'Selasa', 'Rabu', 'Kamis', "Jum'at", 'Sabtu', 'Minggu'],
};

function timing(contact: Contact, rules: RulesInForce, local: LocalTime, zone: string): Array<[ReasonCode, ReasonParams]> {
  const out: Array<[ReasonCode, ReasonParams]> = [];
  const visit = contact.channel === 'field_visit';
  const [start, end] = visit ? [rules.field_visit_start, rules.field_visit_end] : [rules.contact_start, rules.contact_end];
  if (local.minutes < minutesOf(start) || local.minutes >= minutesOf(end)) {
    out.push([visit ? 'OUTSIDE_FIELD_VISIT_HOURS' : 'OUTSIDE_CONTACT_HOURS', { start, end, zone: zoneLabel(zone), local_time: local.hhmm }]);
  }
  if (!rules.contact_days.includes(local.isoWeekday)) out.push(['NOT_A_CONTACT_DAY', { weekday: local.isoWeekday, date: local.date }]);
  const holiday = rules.skip_holidays ? rules.holidays.find((h) => h.date === local.date) : undefined;
  if (holiday) out.push(['HOLIDAY', { name: holiday.name, date: holiday.date }]);
  return out;
}

function dlt(contact: Contact, rules: RulesInForce): Array<[ReasonCode, ReasonParams]> {
  if (contact.channel !== 'sms' || !contact.sms || rules.country !== 'INDIA' || !rules.dlt_check_applicable) return [];
  const { text, template } = contact.sms;
  if (!template) return [['DLT_TEMPLATE_REQUIRED', {}]];
  const problems = dltTemplateProblems(template);
  if (problems.length > 0) return [['DLT_TEMPLATE_INVALID', { problem: problems.join('; '), template_id: template.template_id }]];
  const match = matchDlt(template.body, text);
  if (match.ok) return [];
  if (match.problem === 'variable_too_long') return [['DLT_VARIABLE_TOO_LONG', { index: match.index, length: match.length, template_id: template.template_id }]];
  return [['DLT_TEXT_MISMATCH', { template_id: template.template_id }]];
}

/**
 * Judges one contact against the rules in force, at `contact.at` (else `now`) on the borrower's
 * clock. `allowed` is true when no rule is broken, or when an override is given and every broken
 * rule is one an override may lift (OVERRIDABLE); `reasons` always lists what is broken, with
 * messages in `lang`.
 */
export function check(contact: Contact, rules: RulesInForce, now: Date, lang: ReasonLang = 'en'): Decision {
  const at = contact.at ?? now;
  const zone = contact.loan.time_zone;
  const local = localTime(at, zone);
  const broken: Array<[ReasonCode, ReasonParams]> = [...timing(contact, rules, local, zone)];
  if (rules.daily_cap !== null && contact.history.today >= rules.daily_cap) broken.push(['DAILY_CAP_REACHED', { count: contact.history.today, cap: rules.daily_cap, channel: contact.channel }]);
  if (rules.weekly_cap !== null && contact.history.this_week >= rules.weekly_cap) broken.push(['WEEKLY_CAP_REACHED', { count: contact.history.this_week, cap: rules.weekly_cap, channel: contact.channel }]);
  if (contact.on_dnd) broken.push(['NUMBER_ON_DND', { number: contact.to ?? '' }]);
  if (rules.check_loan_exclusion && contact.loan.excluded) broken.push(['LOAN_EXCLUDED', { loan_id: contact.loan.loan_id }]);
  if (rules.only_borrower_asked_to_pay && contact.purpose === 'payment' && contact.role === 'reference') broken.push(['PAYMENT_ASKED_OF_THIRD_PARTY', { role: contact.role }]);
  broken.push(...dlt(contact, rules));

  const reasons = broken.map(([code, params]) => {
    const r = reason(code, params, lang);
    // The weekday is a number in params (stable); the message names it in the asked language.
    return code === 'NOT_A_CONTACT_DAY' ? reason(code, { ...params, weekday: WEEKDAY_NAMES[lang][local.isoWeekday - 1] }, lang) : r;
  });
  const overridable = reasons.length > 0 && reasons.every((r) => OVERRIDABLE.has(r.code));
  const overrideId = overridable && contact.override ? contact.override.override_id : null;
  return { allowed: reasons.length === 0 || overrideId !== null, reasons, override_id: overrideId, at: at.toISOString(), time_zone: zone, local_time: `${local.date} ${local.hhmm}` };
}
