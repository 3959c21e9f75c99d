/**
 * Calling desk API (issue 14): a telecaller's queue, a call through the local telephony simulator
 * moving through its states to the end, the disposition with a PTP in call details and on the
 * timeline, a replayed disposition kept once, callbacks as reminders, refusals (outside hours,
 * excluded loan, DND number, a mode the company has not enabled), the provider callbacks'
 * authentication, and breaks counting down on the server clock.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDetailsRecord, CallRecord, QueueLoan } from '../../src/domain/contracts/calling/calls';
import { settableClock } from '../../src/server/http/clock';
import { callingSettings } from '../../src/server/modules/calling/schema';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

// The simulator runs 100 times faster than real time and the borrower always answers.
process.env.CALLING_SIMULATOR_SPEED = '100';
process.env.CALLING_SIMULATOR_ANSWER = 'always';

const clock = settableClock(new Date('2026-11-23T11:00:00+05:30'));
let t: TestApp;
let telecaller: Record<string, string>;
let admin: Record<string, string>;
let queue: QueueLoan[];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const res = await t.app.inject({ url: '/api/calling/queue', headers: telecaller });
  expect(res.statusCode, res.body).toBe(200);
  queue = res.json().data.loans;
  // Loans without payments: a PTP on them is broken once its date passes.
  const paid = await t.database.db.execute(sql`select distinct loan_id from loan_payments where company_id = ${LENDER}`);
  const withPayments = new Set(((paid as { rows?: { loan_id: string }[] }).rows ?? []).map((r) => r.loan_id));
  queue = queue.filter((l) => !withPayments.has(l.loan_id));
});
afterAll(async () => t?.close());

const startCall = (payload: Record<string, unknown>, h = telecaller) => t.app.inject({ method: 'POST', url: '/api/calling/calls', headers: h, payload });
const getCall = async (id: string) => (await t.app.inject({ url: `/api/calling/calls/${id}`, headers: telecaller })).json().data as CallRecord;
let keyN = 0;
const dispose = (payload: Record<string, unknown>, key = `disposition-key-${(keyN += 1)}`) =>
  t.app.inject({ method: 'POST', url: '/api/calling/dispositions', headers: { ...telecaller, 'idempotency-key': key }, payload });

/** Polls the call until `done` holds (the simulator posts its callbacks to the app). */
async function until(id: string, done: (c: CallRecord) => boolean, seen: string[] = []): Promise<CallRecord> {
  // A time budget, not a number of polls: under CI's load (both databases' suites side by side)
  // the simulator's callbacks arrive seconds later than on an idle machine.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const c = await getCall(id);
    if (seen.at(-1) !== c.state) seen.push(c.state);
    if (done(c)) return c;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`call ${id} never got there; states seen: ${seen.join(' → ')}`);
}

/** A call placed and finished by hanging up once the borrower talks. */
async function finishedCall(loanId: string, seen: string[] = []): Promise<CallRecord> {
  const res = await startCall({ loan_id: loanId });
  expect(res.statusCode, res.body).toBe(200);
  const call = res.json().data as CallRecord;
  seen.push(call.state);
  await until(call.call_id, (c) => c.state === 'On Call' || c.state === 'Call Ended', seen);
  await t.app.inject({ method: 'POST', url: `/api/calling/calls/${call.call_id}/end`, headers: telecaller });
  return until(call.call_id, (c) => c.state === 'Call Ended', seen);
}

