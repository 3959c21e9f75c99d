/**
 * What other areas may use of the companies area (docs/decisions/007-area-kernel.md): companies
 * by id, their summary as the contracts show it, a company's country and currency, its settings
 * other areas act on (masking, credit lines, the compliance check's country and DLT flag), and the key other areas' foreign keys point to.
 */
import { eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { companies } from './schema';

export { activeCompanies, companyCountry, companyToday, getCompany, toCompanySummary } from './service';
export type { CompanyRow } from './schema';

/** The companies' key, for another area's foreign key only: `text('company_id').references(companyRef)`. */
export const companyRef = (): AnyPgColumn => companies.companyId;

/** The settings other areas act on (masking, credit lines, currency), or null for an unknown company. */
export async function companySettings(db: DbOrTx, companyId: string): Promise<{ maskedVariables: string[]; isCreditLine: boolean; currency: 'INR' | 'IDR' } | null> {
  const [row] = await db
    .select({ masked: companies.maskedVariables, isCreditLine: companies.isCreditLine, currency: companies.countryCurrencyCode })
    .from(companies)
    .where(eq(companies.companyId, companyId));
  return row ? { maskedVariables: row.masked ?? [], isCreditLine: row.isCreditLine, currency: row.currency === 'IDR' ? 'IDR' : 'INR' } : null;
}

/** The company's currency ('INR' | 'IDR') as a SQL expression, to fold into a statement the caller runs anyway. */
export function companyCurrencySql(companyId: string): SQL<string> {
  return sql<string>`(select case when ${companies.countryCurrencyCode} = 'IDR' then 'IDR' else 'INR' end from ${companies} where ${companies.companyId} = ${companyId})`;
}

/** What the compliance check needs of a company: its country and the DLT flag (spec 3), or null for an unknown company. */
export async function companyCompliance(db: DbOrTx, companyId: string): Promise<{ country: 'INDIA' | 'INDONESIA'; dltCheckApplicable: boolean } | null> {
  const [row] = await db.select({ country: companies.country, dlt: companies.dltCheckApplicable }).from(companies).where(eq(companies.companyId, companyId));
  return row ? { country: row.country, dltCheckApplicable: row.dlt } : null;
}

/** Whether the company routes approvals to its central approval team (`central_approval_configured`, spec 3); false for an unknown company. */
export async function centralApprovalConfigured(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ on: companies.centralApprovalConfigured }).from(companies).where(eq(companies.companyId, companyId));
  return row?.on ?? false;
}

/**
 * The company's settings version as a scalar subquery (null for an unknown company), for a
 * statement that reads it alongside others (the access hook's). Raised by every settings change
 * and by `settingsChanged`; caches of what is derived from the settings compare it.
 */
export function settingsVersionSql(companyId: string): SQL<number | null> {
  return sql<number | null>`(select ${companies.settingsVersion} from ${companies} where ${companies.companyId} = ${companyId})`;
}

/** Raises the company's settings version, inside the caller's transaction: call it with every write to data derived caches hold (company variables). */
export async function settingsChanged(db: DbOrTx, companyId: string): Promise<void> {
  await db.update(companies).set({ settingsVersion: sql`${companies.settingsVersion} + 1` }).where(eq(companies.companyId, companyId));
}
