/**
 * Repossession cases (issue 16 "Repossession"): initiation on a secured loan submitted for
 * approval; once approved the pre-repossession notice can be printed (notice.ts); an agency and an
 * agent assigned; the agent's field steps (steps.ts); yard inventory and valuation; release on
 * payment or sale by auction, approved, with the proceeds posted to the loan; spec 4 statuses
 * (success, failed, pending) set by the agent or in bulk. Chassis and engine numbers are masked for
 * callers without unmasked access.
 */
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { maskValue } from '../../../domain/common/masking';
import type { AssignBody, BulkStatusBody, InitiateBody, ReleaseBody, RepossessionDetail, RepossessionRecord, StepRecord, YardBody } from '../../../domain/contracts/repossession/cases';
import { afterInitiationDecision, afterReleaseDecision, canAssign, canRequestRelease, canValue, type RepossessionStage, type RepossessionStatus } from '../../../domain/repossession/rules';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { addLoanEvents, borrowerDetails, type LoanEventInput } from '../portfolio/queries';
import { membersOfProfessions, userNamesSubquery } from '../users/queries';
import { submitApprovalRequest } from '../approval/queries';
import { recordPayment } from '../payments/queries';
import { repossessions, repossessionSteps, type RepossessionRow, type RepossessionStepRow } from './schema';

export const CASE_NOT_FOUND = 'Repossession not found';
/** Who may be assigned as the repossession agent (their steps are recorded on the phone). */
export const AGENT_PROFESSIONS = ['field executive'] as const;
/** Stages after which a case is closed (no bulk update, no new case blocked by it). */
const CLOSED: RepossessionStage[] = ['rejected', 'released', 'sold'];

