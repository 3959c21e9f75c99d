/** A loan's template variables (issue 13): clear values from portfolio, amounts in the company's currency. */
import { localDay, countryTimeZone } from '../../../domain/common/dates';
import { loanVariables } from '../../../domain/communication/render';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../http/errors';
import { companyCountry } from '../companies/queries';
import { loanMessageFacts, type LoanMessageFacts } from '../portfolio/queries';

export const NO_LOAN = 'No loan details found';

/** @throws 404 NO_LOAN when the company has no such loan */
export async function loanVariablesOf(db: DbOrTx, companyId: string, loanId: string, now: Date): Promise<Record<string, string>> {
  const [facts, company] = await Promise.all([loanMessageFacts(db, companyId, loanId), companyCountry(db, companyId)]);
  if (!facts) throw notFound(NO_LOAN);
  return variablesOfFacts(facts, company, now);
}

/** The variables of a loan already read (a campaign's batch reads many at once: loanMessageFactsMany); today in the company's country. */
export function variablesOfFacts(facts: LoanMessageFacts, company: { country: string; currency: 'INR' | 'IDR' }, now: Date): Record<string, string> {
  return loanVariables(facts, company.currency, localDay(now, countryTimeZone(company.country).offsetMinutes));
}
