/**
 * The inbound desk (issue 14). An inbound call matched to several loans: the disposition goes to
 * the loan the agent chose (one of the matches; another loan is 400), and the call counts there.
 *
 * The campaign user status (issue 14; spec 7 "GET / PATCH campaign user status"): an agent logged
 * into the inbound campaign turns their dialer off with vendor_event auto_call_off (with the
 * microphone's dialer_off_event, a break's event and event_time_limit) and on again with
 * auto_call_on; while it is off no inbound call is routed to them, and an off with a time limit
 * ends by itself. Refusals: dialer_off_event with auto_call_on (400), another agent's status for
 * an agent (403), a campaign the agent is not logged into (409), an unknown campaign (404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRecord, CampaignUserStatus } from '../../src/domain/contracts/calling/campaigns';
import type { CallRecord, QueueResponse } from '../../src/domain/contracts/calling/calls';
import { grant } from '../../src/domain/users/permissions';
import { callingCalls } from '../../src/server/modules/calling/schema';
import { settableClock } from '../../src/server/http/clock';
import { addProfilePermissions, userIdByEmail } from '../../src/server/modules/users/queries';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

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
      .values({ companyId: LENDER, loanId: first.loan_id, allocationMonth: first.allocation_month, agentId, mode: 'inbound', campaignId: inbound.campaign_id, shootId: 'SHMULTI1', provider: 'local_simulator', providerCallId: 'SIMMULTI1', toNumber: '9876500001', state: 'Call Ended', outcome: 'Connected', direction: 'inbound', matchedLoanIds: [first.loan_id, second.loan_id], createdAt: at, answeredAt: at, endedAt: at, talkSeconds: 30 })
      .returning();
    const dispose = (loan_id: string) => req('POST', '/api/calling/dispositions', telecaller, { call_id: row.callId, disposition: 'Call Back', callback_at: new Date(at.getTime() + 3_600_000).toISOString(), remarks: 'asked about the second loan', loan_id });
    const refused = await dispose(other.loan_id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().message).toBe("This loan is not one of the call's matched loans");
    expect(data<{ loan_id: string }>(await dispose(second.loan_id))).toMatchObject({ loan_id: second.loan_id });

    const onSecond = data<{ calls: CallRecord[] }>(await req('GET', `/api/calling/loans/${second.loan_id}/call-details`, telecaller));
    expect(onSecond.calls.find((c) => c.call_id === row.callId)).toMatchObject({ disposition: 'Call Back', loan_id: second.loan_id });
    const onFirst = data<{ calls: CallRecord[] }>(await req('GET', `/api/calling/loans/${first.loan_id}/call-details`, telecaller));
    expect(onFirst.calls.some((c) => c.call_id === row.callId)).toBe(false);
    const activity = await req('GET', `/api/recovery/loan/activity/${second.loan_id}?page_size=20`, admin);
    const events = activity.json().data.events as { kind: string; remark: string | null }[];
    expect(events.find((e) => e.kind === 'status_change')?.remark).toBe('Call Back: asked about the second loan');
    expect((await req('GET', `/api/recovery/loan-details/${second.loan_id}`, admin)).json().data.loan.telecalling_status).toBe('Call Back');
  });
});
