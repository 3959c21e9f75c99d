/**
 * Limitation restarted by acknowledgments and part payments (issue 17 "limitation ... computed";
 * Limitation Act 1963 s.18 acknowledgment in writing, s.19 part payment): a case's limitation date
 * moves to a fresh period from a posted payment on its loan (payments' front door) or an
 * acknowledgment recorded on the case, with what restarted it; one made after the period ran out
 * moves nothing; bad input, another company and an advocate's others' cases answer 400/404. The
 * limitation last day is on the calendar and the case's advocate is emailed 30 and 7 days before it;
 * both compute it only for the cases whose default lets it end within their window.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntry, CaseDetail, CaseRecord, LegalMember } from '../../src/domain/contracts/legal/cases';
import { LocalLogMessageProvider } from '../../src/server/messaging/provider';
import { messageOutbox } from '../../src/server/messaging/schema';
import { limitationMayEndBySql } from '../../src/server/modules/legal/limitation-service';
import { sendDueReminders } from '../../src/server/modules/legal/reminders';
import { legalCases } from '../../src/server/modules/legal/schema';
import { settableClock } from '../../src/server/http/clock';
import { recordPayment } from '../../src/server/modules/payments/queries';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { multipart } from './multipart';

let t: TestApp;
let lawyer: Record<string, string>;
let advocate: Record<string, string>;
let trust: Record<string, string>;
let loanId: string;
let otherLoanId: string;
const clock = settableClock(new Date('2026-01-01T06:00:00Z'));
const month = demoMonth(new Date());
const DEFAULTED = '2023-06-15';

/** Gives the loan a known date of default (column and variable, as an import writes both). */
async function setDefault(id: string, day: string) {
  await t.database.db.execute(
    sql`update loans set date_of_default = ${day}, variables = variables || jsonb_build_object('date_of_default', ${day}::text) where company_id = ${LENDER} and loan_id = ${id}`,
  );
}

