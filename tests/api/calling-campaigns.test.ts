/**
 * Campaigns, call lists, autodial login and the supervisor's live view (issue 14; spec 3, 4, 5, 7):
 * a supervisor creates a campaign and builds its call list from the portfolio's filters (batches of
 * 50) or loan ids; an agent logs into it (flush_undialed_list, continue_last_session; an inactive
 * campaign refused with the spec's message) and their queue is its undialed list; the supervisor
 * sees the agent on call, talk time and abandon rate, and barges, whispers and force-transfers
 * through the telephony adapter, which the agent's call shows. Agents are refused the supervisor's
 * operations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRecord, LiveStatsResponse } from '../../src/domain/contracts/calling/campaigns';
import type { CallRecord, QueueResponse } from '../../src/domain/contracts/calling/calls';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

// Slow enough that a call stays live while the supervisor acts on it; the borrower always answers.
process.env.CALLING_SIMULATOR_SPEED = '5';
process.env.CALLING_SIMULATOR_ANSWER = 'always';

const clock = settableClock(new Date('2026-11-23T11:00:00+05:30'));
let t: TestApp;
let telecaller: Record<string, string>;
let supervisor: Record<string, string>;
let admin: Record<string, string>;
let month: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  supervisor = headers((await signIn(t.app, 'supervisor@demo.in')).token, LENDER);
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data as QueueResponse;
  month = queue.loans[0].allocation_month;
}, 120_000);
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, h: Record<string, string>, payload?: unknown) => t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
const data = <T>(res: { statusCode: number; body: string; json: () => { data: T } }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const queueOf = async (h = telecaller) => data<QueueResponse>(await req('GET', '/api/calling/queue', h));
const getCall = async (id: string) => data<CallRecord>(await req('GET', `/api/calling/calls/${id}`, telecaller));

async function until(id: string, done: (c: CallRecord) => boolean): Promise<CallRecord> {
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const c = await getCall(id);
    if (done(c)) return c;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`call ${id} never got there`);
}

/** Starts a call on the first loan of `loanIds` the compliance check lets through. */
async function callOneOf(loanIds: string[]): Promise<CallRecord> {
  for (const loan_id of loanIds) {
    const res = await req('POST', '/api/calling/calls', telecaller, { loan_id });
    if (res.statusCode === 200) return res.json().data;
    expect(res.statusCode, res.body).toBe(403);
  }
  throw new Error('no loan could be called');
}

let campaign: CampaignRecord;