describe('the telecaller’s day', () => {
  it('has a queue of allocated loans, masked, never-called first', async () => {
    expect(queue.length).toBeGreaterThan(5);
    expect(queue[0]).toMatchObject({ last_call_at: null, calls_today: 0 });
    const settings = (await t.app.inject({ url: '/api/calling/settings', headers: telecaller })).json().data;
    // Spec 4: the first usable mode in the order predictive, inbound, autodialer, click_to_call.
    expect(settings).toMatchObject({ mode: 'autodialer', provider: 'local_simulator', currency: 'INR', enabled_modes: ['autodialer', 'click_to_call'] });
    expect(settings.dispositions.map((d: { name: string }) => d.name)).toContain('Promise to Pay');
  });

  it('a call rings the agent, then the borrower, talks and ends; the PTP shows in call details and on the timeline', async () => {
    const loan = queue[0];
    const seen: string[] = [];
    const call = await finishedCall(loan.loan_id, seen);
    expect(seen[0]).toBe('Agent Ringing');
    expect(seen).toContain('Call Ended');
    expect(call).toMatchObject({ outcome: 'Connected', provider_status: 'completed', provider: 'local_simulator', mode: 'autodialer', campaign_id: 'sahyadri-auto' });
    expect(call.shoot_id).toMatch(/^SH/);
    expect(call.provider_call_id).toMatch(/^SIM/);
    expect(call.to).toMatch(/^\*+\d{4}$/);
    expect(call.talk_seconds).toBeGreaterThan(0);

    const body = { call_id: call.call_id, disposition: 'Promise to Pay', ptp_date: '2026-11-25', ptp_amount: 1500.5, remarks: 'Will pay after salary' };
    const first = await dispose(body, 'ptp-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ ptp_amount_minor: 150050, ptp_amount: 1500.5, shoot_id: call.shoot_id, reminder: { kind: 'ptp', shoot_id: call.shoot_id } });
    // The same request replayed (same key, then a new key) is kept once.
    const replay = await dispose(body, 'ptp-key-0001');
    expect(replay.json().data.disposition_id).toBe(first.json().data.disposition_id);
    const again = await dispose(body);
    expect(again.json().data.disposition_id).toBe(first.json().data.disposition_id);
    expect((await dispose({ ...body, disposition: 'Dispute' })).statusCode).toBe(409);

    const details = (await t.app.inject({ url: `/api/calling/loans/${loan.loan_id}/call-details`, headers: telecaller })).json().data as CallDetailsRecord;
    expect(details).toMatchObject({ total_calls: 1, successful_calls: 1, total_ptp: 1, total_broken_ptp: 0, calling_status: 'Promise to Pay' });
    expect(details.last_ptp).toMatchObject({ ptp_date: '2026-11-25', ptp_amount_minor: 150050, state: 'open' });
    expect(details.calls[0]).toMatchObject({ call_id: call.call_id, disposition: 'Promise to Pay' });

    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=100`, headers: admin });
    const events = activity.json().data.events as { kind: string; remark: string | null }[];
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['ptp', 'status_change', 'call', 'compliance']));
    expect(events.find((e) => e.kind === 'call')?.remark).toMatch(/^Call Connected/);
    expect(events.find((e) => e.kind === 'status_change')?.remark).toBe('Promise to Pay: Will pay after salary');

    // The loan's telecalling status is the disposition.
    const profile = await t.app.inject({ url: `/api/recovery/loan-details/${loan.loan_id}`, headers: admin });
    expect(profile.json().data.loan.telecalling_status).toBe('Promise to Pay');
    expect(profile.json().data.loan.calling_status).toBe('Connected');

    // Two days after its date with no payment, the PTP is broken.
    clock.set(new Date('2026-11-27T11:00:00+05:30'));
    const later = (await t.app.inject({ url: `/api/calling/loans/${loan.loan_id}/call-details`, headers: telecaller })).json().data as CallDetailsRecord;
    expect(later).toMatchObject({ total_ptp: 1, total_broken_ptp: 1 });
    expect(later.last_ptp?.state).toBe('broken');
    clock.set(new Date('2026-11-23T11:00:00+05:30'));
  });

  it('a callback makes a reminder due today with the call’s shoot_id; a PTP in the past or without an amount is refused', async () => {
    const call = await finishedCall(queue[1].loan_id);
    expect((await dispose({ call_id: call.call_id, disposition: 'Promise to Pay', ptp_date: '2026-11-20', ptp_amount: 10 })).json().message).toBe('PTP date cannot be in the past');
    expect((await dispose({ call_id: call.call_id, disposition: 'Promise to Pay', ptp_date: '2026-11-26' })).json().message).toBe('PTP amount is required');
    expect((await dispose({ call_id: call.call_id, disposition: 'Call Back' })).json().message).toBe('Callback time is required');
    const res = await dispose({ call_id: call.call_id, disposition: 'Call Back', callback_at: '2026-11-23T16:30:00+05:30', remarks: 'Call after 4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reminder).toMatchObject({ kind: 'callback', shoot_id: call.shoot_id, reminder_date_ist: '2026-11-23 16:30:00+0530' });
    const reminders = (await t.app.inject({ url: '/api/calling/reminders', headers: telecaller })).json().data.reminders as { loan_id: string; kind: string; shoot_id: string }[];
    expect(reminders).toContainEqual(expect.objectContaining({ loan_id: queue[1].loan_id, kind: 'callback', shoot_id: call.shoot_id }));
    // Not the first test's PTP follow-up: it is due on the 25th.
    expect(reminders.some((r) => r.loan_id === queue[0].loan_id)).toBe(false);
  });
});

describe('refusals', () => {
  it('outside contact hours, with the compliance message; nothing is dialled', async () => {
    clock.set(new Date('2026-11-23T19:30:00+05:30'));
    const res = await startCall({ loan_id: queue[2].loan_id });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Contact is allowed only between 08:00 and 19:00/);
    expect(res.json().data.reasons[0].code).toBe('OUTSIDE_CONTACT_HOURS');
    clock.set(new Date('2026-11-23T11:00:00+05:30'));
    const details = (await t.app.inject({ url: `/api/calling/loans/${queue[2].loan_id}/call-details`, headers: telecaller })).json().data as CallDetailsRecord;
    expect(details.total_calls).toBe(0);
  });

  it('an excluded loan and a number on the DND list', async () => {
    const db = t.database.db;
    await db.execute(sql`update loans set variables = variables || '{"is_exclude_status":"Yes"}'::jsonb where company_id = ${LENDER} and loan_id = ${queue[3].loan_id}`);
    const excluded = await startCall({ loan_id: queue[3].loan_id });
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json().message).toBe('This loan is excluded from contact');

    const rows = await db.execute(sql`select applicant_contact_number as n from loans where company_id = ${LENDER} and loan_id = ${queue[4].loan_id} limit 1`);
    const number = ((rows as { rows?: { n: string }[] }).rows ?? [])[0].n;
    expect((await t.app.inject({ method: 'POST', url: '/api/compliance/dnd', headers: admin, payload: { number } })).statusCode).toBe(200);
    const dnd = await startCall({ loan_id: queue[4].loan_id });
    expect(dnd.statusCode).toBe(403);
    expect(dnd.json().message).toMatch(/is on the do-not-disturb list$/);
  });

  it('a mode the company has not enabled, with the spec’s message', async () => {
    // Click to call is enabled: asked for, it is the call's mode and campaign.
    const c2c = await startCall({ loan_id: queue[5].loan_id, mode: 'click_to_call' });
    expect(c2c.json().data).toMatchObject({ mode: 'click_to_call', campaign_id: 'sahyadri-c2c' });
    await until(c2c.json().data.call_id, (c) => c.state === 'Call Ended');
    const res = await startCall({ loan_id: queue[5].loan_id, mode: 'predictive' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Predictive Call is not enabled in company settings');
    expect((await startCall({ loan_id: queue[5].loan_id, mode: 'inbound' })).json().message).toBe('Inbound Call is not enabled in company settings');
  });
});

describe('telephony callbacks', () => {
  it('a wrong secret is 401, an unknown call 404, a late replay changes nothing', async () => {
    const [s] = await t.database.db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER));
    const url = (secret: string) => `/api/calling/telephony/exotel/${LENDER}/${secret}/status`;
    const body = { CallSid: 'SIMnotours', Status: 'completed', EventType: 'terminal', ConversationDuration: '12' };
    expect((await t.app.inject({ method: 'POST', url: url('wrong-secret'), payload: body })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url(s.callbackSecret), payload: body })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/calling/telephony/exotel/no-such-company/${s.callbackSecret}/status`, payload: body })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: url(s.callbackSecret), payload: { Status: 'completed' } })).statusCode).toBe(400);

    const call = await finishedCall(queue[6].loan_id);
    const replay = await t.app.inject({ method: 'POST', url: url(s.callbackSecret), payload: { CallSid: call.provider_call_id, Status: 'failed', EventType: 'terminal' } });
    expect(replay.statusCode).toBe(200);
    expect(await getCall(call.call_id)).toMatchObject({ state: 'Call Ended', outcome: 'Connected' });
  });
});

