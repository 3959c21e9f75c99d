/**
 * Borrower contact details changed by another area (issue 16 "Change requests": an approved change
 * is applied to the loan and the customer). Only these variables may be written this way; the
 * `applicant_contact_number` column is kept equal to its variable.
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loans } from './schema';

/** The contact variables another area may change (and read for a change's old value). */
export const BORROWER_DETAIL_VARIABLES = ['applicant_contact_number', 'email', 'address_line_1', 'address_line_2', 'address_line_3', 'alternate_contact_numbers'] as const;
export type BorrowerDetailVariable = (typeof BORROWER_DETAIL_VARIABLES)[number];

const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * A loan's contact details in clear, in `allocationMonth` (the latest month holding the loan when
 * null), with the month found; null when the company has no such loan.
 */
export async function borrowerDetails(db: DbOrTx, companyId: string, loanId: string, allocationMonth: string | null): Promise<{ allocationMonth: string; applicantName: string | null; product: string | null; values: Record<BorrowerDetailVariable, string | null> } | null> {
  const [row] = await db
    .select({ month: loans.allocationMonth, name: loans.applicantName, product: loans.product, contact: loans.applicantContactNumber, variables: loans.variables })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), eq(loans.loanId, loanId), allocationMonth ? eq(loans.allocationMonth, allocationMonth) : undefined))
    .orderBy(desc(loans.allocationMonth))
    .limit(1);
  if (!row) return null;
  const values = Object.fromEntries(BORROWER_DETAIL_VARIABLES.map((k) => [k, text(row.variables?.[k])])) as Record<BorrowerDetailVariable, string | null>;
  values.applicant_contact_number = text(row.contact) ?? values.applicant_contact_number;
  return { allocationMonth: row.month, applicantName: row.name, product: row.product, values };
}

/**
 * Writes contact details (null clears one) to the loan in every month holding it and to every loan
 * of the same customer (`client_customer_id`), inside the caller's transaction.
 * @returns how many loan rows were written
 * @throws RangeError for a variable outside BORROWER_DETAIL_VARIABLES
 */
export async function applyBorrowerDetails(tx: DbOrTx, companyId: string, loanId: string, values: Partial<Record<BorrowerDetailVariable, string | null>>): Promise<number> {
  for (const k of Object.keys(values)) if (!(BORROWER_DETAIL_VARIABLES as readonly string[]).includes(k)) throw new RangeError(`Not a borrower detail: ${k}`);
  const [owner] = await tx.select({ customer: loans.clientCustomerId }).from(loans).where(and(eq(loans.companyId, companyId), eq(loans.loanId, loanId))).orderBy(desc(loans.allocationMonth)).limit(1);
  if (!owner) return 0;
  const patch = JSON.stringify(values);
  const contact = 'applicant_contact_number' in values ? { applicantContactNumber: values.applicant_contact_number ?? null } : {};
  const written = await tx
    .update(loans)
    .set({ ...contact, variables: sql`${loans.variables} || ${patch}::jsonb`, updatedAt: new Date() })
    .where(and(eq(loans.companyId, companyId), owner.customer ? or(eq(loans.loanId, loanId), eq(loans.clientCustomerId, owner.customer)) : eq(loans.loanId, loanId)))
    .returning({ id: loans.id });
  return written.length;
}
