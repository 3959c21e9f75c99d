/**
 * The softphone's second call kept on the server (issue 14; spec 9 add call, transfer, merge): the
 * browser reports the added call (placed, rang, answered, held, resumed, ended) and the borrower's
 * call carries it as `second_leg` (consulting / held / conference, which call is held, the times)
 * in every read a reloaded desk uses (the call, the desk's current call); merging makes it a
 * conference, a completed transfer or the borrower's call ending clears it, and a provider's
 * terminal status callback clears a leg nobody reported ended. Another agent, another company and a
 * user without the desk permission never see or move it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord, QueueLoan } from '../../src/domain/contracts/calling/calls';
import { settableClock } from '../../src/server/http/clock';
import { callingSettings } from '../../src/server/modules/calling/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

// The simulator's own callbacks must not end the click-to-call used below before the test posts its own.
process.env.CALLING_SIMULATOR_SPEED = '0.0001';

const clock = settableClock(new Date('2026-11-23T11:00:00+05:30'));
let t: TestApp;
let telecaller: Record<string, string>;
let admin: Record<string, string>;
let manager: Record<string, string>;
let otherCompany: Record<string, string>;
let lowPrivilege: Record<string, string>;
let queue: QueueLoan[];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  manager = headers((await signIn(t.app, 'manager@demo.in')).token, LENDER);
  otherCompany = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  lowPrivilege = headers((await signIn(t.app, 'lawyer@demo.in')).token, LENDER);
  queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans;
  const sip = await t.app.inject({ method: 'PUT', url: '/api/calling/softphone/settings', headers: admin, payload: { ws_url: 'wss://sip.example.in/ws', sip_domain: 'sip.example.in' } });
  expect(sip.statusCode, sip.body).toBe(200);
});
afterAll(async () => t?.close());

const at = (iso: string) => clock.set(new Date(iso));
const startCall = async (loanId: string): Promise<CallRecord> => {
  const res = await t.app.inject({ method: 'POST', url: '/api/calling/softphone/calls', headers: telecaller, payload: { loan_id: loanId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.call as CallRecord;
};
const report = (callId: string, payload: Record<string, unknown>, h = telecaller) => t.app.inject({ method: 'POST', url: `/api/calling/softphone/calls/${callId}/events`, headers: h, payload });
const leg = (callId: string, payload: Record<string, unknown>, h = telecaller) => t.app.inject({ method: 'POST', url: `/api/calling/softphone/calls/${callId}/second-leg`, headers: h, payload });
const read = async (callId: string): Promise<CallRecord> => (await t.app.inject({ url: `/api/calling/calls/${callId}`, headers: telecaller })).json().data as CallRecord;

/** An answered softphone call with an answered second call to 7001 (the borrower on hold). */
async function consulting(loanId: string): Promise<CallRecord> {
  const call = await startCall(loanId);
  await report(call.call_id, { event: 'answered' });
  await report(call.call_id, { event: 'held' });
  expect((await leg(call.call_id, { event: 'started', target: '7001' })).statusCode).toBe(200);
  await leg(call.call_id, { event: 'ringing' });
  return (await leg(call.call_id, { event: 'answered' })).json().data as CallRecord;
}

