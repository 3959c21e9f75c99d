/**
 * The browser softphone's API (issue 14): the company's SIP server set by an admin (and refused
 * from a telecaller or with a bad address), the agent's SIP address, a softphone call recorded
 * through the desk's checks (compliance refusal, no SIP server), the SIP events the browser
 * reports moving the call (ringing → On Call → On Hold → On Call → Call Ended) with talk time,
 * the loan's timeline and call type voip; replays, another agent's call, a busy borrower. The
 * dialer vendor's disposition post (spec 7): received once with the disposition, never for a
 * replay, and a vendor that fails does not fail the agent's disposition.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord, QueueLoan } from '../../src/domain/contracts/calling/calls';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-23T11:00:00+05:30'));
let t: TestApp;
let telecaller: Record<string, string>;
let admin: Record<string, string>;
let manager: Record<string, string>;
let queue: QueueLoan[];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  manager = headers((await signIn(t.app, 'manager@demo.in')).token, LENDER);
  queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans;
});
afterAll(async () => t?.close());

const setSip = (payload: Record<string, unknown>, h = admin) => t.app.inject({ method: 'PUT', url: '/api/calling/softphone/settings', headers: h, payload });
const startCall = (loanId: string, h = telecaller) => t.app.inject({ method: 'POST', url: '/api/calling/softphone/calls', headers: h, payload: { loan_id: loanId } });
const report = (callId: string, event: string, cause?: string, h = telecaller) =>
  t.app.inject({ method: 'POST', url: `/api/calling/softphone/calls/${callId}/events`, headers: h, payload: cause ? { event, cause } : { event } });
const at = (iso: string) => clock.set(new Date(iso));

describe('the company’s SIP server', () => {
  it('is off until an admin sets it; a softphone call is refused meanwhile', async () => {
    const before = (await t.app.inject({ url: '/api/calling/softphone', headers: telecaller })).json().data;
    expect(before).toMatchObject({ enabled: false, ws_url: null, sip_uri: null, ice_gathering_timeout_ms: 2000 });
    const refused = await startCall(queue[0].loan_id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The softphone is not set up for your company');
  });

  it('refuses a telecaller, a plain ws:// address on the internet and half a setting', async () => {
    expect((await setSip({ ws_url: 'wss://sip.example.in:8443', sip_domain: 'sip.example.in' }, telecaller)).statusCode).toBe(403);
    const plain = await setSip({ ws_url: 'ws://sip.example.in', sip_domain: 'sip.example.in' });
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain('wss://');
    expect((await setSip({ ws_url: 'wss://sip.example.in', sip_domain: null })).statusCode).toBe(400);
    expect((await setSip({ ws_url: 'wss://sip.example.in', sip_domain: 'bad domain!' })).statusCode).toBe(400);
  });

  it('once set, each agent gets their SIP address (extension = their mobile number)', async () => {
    const res = await setSip({ ws_url: 'wss://sip.example.in:8443/ws', sip_domain: 'sip.example.in' });
    expect(res.statusCode, res.body).toBe(200);
    const cfg = (await t.app.inject({ url: '/api/calling/softphone', headers: telecaller })).json().data;
    expect(cfg.enabled).toBe(true);
    expect(cfg.ws_url).toBe('wss://sip.example.in:8443/ws');
    expect(cfg.sip_uri).toMatch(/^sip:\d{6,}@sip\.example\.in$/);
    expect(cfg.display_name).toBeTruthy();
  });
});

describe('a softphone call', () => {
  it('is checked like any call and moves with the browser’s SIP events; the end is on the timeline as a voip call', async () => {
    at('2026-11-23T11:00:00+05:30');
    const loan = queue[0];
    const res = await startCall(loan.loan_id);
    expect(res.statusCode, res.body).toBe(200);
    const { call, dial_uri } = res.json().data as { call: CallRecord; dial_uri: string };
    expect(call).toMatchObject({ state: 'Connecting', provider: 'webrtc_softphone', call_type: 'voip', caller_id: null, provider_call_id: null });
    expect(dial_uri).toMatch(/^sip:\+?\d{6,}@sip\.example\.in$/);
    // The number in the SIP address is the loan's borrower number; the record shows it masked.
    expect(call.to).toMatch(/^\*+\d{4}$/);
    expect(dial_uri.replace(/@.*/, '').endsWith(call.to.slice(-4))).toBe(true);

    const moves: [string, string][] = [
      ['ringing', 'Ringing'],
      ['answered', 'On Call'],
      ['held', 'On Hold'],
      ['resumed', 'On Call'],
    ];
    for (const [event, state] of moves) {
      const r = await report(call.call_id, event);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().data.state).toBe(state);
    }
    at('2026-11-23T11:02:05+05:30');
    const end = await report(call.call_id, 'ended', 'Terminated');
    expect(end.json().data).toMatchObject({ state: 'Call Ended', outcome: 'Connected', provider_status: 'completed', talk_seconds: 125 });
    // A replayed or late event changes nothing.
    expect((await report(call.call_id, 'ended')).json().data).toMatchObject({ state: 'Call Ended', talk_seconds: 125 });
    expect((await report(call.call_id, 'answered')).json().data.state).toBe('Call Ended');

    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=100`, headers: admin });
    const events = activity.json().data.events as { kind: string; remark: string | null }[];
    expect(events.find((e) => e.kind === 'call')?.remark).toBe('Call Connected (talk time 2m 5s)');
    // The disposition form then records it as a voip call; the company's dialer vendor receives it once.
    const received: Record<string, unknown>[] = [];
    const vendor: Server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        received.push({ ...JSON.parse(raw), content_type: req.headers['content-type'] });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
    const vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/dispositions`;
    expect((await t.app.inject({ method: 'PUT', url: '/api/calling/dialer-vendor', headers: telecaller, payload: { disposition_url: vendorUrl } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/api/calling/dialer-vendor', headers: admin, payload: { disposition_url: 'http://10.0.0.5/hook' } })).statusCode).toBe(400);
    const set = await t.app.inject({ method: 'PUT', url: '/api/calling/dialer-vendor', headers: admin, payload: { disposition_url: vendorUrl } });
    expect(set.json().data).toEqual({ disposition_url: vendorUrl });
    const payload = { call_id: call.call_id, disposition: 'Call Back', callback_at: '2026-11-23T16:30:00+05:30', call_type: 'voip', remarks: 'Call after 4' };
    const d = await t.app.inject({ method: 'POST', url: '/api/calling/dispositions', headers: { ...telecaller, 'idempotency-key': 'softphone-disp-1' }, payload });
    expect(d.statusCode, d.body).toBe(200);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ content_type: 'application/json', company_id: LENDER, loan_id: loan.loan_id, call_id: call.call_id, shoot_id: call.shoot_id, agent_email: 'telecaller@demo.in', disposition: 'Call Back', call_type: 'voip', reminder_date: '2026-11-23 16:30:00+0530', remarks: 'Call after 4' });
    // The same disposition sent again (new key) answers the first and posts nothing more.
    const again = await t.app.inject({ method: 'POST', url: '/api/calling/dispositions', headers: { ...telecaller, 'idempotency-key': 'softphone-disp-2' }, payload });
    expect(again.json().data.disposition_id).toBe(d.json().data.disposition_id);
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);
    await new Promise<void>((r) => vendor.close(() => r()));
  });

  it('a dialer vendor that is down does not stop the agent’s disposition', async () => {
    at('2026-11-23T13:00:00+05:30');
    const { call } = (await startCall(queue[4].loan_id)).json().data as { call: CallRecord };
    await report(call.call_id, 'answered');
    await report(call.call_id, 'ended');
    // The vendor's server from the previous test is closed: the post is refused at connect.
    const d = await t.app.inject({ method: 'POST', url: '/api/calling/dispositions', headers: { ...telecaller, 'idempotency-key': 'softphone-disp-3' }, payload: { call_id: call.call_id, disposition: 'Dispute', call_type: 'voip' } });
    expect(d.statusCode, d.body).toBe(200);
    expect((await t.app.inject({ url: '/api/calling/dialer-vendor', headers: admin })).json().data.disposition_url).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect((await t.app.inject({ method: 'PUT', url: '/api/calling/dialer-vendor', headers: admin, payload: { disposition_url: null } })).json().data).toEqual({ disposition_url: null });
  });

  it('a busy borrower ends it as Customer Unreachable; another agent cannot report on it', async () => {
    at('2026-11-23T12:00:00+05:30');
    const { call } = (await startCall(queue[1].loan_id)).json().data as { call: CallRecord };
    expect((await report(call.call_id, 'ringing', undefined, manager)).statusCode).toBe(404);
    const busy = await report(call.call_id, 'failed', 'Busy');
    expect(busy.json().data).toMatchObject({ state: 'Call Failed', outcome: 'Customer Unreachable', provider_status: 'busy', failure_reason: 'Busy', talk_seconds: 0 });
  });

  it('a conference and a transfer go on the loan’s timeline once each, whatever order the hang-up arrives in (spec 9 add, merge, transfer)', async () => {
    at('2026-11-23T12:30:00+05:30');
    const loan = queue[5];
    const { call } = (await startCall(loan.loan_id)).json().data as { call: CallRecord };
    const act = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/calling/softphone/calls/${call.call_id}/events`, headers: telecaller, payload });
    await report(call.call_id, 'answered');
    const started = await act({ event: 'conference_started', event_id: 'conf-start-0001', target: '7001' });
    expect(started.statusCode, started.body).toBe(200);
    // A call action never moves the call: it is still On Call.
    expect(started.json().data.state).toBe('On Call');
    // The browser's retry of the same report is recorded once.
    expect((await act({ event: 'conference_started', event_id: 'conf-start-0001', target: '7001' })).statusCode).toBe(200);
    expect((await act({ event: 'conference_ended', event_id: 'conf-end-00001', target: '7001' })).statusCode).toBe(200);
    // The agent's leg ends (after an attended transfer) before the browser's transfer report arrives.
    at('2026-11-23T12:31:00+05:30');
    expect((await report(call.call_id, 'ended')).json().data.state).toBe('Call Ended');
    const moved = await act({ event: 'transferred', event_id: 'transfer-00001', target: '7001', transfer: 'attended' });
    expect(moved.json().data).toMatchObject({ state: 'Call Ended', outcome: 'Connected' });
    // A transfer without its target or id is refused.
    expect((await act({ event: 'transferred', transfer: 'blind' })).statusCode).toBe(400);
    expect((await act({ event: 'transferred', event_id: 'transfer-00002', target: '7001', transfer: 'sideways' })).statusCode).toBe(400);

    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=100`, headers: admin });
    const remarks = (activity.json().data.events as { kind: string; remark: string | null }[]).filter((e) => e.kind === 'call').map((e) => e.remark);
    expect(remarks.filter((r) => r === 'Conference call with 7001 started')).toHaveLength(1);
    expect(remarks.filter((r) => r === 'Conference call with 7001 ended')).toHaveLength(1);
    expect(remarks.filter((r) => r === 'Call transferred to 7001 (attended)')).toHaveLength(1);
    expect(remarks).toContain('Call Connected (talk time 1m 0s)');
  });

  it('a supervisor’s whisper, barge and force transfer tell the agent’s browser what to call (spec 4); the call stays the agent’s', async () => {
    at('2026-11-23T13:00:00+05:30');
    const supervisor = headers((await signIn(t.app, 'supervisor@demo.in')).token, LENDER);
    const users = (await t.app.inject({ url: '/api/user/company/users?search_type=email&search_value=telecaller%40demo.in', headers: admin })).json().data.users as { user_id: string }[];
    const priya = users[0].user_id;
    const roles = (await t.app.inject({ url: '/api/user/roles', headers: admin })).json().data.roles as { role_id: string; role_name: string }[];
    const profiles = (await t.app.inject({ url: '/api/user/profiles', headers: admin })).json().data.profiles as { profile_id: string; profile_name: string }[];
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/user/company/users',
      headers: admin,
      payload: {
        name: 'Kiran Softphone',
        email: 'kiran.softphone.api@demo.in',
        password: 'Demo@1234',
        user_type: 'user',
        profession: 'telecalling',
        // No mobile number: on the softphone their SIP address is their user id.
        role_id: roles.find((r) => r.role_name === 'Telecaller')!.role_id,
        profile_id: profiles.find((r) => r.profile_name === 'Telecaller')!.profile_id,
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const kiran = made.json().data.user_details.user_id as string;
    const { call } = (await startCall(queue[6].loan_id)).json().data as { call: CallRecord };
    await report(call.call_id, 'answered');
    const act = (payload: Record<string, unknown>, h = supervisor) => t.app.inject({ method: 'POST', url: `/api/calling/supervisor/calls/${call.call_id}/actions`, headers: h, payload });
    const getCall = async () => (await t.app.inject({ url: `/api/calling/calls/${call.call_id}`, headers: telecaller })).json().data as CallRecord;

    const whisper = await act({ action: 'whisper' });
    expect(whisper.statusCode, whisper.body).toBe(200);
    // The supervisor's extension is their mobile number's digits (supervisor@demo.in: 9876500002), on the company's SIP domain.
    expect(whisper.json().data).toMatchObject({ action: 'whisper', event: 'whisper_initiated', supervisor_name: 'Rahul Menon', sip_target: 'sip:9876500002@sip.example.in' });
    const seen = (await getCall()).supervisor_action!;
    expect(seen).toMatchObject({ action: 'whisper', sip_target: 'sip:9876500002@sip.example.in', action_id: whisper.json().data.action_id });
    const barge = (await act({ action: 'barge' })).json().data;
    expect(barge).toMatchObject({ event: 'barge_initiated', sip_target: 'sip:9876500002@sip.example.in' });
    expect((await getCall()).supervisor_action).toMatchObject({ action: 'barge', action_id: barge.action_id });
    expect(barge.action_id).not.toBe(seen.action_id);

    expect((await act({ action: 'force_transfer', transfer_to: priya })).statusCode).toBe(400);
    expect((await act({ action: 'barge' }, telecaller)).statusCode).toBe(403);
    const moved = await act({ action: 'force_transfer', transfer_to: kiran });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ event: 'force_transfer_initiated', transfer_to_name: 'Kiran Softphone', sip_target: `sip:${kiran.replace(/[^A-Za-z0-9_.-]/g, '')}@sip.example.in` });
    // The agent's browser refers the borrower; the SIP call to Kiran is Kiran's phone's, so this record stays Priya's to close.
    const after = await getCall();
    expect(after).toMatchObject({ state: 'On Call', supervisor_action: { action: 'force_transfer', transfer_to_name: 'Kiran Softphone' } });
    const live = (await t.app.inject({ url: '/api/calling/supervisor/live', headers: supervisor })).json().data.agents as { name: string; state: string }[];
    expect(live.find((a) => a.name === 'Priya Nair')?.state).toBe('on_call');
    expect(live.find((a) => a.name === 'Kiran Softphone')?.state).not.toBe('on_call');
    await report(call.call_id, 'transferred', undefined);
    const ended = await report(call.call_id, 'ended');
    expect(ended.json().data.state).toBe('Call Ended');
    expect((await act({ action: 'whisper' })).statusCode).toBe(409);
  });

  it('answered and ended within the same second (a transfer right after the answer) is Connected, with 0 s of talk', async () => {
    at('2026-11-23T14:00:00+05:30');
    const { call } = (await startCall(queue[7].loan_id)).json().data as { call: CallRecord };
    await report(call.call_id, 'answered');
    const ended = (await report(call.call_id, 'ended')).json().data as CallRecord;
    expect(ended).toMatchObject({ state: 'Call Ended', outcome: 'Connected', talk_seconds: 0 });
  });

  it('is refused outside contact hours with the compliance reason, before anything is dialled', async () => {
    at('2026-11-23T19:30:00+05:30');
    const res = await startCall(queue[2].loan_id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Contact is allowed only between 08:00 and 19:00/);
    at('2026-11-23T11:00:00+05:30');
  });

  it('bad input and a click-to-call id get 4xx', async () => {
    expect((await report('no-such-call', 'answered')).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: '/api/calling/softphone/calls/x/events', headers: telecaller, payload: { event: 'exploded' } });
    expect(bad.statusCode).toBe(400);
    const c2c = await t.app.inject({ method: 'POST', url: '/api/calling/calls', headers: telecaller, payload: { loan_id: queue[3].loan_id } });
    expect(c2c.statusCode, c2c.body).toBe(200);
    expect((await report(c2c.json().data.call_id, 'answered')).statusCode).toBe(409);
  });
});
