/**
 * Portfolio assignment use cases (issue 5; spec 2 "portfolio assignment"): who holds which loan in
 * a month (`loan_allocations`: one field executive and one telecaller per loan per month), the
 * writes loan operations make to it (with an 'allocation' event on each loan's timeline), and the
 * territory-aware suggestion of an assignment (domain/allocation/suggest.ts).
 */
import type { Caller } from '../../http/caller';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { AgentType } from '../../../domain/bulk/loan-operations';
import type { AllocationSuggestion, AllocationSuggestionBody } from '../../../domain/contracts/allocation/suggestions';
import { SUGGESTION_MAX_LOANS } from '../../../domain/contracts/allocation/suggestions';
import { DEFAULT_SUGGESTION_MAX_KM, suggestAllocation } from '../../../domain/allocation/suggest';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../http/errors';
import type { Ports } from '../../http/ports';
import { areaLocation } from '../../geo/geocode';
import { companyCountry } from '../companies/queries';
import type { LoanSelection } from '../portfolio/queries';
import { addLoanEvents, canReadUnmasked, parseFilters, portfolioView, selectedLoansSubquery } from '../portfolio/queries';
import { reportsToScope, scopedUsers } from '../users/queries';
import { loanAllocations } from './schema';

/** Who holds each of `loanIds` in `month`, by agent type (a loan without allocation is absent). */
export async function currentAllocations(db: DbOrTx, companyId: string, month: string, loanIds: readonly string[]): Promise<Map<string, Partial<Record<AgentType, string>>>> {
  const out = new Map<string, Partial<Record<AgentType, string>>>();
  if (loanIds.length === 0) return out;
  const rows = await db
    .select({ loanId: loanAllocations.loanId, userId: loanAllocations.userId, agentType: loanAllocations.agentType })
    .from(loanAllocations)
    .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.allocationMonth, month), inArray(loanAllocations.loanId, [...loanIds])));
  for (const r of rows) out.set(r.loanId, { ...out.get(r.loanId), [r.agentType]: r.userId });
  return out;
}

/** One change of a loan's agent made by a loan operation. */
export interface AllocationChange {
  loanId: string;
  agentType: AgentType;
  /** The new agent; null to deallocate. */
  userId: string | null;
  previousUserId: string | null;
  /** The timeline remark, e.g. 'Allocated to Ganesh Shinde (fos)'. */
  remark: string;
}

/**
 * Applies `changes` in `month` (inside the operation's transaction): allocations upserted on (loan,
 * agent type) with who and when, deallocations deleted, and one 'allocation' event per loan on
 * its timeline. A loan must appear at most once per agent type.
 */
export async function applyAllocationChanges(
  tx: DbOrTx,
  ctx: { companyId: string; month: string; by: string | null; operationId: string; operationType: string },
  changes: readonly AllocationChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const assign = changes.filter((c) => c.userId !== null).map((c) => ({ loan_id: c.loanId, user_id: c.userId, agent_type: c.agentType }));
  const remove = changes.filter((c) => c.userId === null).map((c) => ({ loan_id: c.loanId, agent_type: c.agentType }));
  if (assign.length > 0) {
    await tx.execute(sql`
      insert into loan_allocations (company_id, allocation_month, loan_id, user_id, agent_type, allocated_by, allocated_at)
      select ${ctx.companyId}, ${ctx.month}, r.loan_id, r.user_id, r.agent_type, ${ctx.by}, now()
      from jsonb_to_recordset(${JSON.stringify(assign)}::jsonb) as r(loan_id text, user_id text, agent_type text)
      on conflict (company_id, allocation_month, loan_id, agent_type)
      do update set user_id = excluded.user_id, allocated_by = excluded.allocated_by, allocated_at = excluded.allocated_at`);
  }
  if (remove.length > 0) {
    await tx.execute(sql`
      delete from loan_allocations a
      using jsonb_to_recordset(${JSON.stringify(remove)}::jsonb) as r(loan_id text, agent_type text)
      where a.company_id = ${ctx.companyId} and a.allocation_month = ${ctx.month} and a.loan_id = r.loan_id and a.agent_type = r.agent_type`);
  }
  await addLoanEvents(
    tx,
    changes.map((c) => ({
      companyId: ctx.companyId,
      loanId: c.loanId,
      allocationMonth: ctx.month,
      kind: 'allocation' as const,
      module: 'allocation',
      remark: c.remark,
      details: { operation_id: ctx.operationId, operation_type: ctx.operationType, agent_type: c.agentType, user_id: c.userId, previous_user_id: c.previousUserId },
      authorId: ctx.by,
    })),
  );
}

// ---------------------------------------------------------------- suggestion

/** The pincode and city of each of `loanIds` in the month (the loans' area points). */
async function loanPlaces(db: DbOrTx, companyId: string, month: string, loanIds: readonly string[]): Promise<Map<string, { pincode: string | null; city: string | null }>> {
  if (loanIds.length === 0) return new Map();
  const loans = selectedLoansSubquery(db, { companyId, allocationMonth: month, loanIds });
  const rows = await db.select({ loanId: loans.loanId, pincode: loans.pincode, city: loans.city }).from(loans);
  return new Map(rows.map((r) => [r.loanId, { pincode: r.pincode, city: r.city }]));
}

/** The loans a suggestion's search and filters select, the search matching masked fields whole for a masked caller. */
async function searchedSelection(db: DbOrTx, caller: Caller, month: string, body: AllocationSuggestionBody): Promise<LoanSelection> {
  const view = await portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions));
  return { companyId: caller.companyId, allocationMonth: month, search: body.search, searchMasked: view.masker.maskedNames(), filters: parseFilters(body.filters ?? [], view.variables) };
}

