/**
 * Company use cases (spec 3 "Organisation and company settings", spec 7 user service
 * `/companies`, `/company`, `/company-type`). Every read is limited to companies the caller is
 * assigned to (the kernel's membership service says which); the access hook has already checked
 * the company of company-scoped routes.
 */
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { countryTimeZone, localDay } from '../../../domain/common/dates';
import type { CompaniesQuery, Company, CompanySettingsUpdate, CompanySummary } from '../../../domain/contracts/companies/companies';
import { companySummary } from '../../../domain/contracts/companies/companies.schema';
import type { Db, DbOrTx } from '../../db/client';
import { likePattern } from '../../db/sql-helpers';
import { notFound } from '../../http/errors';
import type { AuditLog, MembershipProvider } from '../../http/caller';
import type { CompanyRow } from './schema';
import { companies } from './schema';

/** The contract's Company from a row. */
export function toCompany(row: CompanyRow): Company {
  return {
    company_id: row.companyId,
    trademark: row.trademark,
    company_type: row.companyType,
    country: row.country,
    country_isd_code: row.countryIsdCode,
    country_currency_code: row.countryCurrencyCode,
    ui_version: row.uiVersion,
    is_credit_line: row.isCreditLine,
    calling_dialer_server: row.callingDialerServer,
    autodialer_campaign_id: row.autodialerCampaignId,
    click_to_call_campaign_id: row.clickToCallCampaignId,
    autodialer_enabled: row.autodialerEnabled,
    click_to_call_enabled: row.clickToCallEnabled,
    predictive_enabled: row.predictiveEnabled,
    inbound_enabled: row.inboundEnabled,
    central_approval_configured: row.centralApprovalConfigured,
    dlt_check_applicable: row.dltCheckApplicable,
    predictive_breaks: row.predictiveBreaks,
    inbound_breaks: row.inboundBreaks,
    masked_variables: row.maskedVariables,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/** The contract's CompanySummary from a row: the Company narrowed by the contract (zod drops the other keys). */
export function toCompanySummary(row: CompanyRow): CompanySummary {
  return companySummary.parse(toCompany(row));
}

/** The active companies among `ids`, ordered by company_id. */
export async function activeCompanies(db: DbOrTx, ids: readonly string[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(companies).where(and(inArray(companies.companyId, [...ids]), eq(companies.active, true))).orderBy(asc(companies.companyId));
}

/**
 * `GET /companies`: the caller's companies, filtered and paged (spec 7; company_type `loan`
 * means every lending type, spec 3).
 */
export async function listCompanies(db: Db, memberships: MembershipProvider, userId: string, query: CompaniesQuery) {
  const ids = await memberships.companyIdsOf(userId);
  if (ids.length === 0) return { companies: [], total: 0, page_number: query.page_number, page_size: query.page_size };
  const conditions = [inArray(companies.companyId, ids), eq(companies.active, true)];
  if (query.company_type !== 'loan') conditions.push(eq(companies.companyType, query.company_type));
  if (query.search_value) {
    const pattern = likePattern(query.search_value);
    if (query.search_type === 'company_id') conditions.push(ilike(companies.companyId, pattern));
    else if (query.search_type === 'trademark') conditions.push(ilike(companies.trademark, pattern));
    else conditions.push(or(ilike(companies.companyId, pattern), ilike(companies.trademark, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(companies).where(where).orderBy(asc(companies.trademark)).limit(query.page_size).offset((query.page_number - 1) * query.page_size),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { companies: rows.map(toCompanySummary), total, page_number: query.page_number, page_size: query.page_size };
}

/** One company by id. @throws AppError 404 'Company not found'. */
export async function getCompany(db: Db, companyId: string): Promise<Company> {
  const [row] = await db.select().from(companies).where(eq(companies.companyId, companyId));
  if (!row) throw notFound('Company not found');
  return toCompany(row);
}

/** `PUT /company`: updates the given settings and audits which fields changed. */
export async function updateCompany(db: Db, audit: AuditLog, companyId: string, actorUserId: string, patch: CompanySettingsUpdate): Promise<Company> {
  const set: Partial<typeof companies.$inferInsert> = {
    trademark: patch.trademark,
    companyType: patch.company_type,
    countryIsdCode: patch.country_isd_code,
    countryCurrencyCode: patch.country_currency_code,
    uiVersion: patch.ui_version,
    isCreditLine: patch.is_credit_line,
    callingDialerServer: patch.calling_dialer_server,
    autodialerCampaignId: patch.autodialer_campaign_id,
    clickToCallCampaignId: patch.click_to_call_campaign_id,
    autodialerEnabled: patch.autodialer_enabled,
    clickToCallEnabled: patch.click_to_call_enabled,
    predictiveEnabled: patch.predictive_enabled,
    inboundEnabled: patch.inbound_enabled,
    centralApprovalConfigured: patch.central_approval_configured,
    dltCheckApplicable: patch.dlt_check_applicable,
    predictiveBreaks: patch.predictive_breaks,
    inboundBreaks: patch.inbound_breaks,
    maskedVariables: patch.masked_variables,
  };
  const changed = Object.keys(patch);
  return db.transaction(async (tx) => {
    // The version tells other processes' caches of the settings (masking) that they changed.
    if (changed.length > 0) await tx.update(companies).set({ ...set, settingsVersion: sql`${companies.settingsVersion} + 1` }).where(eq(companies.companyId, companyId));
    await audit.record(tx, { companyId, actorUserId, action: 'company_settings_updated', details: { fields: changed } });
    const [row] = await tx.select().from(companies).where(eq(companies.companyId, companyId));
    if (!row) throw notFound('Company not found');
    return toCompany(row);
  });
}

/** The company's country and currency (INR unless the company says IDR). */
export async function companyCountry(db: DbOrTx, companyId: string): Promise<{ country: string; currency: 'INR' | 'IDR' }> {
  const [row] = await db.select({ country: companies.country, currency: companies.countryCurrencyCode }).from(companies).where(eq(companies.companyId, companyId));
  return { country: row?.country ?? 'INDIA', currency: row?.currency === 'IDR' ? 'IDR' : 'INR' };
}

/** The company's today ('YYYY-MM-DD') at `now`, in its country's time zone (PTP, deadline and limitation days). */
export async function companyToday(db: DbOrTx, companyId: string, now: Date): Promise<string> {
  return localDay(now, countryTimeZone((await companyCountry(db, companyId)).country).offsetMinutes);
}
