/**
 * A company's compliance rules, holidays and DLT templates (issue 13). The rules row and the
 * holiday calendar are created on first use with the legal defaults of the company's country and
 * its national holidays (domain/compliance/holidays.ts); changes are refused past the law.
 */
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { RulesInForce } from '../../../domain/compliance/check';
import type { DltTemplate } from '../../../domain/compliance/dlt';
import { DEFAULT_HOLIDAYS } from '../../../domain/compliance/holidays';
import { defaultRules, LEGAL_LIMITS, rulesOutsideTheLaw } from '../../../domain/compliance/rules';
import type { ComplianceRules } from '../../../domain/compliance/rules';
import type { ComplianceRulesRecord, ComplianceRulesSettings, ComplianceRulesUpdate, DltTemplateBody, DltTemplateRecord, Holiday, HolidayBody } from '../../../domain/contracts/compliance/rules';
import type { DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuditLog } from '../../http/caller';
import { companyCompliance } from '../companies/queries';
import { complianceDltTemplates, complianceHolidays, complianceRules } from './schema';

function settingsOf(rules: ComplianceRules): ComplianceRulesSettings {
  const { country: _country, dlt_check_applicable: _dlt, ...settings } = rules;
  return { ...settings, default_time_zone: settings.default_time_zone as ComplianceRulesSettings['default_time_zone'] };
}

/**
 * The company's rules row, created with its country's legal defaults (and the national holidays)
 * the first time. @throws 404 'Company not found'
 */
async function ensureRules(db: DbOrTx, companyId: string) {
  const company = await companyCompliance(db, companyId);
  if (!company) throw notFound('Company not found');
  let [row] = await db.select().from(complianceRules).where(eq(complianceRules.companyId, companyId));
  if (!row) {
    const created = await db.insert(complianceRules).values({ companyId, settings: settingsOf(defaultRules(company.country)) }).onConflictDoNothing().returning();
    if (created.length > 0) {
      await db.insert(complianceHolidays).values(DEFAULT_HOLIDAYS[company.country].map((h) => ({ companyId, date: h.date, name: h.name }))).onConflictDoNothing();
    }
    [row] = await db.select().from(complianceRules).where(eq(complianceRules.companyId, companyId));
  }
  // Settings saved before a field existed take that field's legal default.
  const rules: ComplianceRules = { ...defaultRules(company.country), ...row.settings, country: company.country, dlt_check_applicable: company.dltCheckApplicable };
  return { row, rules };
}

function toRecord(rules: ComplianceRules, updatedAt: Date | null): ComplianceRulesRecord {
  return { ...settingsOf(rules), country: rules.country, dlt_check_applicable: rules.dlt_check_applicable, legal_limits: LEGAL_LIMITS[rules.country], updated_at: updatedAt?.toISOString() ?? null };
}

/** GET /compliance/rules. */
export async function getRules(db: DbOrTx, companyId: string): Promise<ComplianceRulesRecord> {
  const { row, rules } = await ensureRules(db, companyId);
  return toRecord(rules, row.updatedAt);
}

/** PUT /compliance/rules: any subset, audited. @throws 400 naming what goes past the law */
export async function updateRules(db: DbOrTx, audit: AuditLog, companyId: string, actorUserId: string, patch: ComplianceRulesUpdate, now: Date): Promise<ComplianceRulesRecord> {
  const { rules } = await ensureRules(db, companyId);
  const next: ComplianceRules = { ...rules, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) };
  next.contact_days = [...new Set(next.contact_days)].sort();
  const problems = rulesOutsideTheLaw(next);
  if (problems.length > 0) throw badRequest(problems.join('; '));
  await db.update(complianceRules).set({ settings: settingsOf(next), updatedBy: actorUserId, updatedAt: now }).where(eq(complianceRules.companyId, companyId));
  await audit.record(db, { companyId, actorUserId, action: 'compliance_rules_updated', details: { fields: Object.keys(patch) } });
  return toRecord(next, now);
}

/** The rules in force and the holidays around `at` (the year before and after), for check(). */
export async function rulesInForce(db: DbOrTx, companyId: string, at: Date): Promise<RulesInForce> {
  const { rules } = await ensureRules(db, companyId);
  const year = at.getUTCFullYear();
  const holidays = await db
    .select({ date: complianceHolidays.date, name: complianceHolidays.name })
    .from(complianceHolidays)
    .where(and(eq(complianceHolidays.companyId, companyId), gte(complianceHolidays.date, `${year - 1}-12-01`), lt(complianceHolidays.date, `${year + 1}-02-01`)));
  return { ...rules, holidays };
}

