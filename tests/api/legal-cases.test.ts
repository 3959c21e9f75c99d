/**
 * Litigation cases by process type (issue 17 "Litigation"; spec 2 `/app/process-tracking/{type}`):
 * a SARFAESI case moved through its stages with the statutory deadline computed and the loan's
 * legal_status following, an advocate who sees and updates only their own cases, another
 * company's case never found; hearings with next dates and orders, costs, documents, the
 * calendar, the legal portfolio and the advocate's reminders.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEntry, CaseDetail, CaseRecord, LegalMember, LegalPortfolio } from '../../src/domain/contracts/legal/cases';
import { messageOutbox } from '../../src/server/messaging/schema';
import { LocalLogMessageProvider } from '../../src/server/messaging/provider';
import { sendDueReminders } from '../../src/server/modules/legal/reminders';
import { settableClock } from '../../src/server/http/clock';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { multipart } from './multipart';

let t: TestApp;
let lawyer: Record<string, string>;
let advocate: Record<string, string>;
let trust: Record<string, string>;
let admin: Record<string, string>;
let advocates: LegalMember[];
let loanIds: string[];
const clock = settableClock(new Date('2026-01-01T06:00:00Z'));
// The demo seed fills the real current month; the clock only dates the stages.
const month = demoMonth(new Date());

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  lawyer = headers((await signIn(t.app, 'lawyer@demo.in')).token, LENDER);
  advocate = headers((await signIn(t.app, 'advocate@demo.in')).token, LENDER);
  trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  advocates = (await t.app.inject({ url: '/api/litigation/advocates', headers: lawyer })).json().data.advocates;
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  loanIds = [...((await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}`, headers: admin })).json().data.loan_ids as string[])].sort().slice(0, 3);
});
afterAll(async () => t?.close());

const open = (h: Record<string, string>, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/litigation/cases', headers: h, payload: { allocation_month: month, ...body } });
const update = (h: Record<string, string>, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/litigation/cases/${id}`, headers: h, payload: body });
const legalStatus = async (loanId: string) => (await t.app.inject({ url: `/api/recovery/loan-details/${loanId}`, headers: admin })).json().data.loan.legal_status as string | undefined;
const detail = (h: Record<string, string>, id: string) => t.app.inject({ url: `/api/litigation/cases/${id}`, headers: h });
const hearing = (h: Record<string, string>, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/litigation/cases/${id}/hearings`, headers: h, payload: body });
const list = async (h: Record<string, string>, type: string) => (await t.app.inject({ url: `/api/litigation/cases?process_type=${type}`, headers: h })).json().data as { cases: CaseRecord[]; total: number };

describe('litigation cases', () => {
  it('moves a SARFAESI case through its stages with the statutory deadline of each', async () => {
    expect(advocates.map((a) => a.profession).sort()).toEqual(['advocate', 'lawyer']);
    const res = await open(lawyer, { process_type: 'sarfaesi', loan_id: loanIds[0], court: 'DRT Mumbai', case_number: 'SA/12/2026', next_hearing_date: '2026-02-10' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as CaseRecord;
    expect(created).toMatchObject({ stage: 'demand_13_2', stage_since: '2026-01-01', stage_deadline: '2026-03-02', court: 'DRT Mumbai', advocate_id: null });
    expect(created.applicant_name).toBeTruthy();
    expect(await legalStatus(loanIds[0])).toBe('sarfaesi: demand_13_2');

    clock.set(new Date('2026-01-20T06:00:00Z'));
    const objection = await update(lawyer, created.case_id, { stage: 'objection_reply_13_3a' });
    expect(objection.json().data).toMatchObject({ stage: 'objection_reply_13_3a', stage_since: '2026-01-20', stage_deadline: '2026-02-04' });
    clock.set(new Date('2026-03-05T06:00:00Z'));
    const possession = await update(lawyer, created.case_id, { stage: 'possession_13_4', next_hearing_date: '2026-04-01' });
    expect(possession.json().data).toMatchObject({ stage: 'possession_13_4', stage_deadline: null, next_hearing_date: '2026-04-01' });
    expect(await legalStatus(loanIds[0])).toBe('sarfaesi: possession_13_4');

    const bad = await update(lawyer, created.case_id, { stage: 'award' });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Unknown stage for sarfaesi: award']);
    expect((await open(lawyer, { process_type: 'sarfaesi', loan_id: loanIds[0] })).statusCode).toBe(409);
    expect((await open(lawyer, { process_type: 'sarfaesi', loan_id: 'NO-SUCH-LOAN' })).statusCode).toBe(404);
    // The demo has two SARFAESI cases (seed/demo-legal.ts), this is the third; next hearing first.
    const sarfaesi = await list(lawyer, 'sarfaesi');
    expect(sarfaesi.total).toBe(3);
    expect(sarfaesi.cases.map((c) => c.next_hearing_date)).toEqual([...sarfaesi.cases.map((c) => c.next_hearing_date)].sort((a, b) => (a ?? '9').localeCompare(b ?? '9')));
    // Another company neither lists nor updates it.
    expect((await list(trust, 'sarfaesi')).total).toBe(0);
    expect((await update(trust, created.case_id, { court: 'X' })).statusCode).toBe(404);
  });

  it('shows an advocate only the cases assigned to them', async () => {
    const me = advocates.find((a) => a.profession === 'advocate')!;
    const mine = (await open(lawyer, { process_type: 'arbitration', loan_id: loanIds[0], advocate_id: me.user_id })).json().data as CaseRecord;
    const other = (await open(lawyer, { process_type: 'arbitration', loan_id: loanIds[1] })).json().data as CaseRecord;
    expect(mine.advocate_name).toBe(me.name);
    // The demo's arbitration case is the lawyer's: the advocate sees only the one assigned to them.
    expect((await list(lawyer, 'arbitration')).total).toBe(3);
    const seen = await list(advocate, 'arbitration');
    expect(seen.cases.map((c) => c.case_id)).toEqual([mine.case_id]);
    const criminal = await list(advocate, 'criminal_proceedings');
    expect(criminal.total).toBe(2);
    expect(criminal.cases.every((c) => c.advocate_id === me.user_id && c.next_hearing_date)).toBe(true);
    expect((await update(advocate, other.case_id, { stage: 'appointment' })).statusCode).toBe(404);
    expect((await update(advocate, mine.case_id, { stage: 'appointment' })).json().data.stage).toBe('appointment');
    const stranger = await open(lawyer, { process_type: 'civil', loan_id: loanIds[0], advocate_id: 'not-a-user' });
    expect(stranger.statusCode).toBe(400);
  });
});

describe('hearings, costs, documents, the calendar, the legal portfolio and reminders', () => {
  let me: LegalMember;
  let own: CaseRecord;
  let others: CaseRecord;
  beforeAll(async () => {
    me = advocates.find((a) => a.profession === 'advocate')!;
    clock.set(new Date('2026-05-04T06:00:00Z'));
    own = (await open(lawyer, { process_type: 'criminal_proceedings', loan_id: loanIds[2], advocate_id: me.user_id, court: 'JMFC Court, Pune', case_number: 'CC/7/2026', next_hearing_date: '2026-05-12' })).json().data;
    others = (await open(lawyer, { process_type: 'civil', loan_id: loanIds[2], court: 'Civil Court, Pune' })).json().data;
  });

  it('computes the s.138 complaint deadline: 5 delivery days + 15 to pay + 30 to file', () => {
    expect(own).toMatchObject({ stage: 'notice', stage_since: '2026-05-04', stage_deadline: '2026-06-23' });
  });

  it('records hearings with orders and next dates: the case follows the last one, the loan and its timeline too', async () => {
    const first = await hearing(advocate, own.case_id, { hearing_date: '2026-05-12', proceedings: 'Complaint filed, taken on record', next_hearing_date: '2026-06-02', stage: 'complaint' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Hearing recorded');
    clock.set(new Date('2026-06-02T06:00:00Z'));
    const second = (await hearing(advocate, own.case_id, { hearing_date: '2026-06-02', order_text: 'Cognizance taken; summons to issue', next_hearing_date: '2026-07-07', stage: 'cognizance' })).json().data as CaseDetail;
    expect(second).toMatchObject({ stage: 'cognizance', stage_since: '2026-06-02', next_hearing_date: '2026-07-07' });
    expect(second.hearings.map((h) => [h.hearing_date, h.stage, h.order_text, h.next_hearing_date])).toEqual([
      ['2026-06-02', 'cognizance', 'Cognizance taken; summons to issue', '2026-07-07'],
      ['2026-05-12', 'complaint', null, '2026-06-02'],
    ]);
    expect(second.hearings[0].recorded_by_name).toBe(me.name);
    expect(await legalStatus(loanIds[2])).toBe('criminal_proceedings: cognizance');
    const events = (await t.app.inject({ url: `/api/recovery/loan/activity/${loanIds[2]}?page_size=50`, headers: admin })).json().data.events as { kind: string; remark: string }[];
    expect(events.filter((e) => e.kind === 'litigation').map((e) => e.remark)).toContain('Hearing 2026-06-02 (JMFC Court, Pune); order: Cognizance taken; summons to issue; next hearing 2026-07-07');

    const bad = await hearing(lawyer, own.case_id, { hearing_date: '2026-06-02', next_hearing_date: '2026-06-01' });
    expect(bad.statusCode).toBe(400);
    expect((await hearing(lawyer, own.case_id, { hearing_date: '2026-06-02', stage: 'auction' })).json().message).toBe('Unknown stage for criminal_proceedings: auction');
  });

  it('adds costs in paise and keeps orders as documents; the advocate never reaches another case', async () => {
    const cost = (h: Record<string, string>, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/litigation/cases/${id}/costs`, headers: h, payload: body });
    expect((await cost(advocate, own.case_id, { kind: 'court_fee', amount_minor: 150000, incurred_on: '2026-05-12' })).statusCode).toBe(200);
    const withFee = (await cost(lawyer, own.case_id, { kind: 'advocate_fee', amount_minor: 2500000, incurred_on: '2026-06-02', note: 'Appearance' })).json().data as CaseDetail;
    expect(withFee.costs_total_minor).toBe(2650000);
    expect(withFee.costs.map((c) => c.kind)).toEqual(['advocate_fee', 'court_fee']);
    expect((await cost(lawyer, own.case_id, { kind: 'court_fee', amount_minor: 0, incurred_on: '2026-05-12' })).statusCode).toBe(400);

    const order = Buffer.from('%PDF-1.4 order of the court');
    const m = multipart({ document_type: 'order' }, { name: 'Order 02-06-2026.PDF', type: 'application/pdf', bytes: order });
    const up = await t.app.inject({ method: 'POST', url: `/api/litigation/cases/${own.case_id}/documents`, headers: { ...advocate, 'content-type': m.contentType }, payload: m.payload });
    expect(up.statusCode, up.body).toBe(200);
    const doc = (up.json().data as CaseDetail).documents[0];
    expect(doc).toMatchObject({ document_type: 'order', file_name: 'Order 02-06-2026.PDF', size_bytes: order.length });
    const file = await t.app.inject({ url: `/api/litigation/documents/${doc.document_id}`, headers: lawyer });
    expect([file.statusCode, file.rawPayload.equals(order)]).toEqual([200, true]);

    // Another advocate's (here: unassigned) case and another company's: not found, nothing written.
    expect((await detail(advocate, others.case_id)).statusCode).toBe(404);
    expect((await hearing(advocate, others.case_id, { hearing_date: '2026-06-02' })).statusCode).toBe(404);
    expect((await detail(trust, own.case_id)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/litigation/documents/${doc.document_id}`, headers: trust })).statusCode).toBe(404);
    expect((await detail(lawyer, others.case_id)).json().data.hearings).toEqual([]);
    // The loan's cases of every type (its notice-tracking tab); the advocate's own only.
    const ofLoan = async (h: Record<string, string>) => ((await t.app.inject({ url: `/api/litigation/cases?loan_id=${loanIds[2]}`, headers: h })).json().data.cases as CaseRecord[]).map((c) => c.case_id).sort();
    expect(await ofLoan(lawyer)).toEqual([own.case_id, others.case_id].sort());
    expect(await ofLoan(advocate)).toEqual([own.case_id]);
    expect((await t.app.inject({ url: '/api/litigation/cases', headers: lawyer })).statusCode).toBe(400);
  });

  it("shows the lawyer's calendar of hearings and deadlines, an advocate's own only", async () => {
    const cal = async (h: Record<string, string>, from: string, to: string) => (await t.app.inject({ url: `/api/litigation/calendar?from=${from}&to=${to}`, headers: h })).json().data.entries as CalendarEntry[];
    // An arbitration invoked today (2026-06-02): the other side's 30 days end on 2026-07-02.
    const invoked = (await open(lawyer, { process_type: 'arbitration', loan_id: loanIds[2], advocate_id: me.user_id })).json().data as CaseRecord;
    expect(invoked.stage_deadline).toBe('2026-07-02');
    const unassigned = (await open(lawyer, { process_type: 'ibc', loan_id: loanIds[2], next_hearing_date: '2026-07-03' })).json().data as CaseRecord;
    const mine = await cal(advocate, '2026-07-01', '2026-07-31');
    expect(mine.map((e) => [e.date, e.kind, e.loan_id, e.process_type])).toEqual([
      ['2026-07-02', 'deadline', loanIds[2], 'arbitration'],
      ['2026-07-07', 'hearing', loanIds[2], 'criminal_proceedings'],
    ]);
    expect(mine[1]).toMatchObject({ court: 'JMFC Court, Pune', case_number: 'CC/7/2026', advocate_name: me.name, stage: 'cognizance' });
    const all = await cal(lawyer, '2026-07-01', '2026-07-31');
    expect(all.map((e) => e.case_id)).toEqual([invoked.case_id, unassigned.case_id, own.case_id]);
    const longRange = await t.app.inject({ url: '/api/litigation/calendar?from=2026-01-01&to=2026-12-31', headers: lawyer });
    expect(longRange.statusCode).toBe(400);
    expect((await cal(trust, '2026-07-01', '2026-07-31')).length).toBe(0);
  });

  it('counts the legal portfolio by stage, court and advocate; an advocate sees their own', async () => {
    const p = (await t.app.inject({ url: '/api/litigation/portfolio', headers: lawyer })).json().data as LegalPortfolio;
    expect(p.total).toBe(p.by_stage.reduce((s, r) => s + r.count, 0));
    expect(p.by_stage).toContainEqual({ process_type: 'criminal_proceedings', stage: 'cognizance', count: 1 });
    expect(p.by_court).toContainEqual({ court: 'JMFC Court, Pune', count: 1 });
    const advocateRow = p.by_advocate.find((r) => r.advocate_id === me.user_id)!;
    const theirs = (await t.app.inject({ url: '/api/litigation/portfolio', headers: advocate })).json().data as LegalPortfolio;
    expect(theirs.total).toBe(advocateRow.count);
    expect(theirs.by_advocate).toEqual([{ advocate_id: me.user_id, advocate_name: me.name, count: advocateRow.count }]);
    expect(theirs.next_hearings.every((c) => c.advocate_id === me.user_id && c.next_hearing_date! >= '2026-06-02')).toBe(true);
    expect(theirs.next_hearings.map((c) => c.case_id)).toContain(own.case_id);
    expect((await t.app.inject({ url: '/api/litigation/portfolio', headers: trust })).json().data.total).toBe(0);
  });

  it('emails the advocate three days before a hearing and on the day, once each', async () => {
    const provider = new LocalLogMessageProvider({ info: () => undefined } as never);
    const outbox = async () =>
      (await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.template, 'legal_hearing_reminder'), eq(messageOutbox.companyId, LENDER)))).filter((m) => m.body.includes('CC/7/2026'));
    const email = 'advocate@demo.in';
    await sendDueReminders(t.database.db, provider, new Date('2026-07-04T05:00:00Z'));
    await sendDueReminders(t.database.db, provider, new Date('2026-07-04T09:00:00Z'));
    let sent = await outbox();
    expect(sent.map((m) => [m.recipient, m.body.split('\n')[0]])).toEqual([[email, `Hearing on 2026-07-07: criminal_proceedings case CC/7/2026, loan ${loanIds[2]}, JMFC Court, Pune`]]);
    await sendDueReminders(t.database.db, provider, new Date('2026-07-07T03:00:00Z'));
    sent = await outbox();
    expect(sent.map((m) => m.body.split('\n')[0])).toContain(`Hearing today: criminal_proceedings case CC/7/2026, loan ${loanIds[2]}, JMFC Court, Pune`);
    expect(sent).toHaveLength(2);
  });
});