/**
 * POST /api/allocation/suggestions: proposes which of `user_ids` (active field executives in the
 * caller's reports-to scope) visits which of the selected loans of the month, balanced in count
 * and compact in space (domain suggestAllocation). Each executive is seeded at their last known
 * position, else the centre of their current allocation in the month. Loans are placed at their
 * pincode / postal-area point (answered as `areas`, each point with its loans). No loan goes
 * farther than `max_km` from its executive's base; unplaceable and out-of-reach loans are answered
 * in `left_out` with their reason (issue 12).
 * @throws 400 for bad filters, an executive who is not an active field executive of the caller's
 *   scope, no loans selected, or more than SUGGESTION_MAX_LOANS loans
 */
export async function suggestAssignment(db: DbOrTx, ports: Ports, caller: Caller, body: AllocationSuggestionBody): Promise<AllocationSuggestion> {
  const { companyId } = caller;
  const month = body.allocation_month;
  const scope = await reportsToScope(db, companyId, caller.user, caller.roleId);
  const members = await scopedUsers(db, companyId, scope.scope, { profession: 'field executive' });
  const byId = new Map(members.map((m) => [m.userId, m]));
  const missing = body.user_ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw badRequest(`Not an active field executive of your team: ${missing.join(', ')}`);

  const selected = selectedLoansSubquery(
    db,
    body.loan_ids
      ? { companyId, allocationMonth: month, loanIds: body.loan_ids }
      : await searchedSelection(db, caller, month, body),
  );
  const unallocated = body.only_unallocated
    ? notExists(
        db
          .select({ one: sql`1` })
          .from(loanAllocations)
          .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.allocationMonth, month), eq(loanAllocations.loanId, selected.loanId), eq(loanAllocations.agentType, 'fos'))),
      )
    : undefined;
  const rows = await db
    .select({ loanId: selected.loanId, pincode: selected.pincode, city: selected.city })
    .from(selected)
    .where(unallocated)
    .limit(SUGGESTION_MAX_LOANS + 1);
  if (rows.length === 0) throw badRequest('No loans match the selection');
  if (rows.length > SUGGESTION_MAX_LOANS) throw badRequest(`A suggestion covers at most ${SUGGESTION_MAX_LOANS.toLocaleString('en-IN')} loans; narrow the selection`);

  const { country } = await companyCountry(db, companyId);
  const placed = rows.map((r) => ({ loanId: r.loanId, point: areaLocation(country, r) }));

  // Seeds: last known positions, else the mean point of the executive's current loans this month.
  const held = await db
    .select({ userId: loanAllocations.userId, loanId: loanAllocations.loanId })
    .from(loanAllocations)
    .where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.allocationMonth, month), eq(loanAllocations.agentType, 'fos'), inArray(loanAllocations.userId, body.user_ids)));
  const [positions, heldLoans] = await Promise.all([
    ports.positions.lastPositions(db, companyId, body.user_ids),
    loanPlaces(db, companyId, month, held.map((h) => h.loanId)),
  ]);
  const current = held.map((h) => ({ userId: h.userId, ...(heldLoans.get(h.loanId) ?? { pincode: null, city: null }) }));
  const seeds = new Map<string, { lat: number; lng: number; source: 'last_position' | 'current_allocation' }>();
  for (const [userId, p] of positions) seeds.set(userId, { ...p, source: 'last_position' });
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const c of current) {
    const point = areaLocation(country, c);
    if (!point || seeds.has(c.userId)) continue;
    const s = sums.get(c.userId) ?? { lat: 0, lng: 0, n: 0 };
    sums.set(c.userId, { lat: s.lat + point.lat, lng: s.lng + point.lng, n: s.n + 1 });
  }
  for (const [userId, s] of sums) seeds.set(userId, { lat: s.lat / s.n, lng: s.lng / s.n, source: 'current_allocation' });

  const maxKm = body.max_km ?? DEFAULT_SUGGESTION_MAX_KM;
  const { groups, leftOut } = suggestAllocation(
    placed,
    body.user_ids.map((userId) => ({ userId, seed: seeds.get(userId) ?? null })),
    { maxKm },
  );
  const areas = new Map<string, { latitude: number; longitude: number; loan_ids: string[] }>();
  for (const p of placed) {
    if (!p.point) continue;
    const key = `${p.point.lat},${p.point.lng}`;
    const area = areas.get(key) ?? { latitude: p.point.lat, longitude: p.point.lng, loan_ids: [] };
    area.loan_ids.push(p.loanId);
    areas.set(key, area);
  }
  return {
    allocation_month: month,
    total_loans: rows.length,
    unlocated_loans: placed.filter((p) => p.point === null).length,
    max_km: maxKm,
    left_out: leftOut.map((l) => ({ loan_id: l.loanId, reason: l.reason, nearest_km: l.nearestKm })),
    areas: [...areas.values()],
    executives: groups.map((g) => {
      const seed = seeds.get(g.userId);
      return {
        user_id: g.userId,
        name: byId.get(g.userId)!.name,
        seed: seed ? { latitude: seed.lat, longitude: seed.lng, source: seed.source } : null,
        loan_ids: g.loanIds,
        count: g.count,
        centroid: g.centroid ? { latitude: g.centroid.lat, longitude: g.centroid.lng } : null,
        spread_km: g.spreadKm,
        radius_km: g.radiusKm,
        base_km: g.baseKm,
        located: g.located,
        unlocated: g.unlocated,
      };
    }),
  };
}
