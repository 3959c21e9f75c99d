/**
 * The calling area's demo (`defineArea({ demoSeed })`): on each demo company an active in-house
 * autodialer campaign whose call list is the demo telecaller's allocated loans of their latest
 * month (25 of them), so `telecaller@demo.in` can log into the autodialer and `supervisor@demo.in`
 * manages the campaign and watches the telecaller live. Idempotent: nothing once the company has a campaign.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from '../../seed/demo-constants';
import { allocationMonthsOf, allocationsOf } from '../allocation/queries';
import { grant } from '../../../domain/users/permissions';
import { addProfilePermissions, userIdByEmail } from '../users/queries';
import { callingCallList, callingCampaigns } from './schema';

const DEMO: { companyId: string; telecaller: string; supervisor: string; name: string }[] = [
  { companyId: DEMO_COMPANY_IN, telecaller: 'telecaller@demo.in', supervisor: 'supervisor@demo.in', name: 'High DPD follow-up' },
  { companyId: DEMO_COMPANY_ID, telecaller: 'telecaller@demo.id', supervisor: 'admin@demo.id', name: 'Penagihan DPD tinggi' },
];

/** Seeds the demo campaigns and call lists (see the module comment). */
export async function seedCallingDemo(db: Db): Promise<void> {
  for (const d of DEMO) {
    // Demo telecallers may take inbound and predictive calls once the company switches those modes on (spec 5, 6).
    await addProfilePermissions(db, d.companyId, 'Telecaller', grant({ calling: { inbound: 'rw', predictive: 'rw' } }));
    const [any] = await db.select({ id: callingCampaigns.campaignId }).from(callingCampaigns).where(eq(callingCampaigns.companyId, d.companyId)).limit(1);
    if (any) continue;
    const [agent, owner] = await Promise.all([userIdByEmail(db, d.telecaller), userIdByEmail(db, d.supervisor)]);
    if (!agent || !owner) continue;
    const months = (await allocationMonthsOf(db, d.companyId, agent, 'telecaller')).sort().reverse();
    const loans = months.length === 0 ? [] : (await allocationsOf(db, d.companyId, agent, 'telecaller', [months[0]])).sort((a, b) => a.loanId.localeCompare(b.loanId)).slice(0, 25);
    await db.transaction(async (tx) => {
      const [campaign] = await tx.insert(callingCampaigns).values({ companyId: d.companyId, name: d.name, mode: 'autodialer', active: true, createdBy: owner }).returning();
      if (loans.length > 0) {
        await tx
          .insert(callingCallList)
          .values(loans.map((l) => ({ companyId: d.companyId, campaignId: campaign.campaignId, loanId: l.loanId, allocationMonth: l.allocationMonth, source: 'filter', addedBy: owner })))
          .onConflictDoNothing();
      }
    });
  }
}
