/**
 * Message templates rendered with a loan's variables (issue 13 "Communication"): a template's body
 * names its variables `{{amount_due}}`; amounts are integer minor units (paise, sen) shown in the
 * company's currency (domain/common/money.ts), dates as '05 Jan 2025'. An SMS template in India is
 * also a DLT registration: its DLT body is the same text with each `{{name}}` written `{#var#}`,
 * matched by compliance's `matchDlt` (domain/compliance/dlt.ts) — never duplicated here.
 */
import { formatDate } from '../common/dates';
import type { Currency } from '../common/money';
import { formatMinor } from '../common/money';
import { DLT_VARIABLE, matchDlt, type DltMatch } from '../compliance/dlt';

/** A placeholder: `{{name}}`, letters, digits and underscores. */
const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/gi;

/** The variables every loan offers, in the order the editor lists them. */
export const LOAN_VARIABLES = ['borrower_name', 'loan_id', 'amount_due', 'emi_amount', 'principal_outstanding', 'due_date', 'today'] as const;
export type LoanVariable = (typeof LOAN_VARIABLES)[number];

/** What a loan gives a template: clear values (a message goes to the borrower), amounts in minor units. */
export interface LoanFacts {
  loanId: string;
  borrowerName: string | null;
  /** Minor units (paise, sen). */
  totalClaimAmountMinor: number | null;
  expectedEmiMinor: number | null;
  principalOutstandingMinor: number | null;
  /** 'YYYY-MM-DD' or an ISO instant: the loan's due date when it has one. */
  dueDate: string | null;
}

// formatDate builds an Intl.DateTimeFormat per call (~50 µs); a campaign repeats the same few
// dates (today, common due dates) across 100,000 messages, so their texts are kept.
const dateTexts = new Map<string, string>();
function dateText(value: string): string {
  let text = dateTexts.get(value);
  if (text === undefined) {
    text = formatDate(value);
    if (dateTexts.size >= 1000) dateTexts.clear();
    dateTexts.set(value, text);
  }
  return text;
}

/** The placeholder names of `body`, each once, in order of first use. */
export function placeholdersOf(body: string): string[] {
  const names: string[] = [];
  for (const m of body.matchAll(PLACEHOLDER)) if (!names.includes(m[1])) names.push(m[1]);
  return names;
}

/**
 * The loan's variables as display text: amounts with the company's currency ('Rs 1,23,456.50',
 * 'Rp 1,500,000'), dates '05 Jan 2025'; a missing value is left out (so `render` reports it).
 * `today` is the company's calendar day ('YYYY-MM-DD').
 */
export function loanVariables(loan: LoanFacts, currency: Currency, today: string): Record<string, string> {
  const out: Record<string, string> = { loan_id: loan.loanId, today: dateText(today) };
  if (loan.borrowerName) out.borrower_name = loan.borrowerName;
  if (loan.totalClaimAmountMinor !== null) out.amount_due = formatMinor(loan.totalClaimAmountMinor, currency);
  if (loan.expectedEmiMinor !== null) out.emi_amount = formatMinor(loan.expectedEmiMinor, currency);
  if (loan.principalOutstandingMinor !== null) out.principal_outstanding = formatMinor(loan.principalOutstandingMinor, currency);
  if (loan.dueDate) out.due_date = dateText(loan.dueDate);
  return out;
}

export interface Rendered {
  text: string;
  /** Placeholders no variable filled (the text keeps them as written). */
  missing: string[];
}

/**
 * Fills each `{{name}}` of `body` from `variables` (the caller's values win over the loan's: merge
 * before calling). Unknown names stay as written and are listed in `missing`.
 */
export function renderTemplate(body: string, variables: Readonly<Record<string, string>>): Rendered {
  const missing: string[] = [];
  const text = body.replace(PLACEHOLDER, (whole, name: string) => {
    const value = variables[name];
    if (value === undefined) {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return value;
  });
  return { text, missing };
}

/** The body as it is registered on the DLT platform: each `{{name}}` becomes `{#var#}`. */
export function dltBodyOf(body: string): string {
  return body.replace(PLACEHOLDER, DLT_VARIABLE);
}

/**
 * Whether a rendered SMS would pass the DLT check against the registered body (compliance's
 * matcher; the server's decision is what counts — this is for previews).
 */
export function previewDlt(registeredBody: string, text: string): DltMatch {
  return matchDlt(registeredBody, text);
}