describe('campaigns and call lists (supervisor)', () => {
  it('the demo campaign exists; a supervisor creates one, a duplicate name is refused, an agent may not create', async () => {
    const list = data<{ campaigns: CampaignRecord[] }>(await req('GET', '/api/calling/campaigns', supervisor)).campaigns;
    expect(list.find((c) => c.name === 'High DPD follow-up')).toMatchObject({ mode: 'autodialer', active: true, list_size: 25, undialed: 25 });
    campaign = data<CampaignRecord>(await req('POST', '/api/calling/campaigns', supervisor, { name: 'Early bucket', mode: 'autodialer', active: false }));
    expect(campaign).toMatchObject({ name: 'Early bucket', mode: 'autodialer', active: false, list_size: 0 });
    expect((await req('POST', '/api/calling/campaigns', supervisor, { name: 'Early bucket' })).statusCode).toBe(409);
    const agent = await req('POST', '/api/calling/campaigns', telecaller, { name: 'Mine' });
    expect(agent.statusCode).toBe(403);
    expect(agent.json().message).toBe('Only telecalling supervisors and admins can do this');
    // Agents see only active campaigns (the ones they may log into).
    const theirs = data<{ campaigns: CampaignRecord[] }>(await req('GET', '/api/calling/campaigns', telecaller)).campaigns;
    expect(theirs.map((c) => c.name)).not.toContain('Early bucket');
  });

  it('filters the month’s loans in batches of 50 through the portfolio filters', async () => {
    const url = `/api/calling/campaigns/${campaign.campaign_id}/call-list/filter`;
    const first = data<{ total: number; batch_size: number; next_batch: number | null; loans: { loan_id: string; in_list: boolean }[] }>(await req('POST', url, supervisor, { allocation_month: month }));
    expect(first.batch_size).toBe(50);
    expect(first.loans.length).toBe(Math.min(50, first.total));
    if (first.total > 50) {
      expect(first.next_batch).toBe(1);
      const second = data<{ loans: { loan_id: string }[] }>(await req('POST', url, supervisor, { allocation_month: month, batch: 1 }));
      expect(second.loans[0].loan_id).not.toBe(first.loans[0].loan_id);
    }
    const narrow = data<{ total: number }>(await req('POST', url, supervisor, { allocation_month: month, filters: [{ filter_key: 'dpd', min: 90 }] }));
    expect(narrow.total).toBeLessThan(first.total);
    expect((await req('POST', url, supervisor, { allocation_month: month, filters: [{ filter_key: 'no_such_filter', min: 1 }] })).statusCode).toBe(400);
    expect((await req('POST', url, telecaller, { allocation_month: month })).statusCode).toBe(403);
  });

  it('adds loans by ids (unknown ones reported) and by filters (kept once)', async () => {
    const url = `/api/calling/campaigns/${campaign.campaign_id}/call-list`;
    const queue = await queueOf();
    const ids = queue.loans.slice(0, 6).map((l) => l.loan_id);
    const byIds = data<{ added: number; already_listed: number; not_found: string[]; list_size: number }>(await req('POST', url, supervisor, { allocation_month: month, loan_ids: [...ids, 'NO-SUCH-LOAN'] }));
    expect(byIds).toMatchObject({ added: 6, already_listed: 0, not_found: ['NO-SUCH-LOAN'], list_size: 6 });
    const again = data<{ added: number; already_listed: number }>(await req('POST', url, supervisor, { allocation_month: month, loan_ids: ids }));
    expect(again).toMatchObject({ added: 0, already_listed: 6 });
    const byFilter = data<{ added: number; list_size: number }>(await req('POST', url, supervisor, { allocation_month: month, filters: [{ filter_key: 'dpd', min: 90 }] }));
    expect(byFilter.list_size).toBe(6 + byFilter.added);
    expect((await req('POST', url, supervisor, { allocation_month: month, filters: [{ filter_key: 'dpd', min: 999999 }] })).statusCode).toBe(400);
    expect((await req('POST', url, supervisor, { allocation_month: month })).statusCode).toBe(400);
    const list = data<{ entries: { loan_id: string; source: string; dialed_at: string | null }[] }>(await req('GET', url, supervisor));
    expect(list.entries.length).toBe(byFilter.list_size);
    expect(list.entries.filter((e) => e.source === 'loan_ids').map((e) => e.loan_id).sort()).toEqual([...ids].sort());
    expect((await req('GET', url, telecaller)).statusCode).toBe(403);
  });
});

