/**
 * A case's limitation with its restarts (issue 17; Limitation Act 1963 ss. 18, 19;
 * domain/legal/limitation.ts): the acknowledgments recorded on any case of its loan (they
 * acknowledge the debt, not one proceeding) and the days the loan was
 * paid something (posted payments, read through the payments area's queries.ts) start a fresh
 * period while it runs.
 */
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AcknowledgmentRecord } from '../../../domain/contracts/legal/cases';
import { countryTimeZone } from '../../../domain/common/dates';
import { addDays, type CalendarDay } from '../../../domain/common/calendar';
import type { ProcessType } from '../../../domain/legal/cases';
import { limitationOf, LIMITATION_YEARS, yearsAfter, type Limitation, type LimitationEvent } from '../../../domain/legal/limitation';
import type { DbOrTx } from '../../db/client';
import { companyCountry } from '../companies/queries';
import { loanPaymentDays } from '../payments/queries';
import { loanDefaultedBySql } from '../portfolio/queries';
import { userNamesSubquery } from '../users/queries';
import { legalAcknowledgments, legalCaseDocuments, legalCases, type LegalCaseRow } from './schema';

/**
 * The limitation of each case in `cases` (case id → Limitation), the loan's date of default given by
 * `defaultOf`. Two queries for the whole list (acknowledgments, payment days), none when no case's
 * type has a limitation or no loan has a date of default.
 */
export async function caseLimitations(db: DbOrTx, companyId: string, cases: readonly LegalCaseRow[], defaultOf: (row: LegalCaseRow) => string | null): Promise<Map<string, Limitation>> {
  const counted = cases.filter((c) => LIMITATION_YEARS[c.processType] !== undefined && defaultOf(c));
  const out = new Map<string, Limitation>(cases.map((c) => [c.caseId, limitationOf(c.processType, defaultOf(c), [])]));
  if (counted.length === 0) return out;
  const offset = countryTimeZone((await companyCountry(db, companyId)).country).offsetMinutes;
  const [acks, paid] = await Promise.all([
    // An acknowledgment is of the debt, not of one case: it counts for every case on the loan.
    db
      .select({ loanId: legalCases.loanId, on: legalAcknowledgments.acknowledgedOn })
      .from(legalAcknowledgments)
      .innerJoin(legalCases, eq(legalCases.caseId, legalAcknowledgments.caseId))
      .where(and(eq(legalAcknowledgments.companyId, companyId), inArray(legalCases.loanId, [...new Set(counted.map((c) => c.loanId))]))),
    loanPaymentDays(db, companyId, counted.map((c) => c.loanId), offset),
  ]);
  for (const c of counted) {
    const events: LimitationEvent[] = [
      ...acks.filter((a) => a.loanId === c.loanId).map((a) => ({ kind: 'acknowledgment' as const, on: a.on })),
      ...(paid.get(c.loanId) ?? []).map((on) => ({ kind: 'part_payment' as const, on })),
    ];
    out.set(c.caseId, limitationOf(c.processType, defaultOf(c), events));
  }
  return out;
}

/**
 * SQL condition on legal_cases: the company's cases whose limitation can end on or before `lastDay`
 * — of a type with a limitation, on a loan in default since at most LIMITATION_YEARS before it. An
 * acknowledgment or a payment only moves the last day later (limitationOf), so no other case can;
 * the cases it keeps still need caseLimitations for their exact day. A day's margin covers 29 February.
 */
export function limitationMayEndBySql(companyId: string, lastDay: CalendarDay): SQL {
  const byYears = new Map<number, ProcessType[]>();
  for (const [type, years] of Object.entries(LIMITATION_YEARS) as [ProcessType, number][]) byYears.set(years, [...(byYears.get(years) ?? []), type]);
  return or(...[...byYears].map(([years, types]) => and(inArray(legalCases.processType, types), loanDefaultedBySql(companyId, legalCases.allocationMonth, legalCases.loanId, addDays(yearsAfter(lastDay, -years), 1)))))!;
}

/** A case's acknowledgments, newest first, with the recorder's name and the document's file name. */
export async function acknowledgmentsOf(db: DbOrTx, caseId: string): Promise<AcknowledgmentRecord[]> {
  const recorders = userNamesSubquery(db, 'ack_recorders');
  const rows = await db
    .select({ row: legalAcknowledgments, name: recorders.name, fileName: legalCaseDocuments.fileName })
    .from(legalAcknowledgments)
    .leftJoin(recorders, eq(recorders.userId, legalAcknowledgments.recordedBy))
    .leftJoin(legalCaseDocuments, eq(legalCaseDocuments.documentId, legalAcknowledgments.documentId))
    .where(eq(legalAcknowledgments.caseId, caseId))
    .orderBy(desc(legalAcknowledgments.acknowledgedOn), desc(legalAcknowledgments.recordedAt));
  return rows.map(({ row, name, fileName }) => ({
    acknowledgment_id: row.acknowledgmentId,
    acknowledged_on: row.acknowledgedOn,
    remarks: row.remarks,
    document_id: row.documentId,
    document_file_name: fileName,
    recorded_by_name: name,
    recorded_at: row.recordedAt.toISOString(),
  }));
}
