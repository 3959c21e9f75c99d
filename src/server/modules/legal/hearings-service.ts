/**
 * A litigation case's history (issue 17 "hearings with next dates, orders and documents, costs"):
 * hearings recorded with proceedings, the order passed and the next date given (which becomes the
 * case's next hearing), costs in paise, uploaded orders and filings; the lawyer's calendar of
 * hearings and statutory deadlines; the legal portfolio. An advocate reaches only their own cases
 * (another case answers 404, as another company's does).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, between, count, desc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { AcknowledgmentBody, CalendarEntry, CaseDetail, CaseDocumentRecord, CostBody, HearingBody, LegalPortfolio } from '../../../domain/contracts/legal/cases';
import { CALENDAR_MAX_DAYS } from '../../../domain/contracts/legal/cases';
import { addDays, daysBetween } from '../../../domain/common/calendar';
import { isStageOf, legalStatusOf, PROCESS_STAGES, stageDeadline, type CaseDocumentType } from '../../../domain/legal/cases';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { FormFile } from '../../http/multipart';
import type { FileStorage } from '../../storage/files';
import { addLoanEvents, setLoanStatuses } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import { acknowledgmentsOf, limitationMayEndBySql } from './limitation-service';
import { storeUpload, uploadKey } from './uploads';
import { CASE_NOT_FOUND, caseRecords, casesWith, ownOnly, type CaseCaller } from './cases-service';
import { companyToday } from '../companies/queries';
import { legalAcknowledgments, legalCaseDocuments, legalCases, legalCosts, legalHearings, type LegalCaseRow } from './schema';

export const CASE_DOCUMENT_NOT_FOUND = 'Case document not found';

/** The case if the caller may reach it. @throws 404 CASE_NOT_FOUND (another company's, or not the advocate's). */
export async function reachableCase(db: DbOrTx, companyId: string, caller: CaseCaller, caseId: string): Promise<LegalCaseRow> {
  const [row] = await db.select().from(legalCases).where(and(eq(legalCases.companyId, companyId), eq(legalCases.caseId, caseId)));
  if (!row || (ownOnly(caller) && row.advocateId !== caller.userId)) throw notFound(CASE_NOT_FOUND);
  return row;
}

/** GET /litigation/cases/{id}: the case, its hearings (newest first), costs (total in paise), documents and acknowledgments. @throws 404 */
export async function caseDetail(db: Db, companyId: string, caller: CaseCaller, caseId: string): Promise<CaseDetail> {
  await reachableCase(db, companyId, caller, caseId);
  const recorders = userNamesSubquery(db, 'recorders');
  const [[record], hearings, costs, documents, acknowledgments] = await Promise.all([
    caseRecords(db, companyId, caller.unmasked, await casesWith(db).where(eq(legalCases.caseId, caseId))),
    db
      .select({ row: legalHearings, name: recorders.name })
      .from(legalHearings)
      .leftJoin(recorders, eq(recorders.userId, legalHearings.recordedBy))
      .where(eq(legalHearings.caseId, caseId))
      .orderBy(desc(legalHearings.hearingDate), desc(legalHearings.recordedAt)),
    db.select().from(legalCosts).where(eq(legalCosts.caseId, caseId)).orderBy(desc(legalCosts.incurredOn), desc(legalCosts.recordedAt)),
    db.select().from(legalCaseDocuments).where(eq(legalCaseDocuments.caseId, caseId)).orderBy(desc(legalCaseDocuments.uploadedAt)),
    acknowledgmentsOf(db, caseId),
  ]);
  return {
    ...record,
    hearings: hearings.map(({ row, name }) => ({
      hearing_id: row.hearingId,
      hearing_date: row.hearingDate,
      stage: row.stage,
      proceedings: row.proceedings,
      order_text: row.orderText,
      next_hearing_date: row.nextHearingDate,
      recorded_by_name: name,
      recorded_at: row.recordedAt.toISOString(),
    })),
    costs: costs.map((c) => ({ cost_id: c.costId, kind: c.kind, amount_minor: c.amountMinor, incurred_on: c.incurredOn, note: c.note, recorded_at: c.recordedAt.toISOString() })),
    costs_total_minor: costs.reduce((sum, c) => sum + c.amountMinor, 0),
    documents: documents.map(toDocumentRecord),
    acknowledgments,
  };
}

