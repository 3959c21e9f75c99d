/**
 * Litigation cases by process type (issue 17 "Litigation"; spec 2 `/app/process-tracking/{type}`):
 * a SARFAESI case moved through its stages with the statutory deadline computed, an advocate who
 * sees and updates only their own cases, another company's case never found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseRecord, LegalMember } from '../../src/domain/contracts/legal/cases';
import { settableClock } from '../../src/server/http/clock';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let lawyer: Record<string, string>;
let advocate: Record<string, string>;
let trust: Record<string, string>;
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
  loanIds = [...((await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}`, headers: headers((await signIn(t.app, 'admin@demo.in')).token, LENDER) })).json().data.loan_ids as string[])].sort().slice(0, 2);
});
afterAll(async () => t?.close());

const open = (h: Record<string, string>, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/litigation/cases', headers: h, payload: { allocation_month: month, ...body } });
const update = (h: Record<string, string>, id: string, body: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/litigation/cases/${id}`, headers: h, payload: body });
const list = async (h: Record<string, string>, type: string) => (await t.app.inject({ url: `/api/litigation/cases?process_type=${type}`, headers: h })).json().data as { cases: CaseRecord[]; total: number };

describe('litigation cases', () => {
  it('moves a SARFAESI case through its stages with the statutory deadline of each', async () => {
    expect(advocates.map((a) => a.profession).sort()).toEqual(['advocate', 'lawyer']);
    const res = await open(lawyer, { process_type: 'sarfaesi', loan_id: loanIds[0], court: 'DRT Mumbai', case_number: 'SA/12/2026', next_hearing_date: '2026-02-10' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data as CaseRecord;
    expect(created).toMatchObject({ stage: 'demand_13_2', stage_since: '2026-01-01', stage_deadline: '2026-03-02', court: 'DRT Mumbai', advocate_id: null });
    expect(created.applicant_name).toBeTruthy();

    clock.set(new Date('2026-01-20T06:00:00Z'));
    const objection = await update(lawyer, created.case_id, { stage: 'objection_reply_13_3a' });
    expect(objection.json().data).toMatchObject({ stage: 'objection_reply_13_3a', stage_since: '2026-01-20', stage_deadline: '2026-02-04' });
    clock.set(new Date('2026-03-05T06:00:00Z'));
    const possession = await update(lawyer, created.case_id, { stage: 'possession_13_4', next_hearing_date: '2026-04-01' });
    expect(possession.json().data).toMatchObject({ stage: 'possession_13_4', stage_deadline: null, next_hearing_date: '2026-04-01' });

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
