/**
 * Who holds which loan, as other areas read it (exposed through queries.ts): an agent's
 * allocations, the holder of one loan, and the allocations as a subquery or raw-SQL relation to
 * join (the field app's day, visit checks, online recoveries, the FOS dashboard, loan operations).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AgentType } from '../../../domain/bulk/loan-operations';
import type { DbOrTx } from '../../db/client';
import { loanAllocations } from './schema';

/** The months an agent holds loans in, newest first. */
export async function allocationMonthsOf(db: DbOrTx, companyId: string, userId: string, agentType: AgentType): Promise<string[]> {
  const rows = await db
    .selectDistinct({ month: loanAllocations.allocationMonth })
    .from(loanAllocations)
    .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.userId, userId), eq(loanAllocations.agentType, agentType)))
    .orderBy(desc(loanAllocations.allocationMonth));
  return rows.map((r) => r.month);
}

/** The loans an agent holds in `months` (every month when omitted), as loan keys. */
export async function allocationsOf(db: DbOrTx, companyId: string, userId: string, agentType: AgentType, months?: readonly string[]): Promise<{ loanId: string; allocationMonth: string }[]> {
  if (months && months.length === 0) return [];
  return db
    .select({ loanId: loanAllocations.loanId, allocationMonth: loanAllocations.allocationMonth })
    .from(loanAllocations)
    .where(
      and(
        eq(loanAllocations.companyId, companyId),
        eq(loanAllocations.userId, userId),
        eq(loanAllocations.agentType, agentType),
        months ? inArray(loanAllocations.allocationMonth, [...months]) : undefined,
      ),
    );
}

/** The agent of `agentType` holding a loan in a month, or null. */
export async function holderOf(db: DbOrTx, companyId: string, key: { loanId: string; allocationMonth: string }, agentType: AgentType): Promise<string | null> {
  const [row] = await db
    .select({ userId: loanAllocations.userId })
    .from(loanAllocations)
    .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.allocationMonth, key.allocationMonth), eq(loanAllocations.loanId, key.loanId), eq(loanAllocations.agentType, agentType)));
  return row?.userId ?? null;
}

/** A company's allocations as a query-builder subquery `allocations` (allocationMonth, loanId, userId, agentType, allocatedAt). */
export function allocationsSubquery(db: DbOrTx, companyId: string, agentType?: AgentType) {
  return db
    .select({ allocationMonth: loanAllocations.allocationMonth, loanId: loanAllocations.loanId, userId: loanAllocations.userId, agentType: loanAllocations.agentType, allocatedAt: loanAllocations.allocatedAt })
    .from(loanAllocations)
    .where(and(eq(loanAllocations.companyId, companyId), agentType ? eq(loanAllocations.agentType, agentType) : undefined))
    .as('allocations');
}

/**
 * A company's allocations as a relation for raw SQL: `from ${allocationsRelation(companyId)} a`
 * with columns allocation_month, loan_id, user_id, agent_type, allocated_at.
 */
export function allocationsRelation(companyId: string): SQL {
  return sql`(select allocation_month, loan_id, user_id, agent_type, allocated_at from loan_allocations where company_id = ${companyId})`;
}
