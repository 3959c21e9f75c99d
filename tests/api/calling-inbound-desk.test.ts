/**
 * The inbound desk (issue 14). An inbound call matched to several loans: the disposition goes to
 * the loan the agent chose (one of the matches; another loan is 400), and the call counts there;
 * its call-end timeline event and calling_status move there from the first matched loan.
 *
 * The campaign user status (issue 14; spec 7 "GET / PATCH campaign user status"): an agent logged
 * into the inbound campaign turns their dialer off with vendor_event auto_call_off (with the
 * microphone's dialer_off_event, a break's event and event_time_limit) and on again with
 * auto_call_on; while it is off no inbound call is routed to them, and an off with a time limit
 * ends by itself. Refusals: dialer_off_event with auto_call_on (400), another agent's status for
 * an agent (403), a campaign the agent is not logged into (409), an unknown campaign (404).
 */
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRecord, CampaignUserStatus } from '../../src/domain/contracts/calling/campaigns';
import type { CallRecord, QueueResponse } from '../../src/domain/contracts/calling/calls';
import { grant } from '../../src/domain/users/permissions';
import { writePendingCallEnds } from '../../src/server/modules/calling/call-end-writer';
import { callingCalls, callingSettings } from '../../src/server/modules/calling/schema';
import { settableClock } from '../../src/server/http/clock';
import { addProfilePermissions, userIdByEmail } from '../../src/server/modules/users/queries';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { readEventStream } from './sse-client';

process.env.CALLING_SIMULATOR_SPEED = '50';
process.env.CALLING_SIMULATOR_ANSWER = 'always';
// 20 simulated seconds of talk: 0.4 s here.
process.env.CALLING_SIMULATOR_TALK = '20';

const start = new Date('2026-11-23T11:00:00+05:30');
const clock = settableClock(start);
let t: TestApp;
let telecaller: Record<string, string>;
let supervisor: Record<string, string>;
let admin: Record<string, string>;
let queue: QueueResponse['loans'];
let agentId: string;
let inbound: CampaignRecord;

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, h: Record<string, string>, payload?: unknown) => t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
function data<T>(res: { statusCode: number; body: string; json: () => { data: T } }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
const statusUrl = (campaignId: string) => `/api/calling/campaigns/${campaignId}/user-status`;
const status = async (h = telecaller, campaignId = inbound.campaign_id, query = '') => data<CampaignUserStatus>(await req('GET', `${statusUrl(campaignId)}${query}`, h));
const patch = (body: object, h = telecaller, campaignId = inbound.campaign_id) => req('PATCH', statusUrl(campaignId), h, body);
/** Waits until the simulated call has ended (the simulator talks for a while). */
async function waitEnded(callId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const call = data<{ state: string }>(await req('GET', `/api/calling/calls/${callId}`, telecaller));
    if (call.state === 'Call Ended' || call.state === 'Call Failed') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the simulated call never ended');
}
const simulate = async () => data<{ routed: boolean; call_id: string | null }>(await req('POST', '/api/calling/simulator/inbound', admin, { loan_id: queue[0].loan_id }));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await addProfilePermissions(t.database.db, LENDER, 'Telecaller', grant({ calling: { inbound: 'rw' } }));
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const put = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: admin, payload: { inbound_enabled: true } });
  expect(put.statusCode, put.body).toBe(200);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  supervisor = headers((await signIn(t.app, 'supervisor@demo.in')).token, LENDER);
  queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans;
  agentId = (await userIdByEmail(t.database.db, 'telecaller@demo.in'))!;
  inbound = data<CampaignRecord>(await req('POST', '/api/calling/campaigns', supervisor, { name: 'Inbound DID queue', mode: 'inbound' }));
}, 120_000);
afterAll(async () => t?.close());

