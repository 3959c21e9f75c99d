/**
 * Payment settings sections and billers per company (issue 15 "What the lender configures"; spec 3
 * payment settings sections, spec 5 payment-setting text rule, spec 2 biller management).
 * Sections are stored as one JSON row per company and section; a section never saved reads as its
 * defaults. Billers are never deleted: deactivated with is_active 'false'.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AllSettingsSections, BillerBody, BillerRecord, SettingsSectionRecord } from '../../../domain/contracts/payments/settings-sections';
import { SETTINGS_SECTIONS, SETTINGS_SECTION_NAMES, sectionDefaults, sectionProblem, settingTextProblem, textFormatProblem, type FieldSpec, type SectionValues, type SettingsSectionName } from '../../../domain/payments/settings-sections';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict, notFound } from '../../http/errors';
import { paymentBillers, paymentSettingsSections } from './schema';

const fieldError = (field: string, message: string) => new AppError(400, message, { field });

type SectionRow = typeof paymentSettingsSections.$inferSelect;

/** A stored row (or none) as answered: stored values over the defaults, so a field added later reads its default. */
function recordOf<S extends SettingsSectionName>(section: S, row: SectionRow | undefined): SettingsSectionRecord<S> {
  const values = { ...sectionDefaults(section), ...pick(section, row?.values ?? {}) } as SectionValues<S>;
  return { section, values, updated_at: row?.updatedAt.toISOString() ?? null, updated_by: row?.updatedBy ?? null } as SettingsSectionRecord<S>;
}

/** Only the section's own fields of a stored JSON (a field removed later is not answered). */
function pick(section: SettingsSectionName, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(SETTINGS_SECTIONS[section]).filter((k) => k in values).map((k) => [k, values[k]]));
}

/** Every section of the company (spec 3 order). */
export async function listSettingsSections(db: DbOrTx, companyId: string): Promise<AllSettingsSections> {
  const rows = await db.select().from(paymentSettingsSections).where(eq(paymentSettingsSections.companyId, companyId));
  const bySection = new Map(rows.map((r) => [r.section, r]));
  return { sections: Object.fromEntries(SETTINGS_SECTION_NAMES.map((s) => [s, recordOf(s, bySection.get(s))])) as unknown as AllSettingsSections['sections'] };
}

/** One section of the company, its defaults when never saved (for the features that read a setting). */
export async function settingsSectionOf<S extends SettingsSectionName>(db: DbOrTx, companyId: string, section: S): Promise<SectionValues<S>> {
  const [row] = await db
    .select()
    .from(paymentSettingsSections)
    .where(and(eq(paymentSettingsSections.companyId, companyId), eq(paymentSettingsSections.section, section)));
  return recordOf(section, row).values as SectionValues<S>;
}

/**
 * Replaces one section. Texts are trimmed, then checked (spec 5) in the section's field order.
 * @throws AppError 400 with data.field: 'Special characters not allowed at the start or end.', a
 *   markup or format message, or a rule across fields; 404 'Biller not found' when
 *   billzy_payment_link names no active biller of the company
 */
export async function putSettingsSection<S extends SettingsSectionName>(db: DbOrTx, companyId: string, userId: string, section: S, body: SectionValues<S>, now: Date): Promise<SettingsSectionRecord<S>> {
  const fields = SETTINGS_SECTIONS[section] as Record<string, FieldSpec>;
  const values: Record<string, string | number> = {};
  for (const [name, f] of Object.entries(fields)) {
    const raw = (body as Record<string, string | number>)[name];
    if (f.kind !== 'text') {
      values[name] = raw;
      continue;
    }
    const problem = settingTextProblem(String(raw)) ?? textFormatProblem(f.format, String(raw));
    if (problem) throw fieldError(name, problem);
    values[name] = String(raw).trim();
  }
  const across = sectionProblem(section, values);
  if (across) throw fieldError(across.field, across.message);
  if (section === 'billzy_payment_link' && values.biller_code) {
    const [biller] = await db
      .select({ id: paymentBillers.billerId })
      .from(paymentBillers)
      .where(and(eq(paymentBillers.companyId, companyId), eq(paymentBillers.billerCode, String(values.biller_code)), eq(paymentBillers.isActive, true)));
    if (!biller) throw new AppError(404, 'Biller not found', { field: 'biller_code' });
  }
  const row = { companyId, section, values, updatedBy: userId, updatedAt: now };
  const [saved] = await db
    .insert(paymentSettingsSections)
    .values(row)
    .onConflictDoUpdate({ target: [paymentSettingsSections.companyId, paymentSettingsSections.section], set: { values, updatedBy: userId, updatedAt: now } })
    .returning();
  return recordOf(section, saved);
}

