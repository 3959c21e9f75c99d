/** Bulk payment links' per-loan amount rules (issue 15 "in bulk"): each loan's amount, or why none. */
import { describe, expect, it } from 'vitest';
import { linkAmountFor } from '../../../src/domain/payments/link-amount-rule';

const loan = { duesMinor: 123_400, emiMinor: 9_900, openPtpMinor: null };

describe('linkAmountFor', () => {
  it('reads the figure the rule names', () => {
    expect(linkAmountFor('fixed', loan, 5_000)).toEqual({ amountMinor: 5_000 });
    expect(linkAmountFor('dues', loan, null)).toEqual({ amountMinor: 123_400 });
    expect(linkAmountFor('emi', loan, null)).toEqual({ amountMinor: 9_900 });
    expect(linkAmountFor('ptp_else_dues', loan, null)).toEqual({ amountMinor: 123_400 });
    expect(linkAmountFor('ptp_else_dues', { ...loan, openPtpMinor: 20_000 }, null)).toEqual({ amountMinor: 20_000 });
  });

  it('gives no amount, with the reason, for a figure that is 0, negative or missing', () => {
    expect(linkAmountFor('dues', { ...loan, duesMinor: 0 }, null)).toEqual({ amountMinor: null, reason: "No link: the loan's dues (total claim amount) is 0" });
    expect(linkAmountFor('dues', { ...loan, duesMinor: -5 }, null)).toEqual({ amountMinor: null, reason: "No link: the loan's dues (total claim amount) is below 0" });
    expect(linkAmountFor('emi', { ...loan, emiMinor: null }, null)).toEqual({ amountMinor: null, reason: 'No link: the loan has no EMI amount (expected EMI)' });
    expect(linkAmountFor('ptp_else_dues', { ...loan, duesMinor: null, openPtpMinor: 0 }, null)).toEqual({ amountMinor: null, reason: 'No link: the loan has no dues (total claim amount), and no open PTP' });
    expect(linkAmountFor('fixed', loan, null)).toMatchObject({ amountMinor: null });
  });
});
