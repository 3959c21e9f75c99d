/**
 * A bulk payment link's amount for one loan (issue 15 "in bulk": each loan's link amount from its
 * own data). Pure: the server reads the loan's figures and hands them here. Amounts are integer
 * minor units (paise, sen).
 */
import type { LinkBatchAmountRule } from '../contracts/payments/link-batches';

/** What one loan offers an amount rule: dues and EMI as stored, and its open PTP's amount (null when none is open). */
export interface LoanAmountFigures {
  duesMinor: number | null;
  emiMinor: number | null;
  openPtpMinor: number | null;
}

/** The amount, or why there is none (the batch's error file shows the reason). */
export type RuleAmount = { amountMinor: number } | { amountMinor: null; reason: string };

const positive = (v: number | null): v is number => v !== null && Number.isFinite(v) && v > 0;

/**
 * The link amount `rule` finds for a loan: fixed → `fixedMinor`; dues → the loan's dues; emi → its
 * EMI; ptp_else_dues → the open PTP's amount when there is one, else the dues. A figure that is 0,
 * negative or missing gives no amount and a reason naming the figure.
 */
export function linkAmountFor(rule: LinkBatchAmountRule, figures: LoanAmountFigures, fixedMinor: number | null): RuleAmount {
  const pick = (v: number | null, what: string): RuleAmount => (positive(v) ? { amountMinor: v } : { amountMinor: null, reason: v === null ? `No link: the loan has no ${what}` : `No link: the loan's ${what} is ${v === 0 ? '0' : 'below 0'}` });
  switch (rule) {
    case 'fixed':
      return pick(fixedMinor, 'fixed amount');
    case 'dues':
      return pick(figures.duesMinor, 'dues (total claim amount)');
    case 'emi':
      return pick(figures.emiMinor, 'EMI amount (expected EMI)');
    case 'ptp_else_dues': {
      if (positive(figures.openPtpMinor)) return { amountMinor: figures.openPtpMinor };
      const dues = pick(figures.duesMinor, 'dues (total claim amount)');
      return dues.amountMinor === null ? { amountMinor: null, reason: `${dues.reason}, and no open PTP` } : dues;
    }
  }
}
