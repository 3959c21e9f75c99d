/** Statute dates and notice rendering (issue 17 "Notices"; src/domain/legal). */
import { describe, expect, it } from 'vitest';
import { StatuteError, statuteDates } from '../../../src/domain/legal/statute';
import { BUILT_IN_TEMPLATES, NOTICE_VARIABLES, fillTemplate, noticeDocument, noticeFragment, unknownPlaceholders } from '../../../src/domain/legal/templates';
import { noticeValues, printedDay } from '../../../src/domain/legal/variables';

describe('statute dates', () => {
  it('s.138: notice within 30 days of the return memo, 15 days to pay after presumed delivery, complaint a month later', () => {
    expect(statuteDates('ni_138', { issueDate: '2026-11-24', chequeReturnMemoDate: '2026-11-01' })).toEqual({
      issue_date: '2026-11-24',
      cheque_return_memo_date: '2026-11-01',
      notice_last_day: '2026-12-01',
      pay_by: '2026-12-14',
      complaint_by: '2027-01-13',
    });
    // The 30th day is still in time; the 31st is not.
    expect(() => statuteDates('ni_138', { issueDate: '2026-12-01', chequeReturnMemoDate: '2026-11-01' })).not.toThrow();
    expect(() => statuteDates('ni_138', { issueDate: '2026-12-02', chequeReturnMemoDate: '2026-11-01' })).toThrow(/sent by 2026-12-01/);
    expect(() => statuteDates('ni_138', { issueDate: '2026-12-02' })).toThrow(StatuteError);
  });

  it('SARFAESI: 60 days after 13(2); 13(4) only once they have passed', () => {
    expect(statuteDates('sarfaesi_13_2', { issueDate: '2026-01-01' }).pay_by).toBe('2026-03-02');
    expect(statuteDates('sarfaesi_13_4', { issueDate: '2026-03-03', demandNoticeDate: '2026-01-01' }).demand_expired_on).toBe('2026-03-02');
    expect(() => statuteDates('sarfaesi_13_4', { issueDate: '2026-03-02', demandNoticeDate: '2026-01-01' })).toThrow(/only after 2026-03-02/);
  });

  it('arbitration 30 days, loan recall 15 days, somasi 7 days (across a leap day)', () => {
    expect(statuteDates('arbitration_invocation', { issueDate: '2028-02-10' }).reply_by).toBe('2028-03-11');
    expect(statuteDates('loan_recall', { issueDate: '2028-02-20' }).pay_by).toBe('2028-03-06');
    expect(statuteDates('somasi_2', { issueDate: '2028-02-25' }).pay_by).toBe('2028-03-03');
    expect(statuteDates('conciliation', { issueDate: '2028-02-10' }).reply_by).toBe('2028-03-11');
    expect(statuteDates('lok_adalat', { issueDate: '2028-02-20' }).reply_by).toBe('2028-03-06');
  });
});

describe('templates', () => {
  it('every built-in body uses only known placeholders; Indian kinds in en and hi, somasi in id', () => {
    for (const t of BUILT_IN_TEMPLATES) {
      for (const body of Object.values(t.bodies)) expect(unknownPlaceholders(body!)).toEqual([]);
      if (t.kind.startsWith('somasi')) expect(t.bodies.id).toBeTruthy();
      else expect([t.bodies.en, t.bodies.hi].every(Boolean)).toBe(true);
    }
    expect(unknownPlaceholders('Dear {{applicant_name}} {{password}}')).toEqual(['password']);
    expect(NOTICE_VARIABLES).toContain('pay_by');
  });

  it('fills values escaped: a name cannot inject markup', () => {
    expect(fillTemplate('To {{ applicant_name }}, pay {{total_claim_amount}}', { applicant_name: '<b>Ravi</b> & Co', total_claim_amount: 'Rs 1,000' })).toBe('To &lt;b&gt;Ravi&lt;/b&gt; &amp; Co, pay Rs 1,000');
    const html = noticeDocument([noticeFragment('TITLE\n\nLine one\nline two\n\nPara', {})], 'hi');
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('<p>Line one<br>line two</p>');
  });

  it('a loan becomes a notice’s values: amounts in the currency, dates DD-MM-YYYY, missing data named', () => {
    const record = { loan_id: 'LN1', applicant_name: 'Ravi Kumar', address_line_1: '12 MG Road', address_line_2: '', address_line_3: 'Near Park', total_claim_amount: 123456.5, cheque_return_memo_date: '2026-11-10' };
    const r = noticeValues({ kind: 'ni_138', record, companyName: 'Demo Lender', currency: 'INR', issueDate: '2026-11-24' });
    expect(r.ok && r.values).toMatchObject({ applicant_name: 'Ravi Kumar', address: '12 MG Road, Near Park', total_claim_amount: 'Rs 1,23,456.50', issue_date: '24-11-2026', notice_last_day: '10-12-2026', pay_by: '14-12-2026' });
    expect(noticeValues({ kind: 'ni_138', record: { ...record, cheque_return_memo_date: null }, companyName: 'X', currency: 'INR', issueDate: '2026-11-24' })).toMatchObject({ ok: false, status: 'no_data_found' });
    expect(noticeValues({ kind: 'ni_138', record, companyName: 'X', currency: 'INR', issueDate: '2027-01-24' })).toMatchObject({ ok: false, status: 'failed' });
    expect(noticeValues({ kind: 'somasi_1', record: { ...record, applicant_name: ' ' }, companyName: 'X', currency: 'IDR', issueDate: '2026-11-24' })).toMatchObject({ ok: false, status: 'no_data_found', reason: 'Missing applicant_name' });
    expect(printedDay('2026-01-05')).toBe('05-01-2026');
  });
});

