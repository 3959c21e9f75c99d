/**
 * Schemas of companies and their settings (spec 3 "Organisation and company settings", spec 7 user
 * service `GET /companies`, `GET /company`, `PUT /company`, `GET /company-type`). Behind
 * ./companies.ts.
 */
import { z } from 'zod';
import { pagingQuery } from '../envelope';
import { BREAK_TYPES, COMPANIES_FILTER_TYPES, COMPANY_SEARCH_TYPES, COMPANY_TYPES, COUNTRIES, CURRENCY_CODES, ISD_CODES, UI_VERSIONS } from './companies';

export const country = z.enum(COUNTRIES);
export type Country = z.infer<typeof country>;

export const companyType = z.enum(COMPANY_TYPES);
export const uiVersion = z.enum(UI_VERSIONS);
export type UiVersion = z.infer<typeof uiVersion>;

/** A break: its type and its length in minutes (spec 3, 4). */
export const breakConfig = z.object({
  break_type: z.enum(BREAK_TYPES),
  break_duration: z.number().int().min(0).max(24 * 60),
});
export type BreakConfig = z.infer<typeof breakConfig>;

/** The editable settings of a company. */
export const companySettings = z.object({
  trademark: z.string().min(1).max(120),
  company_type: companyType,
  country_isd_code: z.enum(ISD_CODES),
  country_currency_code: z.enum(CURRENCY_CODES),
  ui_version: uiVersion,
  is_credit_line: z.boolean(),
  calling_dialer_server: z.string().nullable(),
  autodialer_campaign_id: z.string().nullable(),
  click_to_call_campaign_id: z.string().nullable(),
  autodialer_enabled: z.boolean(),
  click_to_call_enabled: z.boolean(),
  predictive_enabled: z.boolean(),
  inbound_enabled: z.boolean(),
  central_approval_configured: z.boolean(),
  dlt_check_applicable: z.boolean(),
  predictive_breaks: z.record(z.string(), breakConfig),
  inbound_breaks: z.record(z.string(), breakConfig),
  /** Variable names masked for users without `access_unmasked_data` read (spec 3 masked fields). */
  masked_variables: z.array(z.string()),
});
export type CompanySettings = z.infer<typeof companySettings>;

export const company = companySettings.extend({
  company_id: z.string(),
  country,
  active: z.boolean(),
  created_at: z.string(),
});
export type Company = z.infer<typeof company>;

/** Update body for `PUT /api/user/company`: any subset of the settings. */
export const companySettingsUpdate = companySettings.partial();
export type CompanySettingsUpdate = z.infer<typeof companySettingsUpdate>;

/** `GET /api/user/companies` query (spec 7): company_type defaults to loan meaning "all lending types". */
export const companiesQuery = pagingQuery.extend({
  company_type: z.enum(COMPANIES_FILTER_TYPES).default('loan'),
  search_value: z.string().optional(),
  search_type: z.enum(COMPANY_SEARCH_TYPES).optional(),
});
export type CompaniesQuery = z.infer<typeof companiesQuery>;

/** One row of the companies list: enough to switch company and route to its ui version. */
export const companySummary = company.pick({
  company_id: true,
  trademark: true,
  company_type: true,
  country: true,
  country_isd_code: true,
  country_currency_code: true,
  ui_version: true,
  is_credit_line: true,
});
export type CompanySummary = z.infer<typeof companySummary>;

export const companiesPage = z.object({
  companies: z.array(companySummary),
  total: z.number().int(),
  page_number: z.number().int(),
  page_size: z.number().int(),
});
export type CompaniesPage = z.infer<typeof companiesPage>;

/** `GET /api/user/company-type` answer: what routing by ui version and company type needs. */
export const companyTypeAnswer = z.object({
  company_id: z.string(),
  company_type: companyType,
  is_credit_line: z.boolean(),
  ui_version: uiVersion,
  trademark: z.string(),
  country,
});
export type CompanyTypeAnswer = z.infer<typeof companyTypeAnswer>;
