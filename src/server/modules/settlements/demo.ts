/**
 * The settlements area's demo (`defineArea({ demoSeed })`): on the demo lender, three proposals
 * by the telecaller through the demo chain (approval's demo) — one waiting for the reporting
 * manager, one above 20 % waiver past level 1 and waiting for the collection head, one one-time
 * settlement approved — so the approvals inbox and /app/settlement-tracking show each state.
 * Idempotent: does nothing once the company has a settlement.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_IN } from '../../seed/demo-constants';
import { userIdByEmail } from '../users/queries';
import { settlements } from './schema';
import { proposeSettlement } from './service';
import { loanMessageFacts } from '../portfolio/queries';

const day = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedSettlementsDemo(db: Db, now: Date = new Date()): Promise<void> {
  const [any] = await db.select({ id: settlements.settlementId }).from(settlements).where(eq(settlements.companyId, DEMO_COMPANY_IN)).limit(1);
  if (any) return;
  const maker = await userIdByEmail(db, 'telecaller@demo.in');
  if (!maker) return;
  const caller = { userId: maker, unmasked: true };
  const claimOf = async (loanId: string) => (await loanMessageFacts(db, DEMO_COMPANY_IN, loanId))?.totalClaimAmountMinor ?? null;
  const plans = [
    { loan_id: 'LN00000011', pct: 0.9, type: 'one_time' as const, reason: 'Borrower lost his job; family will pay at once' },
    { loan_id: 'LN00000012', pct: 0.6, type: 'instalments' as const, reason: 'Medical emergency; can pay in three monthly instalments' },
    { loan_id: 'LN00000013', pct: 0.85, type: 'instalments' as const, reason: 'Business closed; pays from the sale of stock' },
  ];
  for (const p of plans) {
    const claim = await claimOf(p.loan_id);
    if (!claim) continue;
    const amount = Math.round((claim * p.pct) / 100) * 100;
    const instalments =
      p.type === 'one_time'
        ? []
        : [
            { due_date: day(now, 10), amount_minor: amount - 2 * Math.floor(amount / 3) },
            { due_date: day(now, 40), amount_minor: Math.floor(amount / 3) },
            { due_date: day(now, 70), amount_minor: Math.floor(amount / 3) },
          ];
    await proposeSettlement(db, DEMO_COMPANY_IN, caller, { loan_id: p.loan_id, settlement_type: p.type, settlement_amount_minor: amount, validity_date: day(now, 75), reason: p.reason, language: 'hi', instalments }, now);
  }
}
