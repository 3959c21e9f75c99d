/**
 * The approval area's demo (`defineArea({ demoSeed })`): the demo lender's settlement and waiver
 * chains (the reporting manager, then the collection head when the waiver is above 20 % or the
 * amount above Rs 5,00,000), the demo profiles' approval permissions, and one pending waiver
 * request in the collection head's inbox. Idempotent: the chains are looked for first.
 */
import { and, eq } from 'drizzle-orm';
import type { ChainLevel } from '../../../domain/approval/chains';
import { grant } from '../../../domain/users/permissions';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from '../../seed/demo-constants';
import { addProfilePermissions, roleLinks, userIdByEmail } from '../users/queries';
import { ensureChain } from './chains-service';
import { submitApprovalRequest } from './engine';
import { approvalChains } from './schema';

/** The demo chain of settlements and waivers: two levels, the second above 20 % waiver or Rs 5,00,000. */
export function demoChain(collectionHeadRoleId: string): ChainLevel[] {
  return [
    { name: 'Reporting manager', approver: { kind: 'reports_to', depth: 1 }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 },
    { name: 'Collection head', approver: { kind: 'role', role_id: collectionHeadRoleId }, min_amount_minor: 50_000_000, min_waiver_pct: 20, sla_hours: 48 },
  ];
}

export async function seedApprovalDemo(db: Db): Promise<void> {
  const [done] = await db.select({ t: approvalChains.requestType }).from(approvalChains).where(and(eq(approvalChains.companyId, DEMO_COMPANY_IN), eq(approvalChains.requestType, 'waiver')));
  if (done) return;
  const head = (await roleLinks(db, DEMO_COMPANY_IN)).find((r) => r.roleName === 'Collection Head');
  if (!head) return;
  await db.transaction(async (tx) => {
    for (const type of ['settlement', 'waiver'] as const) await ensureChain(tx, DEMO_COMPANY_IN, type, demoChain(head.roleId));
    for (const companyId of [DEMO_COMPANY_IN, DEMO_COMPANY_ID]) {
      await addProfilePermissions(tx, companyId, 'Manager', grant({ 'Approval Service': { approvals: 'rw', approval_chains: 'r' }, settlement: { settlements: 'rw', settlement_exports: 'rw' } }));
      await addProfilePermissions(tx, companyId, 'Telecaller', grant({ 'Approval Service': { approvals: 'r' }, settlement: { settlements: 'rw' } }));
      await addProfilePermissions(tx, companyId, 'Field Executive', grant({ 'Approval Service': { approvals: 'r' }, settlement: { settlements: 'rw' } }));
    }
    const maker = await userIdByEmail(tx, 'supervisor@demo.in');
    if (maker) {
      await submitApprovalRequest(tx, { companyId: DEMO_COMPANY_IN, type: 'waiver', loanId: null, subjectId: 'demo-waiver-late-fee', makerUserId: maker, amountMinor: 250_000, waiverPct: 25, summary: 'Late fee waiver of Rs 2,500 (25 %) for a borrower hit by floods' });
    }
  });
}
