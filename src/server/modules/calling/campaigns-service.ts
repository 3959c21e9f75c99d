/**
 * Campaigns and call lists (issue 14; spec 7 "inhouse autodial create", "filter calling list",
 * "inhouse filter loans in batches of 50", "campaign call-list add") and the agent's autodial
 * session (spec 4 "Autodial login"). Loans are selected through the portfolio's front door
 * (queries.ts: its filters and selections), never its tables.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { CALL_LIST_BATCH, CAMPAIGN_NOT_ACTIVE, isSupervisory, MAX_CALL_LIST_ADD } from '../../../domain/calling/campaigns';
import { callingModeNotEnabledMessage } from '../../../domain/calling/calling-mode';
import type {
  AddCallListResponse,
  AutodialSession,
  CallListResponse,
  CampaignRecord,
  FilterCallListResponse,
} from '../../../domain/contracts/calling/campaigns';
import type { addCallListBody, autodialLoginBody, createCampaignBody, filterCallListBody, updateCampaignBody } from '../../../domain/contracts/calling/campaigns.schema';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Caller } from '../../http/caller';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { canReadUnmasked, loanSummaries, parseFilters, portfolioView, selectedLoansSubquery } from '../portfolio/queries';
import { callingAgentStatus, callingCallList, callingCampaigns } from './schema';
import type { CampaignRow } from './schema';
import { callerModes } from './settings-service';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** @throws 403 unless the caller is a telecalling supervisor, an admin-level user or an operator (spec 6) */
export function requireSupervisor(caller: Caller): void {
  if (!isSupervisory(caller.user)) throw forbidden('Only telecalling supervisors and admins can do this');
}

/** One of the company's campaigns. @throws 404 'Campaign not found' */
export async function campaignOf(db: DbOrTx, companyId: string, campaignId: string): Promise<CampaignRow> {
  const [row] = await db.select().from(callingCampaigns).where(and(eq(callingCampaigns.companyId, companyId), eq(callingCampaigns.campaignId, campaignId)));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

/** List sizes of campaigns: all entries, and those neither dialed nor flushed. */
async function listCounts(db: DbOrTx, companyId: string, ids: readonly string[]): Promise<Map<string, { size: number; undialed: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: callingCallList.campaignId,
      size: sql<number>`count(*)`.mapWith(Number),
      undialed: sql<number>`count(*) filter (where ${callingCallList.dialedAt} is null and ${callingCallList.flushedAt} is null)`.mapWith(Number),
    })
    .from(callingCallList)
    .where(and(eq(callingCallList.companyId, companyId), inArray(callingCallList.campaignId, [...ids])))
    .groupBy(callingCallList.campaignId);
  return new Map(rows.map((r) => [r.id, { size: r.size, undialed: r.undialed }]));
}

function toCampaign(row: CampaignRow, counts?: { size: number; undialed: number }): CampaignRecord {
  return { campaign_id: row.campaignId, name: row.name, mode: row.mode, active: row.active, list_size: counts?.size ?? 0, undialed: counts?.undialed ?? 0, created_at: row.createdAt.toISOString() };
}

async function withCounts(db: DbOrTx, row: CampaignRow): Promise<CampaignRecord> {
  return toCampaign(row, (await listCounts(db, row.companyId, [row.campaignId])).get(row.campaignId));
}

/** GET /calling/campaigns: newest first; agents see only the active ones (to log into). */
export async function listCampaigns(db: Db, caller: Caller): Promise<CampaignRecord[]> {
  const rows = await db
    .select()
    .from(callingCampaigns)
    .where(and(eq(callingCampaigns.companyId, caller.companyId), isSupervisory(caller.user) ? undefined : eq(callingCampaigns.active, true)))
    .orderBy(desc(callingCampaigns.createdAt), asc(callingCampaigns.name))
    .limit(200);
  const counts = await listCounts(db, caller.companyId, rows.map((r) => r.campaignId));
  return rows.map((r) => toCampaign(r, counts.get(r.campaignId)));
}

