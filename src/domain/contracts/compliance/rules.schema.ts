/** Schemas of a company's compliance rules, holidays and DLT templates (issue 13). Behind ./rules.ts. */
import { z } from 'zod';
import { DLT_CATEGORIES } from '../../compliance/dlt';
import { calendarDay } from '../common.schema';
import { companyQuery } from '../envelope';
import { COMPLIANCE_ZONES } from './rules';

const hhmm = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'Time must be HH:MM (24-hour)');
const cap = z.number().int().min(1).max(1000).nullable();

/** The rules a company edits. Checked against the law of its country on save. */
export const complianceRulesSettings = z.object({
  default_time_zone: z.enum(COMPLIANCE_ZONES),
  contact_start: hhmm,
  contact_end: hhmm,
  field_visit_start: hhmm,
  field_visit_end: hhmm,
  contact_days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
  skip_holidays: z.boolean(),
  daily_cap: cap,
  weekly_cap: cap,
  only_borrower_asked_to_pay: z.boolean(),
  check_loan_exclusion: z.boolean(),
});
export type ComplianceRulesSettings = z.infer<typeof complianceRulesSettings>;

const window = z.tuple([z.string(), z.string()]);
/** The rules in force: the settings, the company's country and DLT flag (company settings, spec 3), and the law's limits. */
export const complianceRulesRecord = complianceRulesSettings.extend({
  country: z.enum(['INDIA', 'INDONESIA']),
  dlt_check_applicable: z.boolean(),
  legal_limits: z.object({ contact: window, field: window, days: z.array(z.number().int()), holidays: z.boolean() }),
  updated_at: z.string().nullable(),
});
export type ComplianceRulesRecord = z.infer<typeof complianceRulesRecord>;

export const complianceRulesUpdate = complianceRulesSettings.partial();
export type ComplianceRulesUpdate = z.infer<typeof complianceRulesUpdate>;

export const holiday = z.object({ holiday_id: z.string(), date: z.string(), name: z.string() });
export type Holiday = z.infer<typeof holiday>;
export const holidaysQuery = companyQuery.extend({ year: z.coerce.number().int().min(1900).max(2200).optional() });
export const holidaysResponse = z.object({ holidays: z.array(holiday) });
export const holidayBody = z.object({ date: calendarDay, name: z.string().trim().min(1).max(120) });
export type HolidayBody = z.infer<typeof holidayBody>;
export const holidayParams = z.object({ holiday_id: z.string().min(1).max(64) });

export const dltTemplateBody = z.object({
  template_id: z.string().regex(/^\d{1,30}$/, 'The content template id must be digits'),
  entity_id: z.string().regex(/^\d{1,30}$/, 'The entity id must be digits'),
  sender_header: z.string().regex(/^[A-Za-z0-9]{1,6}$/, 'The sender header must be 1–6 letters or digits'),
  category: z.enum(DLT_CATEGORIES),
  body: z.string().trim().min(1).max(2000),
});
export type DltTemplateBody = z.infer<typeof dltTemplateBody>;
export const dltTemplateRecord = dltTemplateBody.extend({ created_at: z.string() });
export type DltTemplateRecord = z.infer<typeof dltTemplateRecord>;
export const dltTemplatesResponse = z.object({ templates: z.array(dltTemplateRecord) });
export const dltTemplateParams = z.object({ template_id: z.string().min(1).max(64) });
export const deleted = z.null();
