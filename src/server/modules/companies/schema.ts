/**
 * Companies table (spec 3 "Organisation and company settings"). The company_id is the tenant key
 * every other business table carries.
 */
import { bigint, boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BreakConfig } from '../../../domain/contracts/companies/companies';

type Breaks = Record<string, BreakConfig>;

export const companies = pgTable('companies', {
  companyId: text('company_id').primaryKey(),
  trademark: text('trademark').notNull(),
  companyType: text('company_type', { enum: ['lender', 'trusts'] }).notNull(),
  country: text('country', { enum: ['INDIA', 'INDONESIA'] }).notNull(),
  countryIsdCode: text('country_isd_code', { enum: ['+91', '+62'] }).notNull(),
  countryCurrencyCode: text('country_currency_code', { enum: ['INR', 'IDR'] }).notNull(),
  uiVersion: text('ui_version', { enum: ['v1', 'v2'] }).notNull().default('v1'),
  isCreditLine: boolean('is_credit_line').notNull().default(false),
  callingDialerServer: text('calling_dialer_server'),
  autodialerCampaignId: text('autodialer_campaign_id'),
  clickToCallCampaignId: text('click_to_call_campaign_id'),
  autodialerEnabled: boolean('autodialer_enabled').notNull().default(false),
  clickToCallEnabled: boolean('click_to_call_enabled').notNull().default(false),
  predictiveEnabled: boolean('predictive_enabled').notNull().default(false),
  inboundEnabled: boolean('inbound_enabled').notNull().default(false),
  centralApprovalConfigured: boolean('central_approval_configured').notNull().default(false),
  dltCheckApplicable: boolean('dlt_check_applicable').notNull().default(true),
  predictiveBreaks: jsonb('predictive_breaks').$type<Breaks>().notNull().default({}),
  inboundBreaks: jsonb('inbound_breaks').$type<Breaks>().notNull().default({}),
  maskedVariables: jsonb('masked_variables').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  /**
   * Raised by every change of the company's settings or variables (issue 12 "Speed"): API
   * processes cache what they derive from them (the portfolio's variables and masking) and
   * compare this number, read with the caller's membership, before using it.
   */
  settingsVersion: bigint('settings_version', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CompanyRow = typeof companies.$inferSelect;
