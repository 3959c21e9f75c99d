/**
 * A company's compliance rules and the law's limits on them (issue 13 "Compliance engine").
 * India (RBI recovery rules, Aug 2022): contact 08:00–19:00 IST, no repeated or persistent calling.
 * Indonesia (POJK 22/2023 art. 62; AFPI code): Monday–Saturday 08:00–20:00 in the borrower's zone,
 * none on national holidays, field visits 07:00–20:00 on those days only. A company may narrow
 * the rules, never widen them past the law (`rulesOutsideTheLaw`).
 */
import { IST, WIB } from './zones';

export const CONTACT_CHANNELS = ['call', 'sms', 'whatsapp', 'email', 'field_visit'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
/** Who is contacted: the borrower, a co-applicant (co-borrower/guarantor) or a reference. */
export const CONTACT_ROLES = ['borrower', 'co_applicant', 'reference'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
/** Why: to ask for payment, or only to locate the borrower. */
export const CONTACT_PURPOSES = ['payment', 'locate'] as const;
export type ContactPurpose = (typeof CONTACT_PURPOSES)[number];
export type ComplianceCountry = 'INDIA' | 'INDONESIA';

export interface ComplianceRules {
  country: ComplianceCountry;
  /** The zone used when a loan's province is unknown (Indonesia); IST for India. */
  default_time_zone: string;
  /** Calls and messages: from `contact_start` (inclusive) to `contact_end` (exclusive), 'HH:MM' local. */
  contact_start: string;
  contact_end: string;
  field_visit_start: string;
  field_visit_end: string;
  /** ISO weekdays contact is allowed on (1 Monday … 7 Sunday). */
  contact_days: number[];
  /** No contact on the company's holidays. */
  skip_holidays: boolean;
  /** Contacts per loan per channel per local day / per 7 local days; null: no cap. */
  daily_cap: number | null;
  weekly_cap: number | null;
  /** Only the borrower (and co-applicants, who owe the loan too) may be asked to pay. */
  only_borrower_asked_to_pay: boolean;
  /** Spec 5: the loan-exclusion check before contact (on by default). */
  check_loan_exclusion: boolean;
  /** Spec 3: SMS must match a registered DLT template (India; default true). */
  dlt_check_applicable: boolean;
}

/** The law's outer limits per country. */
export const LEGAL_LIMITS: Record<ComplianceCountry, { contact: [string, string]; field: [string, string]; days: number[]; holidays: boolean }> = {
  INDIA: { contact: ['08:00', '19:00'], field: ['08:00', '19:00'], days: [1, 2, 3, 4, 5, 6, 7], holidays: false },
  INDONESIA: { contact: ['08:00', '20:00'], field: ['07:00', '20:00'], days: [1, 2, 3, 4, 5, 6], holidays: true },
};

/** The legal defaults of a country. */
export function defaultRules(country: ComplianceCountry): ComplianceRules {
  const law = LEGAL_LIMITS[country];
  return {
    country,
    default_time_zone: country === 'INDIA' ? IST : WIB,
    contact_start: law.contact[0],
    contact_end: law.contact[1],
    field_visit_start: law.field[0],
    field_visit_end: law.field[1],
    contact_days: [...law.days],
    skip_holidays: law.holidays,
    daily_cap: 3,
    weekly_cap: 10,
    only_borrower_asked_to_pay: true,
    check_loan_exclusion: true,
    dlt_check_applicable: true,
  };
}

/** What in `rules` goes past the law or makes no sense, as short English problems (empty: fine). */
export function rulesOutsideTheLaw(rules: ComplianceRules): string[] {
  const law = LEGAL_LIMITS[rules.country];
  const problems: string[] = [];
  const window = (label: string, [start, end]: [string, string], [min, max]: [string, string]) => {
    if (start >= end) problems.push(`${label}: the start must be before the end`);
    if (start < min || end > max) problems.push(`${label} must stay within ${min}–${max}`);
  };
  window('Contact hours', [rules.contact_start, rules.contact_end], law.contact);
  window('Field visit hours', [rules.field_visit_start, rules.field_visit_end], law.field);
  const extra = rules.contact_days.filter((d) => !law.days.includes(d));
  if (extra.length > 0) problems.push('Contact days must stay within Monday–Saturday');
  if (law.holidays && !rules.skip_holidays) problems.push('Contact on national holidays is not allowed');
  if (rules.daily_cap !== null && rules.weekly_cap !== null && rules.weekly_cap < rules.daily_cap) problems.push('The weekly cap must be at least the daily cap');
  return problems;
}