/** A payment posted as the payments area posts one (any source), `paidAt` an instant. */
async function pay(id: string, paidAt: string, amountMinor: number, ref: string) {
  const res = await recordPayment(t.database.db, { companyId: LENDER, source: 'field_receipt', sourceRef: ref, loanId: id, amountMinor, paidAt: new Date(paidAt), channel: 'cash' });
  expect(res.outcome).toBe('posted');
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  lawyer = headers((await signIn(t.app, 'lawyer@demo.in')).token, LENDER);
  advocate = headers((await signIn(t.app, 'advocate@demo.in')).token, LENDER);
  trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  // Loans without a case in the demo (its cases are on the first loans by id).
  const all = [...((await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}`, headers: admin })).json().data.loan_ids as string[])].sort();
  [loanId, otherLoanId] = all.slice(-2);
  await setDefault(loanId, DEFAULTED);
  await setDefault(otherLoanId, DEFAULTED);
});
afterAll(async () => t?.close());

const open = async (type: string, id: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/litigation/cases', headers: lawyer, payload: { allocation_month: month, process_type: type, loan_id: id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CaseRecord;
};
const detail = async (id: string) => (await t.app.inject({ url: `/api/litigation/cases/${id}`, headers: lawyer })).json().data as CaseDetail;
const acknowledge = (h: Record<string, string>, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/litigation/cases/${id}/acknowledgments`, headers: h, payload: body });

describe('limitation restarted by acknowledgments and part payments', () => {
  let civil: CaseRecord;
  let sarfaesi: CaseRecord;

  it('runs from the date of default until something restarts it', async () => {
    civil = await open('civil', loanId);
    sarfaesi = await open('sarfaesi', loanId);
    expect(civil).toMatchObject({ date_of_default: DEFAULTED, limitation_date: '2026-06-15', limitation_restarted_by: null });
    expect(sarfaesi).toMatchObject({ limitation_date: '2035-06-15', limitation_restarted_by: null });
  });

  it('a posted part payment starts a fresh period from its day in the company time zone (s.19)', async () => {
    // 20:00 UTC on 30 September is 1 October in India.
    await pay(loanId, '2024-09-30T20:00:00Z', 500_000, 'lim-1');
    // Another loan's payment moves nothing here.
    await pay(otherLoanId, '2025-08-01T06:00:00Z', 100_000, 'lim-other');
    const d = await detail(civil.case_id);
    expect(d).toMatchObject({ limitation_date: '2027-10-01', limitation_restarted_by: { kind: 'part_payment', date: '2024-10-01' } });
    const list = (await t.app.inject({ url: `/api/litigation/cases?loan_id=${loanId}`, headers: lawyer })).json().data.cases as CaseRecord[];
    expect(list.find((c) => c.process_type === 'sarfaesi')).toMatchObject({ limitation_date: '2036-10-01', limitation_restarted_by: { kind: 'part_payment', date: '2024-10-01' } });
  });

  it('an acknowledgment in writing recorded on a case restarts it for every case on the loan (s.18)', async () => {
    const up = multipart({ document_type: 'evidence' }, { name: 'acknowledgment.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') });
    const uploaded = await t.app.inject({ method: 'POST', url: `/api/litigation/cases/${civil.case_id}/documents`, headers: { ...lawyer, 'content-type': up.contentType }, payload: up.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const documentId = (uploaded.json().data as CaseDetail).documents[0].document_id;

    const res = await acknowledge(lawyer, civil.case_id, { acknowledged_on: '2025-02-14', remarks: 'Borrower signed a balance confirmation', document_id: documentId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Acknowledgment recorded');
    const d = res.json().data as CaseDetail;
    expect(d).toMatchObject({ limitation_date: '2028-02-14', limitation_restarted_by: { kind: 'acknowledgment', date: '2025-02-14' } });
    expect(d.acknowledgments).toEqual([
      expect.objectContaining({ acknowledged_on: '2025-02-14', remarks: 'Borrower signed a balance confirmation', document_id: documentId, document_file_name: 'acknowledgment.pdf', recorded_by_name: expect.any(String) }),
    ]);
    expect(await detail(sarfaesi.case_id)).toMatchObject({ limitation_date: '2037-02-14', limitation_restarted_by: { kind: 'acknowledgment', date: '2025-02-14' } });
  });

  it('does not revive a period that had run out', async () => {
    const lapsed = await open('arbitration', otherLoanId);
    // Default 2023-06-15 → the period ended 2026-06-15; the 2025-08-01 payment restarted it to 2028-08-01.
    expect(lapsed).toMatchObject({ limitation_date: '2028-08-01', limitation_restarted_by: { kind: 'part_payment', date: '2025-08-01' } });
    await setDefault(otherLoanId, '2021-01-10');
    // Now the period ended 2024-01-10, before that payment: it stays ended.
    expect(await detail(lapsed.case_id)).toMatchObject({ limitation_date: '2024-01-10', limitation_restarted_by: null });
    const ack = await acknowledge(lawyer, lapsed.case_id, { acknowledged_on: '2025-12-01' });
    expect((ack.json().data as CaseDetail)).toMatchObject({ limitation_date: '2024-01-10', limitation_restarted_by: null });
    expect((ack.json().data as CaseDetail).acknowledgments).toHaveLength(1);
  });

  it('refuses a future day, a document not of the case and bad input; another company and an advocate not on the case get 404', async () => {
    const future = await acknowledge(lawyer, civil.case_id, { acknowledged_on: '2026-01-02' });
    expect([future.statusCode, future.json().message]).toEqual([400, 'acknowledged_on must not be in the future']);
    const other = (await detail(sarfaesi.case_id)).documents;
    expect(other).toEqual([]);
    const foreignDoc = await acknowledge(lawyer, sarfaesi.case_id, { acknowledged_on: '2025-03-01', document_id: (await detail(civil.case_id)).documents[0].document_id });
    expect([foreignDoc.statusCode, foreignDoc.json().message]).toEqual([400, 'document_id must be a document of this case']);
    expect((await acknowledge(lawyer, civil.case_id, { acknowledged_on: '2025-02-30' })).statusCode).toBe(400);
    expect((await acknowledge(lawyer, civil.case_id, {})).statusCode).toBe(400);
    expect((await acknowledge(trust, civil.case_id, { acknowledged_on: '2025-03-01' })).statusCode).toBe(404);
    expect((await acknowledge(advocate, civil.case_id, { acknowledged_on: '2025-03-01' })).statusCode).toBe(404);
    // Nothing of those was recorded.
    expect((await detail(civil.case_id)).acknowledgments).toHaveLength(1);
  });

  it("puts the limitation last day on the calendar and emails the case's advocate 30 and 7 days before, once each", async () => {
    const advocates = (await t.app.inject({ url: '/api/litigation/advocates', headers: lawyer })).json().data.advocates as LegalMember[];
    const me = advocates.find((a) => a.profession === 'advocate')!;
    // Same loan as the civil case: the 2025-02-14 acknowledgment puts its 3 years at 2028-02-14.
    const opened = await t.app.inject({ method: 'POST', url: '/api/litigation/cases', headers: lawyer, payload: { allocation_month: month, process_type: 'ibc', loan_id: loanId, advocate_id: me.user_id } });
    expect(opened.statusCode, opened.body).toBe(200);
    const ibc = opened.json().data as CaseRecord;
    expect(ibc.limitation_date).toBe('2028-02-14');

    const cal = async (h: Record<string, string>) => (await t.app.inject({ url: '/api/litigation/calendar?from=2028-02-01&to=2028-02-29', headers: h })).json().data.entries as CalendarEntry[];
    const theirs = (await cal(advocate)).filter((e) => e.kind === 'limitation');
    expect(theirs.map((e) => [e.date, e.case_id, e.loan_id])).toEqual([['2028-02-14', ibc.case_id, loanId]]);
    // The lawyer sees the loan's unassigned civil case's last day too; the advocate only their own.
    expect((await cal(lawyer)).filter((e) => e.kind === 'limitation' && e.loan_id === loanId).map((e) => e.case_id).sort()).toEqual([civil.case_id, ibc.case_id].sort());

    const provider = new LocalLogMessageProvider({ info: () => undefined } as never);
    const sent = async () =>
      (await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.template, 'legal_limitation_reminder'), eq(messageOutbox.companyId, LENDER)))).filter((m) => m.body.includes(loanId));
    // 2028-01-15 in India is 30 days before; the day before sends nothing (20:00 UTC on 14 January is already 15 January there).
    await sendDueReminders(t.database.db, provider, new Date('2028-01-14T06:00:00Z'));
    expect(await sent()).toHaveLength(0);
    await sendDueReminders(t.database.db, provider, new Date('2028-01-14T20:00:00Z'));
    await sendDueReminders(t.database.db, provider, new Date('2028-01-15T10:00:00Z'));
    expect((await sent()).map((m) => [m.recipient, m.body.split('\n')[0]])).toEqual([['advocate@demo.in', `Limitation ends on 2028-02-14 (30 days): ibc case, loan ${loanId}`]]);
    await sendDueReminders(t.database.db, provider, new Date('2028-02-07T04:00:00Z'));
    const all = await sent();
    expect(all.map((m) => m.body.split('\n')[0])).toContain(`Limitation ends on 2028-02-14 (7 days): ibc case, loan ${loanId}`);
    // The civil case has no advocate: nobody is emailed for it.
    expect(all).toHaveLength(2);

    // The sweep and the calendar compute limitation only for the cases whose default is early enough
    // for it to end by the window's last day (a restart only moves it later): the SARFAESI case's
    // 12 years from 2023-06-15 keep it out of any window before 2035.
    const mayEnd = async (day: string) =>
      (await t.database.db.select({ id: legalCases.caseId }).from(legalCases).where(and(eq(legalCases.loanId, loanId), limitationMayEndBySql(LENDER, day)))).map((r) => r.id).sort();
    expect(await mayEnd('2026-06-13')).toEqual([]);
    expect(await mayEnd('2026-06-15')).toEqual([civil.case_id, ibc.case_id].sort());
    expect(await mayEnd('2035-06-15')).toEqual([civil.case_id, ibc.case_id, sarfaesi.case_id].sort());
  });
});
