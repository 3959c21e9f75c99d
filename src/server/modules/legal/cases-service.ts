/**
 * Litigation cases (issue 17 "Litigation"): a case per loan and process type, at one of its type's
 * stages (domain/legal/cases.ts), with court, case number, advocate and next hearing. An advocate
 * (profession 'advocate') reads and updates only the cases assigned to them.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { CaseBody, CaseRecord, CaseUpdate, LegalMember, ProcessType } from '../../../domain/contracts/legal/cases';
import { isStageOf, legalStatusOf, PROCESS_STAGES, stageDeadline } from '../../../domain/legal/cases';
import { day } from '../../../domain/legal/variables';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { companyToday } from '../companies/queries';
import { loanExists, loanKeyOf, loanSummaries, portfolioView, setLoanStatuses } from '../portfolio/queries';
import { membersOfProfessions, userNamesSubquery } from '../users/queries';
import { caseLimitations } from './limitation-service';
import { legalCases, type LegalCaseRow } from './schema';

export const LEGAL_PROFESSIONS = ['lawyer', 'advocate'] as const;
export const CASE_NOT_FOUND = 'Case not found';

/** Who asks: an advocate is limited to their own cases. */
export interface CaseCaller {
  userId: string;
  profession: string;
  unmasked: boolean;
}
/** Whether the caller is limited to the cases assigned to them (profession 'advocate'). */
export const ownOnly = (c: CaseCaller) => c.profession === 'advocate';