function toDocumentRecord(r: typeof legalCaseDocuments.$inferSelect): CaseDocumentRecord {
  return { document_id: r.documentId, document_type: r.documentType, file_name: r.fileName, content_type: r.contentType, size_bytes: r.sizeBytes, uploaded_at: r.uploadedAt.toISOString() };
}

/** A 'litigation' event on the case's loan timeline, inside the caller's transaction. */
async function caseEvent(tx: DbOrTx, row: LegalCaseRow, userId: string, now: Date, remark: string, details: Record<string, unknown>): Promise<void> {
  await addLoanEvents(tx, [
    { companyId: row.companyId, loanId: row.loanId, allocationMonth: row.allocationMonth, kind: 'litigation', module: 'legal', remark, details: { case_id: row.caseId, process_type: row.processType, ...details }, authorId: userId, createdAt: now },
  ]);
}

/**
 * POST /litigation/cases/{id}/hearings: records the hearing at the case's stage (or the stage it
 * moved to), sets the case's next hearing to the date given (none clears it) and, when the stage
 * moved, restarts its clock and the loan's `legal_status`; the loan's timeline gets the hearing.
 * @throws 404; 400 for a stage not of the case's type.
 */
export async function recordHearing(db: Db, companyId: string, caller: CaseCaller, caseId: string, body: HearingBody, now: Date): Promise<CaseDetail> {
  const row = await reachableCase(db, companyId, caller, caseId);
  if (body.stage !== undefined && !isStageOf(row.processType, body.stage)) throw badRequest(`Unknown stage for ${row.processType}: ${body.stage}`);
  const moved = body.stage !== undefined && body.stage !== row.stage;
  await db.transaction(async (tx) => {
    await tx.insert(legalHearings).values({
      companyId,
      caseId,
      hearingDate: body.hearing_date,
      stage: body.stage ?? row.stage,
      proceedings: body.proceedings ?? null,
      orderText: body.order_text ?? null,
      nextHearingDate: body.next_hearing_date ?? null,
      recordedBy: caller.userId,
      recordedAt: now,
    });
    const patch: Partial<typeof legalCases.$inferInsert> = { nextHearingDate: body.next_hearing_date ?? null, updatedBy: caller.userId, updatedAt: now };
    if (moved) Object.assign(patch, { stage: body.stage, stageSince: body.hearing_date });
    await tx.update(legalCases).set(patch).where(eq(legalCases.caseId, caseId));
    if (moved) await setLoanStatuses(tx, companyId, row.loanId, row.allocationMonth, { legal_status: legalStatusOf(row.processType, body.stage!) });
    const next = body.next_hearing_date ? `; next hearing ${body.next_hearing_date}` : '';
    const order = body.order_text ? `; order: ${body.order_text.slice(0, 200)}` : '';
    await caseEvent(tx, row, caller.userId, now, `Hearing ${body.hearing_date} (${row.court ?? row.processType})${order}${next}`, { event: 'hearing', stage: body.stage ?? row.stage, next_hearing_date: body.next_hearing_date ?? null });
  });
  return caseDetail(db, companyId, caller, caseId);
}

/** POST /litigation/cases/{id}/costs: adds a cost in paise. @throws 404 */
export async function recordCost(db: Db, companyId: string, caller: CaseCaller, caseId: string, body: CostBody, now: Date): Promise<CaseDetail> {
  await reachableCase(db, companyId, caller, caseId);
  await db.insert(legalCosts).values({ companyId, caseId, kind: body.kind, amountMinor: body.amount_minor, incurredOn: body.incurred_on, note: body.note ?? null, recordedBy: caller.userId, recordedAt: now });
  return caseDetail(db, companyId, caller, caseId);
}