describe('breaks', () => {
  it('count down on the server clock and end at zero; the status is fetched on load', async () => {
    const status = (await t.app.inject({ url: '/api/calling/breaks', headers: telecaller })).json().data;
    expect(status).toMatchObject({ status: 'available', auto_call: 'auto_call_on' });
    expect((await t.app.inject({ method: 'POST', url: '/api/calling/breaks', headers: telecaller, payload: { break_name: 'Nap' } })).statusCode).toBe(400);
    const started = await t.app.inject({ method: 'POST', url: '/api/calling/breaks', headers: telecaller, payload: { break_name: 'Lunch' } });
    expect(started.json().data).toMatchObject({ status: 'on_break', break_type: 'non-productive_break', remaining_seconds: 1800, auto_call: 'auto_call_off' });
    expect((await t.app.inject({ method: 'POST', url: '/api/calling/breaks', headers: telecaller, payload: { break_name: 'Training' } })).statusCode).toBe(409);
    clock.set(new Date('2026-11-23T11:29:00+05:30'));
    expect((await t.app.inject({ url: '/api/calling/breaks', headers: telecaller })).json().data).toMatchObject({ status: 'on_break', remaining_seconds: 60 });
    clock.set(new Date('2026-11-23T11:30:00+05:30'));
    expect((await t.app.inject({ url: '/api/calling/breaks', headers: telecaller })).json().data).toMatchObject({ status: 'available', remaining_seconds: 0, auto_call: 'auto_call_on' });
    // A productive break ended by the agent.
    await t.app.inject({ method: 'POST', url: '/api/calling/breaks', headers: telecaller, payload: { break_name: 'Training' } });
    const back = await t.app.inject({ method: 'POST', url: '/api/calling/breaks/end', headers: telecaller });
    expect(back.json().data.status).toBe('available');
    clock.set(new Date('2026-11-23T11:00:00+05:30'));
  });
});