/** POST /calling/campaigns. @throws 403 not supervisory; 409 a campaign of that name exists */
export async function createCampaign(db: Db, caller: Caller, body: z.output<typeof createCampaignBody>, now: Date): Promise<CampaignRecord> {
  requireSupervisor(caller);
  const [row] = await db
    .insert(callingCampaigns)
    .values({ companyId: caller.companyId, name: body.name, mode: body.mode, active: body.active, createdBy: caller.user.userId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`A campaign named ${body.name} already exists`);
  return toCampaign(row);
}

/**
 * PATCH /calling/campaigns/{id}: rename or switch. Switching a campaign off ends the autodial
 * sessions on it (spec 5: an inactive campaign cannot be dialed).
 * @throws 403; 404; 409 name taken
 */
export async function updateCampaign(db: Db, caller: Caller, campaignId: string, body: z.output<typeof updateCampaignBody>, now: Date): Promise<CampaignRecord> {
  requireSupervisor(caller);
  await campaignOf(db, caller.companyId, campaignId);
  const row = await db.transaction(async (tx) => {
    if (body.name !== undefined) {
      const [clash] = await tx
        .select({ id: callingCampaigns.campaignId })
        .from(callingCampaigns)
        .where(and(eq(callingCampaigns.companyId, caller.companyId), eq(callingCampaigns.name, body.name), sql`${callingCampaigns.campaignId} <> ${campaignId}`));
      if (clash) throw conflict(`A campaign named ${body.name} already exists`);
    }
    const [updated] = await tx
      .update(callingCampaigns)
      .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.active !== undefined ? { active: body.active } : {}), updatedAt: now })
      .where(and(eq(callingCampaigns.companyId, caller.companyId), eq(callingCampaigns.campaignId, campaignId)))
      .returning();
    if (body.active === false) {
      await tx
        .update(callingAgentStatus)
        .set({ autodialActive: false, updatedAt: now })
        .where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.campaignId, campaignId), eq(callingAgentStatus.autodialActive, true)));
    }
    return updated;
  });
  return withCounts(db, row);
}

type Selection = { allocation_month: string; filters: z.output<typeof filterCallListBody>['filters']; search?: string };

/** The month's loans the portfolio filters select, as the portfolio's subquery. @throws 400 bad filters */
async function selectionOf(db: Db, caller: Caller, s: Selection) {
  const view = await portfolioView(db, caller.companyId, canReadUnmasked(caller.permissions));
  const selection = { companyId: caller.companyId, allocationMonth: s.allocation_month, search: s.search, searchMasked: view.masker.maskedNames(), filters: parseFilters(s.filters, view.variables) };
  return { view, sub: selectedLoansSubquery(db, selection) };
}

/**
 * POST /calling/campaigns/{id}/call-list/filter: batch `batch` (0-based) of 50 of the selected
 * loans in the portfolio's row order, masked for the caller, with whether each is already listed.
 * @throws 403; 404; 400 bad filters
 */
export async function filterCallList(db: Db, caller: Caller, campaignId: string, body: z.output<typeof filterCallListBody>): Promise<FilterCallListResponse> {
  requireSupervisor(caller);
  await campaignOf(db, caller.companyId, campaignId);
  const { view, sub } = await selectionOf(db, caller, body);
  const [[{ total }], page] = await Promise.all([
    db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(sub),
    db
      .select({ loanId: sub.loanId, allocationMonth: sub.allocationMonth })
      .from(sub)
      .orderBy(asc(sub.id))
      .limit(CALL_LIST_BATCH)
      .offset(body.batch * CALL_LIST_BATCH),
  ]);
  const ids = page.map((p) => p.loanId);
  const [summaries, listed] = await Promise.all([
    loanSummaries(db, view, page),
    ids.length === 0
      ? []
      : db
          .select({ loanId: callingCallList.loanId })
          .from(callingCallList)
          .where(and(eq(callingCallList.campaignId, campaignId), eq(callingCallList.companyId, caller.companyId), inArray(callingCallList.loanId, ids))),
  ]);
  const byId = new Map(summaries.map((s) => [s.loanId, s]));
  const inList = new Set(listed.map((l) => l.loanId));
  const name = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  return {
    total,
    batch: body.batch,
    batch_size: CALL_LIST_BATCH,
    next_batch: (body.batch + 1) * CALL_LIST_BATCH < total ? body.batch + 1 : null,
    loans: ids.map((id) => ({ loan_id: id, applicant_name: name(byId.get(id)?.record.applicant_name), dpd: byId.get(id)?.dpd ?? null, in_list: inList.has(id) })),
  };
}

/**
 * POST /calling/campaigns/{id}/call-list: the loans named (those not in the month are reported in
 * `not_found`) or every loan the filters select (at most MAX_CALL_LIST_ADD), added in batches of 50
 * inside one transaction: any failing batch refuses the whole add (spec 5). Loans already listed
 * stay once; a flushed one is queued again.
 * @throws 403; 404; 400 bad filters, nothing selected, too many
 */
