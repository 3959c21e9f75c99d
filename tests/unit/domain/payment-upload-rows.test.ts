/** Rows of an offline payments file (issue 15): columns by header, amounts exact, dates in the three forms, the reconciliation key. */
import { describe, expect, it } from 'vitest';
import { paymentColumns, paymentDay, readPaymentRow, ROW_MESSAGES, uploadSourceRef } from '../../../src/domain/payments/upload-rows';

describe('payment upload rows', () => {
  it('finds columns by name whatever the case and spacing, and names the missing required ones', () => {
    expect(paymentColumns(['Loan ID', ' Amount Paid ', 'Payment Date', 'UTR', 'Mode'])).toEqual({ columns: { loan_id: 0, amount: 1, date: 2, reference: 3, channel: 4 }, missing: [] });
    expect(paymentColumns(['loan', 'paid']).missing).toEqual(['loan_id', 'amount', 'date']);
  });

  it('reads dates as YYYY-MM-DD, DD-MM-YYYY, DD/MM/YYYY or an ISO date-time, and refuses impossible ones', () => {
    expect(paymentDay('2026-11-20')).toBe('2026-11-20');
    expect(paymentDay('5/11/2026')).toBe('2026-11-05');
    expect(paymentDay('20-11-2026')).toBe('2026-11-20');
    expect(paymentDay('2026-11-20T18:30:00Z')).toBe('2026-11-20');
    expect(paymentDay('31-02-2026')).toBeNull();
    expect(paymentDay('11/20/2026')).toBeNull();
  });

  it('reads a row to minor units exactly, with cash as the default channel, or says why not', () => {
    const cols = paymentColumns(['loan_id', 'amount', 'date', 'reference', 'channel', 'expected_amount']).columns;
    expect(readPaymentRow(['LN1', '0.10', '2026-11-20', '', '', ''], cols)).toEqual({ payment: { loanId: 'LN1', amountMinor: 10, day: '2026-11-20', reference: null, channel: 'cash', expectedMinor: null } });
    expect(readPaymentRow(['LN1', 'Rs 1,234.50', '2026-11-20', 'UTR9', 'NEFT', '1234.5'], cols)).toMatchObject({ payment: { amountMinor: 123_450, reference: 'UTR9', channel: 'neft', expectedMinor: 123_450 } });
    expect(readPaymentRow(['', '10', '2026-11-20'], cols)).toEqual({ error: ROW_MESSAGES.loanId });
    expect(readPaymentRow(['LN1', '10.005', '2026-11-20'], cols)).toEqual({ error: ROW_MESSAGES.amount });
    expect(readPaymentRow(['LN1', '0', '2026-11-20'], cols)).toEqual({ error: ROW_MESSAGES.amount });
    expect(readPaymentRow(['LN1', '10', 'yesterday'], cols)).toEqual({ error: ROW_MESSAGES.date });
    expect(readPaymentRow(['LN1', '10', '2026-11-20', '', '', 'x'], cols)).toEqual({ error: ROW_MESSAGES.expected });
  });

  it('keys a payment by its reference, else by what it is', () => {
    const p = { loanId: 'LN1', amountMinor: 100, day: '2026-11-20', reference: null, channel: 'cash', expectedMinor: null };
    expect(uploadSourceRef(p)).toBe('row:LN1|100|2026-11-20|cash');
    expect(uploadSourceRef({ ...p, reference: 'UTR1' })).toBe('ref:UTR1');
  });
});
