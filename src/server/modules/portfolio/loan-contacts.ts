/**
 * A loan as the compliance check needs it (issue 13; exposed through queries.ts): its latest
 * month, the state of its address (the borrower's time zone), the spec's exclusion flag
 * (`is_exclude_status`, spec 3) and the numbers and addresses it lists with whose they are
 * (borrower, co-applicant, reference). Values are clear: they never leave the server from here.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loans } from './schema';

export type LoanContactRole = 'borrower' | 'co_applicant' | 'reference';

export interface LoanContactFacts {
  loanId: string;
  allocationMonth: string;
  state: string | null;
  excluded: boolean;
  /** The loan's phone numbers and email addresses, each with whose it is. */
  contacts: Array<{ value: string; role: LoanContactRole; kind: 'phone' | 'email' }>;
}

const TRUE_VALUES = new Set(['true', 'yes', 'y', '1', 'excluded']);

function roleOf(variable: string): { role: LoanContactRole; kind: 'phone' | 'email' } | null {
  if (variable === 'applicant_contact_number') return { role: 'borrower', kind: 'phone' };
  if (variable === 'email') return { role: 'borrower', kind: 'email' };
  if (/^co_applicant_\d+_contact_number$/.test(variable)) return { role: 'co_applicant', kind: 'phone' };
  if (/^reference_\d+_contact_number$/.test(variable)) return { role: 'reference', kind: 'phone' };
  return null;
}

const factColumns = { loanId: loans.loanId, month: loans.allocationMonth, state: loans.state, variables: loans.variables, number: loans.applicantContactNumber };

/** The loan's contact facts in its latest allocation month in the company, or null when the company has no such loan. */
export async function loanContactFacts(db: DbOrTx, companyId: string, loanId: string): Promise<LoanContactFacts | null> {
  return (await loanContactFactsMany(db, companyId, [loanId])).get(loanId) ?? null;
}

/**
 * loanContactFacts for many loans in one query (a campaign's batch): a map by loan id, each in
 * its latest allocation month; loans the company lacks are absent.
 */
export async function loanContactFactsMany(db: DbOrTx, companyId: string, loanIds: readonly string[]): Promise<Map<string, LoanContactFacts>> {
  if (loanIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([loans.loanId], factColumns)
    .from(loans)
    .where(and(eq(loans.companyId, companyId), inArray(loans.loanId, [...new Set(loanIds)])))
    .orderBy(loans.loanId, desc(loans.allocationMonth));
  return new Map(rows.map((r) => [r.loanId, factsOf(r)]));
}

/** A loan row's contact facts (also used by queries.ts loanCampaignFactsMany). */
export function factsOf(row: { loanId: string; month: string; state: string | null; variables: Record<string, unknown>; number: string | null }): LoanContactFacts {
  const contacts: LoanContactFacts['contacts'] = [];
  if (row.number) contacts.push({ value: row.number, role: 'borrower', kind: 'phone' });
  for (const [name, value] of Object.entries(row.variables ?? {})) {
    const who = roleOf(name);
    if (who && typeof value === 'string' && value.trim() && !(name === 'applicant_contact_number' && value === row.number)) contacts.push({ value: value.trim(), ...who });
  }
  const flag = row.variables?.is_exclude_status;
  const excluded = flag === 1 || (typeof flag === 'string' && TRUE_VALUES.has(flag.trim().toLowerCase()));
  return { loanId: row.loanId, allocationMonth: row.month, state: row.state, excluded, contacts };
}