/** POST /litigation/cases/{id}/documents: stores an order, filing or evidence; on the loan's timeline. @throws 404 */
export async function uploadCaseDocument(db: Db, files: FileStorage, companyId: string, caller: CaseCaller, caseId: string, documentType: CaseDocumentType, file: FormFile, now: Date): Promise<CaseDetail> {
  const row = await reachableCase(db, companyId, caller, caseId);
  const documentId = randomUUID();
  const key = uploadKey(`litigation/${companyId}/${caseId}`, documentId, file.filename);
  await storeUpload(db, files, key, file, async (tx, size) => {
    await tx.insert(legalCaseDocuments).values({ documentId, companyId, caseId, documentType, fileKey: key, fileName: file.filename.slice(0, 200), contentType: file.mimetype || 'application/octet-stream', sizeBytes: size, uploadedBy: caller.userId, uploadedAt: now });
    await caseEvent(tx, row, caller.userId, now, `Case document uploaded: ${documentType} (${file.filename.slice(0, 100)})`, { event: 'document', document_id: documentId, document_type: documentType });
  });
  return caseDetail(db, companyId, caller, caseId);
}

/**
 * POST /litigation/cases/{id}/acknowledgments: records a written acknowledgment of the debt signed on
 * `acknowledged_on` (Limitation Act s.18), which restarts the limitation of every case on the loan if made while it ran;
 * on the loan's timeline. @throws 404; 400 for a day after the company's today or a document not of this case.
 */
export async function recordAcknowledgment(db: Db, companyId: string, caller: CaseCaller, caseId: string, body: AcknowledgmentBody, now: Date): Promise<CaseDetail> {
  const row = await reachableCase(db, companyId, caller, caseId);
  if (body.acknowledged_on > (await companyToday(db, companyId, now))) throw badRequest('acknowledged_on must not be in the future');
  if (body.document_id) {
    const [doc] = await db.select({ id: legalCaseDocuments.documentId }).from(legalCaseDocuments).where(and(eq(legalCaseDocuments.caseId, caseId), eq(legalCaseDocuments.documentId, body.document_id)));
    if (!doc) throw badRequest('document_id must be a document of this case');
  }
  await db.transaction(async (tx) => {
    await tx.insert(legalAcknowledgments).values({ companyId, caseId, acknowledgedOn: body.acknowledged_on, documentId: body.document_id ?? null, remarks: body.remarks ?? null, recordedBy: caller.userId, recordedAt: now });
    await caseEvent(tx, row, caller.userId, now, `Acknowledgment of debt signed ${body.acknowledged_on}${body.remarks ? `: ${body.remarks.slice(0, 200)}` : ''}`, { event: 'acknowledgment', acknowledged_on: body.acknowledged_on });
  });
  return caseDetail(db, companyId, caller, caseId);
}

/** A case document the caller may reach. @throws 404 CASE_DOCUMENT_NOT_FOUND */
export async function caseDocument(db: Db, companyId: string, caller: CaseCaller, documentId: string): Promise<typeof legalCaseDocuments.$inferSelect> {
  const [doc] = await db.select().from(legalCaseDocuments).where(and(eq(legalCaseDocuments.companyId, companyId), eq(legalCaseDocuments.documentId, documentId)));
  if (!doc) throw notFound(CASE_DOCUMENT_NOT_FOUND);
  await reachableCase(db, companyId, caller, doc.caseId).catch(() => {
    throw notFound(CASE_DOCUMENT_NOT_FOUND);
  });
  return doc;
}

/**
 * GET /litigation/calendar: each case's next hearing, its stage's statutory deadline and its
 * limitation last day (limitation-service.ts) that fall between `from` and `to` (inclusive), by date
 * then loan. @throws 400 for a range over CALENDAR_MAX_DAYS.
 */
