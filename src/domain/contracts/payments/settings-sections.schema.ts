/**
 * Schemas of the payment settings sections and billers (issue 15; spec 3). Behind
 * ./settings-sections.ts. Each section's body is built from its fields in
 * src/domain/payments/settings-sections.ts; the text rules (spec 5) are checked by the service so
 * the 400 carries the spec's message exactly.
 */
import { z } from 'zod';
import { MAX_MINOR } from '../../common/money';
import { FLAGS, SETTINGS_SECTIONS, type FieldSpec, type SectionValues, type SettingsSectionName } from '../../payments/settings-sections';
import { BILLER_CATEGORIES } from './settings-sections';

function fieldSchema(f: FieldSpec): z.ZodType {
  switch (f.kind) {
    case 'flag':
      return z.enum(FLAGS).meta({ description: "Activity flag: the string 'true' or 'false' (spec 3)" });
    case 'choice':
      return z.enum(f.options as [string, ...string[]]);
    case 'text':
      return z.string().max(f.max).meta({ description: `Text up to ${f.max} characters; may be empty; not starting or ending with a comma or a period` });
    case 'int':
      return z.number().int().min(f.min).max(f.max).meta({ description: `${f.unit}, ${f.min} to ${f.max}` });
    case 'money':
      return z.number().int().min(0).max(MAX_MINOR).meta({ description: 'Integer minor units: paise for INR, sen for IDR' });
    case 'charge':
      return z.number().int().min(0).max(MAX_MINOR).meta({ description: "Minor units when charge_unit is 'amount'; basis points (1 % = 100, at most 10000) when 'percentage'" });
  }
}

/** The body of one section's PUT: every field of the section (a PUT replaces the section). */
export function sectionBody<S extends SettingsSectionName>(section: S): z.ZodType<SectionValues<S>> {
  const fields = SETTINGS_SECTIONS[section] as Record<string, FieldSpec>;
  return z.object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldSchema(f)]))) as unknown as z.ZodType<SectionValues<S>>;
}

/** One section as answered: its values (the defaults until saved) and when and by whom it was saved. */
export function sectionRecord<S extends SettingsSectionName>(section: S) {
  return z.object({ section: z.literal(section), values: sectionBody(section), updated_at: z.string().nullable(), updated_by: z.string().nullable() });
}

export const sectionNames = Object.keys(SETTINGS_SECTIONS) as SettingsSectionName[];
export const allSections = z.object({
  sections: z.object(Object.fromEntries(sectionNames.map((s) => [s, sectionRecord(s)])) as { [S in SettingsSectionName]: ReturnType<typeof sectionRecord<S>> }),
});

const flag = z.enum(FLAGS);
const plainText = (max: number) => z.string().trim().min(1).max(max);

export const billerBody = z.object({
  name: plainText(100),
  /** The biller's id with the bill-payment network (BBPS biller id) or the lender's own code. */
  biller_code: z.string().trim().regex(/^[A-Za-z0-9_-]{2,40}$/, 'A biller code has 2 to 40 letters, digits, - and _'),
  category: z.enum(BILLER_CATEGORIES),
  is_active: flag.default('true'),
});
export type BillerBody = z.input<typeof billerBody>;

export const billerRecord = z.object({
  biller_id: z.string(),
  name: z.string(),
  biller_code: z.string(),
  category: z.enum(BILLER_CATEGORIES),
  is_active: flag,
  created_at: z.string(),
  updated_at: z.string(),
});
export type BillerRecord = z.infer<typeof billerRecord>;
export const billerList = z.object({ billers: z.array(billerRecord) });
export type BillerList = z.infer<typeof billerList>;
export const billerParams = z.object({ biller_id: z.string().min(1).max(64) });
export const billersQuery = z.object({ company_id: z.string().min(1).optional(), is_active: flag.optional() });