export async function addCallList(db: Db, caller: Caller, campaignId: string, body: z.output<typeof addCallListBody>, now: Date): Promise<AddCallListResponse> {
  requireSupervisor(caller);
  await campaignOf(db, caller.companyId, campaignId);
  let found: string[];
  let notFoundIds: string[] = [];
  if (body.loan_ids) {
    const ids = [...new Set(body.loan_ids)];
    const sub = selectedLoansSubquery(db, { companyId: caller.companyId, allocationMonth: body.allocation_month, loanIds: ids });
    const present = new Set((await db.select({ loanId: sub.loanId }).from(sub)).map((r) => r.loanId));
    found = ids.filter((id) => present.has(id));
    notFoundIds = ids.filter((id) => !present.has(id));
  } else {
    const { sub } = await selectionOf(db, caller, { allocation_month: body.allocation_month, filters: body.filters ?? [], search: body.search });
    found = (await db.select({ loanId: sub.loanId }).from(sub).orderBy(asc(sub.id)).limit(MAX_CALL_LIST_ADD + 1)).map((r) => r.loanId);
    if (found.length > MAX_CALL_LIST_ADD) throw badRequest(`A call list add takes at most ${MAX_CALL_LIST_ADD} loans; narrow the filters`);
  }
  if (found.length === 0) throw badRequest('No loan matches the selection');
  const source = body.loan_ids ? 'loan_ids' : 'filter';
  const added = await db.transaction(async (tx) => {
    let n = 0;
    for (let i = 0; i < found.length; i += CALL_LIST_BATCH) {
      const batch = found.slice(i, i + CALL_LIST_BATCH);
      const rows = await tx
        .insert(callingCallList)
        .values(batch.map((loanId) => ({ companyId: caller.companyId, campaignId, loanId, allocationMonth: body.allocation_month, source, addedBy: caller.user.userId, addedAt: now })))
        .onConflictDoNothing()
        .returning({ loanId: callingCallList.loanId });
      n += rows.length;
      // Flushed entries named again go back to the queue.
      await tx
        .update(callingCallList)
        .set({ flushedAt: null, allocationMonth: body.allocation_month })
        .where(and(eq(callingCallList.campaignId, campaignId), eq(callingCallList.companyId, caller.companyId), inArray(callingCallList.loanId, batch), isNotNull(callingCallList.flushedAt), isNull(callingCallList.dialedAt)));
    }
    return n;
  });
  const counts = (await listCounts(db, caller.companyId, [campaignId])).get(campaignId);
  return { added, already_listed: found.length - added, not_found: notFoundIds, list_size: counts?.size ?? 0 };
}

/** GET /calling/campaigns/{id}/call-list: undialed first, in the order added; at most 500. @throws 403; 404 */
export async function getCallList(db: Db, caller: Caller, campaignId: string): Promise<CallListResponse> {
  requireSupervisor(caller);
  await campaignOf(db, caller.companyId, campaignId);
  const rows = await db
    .select()
    .from(callingCallList)
    .where(and(eq(callingCallList.campaignId, campaignId), eq(callingCallList.companyId, caller.companyId)))
    .orderBy(sql`${callingCallList.dialedAt} is not null`, asc(callingCallList.addedAt), asc(callingCallList.loanId))
    .limit(500);
  return {
    entries: rows.map((r) => ({ loan_id: r.loanId, allocation_month: r.allocationMonth, source: r.source, added_at: r.addedAt.toISOString(), dialed_at: r.dialedAt?.toISOString() ?? null, flushed: r.flushedAt !== null })),
  };
}

/** The undialed (and unflushed) entries of a campaign's call list, in the order added. */
export async function undialedEntries(db: DbOrTx, companyId: string, campaignId: string, limit: number): Promise<{ loanId: string; allocationMonth: string }[]> {
  return db
    .select({ loanId: callingCallList.loanId, allocationMonth: callingCallList.allocationMonth })
    .from(callingCallList)
    .where(and(eq(callingCallList.companyId, companyId), eq(callingCallList.campaignId, campaignId), isNull(callingCallList.dialedAt), isNull(callingCallList.flushedAt)))
    .orderBy(asc(callingCallList.addedAt), asc(callingCallList.loanId))
    .limit(limit);
}