export async function calendar(db: Db, companyId: string, caller: CaseCaller, from: string, to: string): Promise<CalendarEntry[]> {
  if (daysBetween(from, to) > CALENDAR_MAX_DAYS) throw badRequest(`The calendar shows at most ${CALENDAR_MAX_DAYS} days`);
  const own = ownOnly(caller) ? [eq(legalCases.advocateId, caller.userId)] : [];
  // A deadline is at most the longest statutory period after its stage began: those cases only.
  const earliestStart = addDays(from, -366);
  const [hearingRows, deadlineRows, limitationRows] = await Promise.all([
    casesWith(db).where(and(eq(legalCases.companyId, companyId), between(legalCases.nextHearingDate, from, to), ...own)),
    casesWith(db).where(and(eq(legalCases.companyId, companyId), gte(legalCases.stageSince, earliestStart), ...own)),
    // A limitation date is computed (default, acknowledgments, payments), not stored: the cases whose limitation can end by `to`.
    casesWith(db).where(and(eq(legalCases.companyId, companyId), limitationMayEndBySql(companyId, to), ...own)),
  ]);
  const withDeadline = deadlineRows.filter(({ row }) => {
    const d = stageDeadline(row.processType, row.stage, row.stageSince);
    return d !== null && d >= from && d <= to;
  });
  const unique = new Map([...hearingRows, ...withDeadline, ...limitationRows].map((r) => [r.row.caseId, r]));
  const records = new Map((await caseRecords(db, companyId, caller.unmasked, [...unique.values()])).map((r) => [r.case_id, r]));
  const limitationDue = [...records.values()].filter((r) => r.limitation_date !== null && r.limitation_date >= from && r.limitation_date <= to);
  const entry = (caseId: string, date: string, kind: CalendarEntry['kind']): CalendarEntry => {
    const r = records.get(caseId)!;
    return { date, kind, case_id: r.case_id, process_type: r.process_type, loan_id: r.loan_id, applicant_name: r.applicant_name, stage: r.stage, court: r.court, case_number: r.case_number, advocate_name: r.advocate_name };
  };
  return [
    ...hearingRows.map(({ row }) => entry(row.caseId, row.nextHearingDate!, 'hearing')),
    ...withDeadline.map(({ row }) => entry(row.caseId, stageDeadline(row.processType, row.stage, row.stageSince)!, 'deadline')),
    ...limitationDue.map((r) => entry(r.case_id, r.limitation_date!, 'limitation')),
  ].sort((a, b) => a.date.localeCompare(b.date) || a.loan_id.localeCompare(b.loan_id) || a.kind.localeCompare(b.kind));
}

/** How many next hearings the legal portfolio lists. */
export const PORTFOLIO_NEXT_HEARINGS = 10;

/**
 * GET /litigation/portfolio: the company's cases (an advocate's own) counted by process type and
 * stage (in the type's stage order), by court and by advocate (most first), and the next hearings
 * from the company's today.
 */
export async function portfolio(db: Db, companyId: string, caller: CaseCaller, now: Date): Promise<LegalPortfolio> {
  const where = and(eq(legalCases.companyId, companyId), ...(ownOnly(caller) ? [eq(legalCases.advocateId, caller.userId)] : []));
  const advocates = userNamesSubquery(db, 'advocates');
  const today = await companyToday(db, companyId, now);
  const [byStage, byCourt, byAdvocate, next] = await Promise.all([
    db.select({ processType: legalCases.processType, stage: legalCases.stage, n: count() }).from(legalCases).where(where).groupBy(legalCases.processType, legalCases.stage),
    db.select({ court: legalCases.court, n: count() }).from(legalCases).where(where).groupBy(legalCases.court).orderBy(desc(count()), sql`${legalCases.court} asc nulls last`),
    db
      .select({ advocateId: legalCases.advocateId, name: advocates.name, n: count() })
      .from(legalCases)
      .leftJoin(advocates, eq(advocates.userId, legalCases.advocateId))
      .where(where)
      .groupBy(legalCases.advocateId, advocates.name)
      .orderBy(desc(count()), sql`${advocates.name} asc nulls last`),
    casesWith(db)
      .where(and(where, isNotNull(legalCases.nextHearingDate), gte(legalCases.nextHearingDate, today)))
      .orderBy(asc(legalCases.nextHearingDate), asc(legalCases.loanId))
      .limit(PORTFOLIO_NEXT_HEARINGS),
  ]);
  const order = (type: keyof typeof PROCESS_STAGES, stage: string) => PROCESS_STAGES[type].indexOf(stage);
  return {
    total: byStage.reduce((sum, r) => sum + r.n, 0),
    by_stage: byStage
      .map((r) => ({ process_type: r.processType, stage: r.stage, count: r.n }))
      .sort((a, b) => a.process_type.localeCompare(b.process_type) || order(a.process_type, a.stage) - order(b.process_type, b.stage)),
    by_court: byCourt.map((r) => ({ court: r.court, count: r.n })),
    by_advocate: byAdvocate.map((r) => ({ advocate_id: r.advocateId, advocate_name: r.name, count: r.n })),
    next_hearings: await caseRecords(db, companyId, caller.unmasked, next),
  };
}