describe('the stored second leg', () => {
  it('is kept on the borrower’s call as the browser reports it, and a reloaded desk reads both calls back', async () => {
    at('2026-11-23T11:00:00+05:30');
    const call = await startCall(queue[0].loan_id);
    expect(call.second_leg).toBeNull();
    await report(call.call_id, { event: 'answered' });
    at('2026-11-23T11:00:30+05:30');
    await report(call.call_id, { event: 'held' });
    const started = await leg(call.call_id, { event: 'started', target: '7001' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data.second_leg).toMatchObject({ target: '7001', state: 'consulting', call_state: 'Connecting', held: 'primary', started_at: '2026-11-23T05:30:30.000Z', answered_at: null });
    // A second `started` (a retried report) keeps the one leg.
    const legId = started.json().data.second_leg.leg_id as string;
    expect((await leg(call.call_id, { event: 'started', target: '7002' })).json().data.second_leg).toMatchObject({ leg_id: legId, target: '7001' });
    expect((await leg(call.call_id, { event: 'ringing' })).json().data.second_leg.call_state).toBe('Ringing');
    at('2026-11-23T11:00:40+05:30');
    expect((await leg(call.call_id, { event: 'answered' })).json().data.second_leg).toMatchObject({ call_state: 'On Call', answered_at: '2026-11-23T05:30:40.000Z' });

    // What a reloaded page reads: the call itself and the desk's current call.
    const restored = await read(call.call_id);
    expect(restored).toMatchObject({ state: 'On Hold', answered_at: '2026-11-23T05:30:00.000Z', second_leg: { leg_id: legId, state: 'consulting', held: 'primary', call_state: 'On Call' } });
    const current = (await t.app.inject({ url: '/api/calling/current-call', headers: telecaller })).json().data.call as CallRecord;
    expect(current.call_id).toBe(call.call_id);
    expect(current.second_leg?.leg_id).toBe(legId);

    // The agent goes back to the borrower: the second party waits on hold.
    await report(call.call_id, { event: 'resumed' });
    const held = (await leg(call.call_id, { event: 'held' })).json().data as CallRecord;
    expect(held).toMatchObject({ state: 'On Call', second_leg: { state: 'held', held: 'second', call_state: 'On Hold' } });
    expect((await leg(call.call_id, { event: 'resumed' })).json().data.second_leg).toMatchObject({ state: 'consulting', held: 'primary', call_state: 'On Call' });

    // The colleague hangs up: the leg is gone, the borrower's call goes on.
    const dropped = (await leg(call.call_id, { event: 'ended' })).json().data as CallRecord;
    expect(dropped.second_leg).toBeNull();
    expect(dropped.state).toBe('On Call');
    // A late report of the gone leg changes nothing.
    expect((await leg(call.call_id, { event: 'answered' })).json().data.second_leg).toBeNull();
    await report(call.call_id, { event: 'ended' });
  });

  it('merging makes it a conference, the conference ending makes it consulting again; a completed transfer clears it', async () => {
    at('2026-11-23T11:10:00+05:30');
    const call = await consulting(queue[1].loan_id);
    expect(call.second_leg?.state).toBe('consulting');
    const merged = (await report(call.call_id, { event: 'conference_started', event_id: 'merge-000001', target: '7001' })).json().data as CallRecord;
    expect(merged.second_leg).toMatchObject({ state: 'conference', held: null, call_state: 'On Call' });
    // Hold and resume of either call do not break a conference apart.
    expect((await leg(call.call_id, { event: 'held' })).json().data.second_leg.state).toBe('conference');
    expect((await report(call.call_id, { event: 'conference_ended', event_id: 'merge-000002', target: '7001' })).json().data.second_leg).toMatchObject({ state: 'consulting', held: 'primary' });
    const moved = (await report(call.call_id, { event: 'transferred', event_id: 'transfer-0001', target: '7001', transfer: 'attended' })).json().data as CallRecord;
    expect(moved.second_leg).toBeNull();
    expect((await report(call.call_id, { event: 'ended' })).json().data).toMatchObject({ state: 'Call Ended', second_leg: null });
  });

  it('ends with the borrower’s call, and no new leg starts on an ended call', async () => {
    at('2026-11-23T11:20:00+05:30');
    const call = await consulting(queue[2].loan_id);
    // The page was closed: the second leg's end was never reported, the borrower's call ended.
    const ended = (await report(call.call_id, { event: 'ended' })).json().data as CallRecord;
    expect(ended).toMatchObject({ state: 'Call Ended', second_leg: null });
    expect((await read(call.call_id)).second_leg).toBeNull();
    const late = await leg(call.call_id, { event: 'started', target: '7001' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The call has ended');
    expect((await leg(call.call_id, { event: 'ended' })).statusCode).toBe(200);
  });

  it('a stale leg is cleared by the provider’s terminal status callback', async () => {
    at('2026-11-23T11:30:00+05:30');
    const c2c = await t.app.inject({ method: 'POST', url: '/api/calling/calls', headers: telecaller, payload: { loan_id: queue[3].loan_id } });
    expect(c2c.statusCode, c2c.body).toBe(200);
    const call = c2c.json().data as CallRecord;
    // A provider's call takes no second-leg reports (its events come from the provider) ...
    expect((await leg(call.call_id, { event: 'started', target: '7001' })).statusCode).toBe(409);
    // ... but a leg stored on it (as a softphone call's would be) goes when the provider reports the call's end.
    const db = t.database.db;
    const stale = { leg_id: 'stale-leg', target: '7001', state: 'consulting', call_state: 'On Call', held: 'primary', started_at: '2026-11-23T06:00:00.000Z', answered_at: '2026-11-23T06:00:05.000Z' };
    await db.execute(sql`update calling_calls set second_leg = ${JSON.stringify(stale)}::jsonb where call_id = ${call.call_id}`);
    expect((await read(call.call_id)).second_leg?.leg_id).toBe('stale-leg');
    const [s] = await db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER));
    const url = `/api/calling/telephony/exotel/${LENDER}/${s.callbackSecret}/status`;
    const answered = await t.app.inject({ method: 'POST', url, payload: { CallSid: call.provider_call_id, EventType: 'answered' } });
    expect(answered.statusCode, answered.body).toBe(200);
    // A non-terminal callback keeps it.
    expect((await read(call.call_id)).second_leg?.leg_id).toBe('stale-leg');
    const done = await t.app.inject({ method: 'POST', url, payload: { CallSid: call.provider_call_id, Status: 'completed', EventType: 'terminal', ConversationDuration: '20' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(await read(call.call_id)).toMatchObject({ state: 'Call Ended', second_leg: null });
  });
});

describe('who may see and move it', () => {
  it('another agent, another company and a user without the desk permission get 4xx and never see the leg', async () => {
    at('2026-11-23T11:40:00+05:30');
    const call = await consulting(queue[4].loan_id);
    expect(call.second_leg?.target).toBe('7001');
    expect((await leg(call.call_id, { event: 'ended' }, manager)).statusCode).toBe(404);
    const foreign = await leg(call.call_id, { event: 'ended' }, otherCompany);
    expect([403, 404]).toContain(foreign.statusCode);
    expect(foreign.body).not.toContain('7001');
    const foreignRead = await t.app.inject({ url: `/api/calling/calls/${call.call_id}`, headers: otherCompany });
    expect([403, 404]).toContain(foreignRead.statusCode);
    expect(foreignRead.body).not.toContain('7001');
    expect((await leg(call.call_id, { event: 'ended' }, lowPrivilege)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/calling/softphone/calls/${call.call_id}/second-leg`, payload: { event: 'ended' } })).statusCode).toBe(401);
    // Still there for its agent.
    expect((await read(call.call_id)).second_leg?.state).toBe('consulting');
  });

  it('bad input is 400', async () => {
    const call = await read((await t.app.inject({ url: '/api/calling/current-call', headers: telecaller })).json().data.call.call_id);
    expect((await leg(call.call_id, { event: 'exploded' })).statusCode).toBe(400);
    expect((await leg(call.call_id, { event: 'started' })).statusCode).toBe(400);
    expect((await leg(call.call_id, { event: 'started', target: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await leg('no-such-call', { event: 'ended' })).statusCode).toBe(404);
  });
});
