/**
 * Whether a start needs the demo seed (main.ts). The seed pulls in faker and every area's demo
 * part (~30 MB), so main.ts imports it only when this says yes: on an empty database (the first
 * start seeds the demo) or one that holds a demo company (the demo's once-a-month parts catch up).
 * A database of real companies only never loads it.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies } from '../modules/companies/schema';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from './demo-constants';

/** @returns true when the companies table is empty or holds a demo company. */
export async function demoSeedWanted(db: Db): Promise<boolean> {
  const any = await db.select({ id: companies.companyId }).from(companies).limit(1);
  if (any.length === 0) return true;
  const demo = await db.select({ id: companies.companyId }).from(companies).where(inArray(companies.companyId, [DEMO_COMPANY_IN, DEMO_COMPANY_ID])).limit(1);
  return demo.length > 0;
}