/** GET /calling/autodial: the caller's session (inactive when never logged in). */
export async function autodialSession(db: DbOrTx, caller: Caller, flushed = 0): Promise<AutodialSession> {
  const [row] = await db.select().from(callingAgentStatus).where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, caller.user.userId)));
  const campaign = row?.campaignId ? (await db.select().from(callingCampaigns).where(and(eq(callingCampaigns.companyId, caller.companyId), eq(callingCampaigns.campaignId, row.campaignId))))[0] : undefined;
  const active = Boolean(row?.autodialActive && campaign);
  const counts = active ? (await listCounts(db, caller.companyId, [campaign!.campaignId])).get(campaign!.campaignId) : undefined;
  return {
    active,
    campaign_id: active ? campaign!.campaignId : null,
    campaign_name: active ? campaign!.name : null,
    campaign_mode: active ? campaign!.mode : null,
    session_started_at: active ? (row!.autodialSessionAt?.toISOString() ?? null) : null,
    flushed,
    undialed: counts?.undialed ?? 0,
  };
}

/**
 * POST /calling/autodial/login (spec 4 "Autodial login", spec 5): the campaign named (default the
 * latest active one) must be active and its mode enabled and writable for the caller.
 * flush_undialed_list Yes empties the campaign's undialed list (its entries leave every queue);
 * continue_last_session Yes keeps the previous session on the same campaign, No starts a new one.
 * @throws 400 'Campaign is not active' | '{label} is not enabled in company settings'; 403; 404
 */
export async function autodialLogin(db: Db, caller: Caller, body: z.output<typeof autodialLoginBody>, now: Date): Promise<AutodialSession> {
  let campaign: CampaignRow | undefined;
  if (body.campaign_id) campaign = await campaignOf(db, caller.companyId, body.campaign_id);
  else
    [campaign] = await db
      .select()
      .from(callingCampaigns)
      .where(and(eq(callingCampaigns.companyId, caller.companyId), eq(callingCampaigns.active, true)))
      .orderBy(desc(callingCampaigns.createdAt))
      .limit(1);
  if (!campaign || !campaign.active) throw badRequest(CAMPAIGN_NOT_ACTIVE);
  const modes = await callerModes(db, caller);
  if (!modes.enabled[campaign.mode]) throw badRequest(callingModeNotEnabledMessage(campaign.mode));
  if (!modes.writable[campaign.mode]) throw forbidden(`Permission not found: calling ${campaign.mode} (write)`, { missing_permission: { module: 'calling', action: campaign.mode, access: 'write' } });
  const chosen = campaign;
  return db.transaction(async (tx) => {
    let flushed = 0;
    if (body.flush_undialed_list === 'Yes') {
      const rows = await tx
        .update(callingCallList)
        .set({ flushedAt: now })
        .where(and(eq(callingCallList.companyId, caller.companyId), eq(callingCallList.campaignId, chosen.campaignId), isNull(callingCallList.dialedAt), isNull(callingCallList.flushedAt)))
        .returning({ loanId: callingCallList.loanId });
      flushed = rows.length;
    }
    const [prev] = await tx.select().from(callingAgentStatus).where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, caller.user.userId)));
    const keep = body.continue_last_session === 'Yes' && prev?.campaignId === chosen.campaignId && prev.autodialSessionAt;
    // A login turns the agent's dialer on (a campaign user status auto_call_off of before is over).
    const values = { campaignId: chosen.campaignId, autodialActive: true, autodialSessionAt: keep ? prev.autodialSessionAt : now, statusReason: null, vendorEvent: null, dialerOffUntil: null, dialerOffEvent: null, updatedAt: now };
    await tx
      .insert(callingAgentStatus)
      .values({ companyId: caller.companyId, userId: caller.user.userId, ...values })
      .onConflictDoUpdate({ target: [callingAgentStatus.companyId, callingAgentStatus.userId], set: values });
    return autodialSession(tx, caller, flushed);
  });
}

/** POST /calling/autodial/logout: the dialer off; the campaign is remembered for continue_last_session. */
export async function autodialLogout(db: Db, caller: Caller, now: Date): Promise<AutodialSession> {
  await db
    .update(callingAgentStatus)
    .set({ autodialActive: false, updatedAt: now })
    .where(and(eq(callingAgentStatus.companyId, caller.companyId), eq(callingAgentStatus.userId, caller.user.userId)));
  return autodialSession(db, caller);
}
