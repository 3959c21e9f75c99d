/**
 * The demo calling day (issue 14 "telecaller@demo.in has a queue and can call"): each demo
 * telecaller gets telecaller allocations of the current month — loans with a borrower number and
 * no exclusion flag, highest DPD first. The calls themselves go through the local telephony
 * simulator (the calling area's default provider).
 *
 * Idempotent: it does nothing once the telecaller has an allocation in the current month.
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loanAllocations } from '../modules/allocation/schema';
import { loans } from '../modules/portfolio/schema';
import { users } from '../modules/users/schema';
import { DEMO_COMPANY_ID, DEMO_COMPANY_IN } from './demo-constants';
import { demoMonth } from './demo-portfolio';

const TELECALLERS = [
  { email: 'telecaller@demo.in', companyId: DEMO_COMPANY_IN, loans: 30 },
  { email: 'telecaller@demo.id', companyId: DEMO_COMPANY_ID, loans: 20 },
];

/** Seeds the telecallers' queues (see the module comment). @returns true when it wrote anything */
export async function seedDemoCalling(db: Db, opts: { now?: Date } = {}): Promise<boolean> {
  const month = demoMonth(opts.now ?? new Date());
  let wrote = false;
  for (const t of TELECALLERS) {
    const [user] = await db.select({ userId: users.userId }).from(users).where(eq(users.email, t.email));
    if (!user) continue;
    const [{ n }] = await db
      .select({ n: count() })
      .from(loanAllocations)
      .where(and(eq(loanAllocations.companyId, t.companyId), eq(loanAllocations.userId, user.userId), eq(loanAllocations.allocationMonth, month), eq(loanAllocations.agentType, 'telecaller')));
    if (n > 0) continue;
    const chosen = await db
      .select({ loanId: loans.loanId })
      .from(loans)
      .where(
        and(
          eq(loans.companyId, t.companyId),
          eq(loans.allocationMonth, month),
          isNotNull(loans.applicantContactNumber),
          sql`coalesce(lower(${loans.variables} ->> 'is_exclude_status'), '') not in ('true', 'yes', 'y', '1', 'excluded')`,
        ),
      )
      .orderBy(desc(loans.dpd), loans.loanId)
      .limit(t.loans);
    if (chosen.length === 0) continue;
    await db
      .insert(loanAllocations)
      .values(chosen.map((l) => ({ companyId: t.companyId, allocationMonth: month, loanId: l.loanId, userId: user.userId, agentType: 'telecaller' as const, allocatedBy: 'demo-seed' })))
      .onConflictDoNothing();
    wrote = true;
  }
  return wrote;
}
