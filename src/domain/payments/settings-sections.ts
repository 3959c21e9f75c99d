/**
 * The payment settings sections a lender configures (issue 15 "What the lender configures"; spec 3
 * "Payment settings sections", spec 5 payment-setting text inputs). Pure rules shared by the server
 * (which builds each section's zod body from these fields) and the settings screen (which builds
 * its form from them), so a field is declared once.
 *
 * Not here: payment_gateway (its own encrypted credentials, settings-service.ts) and
 * webhook_configurations (the outgoing webhooks feature owns it).
 *
 * Units: `money` fields are integer minor units (paise / sen); a `charge` field is minor units when
 * its section's `charge_unit` is 'amount' and basis points (1 % = 100) when 'percentage'.
 * Activity flags are the strings 'true' and 'false' (spec 3).
 */
import { MANDATE_MODES, MANDATE_VENDORS } from '../contracts/payments/mandates';
import { DEFAULT_LINK_EXPIRY_MINUTES, PG_VENDORS } from '../contracts/payments/links';
import { checkPaymentSettingText, isAcceptableText } from '../validation/rules';
export { PAYMENT_SETTING_TEXT_MESSAGE } from '../validation/rules';

/** Spec 3: activity flags are these strings, never booleans. */
export const FLAGS = ['true', 'false'] as const;
export type Flag = (typeof FLAGS)[number];

/** Spec 3 charge units: an amount (Rs / Rp) or a percentage (%). */
export const CHARGE_UNITS = ['amount', 'percentage'] as const;
export type ChargeUnit = (typeof CHARGE_UNITS)[number];
/** Who pays a charge. */
export const CHARGE_BEARERS = ['borrower', 'lender'] as const;

/**
 * Why a payment-setting text is refused, or null when it passes: spec 5's edge rule
 * ('Special characters not allowed at the start or end.') and its markup rule. Empty text passes.
 */
export function settingTextProblem(value: string): string | null {
  return checkPaymentSettingText(value) ?? (isAcceptableText(value.trim()) ? null : MARKUP_MESSAGE);
}
/** Spec 5: text with markup tags is refused. */
export const MARKUP_MESSAGE = 'Text must not contain markup tags';

/** A UPI virtual payment address (handle@psp). */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;

export type FieldSpec =
  | { kind: 'flag'; default: Flag }
  | { kind: 'choice'; options: readonly string[]; default: string }
  /** `format`: a further check on a non-empty value. */
  | { kind: 'text'; max: number; default: string; format?: 'vpa' | 'https_url' | 'biller_code' }
  | { kind: 'int'; min: number; max: number; default: number; unit: 'days' | 'minutes' | 'attempts' | 'day_of_month' }
  /** Integer minor units, 0 or more. */
  | { kind: 'money'; default: number }
  /** Minor units or basis points, after the section's charge_unit. */
  | { kind: 'charge'; default: number };

const flag = (d: Flag) => ({ kind: 'flag', default: d }) as const;
const text = (max: number, d = '', format?: 'vpa' | 'https_url' | 'biller_code') => ({ kind: 'text', max, default: d, ...(format ? { format } : {}) }) as const;

/** Largest percentage charge, basis points (100 %). */
export const MAX_CHARGE_BP = 10_000;

