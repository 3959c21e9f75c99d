/**
 * Calls the dialer brings to the desk (issue 14 "Predictive and inbound"; spec 4, 9), pushed to the
 * agent's screen over the desk's event stream (GET /calling/events):
 * - inbound: a borrower calls the DID queue (local telephony simulator → the Connect-applet URL);
 *   the agent logged into the active inbound campaign gets it ringing with the borrower's loans,
 *   talks, disposes; with nobody free it is not routed; a wrong secret is 401, a replay the same call;
 * - predictive: the pacer dials ahead of the agent (dial level from pacing.ts), the answered call
 *   lands on the agent's screen, the others are drops; once today's drop rate is over the cap the
 *   pacer dials one line per ready agent.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignRecord } from '../../src/domain/contracts/calling/campaigns';
import type { CallRecord, QueueResponse } from '../../src/domain/contracts/calling/calls';
import { grant } from '../../src/domain/users/permissions';
import { settableClock } from '../../src/server/http/clock';
import { callingCalls, callingSettings } from '../../src/server/modules/calling/schema';
import { addProfilePermissions, userIdByEmail } from '../../src/server/modules/users/queries';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { readEventStream } from './sse-client';

process.env.CALLING_SIMULATOR_SPEED = '20';
process.env.CALLING_SIMULATOR_ANSWER = 'always';
// 40 simulated seconds of talk: 2 s here.
process.env.CALLING_SIMULATOR_TALK = '40';
process.env.CALLING_PACER_MS = '150';

const clock = settableClock(new Date('2026-11-23T11:00:00+05:30'));
let t: TestApp;
let origin: string;
let telecaller: Record<string, string>;
let supervisor: Record<string, string>;
let admin: Record<string, string>;
let queue: QueueResponse['loans'];
let agentId: string;

/** The desk's event stream: every `call` event, in order. */
function openStream(h: Record<string, string>) {
  const calls: CallRecord[] = [];
  const lives: unknown[] = [];
  const abort = new AbortController();
  const ready = (async () => {
    const res = await fetch(`${origin}/api/calling/events`, { headers: h, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    readEventStream(res.body!, (event, payload) => {
      if (event === 'call') calls.push(JSON.parse(payload));
      if (event === 'live') lives.push(JSON.parse(payload));
    });
  })();
  return {
    calls,
    lives,
    ready,
    close: () => abort.abort(),
    /** Waits for a pushed call event matching `ok`. */
    async until(ok: (c: CallRecord) => boolean, timeoutMs = 20_000): Promise<CallRecord> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = calls.find(ok);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no pushed call event matched; got ${JSON.stringify(calls.map((c) => [c.mode, c.state]))}`);
    },
  };
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The company switches inbound and predictive on; its telecallers may work in both (spec 5, 6).
  await addProfilePermissions(t.database.db, LENDER, 'Telecaller', grant({ calling: { inbound: 'rw', predictive: 'rw' } }));
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const put = await t.app.inject({ method: 'PUT', url: '/api/user/company', headers: admin, payload: { inbound_enabled: true, predictive_enabled: true } });
  expect(put.statusCode, put.body).toBe(200);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  supervisor = headers((await signIn(t.app, 'supervisor@demo.in')).token, LENDER);
  queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans;
  agentId = (await userIdByEmail(t.database.db, 'telecaller@demo.in'))!;
}, 120_000);
afterAll(async () => t?.close());

const req = (method: 'GET' | 'POST', url: string, h: Record<string, string>, payload?: unknown) => t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
function data<T>(res: { statusCode: number; body: string; json: () => { data: T } }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
const simulate = async (body: object) => data<{ call_sid: string; routed: boolean; call_id: string | null }>(await req('POST', '/api/calling/simulator/inbound', admin, body));
const campaign = async (name: string, mode: 'inbound' | 'predictive') => data<CampaignRecord>(await req('POST', '/api/calling/campaigns', supervisor, { name, mode }));
const login = async (campaign_id: string) => data<{ active: boolean; campaign_mode: string }>(await req('POST', '/api/calling/autodial/login', telecaller, { campaign_id, flush_undialed_list: 'No', continue_last_session: 'No' }));
const dispose = async (call_id: string, disposition = 'Call Back', extra: object = { callback_at: '2026-11-23T15:00:00+05:30' }) =>
  data(await req('POST', '/api/calling/dispositions', telecaller, { call_id, disposition, remarks: 'via test', ...extra }));

describe('inbound calls to the DID queue', () => {
  it('is not routed without an active inbound campaign', async () => {
    const res = await simulate({ loan_id: queue[0].loan_id });
    expect(res).toMatchObject({ routed: false, call_id: null });
  });

  it('rings the agent of the inbound campaign with the borrower’s loan; pushed on, disposed', async () => {
    const inbound = await campaign('Inbound DID queue', 'inbound');
    expect(inbound.mode).toBe('inbound');
    expect(await login(inbound.campaign_id)).toMatchObject({ active: true, campaign_mode: 'inbound' });
    const stream = openStream(telecaller);
    await stream.ready;
    const loan = queue[0];
    const sent = await simulate({ loan_id: loan.loan_id });
    expect(sent.routed).toBe(true);

    const ringing = await stream.until((c) => c.call_id === sent.call_id);
    expect(ringing).toMatchObject({ direction: 'inbound', mode: 'inbound', campaign_id: inbound.campaign_id, state: 'Agent Ringing', loan_id: loan.loan_id });
    expect(ringing.matched_loan_ids).toContain(loan.loan_id);
    expect(ringing.to).toMatch(/^\*+\d{4}$/);
    // On load the desk reads the same call.
    expect(data<{ call: CallRecord }>(await req('GET', '/api/calling/current-call', telecaller)).call).toMatchObject({ call_id: sent.call_id, direction: 'inbound' });

    // Nobody else is free: a second caller is not routed while the agent talks.
    await stream.until((c) => c.call_id === sent.call_id && c.state === 'On Call');
    expect((await simulate({ mobile: '9123456780' })).routed).toBe(false);

    const ended = await stream.until((c) => c.call_id === sent.call_id && c.state === 'Call Ended');
    expect(ended).toMatchObject({ outcome: 'Connected', provider_status: 'completed' });
    await dispose(sent.call_id!);
    expect(data<{ call: CallRecord | null }>(await req('GET', '/api/calling/current-call', telecaller)).call).toBeNull();
    const details = data<{ calls: CallRecord[] }>(await req('GET', `/api/calling/loans/${loan.loan_id}/call-details`, telecaller));
    expect(details.calls[0]).toMatchObject({ call_id: sent.call_id, direction: 'inbound', disposition: 'Call Back' });
    stream.close();
  });

  it('a number matching no loan still reaches the agent, with no loan', async () => {
    const stream = openStream(telecaller);
    await stream.ready;
    const sent = await simulate({ mobile: '9000000001' });
    expect(sent.routed).toBe(true);
    const c = await stream.until((x) => x.call_id === sent.call_id);
    expect(c).toMatchObject({ loan_id: '', matched_loan_ids: [] });
    await stream.until((x) => x.call_id === sent.call_id && x.state === 'Call Ended');
    await dispose(sent.call_id!, 'Wrong Number', {});
    stream.close();
  });

  it('the provider’s URL: a wrong secret is 401, a replayed CallSid answers the same call, bad input 400', async () => {
    const [s] = await t.database.db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER));
    const url = (secret: string, q: string) => `/api/calling/telephony/exotel/${LENDER}/${secret}/inbound?${q}`;
    expect((await t.app.inject({ url: url('wrong', 'CallSid=X1&CallFrom=9000000002&CallTo=08047181001') })).statusCode).toBe(401);
    expect((await t.app.inject({ url: url(s.callbackSecret, 'CallFrom=9000000002') })).statusCode).toBe(400);
    const first = await t.app.inject({ url: url(s.callbackSecret, 'CallSid=EXO-REPLAY-1&CallFrom=9000000002&CallTo=08047181001&Direction=incoming') });
    expect(first.statusCode, first.body).toBe(200);
    // Exotel's Connect applet answer, no envelope: the agent's phone to ring.
    expect(first.json()).toMatchObject({ destination: { numbers: ['9876500001'] }, outgoing_phone_number: '08047181001', record: true });
    const again = await t.app.inject({ url: url(s.callbackSecret, 'CallSid=EXO-REPLAY-1&CallFrom=9000000002&CallTo=08047181001') });
    expect(again.json().call_id).toBe(first.json().call_id);
    // End it as the provider would, and record its disposition (the agent is free again).
    const status = `/api/calling/telephony/exotel/${LENDER}/${s.callbackSecret}/status`;
    expect((await t.app.inject({ method: 'POST', url: status, payload: { CallSid: 'EXO-REPLAY-1', EventType: 'terminal', Status: 'no-answer' } })).statusCode).toBe(200);
    await dispose(first.json().call_id, 'Wrong Number', {});
  });

  it('only with the inbound permission; the simulator is not for other providers', async () => {
    expect((await req('POST', '/api/calling/simulator/inbound', supervisor, { mobile: '9000000003' })).statusCode).toBe(403);
    expect((await req('POST', '/api/calling/simulator/inbound', admin, { mobile: 'abc' })).statusCode).toBe(400);
    expect((await req('POST', '/api/calling/simulator/inbound', admin, {})).statusCode).toBe(400);
  });
});

describe('predictive dialing from the desk', () => {
  let predictive: CampaignRecord;
  let dropsSoFar = 0;
  const callsOf = () => t.database.db.select().from(callingCalls).where(and(eq(callingCalls.companyId, LENDER), eq(callingCalls.campaignId, predictive.campaign_id)));
  /** Waits until every line the pacer dialled is either the agent's or over (answered lines are handed out or dropped), plus two pacing rounds. */
  async function settled(): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const rows = await callsOf();
      if (rows.every((r) => r.agentId === agentId || r.endedAt)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 400));
  }

  it('the pacer dials ahead by the dial level; the answered call lands on the agent’s screen, the rest are drops', async () => {
    predictive = await campaign('Predictive early bucket', 'predictive');
    const added = data<{ added: number }>(await req('POST', `/api/calling/campaigns/${predictive.campaign_id}/call-list`, supervisor, { allocation_month: queue[0].allocation_month, loan_ids: queue.slice(1, 21).map((l) => l.loan_id) }));
    expect(added.added).toBe(20);
    const stream = openStream(telecaller);
    await stream.ready;
    expect(await login(predictive.campaign_id)).toMatchObject({ active: true, campaign_mode: 'predictive' });
    const onCall = await stream.until((c) => c.mode === 'predictive' && c.state === 'On Call');
    expect(onCall).toMatchObject({ call_type: 'predictive', campaign_id: predictive.campaign_id, direction: 'outbound' });
    expect(data<{ call: CallRecord }>(await req('GET', '/api/calling/current-call', telecaller)).call?.call_id).toBe(onCall.call_id);
    // Before any data the dial level is 1 / 0.3 (the prior answer rate): 3 lines for 1 agent, never more.
    await settled();
    const list = data<{ entries: { dialed_at: string | null }[] }>(await req('GET', `/api/calling/campaigns/${predictive.campaign_id}/call-list`, supervisor));
    expect(list.entries.filter((e) => e.dialed_at).length).toBe(3);
    const rows = await callsOf();
    expect(rows.filter((r) => r.agentId === agentId).length).toBe(1);
    // Every other answered line found no free agent: a drop.
    expect(rows.filter((r) => r.dropped).length).toBe(rows.length - 1);
    dropsSoFar = rows.length - 1;
    await stream.until((c) => c.call_id === onCall.call_id && c.state === 'Call Ended');
    stream.close();
  });

  it('over the drop cap (India 0.8 %) the pacer dials one line per ready agent', async () => {
    // Earlier today: 60 answered calls of the campaign, none dropped → with this morning's drops (1–2) over 62–63 answered: 1.6–3.2 %.
    const at = new Date(clock.now().getTime() - 3_600_000);
    await t.database.db.insert(callingCalls).values(
      Array.from({ length: 60 }, (_, i) => ({ companyId: LENDER, loanId: queue[0].loan_id, agentId: 'an-agent-of-the-morning', mode: 'predictive' as const, campaignId: predictive.campaign_id, shootId: `SHPAST${i}`, provider: 'local_simulator' as const, toNumber: '9000000000', state: 'Call Ended', outcome: 'Connected', createdAt: at, answeredAt: at, endedAt: at, talkSeconds: 60 })),
    );
    const before = (await callsOf()).length;
    const stream = openStream(telecaller);
    await stream.ready;
    const current = data<{ call: CallRecord }>(await req('GET', '/api/calling/current-call', telecaller)).call;
    // Seen once on PostgreSQL (not reproduced): 409 "The call is still in progress" here. The
    // campaign's calls are printed then, so the next failure says which call was live and why.
    const disposed = await req('POST', '/api/calling/dispositions', telecaller, { call_id: current.call_id, disposition: 'Call Back', remarks: 'via test', callback_at: '2026-11-23T15:00:00+05:30' });
    if (disposed.statusCode !== 200) {
      const calls = (await callsOf()).filter((r) => !r.shootId?.startsWith('SHPAST'));
      console.error('current call', JSON.stringify(current), 'calls', JSON.stringify(calls.map((r) => ({ id: r.callId, agent: r.agentId, state: r.state, created: r.createdAt, answered: r.answeredAt, ended: r.endedAt, dropped: r.dropped }))));
    }
    expect(disposed.statusCode, disposed.body).toBe(200);
    const next = await stream.until((c) => c.mode === 'predictive' && c.state === 'On Call' && c.call_id !== current.call_id);
    await settled();
    const rows = await callsOf();
    expect(rows.length - before).toBe(1);
    expect(rows.filter((r) => r.dropped).length).toBe(dropsSoFar);
    expect(next.campaign_id).toBe(predictive.campaign_id);
    await stream.until((c) => c.call_id === next.call_id && c.state === 'Call Ended');
    await req('POST', '/api/calling/autodial/logout', telecaller);
    await dispose(next.call_id);
    stream.close();
  });
});

describe('supervisor live view is pushed', () => {
  it('a supervisor’s stream gets the live view when an agent’s status changes', async () => {
    const stream = openStream(supervisor);
    await stream.ready;
    const deadline = Date.now() + 5000;
    while (stream.lives.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const n = stream.lives.length;
    expect(n).toBeGreaterThan(0);
    data(await req('POST', '/api/calling/breaks', telecaller, { break_name: 'Lunch' }));
    const priya = () => (stream.lives.at(-1) as { agents: { name: string; state: string }[] }).agents.find((a) => a.name === 'Priya Nair')?.state;
    while (priya() !== 'on_break' && Date.now() < deadline + 5000) await new Promise((r) => setTimeout(r, 20));
    expect(stream.lives.length).toBeGreaterThan(n);
    expect(priya()).toBe('on_break');
    stream.close();
  });
});