/** Case rows (with their advocate's name) as the API shows them, names masked for a masked caller. */
export async function caseRecords(db: Db, companyId: string, unmasked: boolean, rows: { row: LegalCaseRow; advocateName: string | null }[]): Promise<CaseRecord[]> {
  const view = await portfolioView(db, companyId, unmasked);
  const loans = new Map((await loanSummaries(db, view, rows.map((r) => ({ loanId: r.row.loanId, allocationMonth: r.row.allocationMonth })))).map((l) => [loanKeyOf(l), l]));
  const loanOf = (row: LegalCaseRow) => loans.get(loanKeyOf({ loanId: row.loanId, allocationMonth: row.allocationMonth }))?.record;
  const limitations = await caseLimitations(db, companyId, rows.map((r) => r.row), (row) => day(loanOf(row)?.date_of_default));
  return rows.map(({ row, advocateName }) => {
    const record = loanOf(row);
    const name = record?.applicant_name;
    const defaulted = day(record?.date_of_default);
    const limitation = limitations.get(row.caseId);
    return {
      case_id: row.caseId,
      process_type: row.processType,
      loan_id: row.loanId,
      allocation_month: row.allocationMonth,
      applicant_name: name === null || name === undefined ? null : String(name),
      stage: row.stage,
      stage_since: row.stageSince,
      stage_deadline: stageDeadline(row.processType, row.stage, row.stageSince),
      date_of_default: defaulted,
      limitation_date: limitation?.date ?? null,
      limitation_restarted_by: limitation?.restartedBy ? { kind: limitation.restartedBy.kind, date: limitation.restartedBy.on } : null,
      court: row.court,
      case_number: row.caseNumber,
      advocate_id: row.advocateId,
      advocate_name: advocateName,
      next_hearing_date: row.nextHearingDate,
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

/** Cases joined with their advocate's name (add a where). */
export function casesWith(db: DbOrTx) {
  const advocates = userNamesSubquery(db, 'advocates');
  return db.select({ row: legalCases, advocateName: advocates.name }).from(legalCases).leftJoin(advocates, eq(advocates.userId, legalCases.advocateId)).$dynamic();
}

/** GET /litigation/cases: a type's (or a loan's) cases, next hearing first (none last), then by loan. */
export async function listCases(db: Db, companyId: string, caller: CaseCaller, query: { process_type?: ProcessType; loan_id?: string; page_number: number; page_size: number }): Promise<{ cases: CaseRecord[]; total: number }> {
  const parts = [eq(legalCases.companyId, companyId)];
  if (query.process_type) parts.push(eq(legalCases.processType, query.process_type));
  if (query.loan_id) parts.push(eq(legalCases.loanId, query.loan_id));
  if (ownOnly(caller)) parts.push(eq(legalCases.advocateId, caller.userId));
  const where = and(...parts);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(legalCases).where(where),
    casesWith(db)
      .where(where)
      .orderBy(sql`${legalCases.nextHearingDate} asc nulls last`, asc(legalCases.loanId))
      .limit(query.page_size)
      .offset((query.page_number - 1) * query.page_size),
  ]);
  return { total, cases: await caseRecords(db, companyId, caller.unmasked, rows) };
}

async function checkAdvocate(db: Db, companyId: string, advocateId: string | null | undefined): Promise<void> {
  if (!advocateId) return;
  const members = await membersOfProfessions(db, companyId, LEGAL_PROFESSIONS);
  if (!members.some((m) => m.userId === advocateId)) throw badRequest('advocate_id must be a lawyer or advocate of the company');
}

async function caseRecord(db: Db, companyId: string, caller: CaseCaller, caseId: string): Promise<CaseRecord> {
  const rows = await casesWith(db).where(and(eq(legalCases.companyId, companyId), eq(legalCases.caseId, caseId)));
  return (await caseRecords(db, companyId, caller.unmasked, rows))[0];
}

/**
 * POST /litigation/cases; sets the loan's `legal_status` ("sarfaesi: demand_13_2"). @throws 404 'Loan not found'; 400 for a stage not of the type or an
 * advocate who is not a lawyer or advocate of the company; 409 when the loan has a case of that type.
 */
export async function createCase(db: Db, companyId: string, caller: CaseCaller, body: CaseBody, now: Date): Promise<CaseRecord> {
  if (!(await loanExists(db, companyId, { loanId: body.loan_id, allocationMonth: body.allocation_month }))) throw notFound('Loan not found');
  const stage = body.stage ?? PROCESS_STAGES[body.process_type][0];
  if (!isStageOf(body.process_type, stage)) throw badRequest(`Unknown stage for ${body.process_type}: ${stage}`);
  await checkAdvocate(db, companyId, body.advocate_id);
  const [row] = await db
    .insert(legalCases)
    .values({
      companyId,
      processType: body.process_type,
      loanId: body.loan_id,
      allocationMonth: body.allocation_month,
      stage,
      stageSince: await companyToday(db, companyId, now),
      court: body.court ?? null,
      caseNumber: body.case_number ?? null,
      // An advocate opening a case takes it.
      advocateId: body.advocate_id ?? (ownOnly(caller) ? caller.userId : null),
      nextHearingDate: body.next_hearing_date ?? null,
      createdBy: caller.userId,
      updatedBy: caller.userId,
    })
    .onConflictDoNothing()
    .returning({ caseId: legalCases.caseId });
  if (!row) throw conflict(`Loan ${body.loan_id} already has a ${body.process_type} case`);
  await setLoanStatuses(db, companyId, body.loan_id, body.allocation_month, { legal_status: legalStatusOf(body.process_type, stage) });
  return caseRecord(db, companyId, caller, row.caseId);
}

/** PUT /litigation/cases/{id}: a new stage restarts its clock (stage_since) and sets the loan's `legal_status`. @throws 404 (another company's, or not the advocate's); 400 as createCase. */
export async function updateCase(db: Db, companyId: string, caller: CaseCaller, caseId: string, body: CaseUpdate, now: Date): Promise<CaseRecord> {
  const [row] = await db.select().from(legalCases).where(and(eq(legalCases.companyId, companyId), eq(legalCases.caseId, caseId)));
  if (!row || (ownOnly(caller) && row.advocateId !== caller.userId)) throw notFound(CASE_NOT_FOUND);
  if (body.stage !== undefined && !isStageOf(row.processType, body.stage)) throw badRequest(`Unknown stage for ${row.processType}: ${body.stage}`);
  await checkAdvocate(db, companyId, body.advocate_id);
  const patch: Partial<typeof legalCases.$inferInsert> = { updatedBy: caller.userId, updatedAt: now };
  if (body.stage !== undefined && body.stage !== row.stage) Object.assign(patch, { stage: body.stage, stageSince: await companyToday(db, companyId, now) });
  if (body.court !== undefined) patch.court = body.court;
  if (body.case_number !== undefined) patch.caseNumber = body.case_number;
  if (body.advocate_id !== undefined) patch.advocateId = body.advocate_id;
  if (body.next_hearing_date !== undefined) patch.nextHearingDate = body.next_hearing_date;
  await db.transaction(async (tx) => {
    await tx.update(legalCases).set(patch).where(eq(legalCases.caseId, caseId));
    if (patch.stage) await setLoanStatuses(tx, companyId, row.loanId, row.allocationMonth, { legal_status: legalStatusOf(row.processType, patch.stage) });
  });
  return caseRecord(db, companyId, caller, caseId);
}

/** GET /litigation/advocates. */
export async function listAdvocates(db: Db, companyId: string): Promise<LegalMember[]> {
  return (await membersOfProfessions(db, companyId, LEGAL_PROFESSIONS)).map((m) => ({ user_id: m.userId, name: m.name, profession: m.profession }));
}
