/**
 * Settlements (issue 16 "Settlements"): a proposal on a loan routed through approvals, its status
 * kept on the loan (`settlement_status`) and its timeline, its instalments judged against the
 * loan's payments (read through payments' queries.ts) with the company's grace days.
 */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { formatMinor } from '../../../domain/common/money';
import type { InstalmentRecord, ProposalBody, SettlementDetail, SettlementRecord } from '../../../domain/contracts/settlements/settlements';
import { waiverPct } from '../../../domain/approval/chains';
import { DEFAULT_GRACE_DAYS, instalmentErrors, instalmentStates, LOAN_SETTLEMENT_STATUS, paidStatus, type LetterLanguage, type SettlementStatus } from '../../../domain/settlements/settlements';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { onApprovalDecision, submitApprovalRequest } from '../approval/queries';
import { companyCountry, companyToday } from '../companies/queries';
import { loanPaidSince } from '../payments/queries';
import { addLoanEvents, loanMessageFacts, portfolioView, setLoanSettlementStatus } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import { settlementInstalments, settlements, settlementSettings, type SettlementRow } from './schema';

export const SETTLEMENT_NOT_FOUND = 'Settlement not found';

/** Who proposes or reads. */
export interface SettlementCaller {
  userId: string;
  unmasked: boolean;
}


/** The company's grace days (DEFAULT_GRACE_DAYS unless set). */
export async function graceDays(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db.select({ days: settlementSettings.graceDays }).from(settlementSettings).where(eq(settlementSettings.companyId, companyId));
  return row?.days ?? DEFAULT_GRACE_DAYS;
}

export async function saveGraceDays(db: Db, companyId: string, days: number): Promise<{ grace_days: number }> {
  await db.insert(settlementSettings).values({ companyId, graceDays: days }).onConflictDoUpdate({ target: settlementSettings.companyId, set: { graceDays: days } });
  return { grace_days: days };
}

async function setStatus(db: DbOrTx, row: Pick<SettlementRow, 'settlementId' | 'companyId' | 'loanId' | 'allocationMonth'>, status: SettlementStatus, remark: string, authorId: string | null, now: Date, extra: Partial<typeof settlements.$inferInsert> = {}): Promise<void> {
  await db.update(settlements).set({ status, ...extra }).where(eq(settlements.settlementId, row.settlementId));
  await setLoanSettlementStatus(db, row.companyId, row.loanId, LOAN_SETTLEMENT_STATUS[status]);
  await addLoanEvents(db, [{ companyId: row.companyId, loanId: row.loanId, allocationMonth: row.allocationMonth, kind: 'settlement', module: 'settlement', remark, details: { settlement_id: row.settlementId, status }, authorId, createdAt: now }]);
}

// The approval's final decision sets the settlement's status (registered once, at module load).
onApprovalDecision('settlement', async (tx, d) => {
  const [row] = await tx.select().from(settlements).where(and(eq(settlements.companyId, d.companyId), eq(settlements.settlementId, d.subjectId)));
  if (!row || row.status !== 'pending_approval') return;
  const now = new Date();
  if (d.decision === 'approved') await setStatus(tx, row, 'approved', `Settlement approved: ${d.remarks}`, d.decidedBy, now, { approvedAt: now, requestId: d.requestId });
  else await setStatus(tx, row, 'rejected', `Settlement rejected: ${d.remarks}`, d.decidedBy, now, { requestId: d.requestId });
});

/**
 * POST /settlement/settlements: a proposal on the loan's latest month, submitted for approval.
 * @throws 404 'Loan not found'; 400 when the amount exceeds the claim, the claim is unknown, the
 *   validity date has passed, or the instalments do not fit (instalmentErrors)
 */