describe('autodial login (agent)', () => {
  it('an inactive campaign is refused with the spec’s message; nothing changes', async () => {
    const res = await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'No', continue_last_session: 'No', campaign_id: campaign.campaign_id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Campaign is not active');
    expect((await queueOf()).source).toBe('allocation');
    expect((await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'Maybe', continue_last_session: 'No' })).statusCode).toBe(400);
  });

  it('logs into the active campaign: the queue is its undialed call list; a dialed loan leaves it', async () => {
    campaign = data<CampaignRecord>(await req('PATCH', `/api/calling/campaigns/${campaign.campaign_id}`, supervisor, { active: true }));
    expect(campaign.active).toBe(true);
    const session = data<{ active: boolean; campaign_id: string; undialed: number; session_started_at: string }>(
      await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'No', continue_last_session: 'No', campaign_id: campaign.campaign_id }),
    );
    expect(session).toMatchObject({ active: true, campaign_id: campaign.campaign_id, undialed: campaign.list_size });
    const settings = data<{ mode: string; campaign_id: string }>(await req('GET', '/api/calling/settings', telecaller));
    expect(settings).toMatchObject({ mode: 'autodialer', campaign_id: campaign.campaign_id });
    const queue = await queueOf();
    expect(queue).toMatchObject({ source: 'campaign', campaign_id: campaign.campaign_id });
    // The queue shows at most 300 loans.
    expect(queue.loans.length).toBe(Math.min(300, campaign.list_size));

    const call = await callOneOf(queue.loans.map((l) => l.loan_id));
    expect(call).toMatchObject({ mode: 'autodialer', campaign_id: campaign.campaign_id });
    const after = await queueOf();
    expect(after.loans.map((l) => l.loan_id)).not.toContain(call.loan_id);
    await req('POST', `/api/calling/calls/${call.call_id}/end`, telecaller);
    await until(call.call_id, (c) => c.state === 'Call Ended' || c.state === 'Call Failed');

    // continue_last_session Yes keeps the session; No starts a new one.
    clock.set(new Date(clock.now().getTime() + 60_000));
    const kept = data<{ session_started_at: string }>(await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'No', continue_last_session: 'Yes', campaign_id: campaign.campaign_id }));
    expect(kept.session_started_at).toBe(session.session_started_at);
    const fresh = data<{ session_started_at: string }>(await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'No', continue_last_session: 'No', campaign_id: campaign.campaign_id }));
    expect(fresh.session_started_at).not.toBe(session.session_started_at);
  });

  it('flush_undialed_list Yes empties the undialed list; logout returns to the allocation', async () => {
    const flushed = data<{ flushed: number; undialed: number }>(await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'Yes', continue_last_session: 'Yes', campaign_id: campaign.campaign_id }));
    expect(flushed.flushed).toBe(campaign.list_size - 1);
    expect(flushed.undialed).toBe(0);
    expect((await queueOf()).loans).toEqual([]);
    const out = data<{ active: boolean }>(await req('POST', '/api/calling/autodial/logout', telecaller));
    expect(out.active).toBe(false);
    expect((await queueOf()).source).toBe('allocation');
    expect(data<{ active: boolean }>(await req('GET', '/api/calling/autodial', telecaller)).active).toBe(false);
  });

  it('switching a campaign off ends the sessions on it', async () => {
    const demo = data<{ campaigns: CampaignRecord[] }>(await req('GET', '/api/calling/campaigns', supervisor)).campaigns.find((c) => c.name === 'High DPD follow-up')!;
    // Without campaign_id: the latest active campaign.
    const session = data<{ campaign_id: string }>(await req('POST', '/api/calling/autodial/login', telecaller, { flush_undialed_list: 'No', continue_last_session: 'No' }));
    expect([campaign.campaign_id, demo.campaign_id]).toContain(session.campaign_id);
    data(await req('PATCH', `/api/calling/campaigns/${session.campaign_id}`, supervisor, { active: false }));
    expect(data<{ active: boolean }>(await req('GET', '/api/calling/autodial', telecaller)).active).toBe(false);
    expect((await req('PATCH', `/api/calling/campaigns/${session.campaign_id}`, telecaller, { active: true })).statusCode).toBe(403);
    expect((await req('PATCH', `/api/calling/campaigns/not-a-campaign`, supervisor, { active: true })).statusCode).toBe(404);
    data(await req('PATCH', `/api/calling/campaigns/${session.campaign_id}`, supervisor, { active: true }));
  });
});

describe('agent status reasons (spec 3)', () => {
  it('set inactive with a reason and the microphone state; the supervisor sees it; back to active', async () => {
    const off = data<{ status_reason: string; microphone: string | null }>(await req('PATCH', '/api/calling/agent-status', telecaller, { status_reason: 'training_break' }));
    expect(off).toMatchObject({ status_reason: 'training_break', microphone: null });
    let live = data<LiveStatsResponse>(await req('GET', '/api/calling/supervisor/live', supervisor));
    expect(live.agents.find((a) => a.name === 'Priya Nair')).toMatchObject({ state: 'inactive', status_reason: 'training_break' });
    const mic = data<{ status_reason: string; microphone: string }>(await req('PATCH', '/api/calling/agent-status', telecaller, { status_reason: null, microphone: 'microphone_off' }));
    expect(mic).toMatchObject({ status_reason: 'microphone_off', microphone: 'microphone_off' });
    data(await req('PATCH', '/api/calling/agent-status', telecaller, { status_reason: null, microphone: null }));
    live = data<LiveStatsResponse>(await req('GET', '/api/calling/supervisor/live', supervisor));
    expect(live.agents.find((a) => a.name === 'Priya Nair')).toMatchObject({ state: 'available', status_reason: null, microphone: null });
    expect((await req('PATCH', '/api/calling/agent-status', telecaller, { status_reason: 'napping' })).statusCode).toBe(400);
  });
});

