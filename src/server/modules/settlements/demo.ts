/**
 * The settlements area's demo (`defineArea({ demoSeed })`): on the demo lender, three proposals
 * by the telecaller through the demo chain (approval's demo) — a one-time settlement approved by
 * the supervisor, one above 20 % waiver past level 1 and waiting for the collection head, one
 * waiting for the supervisor — so the approvals inbox and /app/settlement-tracking show each state.
 * Idempotent: does nothing once the company has a settlement.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DEMO_COMPANY_IN } from '../../seed/demo-constants';
import { decideApprovalRequest } from '../approval/queries';
import { memberRoleId, userIdByEmail } from '../users/queries';
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
  const made: string[] = [];
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
    const s = await proposeSettlement(db, DEMO_COMPANY_IN, caller, { loan_id: p.loan_id, settlement_type: p.type, settlement_amount_minor: amount, validity_date: day(now, 75), reason: p.reason, language: 'hi', instalments }, now);
    made.push(s.request_id ?? '');
  }
  // The telecalling supervisor (the agent's reporting manager) approves the first (final: one level) and
  // the second's level 1 (it waits for the collection head); the third waits in the supervisor's inbox.
  const supervisor = await userIdByEmail(db, 'supervisor@demo.in');
  if (!supervisor) return;
  const checker = { userId: supervisor, userType: 'user', roleId: await memberRoleId(db, DEMO_COMPANY_IN, supervisor) };
  const remarks = ['Hardship confirmed on call; one-time offer within policy', 'Medical papers seen; above 20 % waiver, for the collection head'];
  for (const [k, requestId] of made.slice(0, 2).entries()) if (requestId) await decideApprovalRequest(db, DEMO_COMPANY_IN, checker, requestId, { decision: 'approved', remarks: remarks[k] }, now);
}