type BillerRow = typeof paymentBillers.$inferSelect;
function billerOf(row: BillerRow): BillerRecord {
  return {
    biller_id: row.billerId,
    name: row.name,
    biller_code: row.billerCode,
    category: row.category,
    is_active: row.isActive ? 'true' : 'false',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's billers by name; `isActive` filters. */
export async function listBillers(db: DbOrTx, companyId: string, isActive?: 'true' | 'false'): Promise<BillerRecord[]> {
  const rows = await db
    .select()
    .from(paymentBillers)
    .where(and(eq(paymentBillers.companyId, companyId), isActive ? eq(paymentBillers.isActive, isActive === 'true') : undefined))
    .orderBy(asc(paymentBillers.name), asc(paymentBillers.billerCode));
  return rows.map(billerOf);
}

/** Refuses a biller name with the spec 5 text rules (the name is a payment-setting text). */
function checkBillerText(body: BillerBody): void {
  const problem = settingTextProblem(body.name);
  if (problem) throw fieldError('name', problem);
}

async function codeTaken(db: DbOrTx, companyId: string, code: string, exceptId?: string): Promise<boolean> {
  const [other] = await db
    .select({ id: paymentBillers.billerId })
    .from(paymentBillers)
    .where(and(eq(paymentBillers.companyId, companyId), eq(paymentBillers.billerCode, code), exceptId ? ne(paymentBillers.billerId, exceptId) : undefined));
  return Boolean(other);
}

const DUPLICATE_CODE = 'A biller with this code already exists';

/** Adds a biller. @throws AppError 400 (text rules, data.field); 409 'A biller with this code already exists' */
export async function createBiller(db: DbOrTx, companyId: string, body: BillerBody, now: Date): Promise<BillerRecord> {
  checkBillerText(body);
  if (await codeTaken(db, companyId, body.biller_code)) throw conflict(DUPLICATE_CODE);
  const [row] = await db
    .insert(paymentBillers)
    .values({ companyId, name: body.name, billerCode: body.biller_code, category: body.category, isActive: (body.is_active ?? 'true') === 'true', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(DUPLICATE_CODE);
  return billerOf(row);
}

/** Edits a biller (is_active 'false' deactivates it). @throws AppError 404 'Biller not found'; 400; 409 duplicate code */
export async function updateBiller(db: DbOrTx, companyId: string, billerId: string, body: BillerBody, now: Date): Promise<BillerRecord> {
  checkBillerText(body);
  const where = and(eq(paymentBillers.companyId, companyId), eq(paymentBillers.billerId, billerId));
  const [existing] = await db.select({ id: paymentBillers.billerId }).from(paymentBillers).where(where);
  if (!existing) throw notFound('Biller not found');
  if (await codeTaken(db, companyId, body.biller_code, billerId)) throw conflict(DUPLICATE_CODE);
  const [row] = await db
    .update(paymentBillers)
    .set({ name: body.name, billerCode: body.biller_code, category: body.category, isActive: (body.is_active ?? 'true') === 'true', updatedAt: now })
    .where(where)
    .returning();
  return billerOf(row);
}