export async function proposeSettlement(db: Db, companyId: string, caller: SettlementCaller, body: ProposalBody, now: Date): Promise<SettlementDetail> {
  const loan = await loanMessageFacts(db, companyId, body.loan_id);
  if (!loan) throw notFound('Loan not found');
  const claim = body.total_claim_amount_minor ?? loan.totalClaimAmountMinor;
  if (!claim) throw badRequest('total_claim_amount is not known for this loan: send total_claim_amount_minor');
  if (body.settlement_amount_minor > claim) throw badRequest('settlement_amount cannot exceed total_claim_amount');
  const day = await companyToday(db, companyId, now);
  if (body.validity_date < day) throw badRequest('validity_date has passed');
  const given = body.instalments ?? [];
  const instalments = given.length > 0 ? given : body.settlement_type === 'one_time' ? [{ due_date: body.validity_date, amount_minor: body.settlement_amount_minor }] : [];
  const errors = instalmentErrors(body.settlement_type, body.settlement_amount_minor, instalments, body.validity_date);
  if (errors.length > 0) throw badRequest(errors.join('; '));
  const { country, currency } = await companyCountry(db, companyId);
  const language: LetterLanguage = body.language ?? (country === 'INDONESIA' ? 'id' : 'en');
  const waiver = waiverPct(claim, body.settlement_amount_minor);
  const settlementId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(settlements)
      .values({
        companyId,
        loanId: loan.loanId,
        allocationMonth: loan.allocationMonth,
        settlementType: body.settlement_type,
        settlementAmountMinor: body.settlement_amount_minor,
        totalClaimAmountMinor: claim,
        validityDate: body.validity_date,
        reason: body.reason,
        language,
        proposedBy: caller.userId,
        createdAt: now,
      })
      .returning();
    await tx.insert(settlementInstalments).values(instalments.map((i, k) => ({ settlementId: row.settlementId, companyId, seq: k + 1, dueDate: i.due_date, amountMinor: i.amount_minor })));
    await setStatus(tx, row, 'pending_approval', `Settlement proposed: ${formatMinor(body.settlement_amount_minor, currency)} against ${formatMinor(claim, currency)} (waiver ${waiver} %) — ${body.reason}`, caller.userId, now);
    const { requestId } = await submitApprovalRequest(tx, {
      companyId,
      type: 'settlement',
      loanId: loan.loanId,
      subjectId: row.settlementId,
      makerUserId: caller.userId,
      amountMinor: body.settlement_amount_minor,
      waiverPct: waiver,
      summary: `${body.settlement_type === 'one_time' ? 'One-time' : `${instalments.length} instalments`} settlement of ${formatMinor(body.settlement_amount_minor, currency)} against ${formatMinor(claim, currency)} (waiver ${waiver} %): ${body.reason}`,
      now,
    });
    await tx.update(settlements).set({ requestId }).where(eq(settlements.settlementId, row.settlementId));
    return row.settlementId;
  });
  return settlementDetail(db, companyId, caller, settlementId, now);
}

async function nameMap(db: DbOrTx, companyId: string, unmasked: boolean, loanIds: readonly string[]): Promise<Map<string, string | null>> {
  const view = await portfolioView(db, companyId, unmasked);
  const out = new Map<string, string | null>();
  for (const id of new Set(loanIds)) {
    const facts = await loanMessageFacts(db, companyId, id);
    const name = facts?.borrowerName ?? null;
    out.set(id, name === null ? null : String(view.masker.value('applicant_name', name)));
  }
  return out;
}

function toRecord(row: SettlementRow, name: string | null, proposer: string | null, paidMinor: number): SettlementRecord {
  return {
    settlement_id: row.settlementId,
    loan_id: row.loanId,
    allocation_month: row.allocationMonth,
    applicant_name: name,
    settlement_type: row.settlementType,
    settlement_amount_minor: row.settlementAmountMinor,
    total_claim_amount_minor: row.totalClaimAmountMinor,
    waiver_amount_minor: row.totalClaimAmountMinor - row.settlementAmountMinor,
    waiver_pct: waiverPct(row.totalClaimAmountMinor, row.settlementAmountMinor),
    validity_date: row.validityDate,
    reason: row.reason,
    language: row.language,
    status: row.status,
    request_id: row.requestId,
    proposed_by: row.proposedBy,
    proposed_by_name: proposer,
    created_at: row.createdAt.toISOString(),
    approved_at: row.approvedAt?.toISOString() ?? null,
    paid_minor: paidMinor,
  };
}

const tracked = (s: SettlementStatus) => s === 'approved' || s === 'completed' || s === 'breached';

/**
 * Judges an approved settlement's instalments on `now` against the loan's payments since the
 * proposal and moves it to breached (an instalment missed past the grace days) or completed (all
 * paid), keeping the loan's settlement_status and timeline. @returns the instalments' states
 */
export async function refreshSettlement(db: DbOrTx, row: SettlementRow, now: Date): Promise<{ row: SettlementRow; instalments: InstalmentRecord[]; paidMinor: number; graceDays: number }> {
  const [list, grace, paid, day] = await Promise.all([
    db.select().from(settlementInstalments).where(eq(settlementInstalments.settlementId, row.settlementId)).orderBy(asc(settlementInstalments.seq)),
    graceDays(db, row.companyId),
    tracked(row.status) ? loanPaidSince(db, row.companyId, row.loanId, row.createdAt) : Promise.resolve(0),
    companyToday(db, row.companyId, now),
  ]);
  const states = instalmentStates(list, paid, day, grace);
  let current = row;
  if (row.status === 'approved') {
    const next = paidStatus(states);
    if (next !== 'approved') {
      const missed = states.find((s) => s.status === 'missed');
      const remark = next === 'breached' ? `Settlement breached: instalment ${missed?.seq} due ${missed?.dueDate} unpaid past ${grace} grace days` : 'Settlement completed: every instalment paid';
      await setStatus(db, row, next, remark, null, now, { settledAt: now });
      current = { ...row, status: next, settledAt: now };
    }
  }
  const instalments = states.map((s) => ({ seq: s.seq, due_date: s.dueDate, amount_minor: s.amountMinor, paid_minor: s.paidMinor, status: tracked(row.status) ? s.status : ('due' as const) }));
  return { row: current, instalments, paidMinor: paid, graceDays: grace };
}