describe('litigation stages', () => {
  it('lists the stages of each spec process type and computes SARFAESI deadlines', async () => {
    const { PROCESS_TYPES, PROCESS_STAGES, isStageOf, stageDeadline } = await import('../../../src/domain/legal/cases');
    expect(PROCESS_TYPES).toEqual(['common_legal_process', 'criminal_proceedings', 'sarfaesi', 'civil', 'arbitration', 'against', 'ibc']);
    expect(PROCESS_STAGES.sarfaesi[0]).toBe('demand_13_2');
    expect(isStageOf('ibc', 'admission')).toBe(true);
    expect(isStageOf('ibc', 'auction')).toBe(false);
    expect(stageDeadline('sarfaesi', 'demand_13_2', '2026-01-01')).toBe('2026-03-02');
    expect(stageDeadline('sarfaesi', 'objection_reply_13_3a', '2026-01-20')).toBe('2026-02-04');
    expect(stageDeadline('civil', 'plaint', '2026-01-01')).toBeNull();
    expect(stageDeadline('sarfaesi', 'possession_13_4', '2026-01-01')).toBeNull();
    // s.138: 5 days for the notice to arrive, 15 to pay, then a month to file the complaint.
    expect(stageDeadline('criminal_proceedings', 'notice', '2026-01-01')).toBe('2026-02-20');
    expect(stageDeadline('arbitration', 'invocation', '2026-01-01')).toBe('2026-01-31');
    expect(stageDeadline('ibc', 'application_s7_s9', '2026-01-01')).toBe('2026-01-15');
    expect(stageDeadline('ibc', 'cirp', '2026-01-01')).toBe('2026-06-30');
    expect(stageDeadline('against', 'received', '2026-01-01')).toBe('2026-01-31');
  });

  it('counts limitation from the date of default: 3 years for a suit, arbitration or IBC, 12 for SARFAESI', async () => {
    const { limitationDate } = await import('../../../src/domain/legal/cases');
    expect(limitationDate('civil', '2023-01-15')).toBe('2026-01-15');
    expect(limitationDate('arbitration', '2023-01-15')).toBe('2026-01-15');
    expect(limitationDate('ibc', '2023-01-15')).toBe('2026-01-15');
    expect(limitationDate('common_legal_process', '2023-01-15')).toBe('2026-01-15');
    expect(limitationDate('sarfaesi', '2023-01-15')).toBe('2035-01-15');
    // A default on 29 February ends on 28 February of a common year.
    expect(limitationDate('civil', '2024-02-29')).toBe('2027-02-28');
    expect(limitationDate('criminal_proceedings', '2023-01-15')).toBeNull();
    expect(limitationDate('against', '2023-01-15')).toBeNull();
    expect(limitationDate('civil', null)).toBeNull();
  });

  it("writes a case's stage into the loan's legal_status", async () => {
    const { legalStatusOf } = await import('../../../src/domain/legal/cases');
    expect(legalStatusOf('sarfaesi', 'possession_13_4')).toBe('sarfaesi: possession_13_4');
  });
});