const toHoliday = (h: typeof complianceHolidays.$inferSelect): Holiday => ({ holiday_id: h.holidayId, date: h.date, name: h.name });

/** GET /compliance/holidays (a year's, or all), by date. */
export async function listHolidays(db: DbOrTx, companyId: string, year?: number): Promise<Holiday[]> {
  await ensureRules(db, companyId);
  const where = year
    ? and(eq(complianceHolidays.companyId, companyId), gte(complianceHolidays.date, `${year}-01-01`), lt(complianceHolidays.date, `${year + 1}-01-01`))
    : eq(complianceHolidays.companyId, companyId);
  return (await db.select().from(complianceHolidays).where(where).orderBy(asc(complianceHolidays.date))).map(toHoliday);
}

/** POST /compliance/holidays. @throws 409 'That date is already a holiday' */
export async function addHoliday(db: DbOrTx, audit: AuditLog, companyId: string, actorUserId: string, body: HolidayBody): Promise<Holiday> {
  await ensureRules(db, companyId);
  const [row] = await db.insert(complianceHolidays).values({ companyId, date: body.date, name: body.name }).onConflictDoNothing().returning();
  if (!row) throw conflict('That date is already a holiday');
  await audit.record(db, { companyId, actorUserId, action: 'compliance_holiday_added', details: { date: body.date, name: body.name } });
  return toHoliday(row);
}

/** DELETE /compliance/holidays/{holiday_id}. @throws 404 'Holiday not found' */
export async function removeHoliday(db: DbOrTx, audit: AuditLog, companyId: string, actorUserId: string, holidayId: string): Promise<void> {
  const [row] = await db.delete(complianceHolidays).where(and(eq(complianceHolidays.companyId, companyId), eq(complianceHolidays.holidayId, holidayId))).returning();
  if (!row) throw notFound('Holiday not found');
  await audit.record(db, { companyId, actorUserId, action: 'compliance_holiday_removed', details: { date: row.date, name: row.name } });
}

const toTemplate = (t: typeof complianceDltTemplates.$inferSelect): DltTemplateRecord => ({
  template_id: t.templateId,
  entity_id: t.entityId,
  sender_header: t.senderHeader,
  category: t.category,
  body: t.body,
  created_at: t.createdAt.toISOString(),
});

/** GET /compliance/dlt-templates. */
export async function listDltTemplates(db: DbOrTx, companyId: string): Promise<DltTemplateRecord[]> {
  return (await db.select().from(complianceDltTemplates).where(eq(complianceDltTemplates.companyId, companyId)).orderBy(asc(complianceDltTemplates.createdAt))).map(toTemplate);
}

/** The company's DLT templates among `templateIds` (content template ids), by id; unknown ids are absent. */
export async function dltTemplatesById(db: DbOrTx, companyId: string, templateIds: readonly string[]): Promise<Map<string, DltTemplate>> {
  if (templateIds.length === 0) return new Map();
  const rows = await db.select().from(complianceDltTemplates).where(and(eq(complianceDltTemplates.companyId, companyId), inArray(complianceDltTemplates.templateId, [...new Set(templateIds)])));
  return new Map(rows.map((r) => [r.templateId, toTemplate(r)]));
}

/** POST /compliance/dlt-templates. @throws 409 'A DLT template with that id exists' */
export async function addDltTemplate(db: DbOrTx, companyId: string, body: DltTemplateBody): Promise<DltTemplateRecord> {
  const [row] = await db
    .insert(complianceDltTemplates)
    .values({ companyId, templateId: body.template_id, entityId: body.entity_id, senderHeader: body.sender_header, category: body.category, body: body.body })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('A DLT template with that id exists');
  return toTemplate(row);
}

/** DELETE /compliance/dlt-templates/{template_id}. @throws 404 'DLT template not found' */
export async function removeDltTemplate(db: DbOrTx, companyId: string, templateId: string): Promise<void> {
  const [row] = await db.delete(complianceDltTemplates).where(and(eq(complianceDltTemplates.companyId, companyId), eq(complianceDltTemplates.templateId, templateId))).returning();
  if (!row) throw notFound('DLT template not found');
}