async function settlementRow(db: DbOrTx, companyId: string, settlementId: string): Promise<SettlementRow> {
  const [row] = await db.select().from(settlements).where(and(eq(settlements.companyId, companyId), eq(settlements.settlementId, settlementId)));
  if (!row) throw notFound(SETTLEMENT_NOT_FOUND);
  return row;
}

async function proposerName(db: DbOrTx, userId: string): Promise<string | null> {
  const names = userNamesSubquery(db, 'proposers');
  const [row] = await db.select({ name: names.name }).from(names).where(eq(names.userId, userId));
  return row?.name ?? null;
}

/** GET /settlement/settlements/{id}: judged now. @throws 404 SETTLEMENT_NOT_FOUND */
export async function settlementDetail(db: Db, companyId: string, caller: SettlementCaller, settlementId: string, now: Date): Promise<SettlementDetail> {
  const found = await settlementRow(db, companyId, settlementId);
  const { row, instalments, paidMinor, graceDays: grace } = await db.transaction((tx) => refreshSettlement(tx, found, now));
  const names = await nameMap(db, companyId, caller.unmasked, [row.loanId]);
  return { ...toRecord(row, names.get(row.loanId) ?? null, await proposerName(db, row.proposedBy), paidMinor), instalments, grace_days: grace };
}

/** GET /settlement/settlements: newest first; approved ones judged now. */
export async function listSettlements(
  db: Db,
  companyId: string,
  caller: SettlementCaller,
  query: { status?: SettlementStatus; settlement_type?: 'one_time' | 'instalments'; loan_id?: string; page_number: number; page_size: number },
  now: Date,
): Promise<{ settlements: SettlementRecord[]; total: number }> {
  const parts: SQL[] = [eq(settlements.companyId, companyId)];
  if (query.status) parts.push(eq(settlements.status, query.status));
  if (query.settlement_type) parts.push(eq(settlements.settlementType, query.settlement_type));
  if (query.loan_id) parts.push(eq(settlements.loanId, query.loan_id));
  const where = and(...parts);
  const proposers = userNamesSubquery(db, 'proposers');
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(settlements).where(where),
    db
      .select({ row: settlements, proposer: proposers.name })
      .from(settlements)
      .leftJoin(proposers, eq(proposers.userId, settlements.proposedBy))
      .where(where)
      .orderBy(desc(settlements.createdAt))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
  ]);
  const names = await nameMap(db, companyId, caller.unmasked, rows.map((r) => r.row.loanId));
  const out: SettlementRecord[] = [];
  for (const r of rows) {
    const judged = await db.transaction((tx) => refreshSettlement(tx, r.row, now));
    out.push(toRecord(judged.row, names.get(r.row.loanId) ?? null, r.proposer, judged.paidMinor));
  }
  return { total, settlements: out };
}

/** The job's sweep: judges every approved settlement (breaches past grace, completions). @returns how many changed status */
export async function refreshApprovedSettlements(db: Db, now: Date): Promise<number> {
  const rows = await db.select().from(settlements).where(eq(settlements.status, 'approved')).limit(5000);
  let changed = 0;
  for (const row of rows) {
    const r = await db.transaction((tx) => refreshSettlement(tx, row, now));
    if (r.row.status !== row.status) changed++;
  }
  return changed;
}

/** Settlements and instalments of a company for the exports (judged as of now, no writes). */
export async function exportRows(db: Db, companyId: string, status: SettlementStatus | null, unmasked: boolean, now: Date): Promise<{ row: SettlementRow; name: string | null; instalments: InstalmentRecord[]; paidMinor: number }[]> {
  const rows = await db
    .select()
    .from(settlements)
    .where(and(eq(settlements.companyId, companyId), ...(status ? [eq(settlements.status, status)] : [])))
    .orderBy(desc(settlements.createdAt));
  const names = await nameMap(db, companyId, unmasked, rows.map((r) => r.loanId));
  const out = [];
  for (const row of rows) {
    const judged = await db.transaction((tx) => refreshSettlement(tx, row, now));
    out.push({ row: judged.row, name: names.get(row.loanId) ?? null, instalments: judged.instalments, paidMinor: judged.paidMinor });
  }
  return out;
}

/** For the letter: the settlement (approved, completed or breached) and the borrower's name (masked for a masked caller). */
export async function letterFacts(db: DbOrTx, companyId: string, settlementId: string, unmasked: boolean): Promise<{ row: SettlementRow; name: string | null; instalments: { seq: number; dueDate: string; amountMinor: number }[] }> {
  const row = await settlementRow(db, companyId, settlementId);
  if (!tracked(row.status)) throw notFound('The settlement letter is available once the settlement is approved');
  const names = await nameMap(db, companyId, unmasked, [row.loanId]);
  const instalments = await db.select().from(settlementInstalments).where(inArray(settlementInstalments.settlementId, [settlementId])).orderBy(asc(settlementInstalments.seq));
  return { row, name: names.get(row.loanId) ?? null, instalments };
}