describe('supervisor live view and actions', () => {
  it('sees the agent on call, barges, whispers and force-transfers; the agent’s call shows each; then today’s talk time', async () => {
    data(await req('POST', '/api/calling/autodial/logout', telecaller));
    const roles = data<{ roles: { role_id: string; role_name: string }[] }>(await req('GET', '/api/user/roles', admin)).roles;
    const profiles = data<{ profiles: { profile_id: string; profile_name: string }[] }>(await req('GET', '/api/user/profiles', admin)).profiles;
    const second = data<{ user_details: { user_id: string } }>(
      await req('POST', '/api/user/company/users', admin, {
        name: 'Kiran Second',
        email: 'kiran.second@demo.in',
        password: 'Demo@1234',
        user_type: 'user',
        profession: 'telecalling',
        mobile: '9876500099',
        role_id: roles.find((r) => r.role_name === 'Telecaller')!.role_id,
        profile_id: profiles.find((p) => p.profile_name === 'Telecaller')!.profile_id,
      }),
    ).user_details.user_id;
    const call = await callOneOf((await queueOf()).loans.slice(8).map((l) => l.loan_id));
    const live = data<LiveStatsResponse>(await req('GET', '/api/calling/supervisor/live', supervisor));
    const priya = live.agents.find((a) => a.name === 'Priya Nair')!;
    expect(priya.state).toBe('on_call');
    expect(priya.current_call).toMatchObject({ call_id: call.call_id, loan_id: call.loan_id });
    expect(live.totals.on_call).toBeGreaterThanOrEqual(1);
    expect((await req('GET', '/api/calling/supervisor/live', telecaller)).statusCode).toBe(403);

    const act = (payload: unknown, h = supervisor) => req('POST', `/api/calling/supervisor/calls/${call.call_id}/actions`, h, payload);
    const barge = data<{ event: string; supervisor_name: string }>(await act({ action: 'barge' }));
    expect(barge).toMatchObject({ event: 'barge_initiated', supervisor_name: 'Rahul Menon' });
    expect((await getCall(call.call_id)).supervisor_action).toMatchObject({ action: 'barge', event: 'barge_initiated', supervisor_name: 'Rahul Menon' });
    data(await act({ action: 'whisper' }));
    expect((await getCall(call.call_id)).supervisor_action?.event).toBe('whisper_initiated');
    expect((await act({ action: 'force_transfer' })).statusCode).toBe(400);
    expect((await act({ action: 'force_transfer', transfer_to: priya.user_id })).statusCode).toBe(400);
    // A second telecaller of the supervisor's team takes a force transfer.
    const moved = data<{ event: string; transfer_to_name: string }>(await act({ action: 'force_transfer', transfer_to: second }));
    expect(moved).toMatchObject({ event: 'force_transfer_initiated', transfer_to_name: 'Kiran Second' });
    expect((await getCall(call.call_id)).supervisor_action).toMatchObject({ event: 'force_transfer_initiated', transfer_to_name: 'Kiran Second' });
    expect((await act({ action: 'barge' }, telecaller)).statusCode).toBe(403);
    expect((await req('POST', '/api/calling/supervisor/calls/no-such-call/actions', supervisor, { action: 'barge' })).statusCode).toBe(404);
    // The call is Kiran's now; Priya is free.
    const moved2 = data<LiveStatsResponse>(await req('GET', '/api/calling/supervisor/live', supervisor)).agents;
    expect(moved2.find((a) => a.name === 'Kiran Second')).toMatchObject({ state: 'on_call', current_call: { call_id: call.call_id, supervisor_action: 'force_transfer' } });
    expect(moved2.find((a) => a.name === 'Priya Nair')?.state).toBe('available');

    await until(call.call_id, (c) => c.state === 'On Call');
    await new Promise((r) => setTimeout(r, 600));
    await req('POST', `/api/calling/calls/${call.call_id}/end`, telecaller);
    const ended = await until(call.call_id, (c) => c.state === 'Call Ended');
    expect((await act({ action: 'whisper' })).statusCode).toBe(409);
    const after = data<LiveStatsResponse>(await req('GET', '/api/calling/supervisor/live', supervisor));
    const row = after.agents.find((a) => a.name === 'Kiran Second')!;
    expect(row).toMatchObject({ state: 'available', calls_today: 1, connected_today: 1, talk_seconds_today: ended.talk_seconds, abandon_rate: 0 });
    expect(ended.talk_seconds).toBeGreaterThan(0);
    expect(after.agents.find((a) => a.name === 'Priya Nair')?.calls_today).toBeGreaterThanOrEqual(1);
    expect(after.totals.calls_today).toBeGreaterThanOrEqual(2);
    expect(after.totals.abandon_rate).toBe(0);
  }, 60_000);

  it('an admin sees the whole company’s telecallers; a collection manager is refused', async () => {
    const all = data<LiveStatsResponse>(await req('GET', '/api/calling/supervisor/live', admin));
    expect(all.agents.map((a) => a.name)).toEqual(expect.arrayContaining(['Priya Nair', 'Kiran Second']));
    // A collection manager is not a telecalling supervisor.
    const manager = headers((await signIn(t.app, 'manager@demo.in')).token, LENDER);
    expect((await req('GET', '/api/calling/supervisor/live', manager)).statusCode).toBe(403);
  });
});
