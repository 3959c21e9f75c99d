/** Template rendering with loan variables, the DLT body of an SMS template, and status moves (issue 13). */
import { describe, expect, it } from 'vitest';
import { dltBodyOf, loanVariables, placeholdersOf, previewDlt, renderTemplate } from '../../../src/domain/communication/render';
import { advanceStatus } from '../../../src/domain/communication/status';
import { matchDlt } from '../../../src/domain/compliance/dlt';

const loan = { loanId: 'LN1', borrowerName: 'Ravi Kumar', totalClaimAmountMinor: 12345650, expectedEmiMinor: 450000, principalOutstandingMinor: null, dueDate: '2026-12-05' };

describe('loan variables', () => {
  it('shows amounts from minor units in the company currency, and dates', () => {
    const v = loanVariables(loan, 'INR', '2026-11-23');
    expect(v).toMatchObject({ borrower_name: 'Ravi Kumar', loan_id: 'LN1', amount_due: 'Rs 1,23,456.50', emi_amount: 'Rs 4,500', due_date: '05 Dec 2026', today: '23 Nov 2026' });
    expect(v.principal_outstanding).toBeUndefined();
    expect(loanVariables({ ...loan, totalClaimAmountMinor: 150000000 }, 'IDR', '2026-11-23').amount_due).toBe('Rp 1,500,000');
  });
});

describe('rendering', () => {
  it('fills each {{name}} and lists the names nobody filled', () => {
    expect(renderTemplate('Dear {{ borrower_name }}, pay {{amount_due}} by {{due_date}}.', { borrower_name: 'Ravi', amount_due: 'Rs 4,500' })).toEqual({
      text: 'Dear Ravi, pay Rs 4,500 by {{due_date}}.',
      missing: ['due_date'],
    });
    expect(placeholdersOf('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });

  it('leaves {#var#} alone and derives the DLT body that compliance matches', () => {
    const body = 'Dear {{borrower_name}}, {{amount_due}} is due. - RCVOPS';
    expect(dltBodyOf(body)).toBe('Dear {#var#}, {#var#} is due. - RCVOPS');
    const text = renderTemplate(body, { borrower_name: 'Ravi', amount_due: 'Rs 1,23,456.50' }).text;
    expect(previewDlt(dltBodyOf(body), text)).toEqual(matchDlt('Dear {#var#}, {#var#} is due. - RCVOPS', text));
    expect(previewDlt(dltBodyOf(body), text)).toEqual({ ok: true, variables: ['Ravi', 'Rs 1,23,456.50'] });
    const long = renderTemplate(body, { borrower_name: 'R'.repeat(31), amount_due: 'x' }).text;
    expect(previewDlt(dltBodyOf(body), long)).toEqual({ ok: false, problem: 'variable_too_long', index: 1, length: 31 });
  });
});

describe('status', () => {
  it('moves forward only; blocked and failed are final; a late failure after delivery is ignored', () => {
    expect(advanceStatus('queued', 'sent')).toBe('sent');
    expect(advanceStatus('sent', 'read')).toBe('read');
    expect(advanceStatus('read', 'delivered')).toBe('read');
    expect(advanceStatus('delivered', 'failed')).toBe('delivered');
    expect(advanceStatus('sent', 'failed')).toBe('failed');
    expect(advanceStatus('failed', 'delivered')).toBe('failed');
    expect(advanceStatus('blocked', 'delivered')).toBe('blocked');
  });
});
