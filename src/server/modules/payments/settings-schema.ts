/**
 * Tables of the payment settings sections and billers (issue 15; spec 3), re-exported by ./schema.ts
 * (drizzle-kit and the area read that file).
 * - payment_settings_sections: one row per company and section, its values as JSON (the section's
 *   fields: src/domain/payments/settings-sections.ts); no row = the section's defaults.
 * - payment_billers: each company's billers (spec 2 biller management); never deleted, deactivated.
 */
import { sql } from 'drizzle-orm';
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex, jsonb } from 'drizzle-orm/pg-core';
import { BILLER_CATEGORIES } from '../../../domain/contracts/payments/settings-sections';
import { SETTINGS_SECTION_NAMES } from '../../../domain/payments/settings-sections';
import { companyRef } from '../companies/queries';

export const paymentSettingsSections = pgTable(
  'payment_settings_sections',
  {
    companyId: text('company_id').notNull().references(companyRef),
    section: text('section', { enum: SETTINGS_SECTION_NAMES as [string, ...string[]] }).notNull(),
    values: jsonb('values').$type<Record<string, string | number>>().notNull(),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.section] })],
);

export const paymentBillers = pgTable(
  'payment_billers',
  {
    billerId: text('biller_id').primaryKey().default(sql`gen_random_uuid()::text`),
    companyId: text('company_id').notNull().references(companyRef),
    name: text('name').notNull(),
    billerCode: text('biller_code').notNull(),
    category: text('category', { enum: BILLER_CATEGORIES }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_billers_code').on(t.companyId, t.billerCode)],
);