/** Who asks: the user, and whether they read chassis and engine numbers (and names) in clear. */
export interface RepoCaller {
  userId: string;
  unmasked: boolean;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toStepRecord(s: RepossessionStepRow, name: string | null): StepRecord {
  return {
    step_id: s.stepId,
    step: s.step,
    occurred_at: s.occurredAt.toISOString(),
    place: s.place,
    latitude: s.latitude,
    longitude: s.longitude,
    police_station: s.policeStation,
    reference: s.reference,
    outcome: s.outcome,
    condition: s.condition,
    odometer_km: s.odometerKm,
    belongings: s.belongings,
    yard_name: s.yardName,
    remarks: s.remarks,
    photo_count: s.photoKeys.length,
    recorded_by: s.recordedBy,
    recorded_by_name: name,
    recorded_at: s.recordedAt.toISOString(),
  };
}

/** A case as `caller` may see it: chassis, engine number and the applicant's name masked unless unmasked. */
function toRecord(row: RepossessionRow, names: { applicant: string | null; agent: string | null }, unmasked: boolean): RepossessionRecord {
  const clear = (kind: 'identifier' | 'name', v: string) => (unmasked ? v : maskValue(kind, v));
  return {
    case_id: row.caseId,
    loan_id: row.loanId,
    allocation_month: row.allocationMonth,
    applicant_name: names.applicant === null ? null : clear('name', names.applicant),
    asset_type: row.assetType,
    asset_description: row.assetDescription,
    registration_number: row.registrationNumber,
    chassis_number: clear('identifier', row.chassisNumber),
    engine_number: clear('identifier', row.engineNumber),
    reason: row.reason,
    stage: row.stage,
    status: row.status,
    approval_request_id: row.approvalRequestId,
    notice_ready: !['initiated', 'rejected'].includes(row.stage),
    agency_name: row.agencyName,
    agent_id: row.agentId,
    agent_name: names.agent,
    yard_name: row.yardName,
    yard_inventory: row.yardInventory,
    valuation_minor: row.valuationMinor,
    valuer: row.valuer,
    release_mode: row.releaseMode,
    release_amount_minor: row.releaseAmountMinor,
    buyer_name: row.buyerName,
    release_approval_request_id: row.releaseApprovalRequestId,
    proceeds_posted_at: iso(row.proceedsPostedAt),
    initiated_by: row.initiatedBy,
    initiated_at: row.initiatedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function withAgent(db: DbOrTx) {
  const agents = userNamesSubquery(db, 'agents');
  return db.select({ row: repossessions, agent: agents.name }).from(repossessions).leftJoin(agents, eq(agents.userId, repossessions.agentId)).$dynamic();
}

async function records(db: DbOrTx, companyId: string, rows: { row: RepossessionRow; agent: string | null }[], unmasked: boolean): Promise<RepossessionRecord[]> {
  const names = new Map<string, string | null>();
  for (const { row } of rows) if (!names.has(row.loanId)) names.set(row.loanId, (await borrowerDetails(db, companyId, row.loanId, row.allocationMonth))?.applicantName ?? null);
  return rows.map(({ row, agent }) => toRecord(row, { applicant: names.get(row.loanId) ?? null, agent }, unmasked));
}

async function stepsOf(db: DbOrTx, caseIds: readonly string[]): Promise<Map<string, StepRecord[]>> {
  const out = new Map<string, StepRecord[]>(caseIds.map((id) => [id, []]));
  if (caseIds.length === 0) return out;
  const by = userNamesSubquery(db, 'recorders');
  const rows = await db
    .select({ step: repossessionSteps, name: by.name })
    .from(repossessionSteps)
    .leftJoin(by, eq(by.userId, repossessionSteps.recordedBy))
    .where(inArray(repossessionSteps.caseId, [...caseIds]))
    .orderBy(repossessionSteps.recordedAt);
  for (const r of rows) out.get(r.step.caseId)?.push(toStepRecord(r.step, r.name));
  return out;
}

/** The case row of the company. @throws 404 'Repossession not found' */
export async function caseRow(db: DbOrTx, companyId: string, caseId: string): Promise<RepossessionRow> {
  const [row] = await db.select().from(repossessions).where(and(eq(repossessions.companyId, companyId), eq(repossessions.caseId, caseId)));
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

/** GET /repossession/cases/{id}: the case with its steps. @throws 404 */
export async function getCase(db: DbOrTx, companyId: string, caller: RepoCaller, caseId: string): Promise<RepossessionDetail> {
  const rows = await withAgent(db).where(and(eq(repossessions.companyId, companyId), eq(repossessions.caseId, caseId)));
  if (rows.length === 0) throw notFound(CASE_NOT_FOUND);
  const [record] = await records(db, companyId, rows, caller.unmasked);
  return { ...record, steps: (await stepsOf(db, [caseId])).get(caseId) ?? [] };
}

/** GET /repossession/cases: newest first, by stage, status or loan, with the company's counts per status. */
export async function listCases(
  db: Db,
  companyId: string,
  caller: RepoCaller,
  query: { stage?: RepossessionStage; status?: RepossessionStatus; loan_id?: string; page_number: number; page_size: number },
): Promise<{ cases: RepossessionRecord[]; total: number; counts: Record<RepossessionStatus, number> }> {
  const where = and(
    eq(repossessions.companyId, companyId),
    query.stage ? eq(repossessions.stage, query.stage) : undefined,
    query.status ? eq(repossessions.status, query.status) : undefined,
    query.loan_id ? eq(repossessions.loanId, query.loan_id) : undefined,
  );
  const [[{ total }], rows, byStatus] = await Promise.all([
    db.select({ total: count() }).from(repossessions).where(where),
    withAgent(db)
      .where(where)
      .orderBy(desc(repossessions.initiatedAt), desc(repossessions.caseId))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
    db.select({ status: repossessions.status, n: count() }).from(repossessions).where(eq(repossessions.companyId, companyId)).groupBy(repossessions.status),
  ]);
  const counts = { success: 0, failed: 0, pending: 0 };
  for (const s of byStatus) counts[s.status] = s.n;
  return { cases: await records(db, companyId, rows, caller.unmasked), total, counts };
}

/** GET /repossession/my-cases: the agent's open cases (assigned, not yet valued), with their steps, in clear for the agent's own work. */
export async function myCases(db: Db, companyId: string, caller: RepoCaller): Promise<RepossessionDetail[]> {
  const rows = await withAgent(db)
    .where(and(eq(repossessions.companyId, companyId), eq(repossessions.agentId, caller.userId), inArray(repossessions.stage, ['assigned', 'police_intimated', 'repossessed', 'police_informed_after', 'at_yard'])))
    .orderBy(desc(repossessions.updatedAt))
    .limit(200);
  const list = await records(db, companyId, rows, caller.unmasked);
  const steps = await stepsOf(db, list.map((c) => c.case_id));
  return list.map((c) => ({ ...c, steps: steps.get(c.case_id) ?? [] }));
}

const event = (row: RepossessionRow, authorId: string | null, remark: string, details: Record<string, unknown>) => ({
  companyId: row.companyId,
  loanId: row.loanId,
  allocationMonth: row.allocationMonth,
  kind: 'repossession' as const,
  module: 'repossession',
  remark,
  details: { case_id: row.caseId, stage: row.stage, ...details },
  authorId,
});

/**
 * POST /repossession/cases: a case at 'initiated', submitted for approval (type
 * 'repossession_initiation'). Without a chain it is approved at once.
 * @throws 404 'No loan details found'; 409 when the loan has an open case
 */
export async function initiate(tx: DbOrTx, companyId: string, caller: RepoCaller, body: InitiateBody): Promise<RepossessionDetail> {
  const loan = await borrowerDetails(tx, companyId, body.loan_id, body.allocation_month ?? null);
  if (!loan) throw notFound('No loan details found');
  const [open] = await tx.select({ id: repossessions.caseId }).from(repossessions).where(and(eq(repossessions.companyId, companyId), eq(repossessions.loanId, body.loan_id), notInArray(repossessions.stage, CLOSED)));
  if (open) throw conflict(`Loan ${body.loan_id} already has an open repossession`);
  const [row] = await tx
    .insert(repossessions)
    .values({
      companyId,
      loanId: body.loan_id,
      allocationMonth: loan.allocationMonth,
      assetType: body.asset_type,
      assetDescription: body.asset_description,
      registrationNumber: body.registration_number ?? null,
      chassisNumber: body.chassis_number.toUpperCase(),
      engineNumber: body.engine_number.toUpperCase(),
      reason: body.reason ?? null,
      initiatedBy: caller.userId,
    })
    .returning();
  await addLoanEvents(tx, [event(row, caller.userId, `Repossession of the ${row.assetType} initiated`, { asset_description: row.assetDescription })]);
  const submitted = await submitApprovalRequest(tx, {
    companyId,
    type: 'repossession_initiation',
    loanId: row.loanId,
    subjectId: row.caseId,
    makerUserId: caller.userId,
    summary: `Repossession of ${row.assetDescription} on loan ${row.loanId}`,
  });
  // Without a chain the approval area approves at once and has already run decideInitiation.
  await tx.update(repossessions).set({ approvalRequestId: submitted.requestId }).where(eq(repossessions.caseId, row.caseId));
  return getCase(tx, companyId, caller, row.caseId);
}

/** The approval area's final decision on an initiation: notice_issued (the notice may be printed) or rejected. @throws 409 when not waiting */
export async function decideInitiation(tx: DbOrTx, d: { companyId: string; subjectId: string; decision: 'approved' | 'rejected'; remarks: string | null; decidedBy: string | null }): Promise<void> {
  const row = await caseRow(tx, d.companyId, d.subjectId);
  let stage: RepossessionStage;
  try {
    stage = afterInitiationDecision(row.stage, d.decision);
  } catch (e) {
    throw conflict((e as Error).message);
  }
  await tx.update(repossessions).set({ stage, updatedAt: new Date() }).where(eq(repossessions.caseId, row.caseId));
  await addLoanEvents(tx, [event({ ...row, stage }, d.decidedBy, d.decision === 'approved' ? 'Repossession approved; pre-repossession notice issued' : `Repossession rejected${d.remarks ? `: ${d.remarks}` : ''}`, { decision: d.decision })]);
}

/** PUT /repossession/cases/{id}/assignment. @throws 404; 409 at a stage that cannot be assigned; 400 for an agent who is not a field executive of the company */
export async function assign(db: Db, companyId: string, caller: RepoCaller, caseId: string, body: AssignBody): Promise<RepossessionDetail> {
  const row = await caseRow(db, companyId, caseId);
  if (!canAssign(row.stage)) throw conflict(`A repossession at ${row.stage} cannot be assigned`);
  const agents = await membersOfProfessions(db, companyId, AGENT_PROFESSIONS);
  if (!agents.some((a) => a.userId === body.agent_id)) throw badRequest('agent_id must be a field executive of the company');
  await db.transaction(async (tx) => {
    await tx.update(repossessions).set({ stage: 'assigned', agencyName: body.agency_name, agentId: body.agent_id, updatedAt: new Date() }).where(eq(repossessions.caseId, caseId));
    await addLoanEvents(tx, [event({ ...row, stage: 'assigned' }, caller.userId, `Assigned to ${body.agency_name}`, { agency_name: body.agency_name, agent_id: body.agent_id })]);
  });
  return getCase(db, companyId, caller, caseId);
}

/** PUT /repossession/cases/{id}/yard: the inventory and valuation of the asset at the yard. @throws 404; 409 when the asset is not at the yard */
export async function recordYard(db: Db, companyId: string, caller: RepoCaller, caseId: string, body: YardBody): Promise<RepossessionDetail> {
  const row = await caseRow(db, companyId, caseId);
  if (!canValue(row.stage)) throw conflict(`The asset is not at the yard (${row.stage})`);
  await db.transaction(async (tx) => {
    await tx.update(repossessions).set({ stage: 'valued', yardName: body.yard_name, yardInventory: body.inventory, valuationMinor: body.valuation_minor, valuer: body.valuer, updatedAt: new Date() }).where(eq(repossessions.caseId, caseId));
    await addLoanEvents(tx, [event({ ...row, stage: 'valued' }, caller.userId, `Valued at the yard ${body.yard_name}`, { valuation_minor: body.valuation_minor, valuer: body.valuer })]);
  });
  return getCase(db, companyId, caller, caseId);
}

/**
 * POST /repossession/cases/{id}/release: a release on payment or a sale by auction, submitted for
 * approval (type 'repossession_release'). @throws 404; 409 unless valued; 400 an auction without a buyer
 */
export async function requestRelease(tx: DbOrTx, companyId: string, caller: RepoCaller, caseId: string, body: ReleaseBody): Promise<RepossessionDetail> {
  const row = await caseRow(tx, companyId, caseId);
  if (!canRequestRelease(row.stage)) throw conflict(`A release cannot be requested at ${row.stage}`);
  if (body.mode === 'auction' && !body.buyer_name) throw badRequest('buyer_name is required for an auction sale');
  await tx
    .update(repossessions)
    .set({ stage: 'release_requested', releaseMode: body.mode, releaseAmountMinor: body.amount_minor, buyerName: body.buyer_name ?? null, releaseReference: body.reference ?? null, updatedAt: new Date() })
    .where(eq(repossessions.caseId, caseId));
  await addLoanEvents(tx, [event({ ...row, stage: 'release_requested' }, caller.userId, body.mode === 'payment' ? 'Release on payment requested' : 'Sale by auction requested', { mode: body.mode, amount_minor: body.amount_minor })]);
  const submitted = await submitApprovalRequest(tx, {
    companyId,
    type: 'repossession_release',
    loanId: row.loanId,
    subjectId: row.caseId,
    makerUserId: caller.userId,
    amountMinor: body.amount_minor,
    summary: `${body.mode === 'payment' ? 'Release on payment' : 'Auction sale'} of ${row.assetDescription} on loan ${row.loanId}`,
  });
  // Without a chain the approval area approves at once and has already run decideRelease.
  await tx.update(repossessions).set({ releaseApprovalRequestId: submitted.requestId }).where(eq(repossessions.caseId, caseId));
  return getCase(tx, companyId, caller, caseId);
}

/**
 * The approval area's final decision on a release: approved releases (payment) or sells (auction)
 * the asset and posts the proceeds to the loan's timeline as a payment; rejected returns the case
 * to valued. @throws 409 when no release waits
 */
export async function decideRelease(tx: DbOrTx, d: { companyId: string; subjectId: string; decision: 'approved' | 'rejected'; remarks: string | null; decidedBy: string | null }): Promise<void> {
  const row = await caseRow(tx, d.companyId, d.subjectId);
  let stage: RepossessionStage;
  try {
    stage = afterReleaseDecision(row.stage, row.releaseMode ?? 'payment', d.decision);
  } catch (e) {
    throw conflict((e as Error).message);
  }
  const now = new Date();
  await tx
    .update(repossessions)
    .set({ stage, updatedAt: now, ...(d.decision === 'approved' ? { proceedsPostedAt: now } : { releaseMode: null, releaseAmountMinor: null, buyerName: null, releaseReference: null }) })
    .where(eq(repossessions.caseId, row.caseId));
  const events: LoanEventInput[] = [event({ ...row, stage }, d.decidedBy, d.decision === 'approved' ? (stage === 'sold' ? 'Asset sold by auction' : 'Asset released on payment') : `Release rejected${d.remarks ? `: ${d.remarks}` : ''}`, { decision: d.decision })];
  await addLoanEvents(tx, events);
  const proceeds = row.releaseAmountMinor ?? 0;
  if (d.decision === 'approved' && proceeds > 0) {
    // The proceeds posted to the loan as a payment (issue 16 "proceeds posted to the loan"; issue 15
    // reconciliation: once per case, with its own timeline entry, dues and PTPs read it like any payment).
    await recordPayment(tx, {
      companyId: d.companyId,
      source: 'repossession_proceeds',
      sourceRef: row.caseId,
      loanId: row.loanId,
      allocationMonth: row.allocationMonth,
      amountMinor: proceeds,
      paidAt: now,
      channel: row.releaseMode === 'auction' ? 'auction' : 'release_payment',
      reference: row.releaseReference,
      details: { repossession_case_id: row.caseId, mode: row.releaseMode, buyer_name: row.buyerName },
      actorId: d.decidedBy,
    });
  }
}

/** POST /repossession/bulk-status: sets spec 4 statuses of the open cases of the loans named; the loans without one come back in `not_found`. */
export async function bulkStatus(db: Db, companyId: string, caller: RepoCaller, body: BulkStatusBody): Promise<{ updated: number; not_found: string[] }> {
  return db.transaction(async (tx) => {
    let updated = 0;
    const notFound: string[] = [];
    for (const u of body.updates) {
      const rows = await tx
        .update(repossessions)
        .set({ status: u.status, updatedAt: new Date() })
        .where(and(eq(repossessions.companyId, companyId), eq(repossessions.loanId, u.loan_id), notInArray(repossessions.stage, CLOSED)))
        .returning();
      if (rows.length === 0) notFound.push(u.loan_id);
      updated += rows.length;
      if (rows[0]) await addLoanEvents(tx, [event(rows[0], caller.userId, `Repossession status ${u.status}${u.remarks ? `: ${u.remarks}` : ''}`, { status: u.status, bulk: true })]);
    }
    return { updated, not_found: notFound };
  });
}

/** GET /repossession/agents. */
export async function listAgents(db: Db, companyId: string) {
  return (await membersOfProfessions(db, companyId, AGENT_PROFESSIONS)).map((m) => ({ user_id: m.userId, name: m.name, profession: m.profession }));
}