/** Each section's fields, in the order the form shows them. */
export const SETTINGS_SECTIONS = {
  /** What the gateway charges the company per payment (MDR), recorded for reconciliation. */
  backend_charges: {
    is_active: flag('false'),
    charge_unit: { kind: 'choice', options: CHARGE_UNITS, default: 'percentage' },
    charge_value: { kind: 'charge', default: 0 },
    borne_by: { kind: 'choice', options: CHARGE_BEARERS, default: 'lender' },
    description: text(120),
  },
  /** The convenience charge shown to the borrower on a payment. */
  payment_settings_charges: {
    is_active: flag('false'),
    charge_label: text(60, 'Convenience fee'),
    charge_unit: { kind: 'choice', options: CHARGE_UNITS, default: 'amount' },
    charge_value: { kind: 'charge', default: 0 },
    borne_by: { kind: 'choice', options: CHARGE_BEARERS, default: 'borrower' },
  },
  /** A Billzy (bill-payment) link through one of the company's billers. */
  billzy_payment_link: {
    is_active: flag('false'),
    biller_code: text(40, '', 'biller_code'),
    link_title: text(80, 'Pay your loan dues'),
    support_contact: text(80),
  },
  /** Defaults of payment links: used when a link is created without them. */
  payment_link_configurations: {
    default_expiry_days: { kind: 'int', min: 1, max: 30, default: DEFAULT_LINK_EXPIRY_MINUTES / (24 * 60), unit: 'days' },
    partial_payments_allowed: flag('false'),
    default_purpose: text(100, 'Loan repayment'),
  },
  /** How EMIs are collected by mandate (spec 3 "Recurring mode: enach"). */
  recurring_configuration: {
    is_active: flag('false'),
    recurring_mode: { kind: 'choice', options: MANDATE_MODES, default: 'enach' },
    pg_vendor: { kind: 'choice', options: MANDATE_VENDORS, default: 'cashfree' },
    max_amount_minor: { kind: 'money', default: 10_000_000 },
    debit_day: { kind: 'int', min: 1, max: 28, default: 5, unit: 'day_of_month' },
  },
  /** How mandate debits are presented and retried. */
  recurring_payments: {
    auto_present: flag('true'),
    max_attempts: { kind: 'int', min: 1, max: 3, default: 3, unit: 'attempts' },
    retry_gap_days: { kind: 'int', min: 1, max: 7, default: 3, unit: 'days' },
    pre_debit_notice: flag('true'),
  },
  /** The company's collecting UPI account. */
  upi_collect_configurations: {
    is_active: flag('false'),
    pg_vendor: { kind: 'choice', options: PG_VENDORS, default: 'cashfree' },
    merchant_vpa: text(120, '', 'vpa'),
    merchant_name: text(60),
  },
  /** Where UPI collect results are forwarded to the lender's own system. */
  upi_collect_webhook_configurations: {
    is_active: flag('false'),
    callback_url: text(300, '', 'https_url'),
    notify_on_success: flag('true'),
    notify_on_failure: flag('true'),
  },
  /** How a UPI collect request is made (NPCI is retiring P2M collect: used only where the gateway still offers it). */
  upi_collect_configuration: {
    collect_expiry_minutes: { kind: 'int', min: 5, max: 1440, default: 15, unit: 'minutes' },
    remarks: text(50, 'Loan repayment'),
    verify_vpa_first: flag('true'),
  },
} as const satisfies Record<string, Record<string, FieldSpec>>;

export type SettingsSectionName = keyof typeof SETTINGS_SECTIONS;
export const SETTINGS_SECTION_NAMES = Object.keys(SETTINGS_SECTIONS) as SettingsSectionName[];

type ValueOf<F> = F extends { kind: 'flag' } ? Flag : F extends { kind: 'choice'; options: readonly (infer O)[] } ? O : F extends { kind: 'text' } ? string : number;
/** A section's values as stored and answered. */
export type SectionValues<S extends SettingsSectionName> = { -readonly [K in keyof (typeof SETTINGS_SECTIONS)[S]]: ValueOf<(typeof SETTINGS_SECTIONS)[S][K]> };

/** A section's values before the lender saved it. */
export function sectionDefaults<S extends SettingsSectionName>(section: S): SectionValues<S> {
  const fields = SETTINGS_SECTIONS[section] as Record<string, FieldSpec>;
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.default])) as SectionValues<S>;
}

/**
 * Rules across a section's fields (after each field passed its own check).
 * @returns the field named and its message, or null
 */
export function sectionProblem(section: SettingsSectionName, values: Record<string, unknown>): { field: string; message: string } | null {
  if ('charge_unit' in values && values.charge_unit === 'percentage' && Number(values.charge_value) > MAX_CHARGE_BP) {
    return { field: 'charge_value', message: 'A percentage charge cannot exceed 100%' };
  }
  if (section === 'billzy_payment_link' && values.is_active === 'true' && !values.biller_code) return { field: 'biller_code', message: 'Choose a biller for the Billzy payment link' };
  if (section === 'upi_collect_configurations' && values.is_active === 'true' && !values.merchant_vpa) return { field: 'merchant_vpa', message: 'A UPI ID is required to collect by UPI' };
  if (section === 'upi_collect_webhook_configurations' && values.is_active === 'true' && !values.callback_url) return { field: 'callback_url', message: 'A callback URL is required' };
  return null;
}

/** The message for a text field's format, or null when it passes (empty passes). */
export function textFormatProblem(format: 'vpa' | 'https_url' | 'biller_code' | undefined, value: string): string | null {
  const v = value.trim();
  if (!v || !format) return null;
  if (format === 'vpa') return VPA_PATTERN.test(v) ? null : 'Type a UPI ID such as lender@icici';
  if (format === 'biller_code') return /^[A-Za-z0-9_-]{2,40}$/.test(v) ? null : 'A biller code has letters, digits, - and _ only';
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && v.length <= 300 ? null : 'Type an https:// URL';
  } catch {
    return 'Type an https:// URL';
  }
}