describe('campaign user status (spec 7)', () => {
  it('not logged in: nothing to change (409); logged in, the dialer is on', async () => {
    expect(await status()).toMatchObject({ campaign_id: inbound.campaign_id, user_id: agentId, logged_in: false, dialer_on: false, vendor_event: null });
    const refused = await patch({ vendor_event: 'auto_call_off', call_type: 'manual' });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('The agent is not logged into this campaign');
    const login = await req('POST', '/api/calling/autodial/login', telecaller, { campaign_id: inbound.campaign_id, flush_undialed_list: 'No', continue_last_session: 'No' });
    expect(login.statusCode, login.body).toBe(200);
    expect(await status()).toMatchObject({ logged_in: true, dialer_on: true, vendor_event: null, dialer_off_event: null, microphone: null });
  });

  it('auto_call_off for a break with a time limit: no inbound call reaches the agent until it runs out', async () => {
    const off = data<CampaignUserStatus>(await patch({ vendor_event: 'auto_call_off', call_type: 'manual', event: 'Lunch', event_type: 'non-productive_break', event_time_limit: 600 }));
    expect(off).toMatchObject({ dialer_on: false, vendor_event: 'auto_call_off', call_type: 'manual', event: 'Lunch', event_type: 'non-productive_break', event_time_limit: 600, dialer_off_event: null });
    expect(off.dialer_off_until).toBe(new Date(start.getTime() + 600_000).toISOString());
    expect(await simulate()).toMatchObject({ routed: false, call_id: null });
    clock.set(new Date(start.getTime() + 601_000));
    expect(await status()).toMatchObject({ dialer_on: true, vendor_event: 'auto_call_off' });
    // The limit ran out: calls reach the agent again (this one is disposed so the agent is free after).
    const routed = await simulate();
    expect(routed.routed).toBe(true);
    await waitEnded(routed.call_id!);
    const disposed = await req('POST', '/api/calling/dispositions', telecaller, { call_id: routed.call_id, disposition: 'Call Back', callback_at: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    expect(disposed.statusCode, disposed.body).toBe(200);
  });

  it('auto_call_off with the microphone off (dialer_off_event) holds until auto_call_on, which routes calls again', async () => {
    const off = data<CampaignUserStatus>(await patch({ vendor_event: 'auto_call_off', call_type: 'voip', dialer_off_event: 'microphone_off' }));
    expect(off).toMatchObject({ dialer_on: false, dialer_off_event: 'microphone_off', microphone: 'microphone_off', dialer_off_until: null, event_time_limit: null });
    clock.set(new Date(start.getTime() + 3 * 3_600_000));
    expect((await status()).dialer_on).toBe(false);
    expect(await simulate()).toMatchObject({ routed: false });
    // The supervisor sees the same status for the agent.
    expect(await status(supervisor, inbound.campaign_id, `?user_id=${agentId}`)).toMatchObject({ user_id: agentId, dialer_on: false, dialer_off_event: 'microphone_off' });

    const on = data<CampaignUserStatus>(await patch({ vendor_event: 'auto_call_on', call_type: 'voip' }));
    expect(on).toMatchObject({ dialer_on: true, vendor_event: 'auto_call_on', dialer_off_event: null, microphone: null, event: null });
    const routed = await simulate();
    expect(routed.routed).toBe(true);
    expect(routed.call_id).toEqual(expect.any(String));
    await waitEnded(routed.call_id!);
    const disposed = await req('POST', '/api/calling/dispositions', telecaller, { call_id: routed.call_id, disposition: 'Call Back', callback_at: new Date(clock.now().getTime() + 3_600_000).toISOString() });
    expect(disposed.statusCode, disposed.body).toBe(200);
  });

  it('a supervisor turns an agent’s dialer off; refusals', async () => {
    const off = data<CampaignUserStatus>(await patch({ user_id: agentId, vendor_event: 'auto_call_off', call_type: 'manual', event: 'training_break' }, supervisor));
    expect(off).toMatchObject({ user_id: agentId, dialer_on: false, event: 'training_break' });
    const supervisorId = (await userIdByEmail(t.database.db, 'supervisor@demo.in'))!;
    expect((await patch({ user_id: supervisorId, vendor_event: 'auto_call_on', call_type: 'manual' })).statusCode).toBe(403);
    const both = await patch({ vendor_event: 'auto_call_on', call_type: 'manual', dialer_off_event: 'microphone_off' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('dialer_off_event is sent only with vendor_event auto_call_off');
    expect((await patch({ vendor_event: 'auto_call_sometimes', call_type: 'manual' })).statusCode).toBe(400);
    expect((await patch({ vendor_event: 'auto_call_on', call_type: 'manual' }, telecaller, 'no-such-campaign')).statusCode).toBe(404);
    // Logging in again turns the dialer on.
    const login = await req('POST', '/api/calling/autodial/login', telecaller, { campaign_id: inbound.campaign_id, flush_undialed_list: 'No', continue_last_session: 'Yes' });
    expect(login.statusCode, login.body).toBe(200);
    expect((await status()).dialer_on).toBe(true);
  });
});

describe('an inbound call matched to several loans', () => {
  it('the disposition goes to the loan the agent chose; a loan it did not match is refused', async () => {
    const [first, second, other] = queue;
    const at = clock.now();
    const [row] = await t.database.db
      .insert(callingCalls)
      .values({ companyId: LENDER, loanId: first.loan_id, allocationMonth: first.allocation_month, agentId, mode: 'inbound', campaignId: inbound.campaign_id, shootId: 'SHMULTI1', provider: 'local_simulator', providerCallId: 'SIMMULTI1', toNumber: '9876500001', state: 'Call Ended', outcome: 'Connected', direction: 'inbound', matchedLoanIds: [first.loan_id, second.loan_id], createdAt: at, answeredAt: at, endedAt: at, talkSeconds: 30, recordingUrl: 'https://recordings.example/multi-1.mp3', loanWritePending: true })
      .returning();
    // The call's end is written on its first matched loan (the call-end writer's batch) before the agent disposes it.
    expect(await writePendingCallEnds(t.database.db)).toBeGreaterThanOrEqual(1);
    const callEvents = async (loanId: string) => {
      const res = await req('GET', `/api/recovery/loan/activity/${loanId}?page_size=50`, admin);
      return (res.json().data.events as { kind: string; recording_url: string | null }[]).filter((e) => e.kind === 'call' && e.recording_url === 'https://recordings.example/multi-1.mp3');
    };
    expect(await callEvents(first.loan_id)).toHaveLength(1);
    const dispose = (loan_id: string) => req('POST', '/api/calling/dispositions', telecaller, { call_id: row.callId, disposition: 'Call Back', callback_at: new Date(at.getTime() + 3_600_000).toISOString(), remarks: 'asked about the second loan', loan_id });
    const refused = await dispose(other.loan_id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe("This loan is not one of the call's matched loans");
    expect(data<{ loan_id: string }>(await dispose(second.loan_id))).toMatchObject({ loan_id: second.loan_id });

    const onSecond = data<{ calls: CallRecord[] }>(await req('GET', `/api/calling/loans/${second.loan_id}/call-details`, telecaller));
    expect(onSecond.calls.find((c) => c.call_id === row.callId)).toMatchObject({ disposition: 'Call Back', loan_id: second.loan_id });
    const onFirst = data<{ calls: CallRecord[] }>(await req('GET', `/api/calling/loans/${first.loan_id}/call-details`, telecaller));
    expect(onFirst.calls.some((c) => c.call_id === row.callId)).toBe(false);
    const activity = await req('GET', `/api/recovery/loan/activity/${second.loan_id}?page_size=100`, admin);
    const events = activity.json().data.events as { kind: string; remark: string | null }[];
    expect(events.find((e) => e.kind === 'status_change')?.remark).toBe('Call Back: asked about the second loan');
    expect((await req('GET', `/api/recovery/loan-details/${second.loan_id}`, admin)).json().data.loan.telecalling_status).toBe('Call Back');
    // The call-end timeline event moved with it: on the chosen loan, no longer on the first.
    expect(await callEvents(second.loan_id)).toHaveLength(1);
    expect(await callEvents(first.loan_id)).toHaveLength(0);
  });
});

describe('an inbound call nobody answers', () => {
  it('is offered to the next free agent after the ring time-out, then ends when nobody is left', async () => {
    // A second telecaller logged into the inbound campaign.
    const profiles = data<{ profiles?: { profile_name: string; profile_id: string }[] } | { profile_name: string; profile_id: string }[]>(await req('GET', '/api/user/profiles', admin));
    const list = Array.isArray(profiles) ? profiles : profiles.profiles!;
    const made = await req('POST', '/api/user/company/users', admin, { name: 'Second Agent', email: 'second.agent@demo.in', password: 'Demo@1234', user_type: 'user', profession: 'telecalling', profile_id: list.find((p) => p.profile_name === 'Telecaller')!.profile_id, mobile: '9876012345' });
    expect(made.statusCode, made.body).toBe(200);
    const second = headers((await signIn(t.app, 'second.agent@demo.in')).token, LENDER);
    expect((await req('POST', '/api/calling/autodial/login', second, { campaign_id: inbound.campaign_id, flush_undialed_list: 'No', continue_last_session: 'No' })).statusCode).toBe(200);
    const secondId = (await userIdByEmail(t.database.db, 'second.agent@demo.in'))!;

    const [settings] = await t.database.db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER));
    const ask = async () => {
      const res = await req('GET', `/api/calling/telephony/exotel/${LENDER}/${settings.callbackSecret}/inbound?CallSid=SIMRING1&CallFrom=9000000002&CallTo=08012345678`, admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { fetch_after_attempt: boolean; destination: { numbers: string[] }; call_id: string | null; max_ringing_duration: number };
    };
    const firstAsk = await ask();
    expect(firstAsk).toMatchObject({ fetch_after_attempt: true, max_ringing_duration: 30 });
    const callId = firstAsk.call_id!;
    const [offered] = await t.database.db.select().from(callingCalls).where(eq(callingCalls.callId, callId));
    const firstAgent = offered.agentId;
    expect([agentId, secondId]).toContain(firstAgent);
    // Asked again within the ring time: a replay, the same agent.
    expect((await ask()).destination.numbers).toEqual(firstAsk.destination.numbers);

    // Both desks listen on their event streams.
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const heard = new Map<string, { event: string; data: { call_id?: string; state?: string } }[]>();
    const abort = new AbortController();
    for (const [who, h] of [[agentId, telecaller], [secondId, second]] as const) {
      const list: { event: string; data: { call_id?: string; state?: string } }[] = [];
      heard.set(who, list);
      const res = await fetch(`${origin}/api/calling/events`, { headers: h, signal: abort.signal });
      expect(res.status).toBe(200);
      readEventStream(res.body!, (event, payload) => list.push({ event, data: JSON.parse(payload) }));
    }
    await new Promise((r) => setTimeout(r, 200));

    // 31 s later still unanswered: Exotel asks again and the other agent's phone rings.
    clock.set(new Date(clock.now().getTime() + 31_000));
    const secondAsk = await ask();
    expect(secondAsk.call_id).toBe(callId);
    expect(secondAsk.destination.numbers).toHaveLength(1);
    expect(secondAsk.destination.numbers).not.toEqual(firstAsk.destination.numbers);
    const [moved] = await t.database.db.select().from(callingCalls).where(eq(callingCalls.callId, callId));
    expect(moved).toMatchObject({ state: 'Agent Ringing', offeredAgentIds: [firstAgent] });
    expect(moved.agentId).toBe(firstAgent === agentId ? secondId : agentId);
    const nowHolder = moved.agentId === agentId ? telecaller : second;
    const missed = moved.agentId === agentId ? second : telecaller;
    expect((await req('GET', `/api/calling/calls/${callId}`, nowHolder)).statusCode).toBe(200);
    expect((await req('GET', `/api/calling/calls/${callId}`, missed)).statusCode).toBe(404);
    // The agent who missed it hears at once that the call moved away (their ringing panel closes); the next agent gets it ringing.
    const heardBy = async (who: string, ok: (e: { event: string; data: { call_id?: string; state?: string } }) => boolean) => {
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline && !heard.get(who)!.some(ok)) await new Promise((r) => setTimeout(r, 20));
      return heard.get(who)!.some(ok);
    };
    expect(await heardBy(firstAgent, (e) => e.event === 'call_moved' && e.data.call_id === callId)).toBe(true);
    expect(await heardBy(moved.agentId, (e) => e.event === 'call' && e.data.call_id === callId && e.data.state === 'Agent Ringing')).toBe(true);
    expect(heard.get(moved.agentId)!.some((e) => e.event === 'call_moved')).toBe(false);
    abort.abort();

    // Nobody answers the second either, and nobody is left: no numbers, the call ends unanswered.
    clock.set(new Date(clock.now().getTime() + 31_000));
    const lastAsk = await ask();
    expect(lastAsk).toMatchObject({ fetch_after_attempt: false, destination: { numbers: [] } });
    const ended = data<CallRecord>(await req('GET', `/api/calling/calls/${callId}`, nowHolder));
    expect(ended).toMatchObject({ state: 'Call Ended', outcome: 'Customer Unreachable', failure_reason: 'No agent answered' });
  });
});
