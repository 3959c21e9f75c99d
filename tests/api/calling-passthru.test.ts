/**
 * Exotel's Passthru applet (issue 14 "Telephony"): Exotel GETs our URL with the call's details and
 * branches its flow on our HTTP status. An agent who talked with the caller: 200; nobody did (the
 * Connect applet's agent never picked up, the caller hung up): 302. The status it reports is kept
 * on the call (the agent's desk reads it), and a finished agent leg ends a live call as a terminal
 * StatusCallback would, with its talk time, outcome and the loan's timeline event. The keys the
 * caller pressed in a Gather applet before it (`digits`, in double quotes) are kept on the call
 * and written to the loan's timeline once per new value. Verified like
 * the StatusCallbacks: a wrong secret 401; a CallSid that is not the company's (another company's
 * included), or a CustomField that is not the call's id, 302 with nothing written.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord, QueueLoan } from '../../src/domain/contracts/calling/calls';
import { settableClock } from '../../src/server/http/clock';
import { callingCalls, callingSettings } from '../../src/server/modules/calling/schema';
import { userIdByEmail } from '../../src/server/modules/users/queries';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const start = new Date('2026-11-23T11:00:00+05:30');
const clock = settableClock(start);
let t: TestApp;
let telecaller: Record<string, string>;
let agentId: string;
let queue: QueueLoan[];
let secret: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  agentId = (await userIdByEmail(t.database.db, 'telecaller@demo.in'))!;
  // The settings row (and its callback secret) is made on the first read.
  expect((await t.app.inject({ url: '/api/calling/settings', headers: telecaller })).statusCode).toBe(200);
  queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans;
  [{ callbackSecret: secret }] = await t.database.db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER));
}, 120_000);
afterAll(async () => t?.close());

/** An Exotel inbound call on the telecaller's desk, as the Connect applet left it. */
async function exotelCall(sid: string, state: 'Agent Ringing' | 'On Call', companyId = LENDER, loan = queue[0]) {
  const at = clock.now();
  const [row] = await t.database.db
    .insert(callingCalls)
    .values({ companyId, loanId: loan.loan_id, allocationMonth: loan.allocation_month, agentId, mode: 'inbound', shootId: `SH${sid}`, provider: 'exotel', providerCallId: sid, toNumber: '9876500001', agentNumber: '9876543210', callerId: '08012345678', state, direction: 'inbound', matchedLoanIds: [loan.loan_id], createdAt: at, updatedAt: at, answeredAt: state === 'On Call' ? at : null })
    .returning();
  return row;
}
const passthru = (query: string, s = secret, companyId = LENDER) => t.app.inject({ method: 'GET', url: `/api/calling/telephony/exotel/${companyId}/${s}/passthru?${query}` });
const callOf = async (callId: string) => {
  const res = await t.app.inject({ url: `/api/calling/calls/${callId}`, headers: telecaller });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CallRecord;
};

describe('Exotel Passthru applet', () => {
  it('a conversation happened: 200, the call ends with the talk time, the status is kept, the loan timeline gets the call', async () => {
    const row = await exotelCall('EXOPT-TALK', 'On Call');
    // While the agent talks (in-progress): 200, the call stays on.
    const during = await passthru('CallSid=EXOPT-TALK&From=09876500001&To=08012345678&Direction=incoming&CallStatus=in-progress');
    expect(during.statusCode, during.body).toBe(200);
    expect(during.json()).toEqual({ branch: 'answered', call_id: row.callId, passthru_status: 'in-progress' });
    expect(await callOf(row.callId)).toMatchObject({ state: 'On Call', passthru_status: 'in-progress', ended_at: null });

    clock.set(new Date(start.getTime() + 60_000));
    const res = await passthru('CallSid=EXOPT-TALK&From=09876500001&To=08012345678&Direction=incoming&CallType=completed&DialCallDuration=42&DialWhomNumber=09876543210&RecordingUrl=https%3A%2F%2Frecordings.exotel.com%2Fx.mp3&digits=%221%22');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ branch: 'answered', call_id: row.callId, passthru_status: 'completed' });
    const ended = await callOf(row.callId);
    expect(ended).toMatchObject({ state: 'Call Ended', outcome: 'Connected', provider_status: 'completed', talk_seconds: 42, recording_url: 'https://recordings.exotel.com/x.mp3', passthru_status: 'completed' });
    const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
    const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${queue[0].loan_id}?page_size=100`, headers: admin });
    const events = activity.json().data.events as { kind: string; remark: string | null }[];
    const callRemarks = events.filter((e) => e.kind === 'call').map((e) => e.remark);
    expect(callRemarks).toContain('Call Connected (talk time 0m 42s)');
    // The Gather digits it carried ("1") are on the timeline too.
    expect(callRemarks).toContain('Caller pressed 1 in the IVR');

    // Asked again (a replay): the same branch, nothing changes.
    const again = await passthru('CallSid=EXOPT-TALK&CallType=completed&DialCallDuration=99');
    expect(again.statusCode).toBe(200);
    expect((await callOf(row.callId)).talk_seconds).toBe(42);
  });

  it('the agent never picked up (incomplete) or the caller hung up (client-hangup): 302, the call ends unanswered', async () => {
    const missed = await exotelCall('EXOPT-MISSED', 'Agent Ringing');
    const res = await passthru('CallSid=EXOPT-MISSED&From=09876500001&To=08012345678&Direction=incoming&CallType=incomplete&DialCallDuration=0');
    expect(res.statusCode, res.body).toBe(302);
    expect(res.json()).toEqual({ branch: 'not_answered', call_id: missed.callId, passthru_status: 'incomplete' });
    expect(await callOf(missed.callId)).toMatchObject({ state: 'Call Failed', outcome: 'Customer Unreachable', provider_status: 'no-answer', talk_seconds: 0, passthru_status: 'incomplete' });

    const hungUp = await exotelCall('EXOPT-HANGUP', 'Agent Ringing', LENDER, queue[1]);
    const res2 = await passthru('CallSid=EXOPT-HANGUP&CallType=client-hangup');
    expect(res2.statusCode).toBe(302);
    expect(await callOf(hungUp.callId)).toMatchObject({ state: 'Call Failed', passthru_status: 'client-hangup' });
  });

  it('Gather digits ("1234" in double quotes) are kept on the call and shown on the loan timeline, once per new value', async () => {
    const loan = queue[3];
    const row = await exotelCall('EXOPT-GATHER', 'On Call', LENDER, loan);
    const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
    const digitRemarks = async () => {
      const activity = await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=50`, headers: admin });
      expect(activity.statusCode, activity.body).toBe(200);
      return (activity.json().data.events as { kind: string; remark: string | null }[]).filter((e) => e.kind === 'call' && e.remark?.startsWith('Caller pressed')).map((e) => e.remark);
    };
    // Exotel's parameters as its Passthru guide names them, digits in double quotes (URL-encoded).
    const res = await passthru('CallSid=EXOPT-GATHER&CallFrom=09876500001&CallTo=08012345678&Direction=incoming&CallStatus=in-progress&CurrentTime=2026-11-23+11%3A00%3A05&digits=%221234%22');
    expect(res.statusCode, res.body).toBe(200);
    expect(await callOf(row.callId)).toMatchObject({ gather_digits: '1234', passthru_status: 'in-progress' });
    expect(await digitRemarks()).toEqual(['Caller pressed 1234 in the IVR']);

    // A replay, no keys pressed ("") or no keypad input: nothing new.
    for (const digits of ['%221234%22', '%22%22', '%22abc%22']) expect((await passthru(`CallSid=EXOPT-GATHER&CallStatus=in-progress&digits=${digits}`)).statusCode).toBe(200);
    expect((await callOf(row.callId)).gather_digits).toBe('1234');
    expect(await digitRemarks()).toEqual(['Caller pressed 1234 in the IVR']);

    // A later Gather in the flow: the new keys are kept and told too (quotes unencoded, as some clients send them; # is %23).
    expect((await passthru('CallSid=EXOPT-GATHER&CallStatus=in-progress&digits="2%23"')).statusCode).toBe(200);
    expect((await callOf(row.callId)).gather_digits).toBe('2#');
    expect(await digitRemarks()).toEqual(expect.arrayContaining(['Caller pressed 1234 in the IVR', 'Caller pressed 2# in the IVR']));
    expect(await digitRemarks()).toHaveLength(2);
  });

  it('verified like the StatusCallbacks: wrong secret 401, a call that is not ours 302 with nothing written', async () => {
    const row = await exotelCall('EXOPT-GUARD', 'On Call', LENDER, queue[2]);
    expect((await passthru('CallSid=EXOPT-GUARD&CallType=completed', 'not-the-secret')).statusCode).toBe(401);
    expect((await passthru('CallSid=EXOPT-GUARD&CallType=completed', secret, 'no-such-company')).statusCode).toBe(401);
    // CustomField (our call id when we placed the call) must be this call's.
    const wrongField = await passthru('CallSid=EXOPT-GUARD&CallType=completed&CustomField=someone-else');
    expect(wrongField.statusCode).toBe(302);
    expect(wrongField.json()).toEqual({ branch: 'not_answered', call_id: null, passthru_status: null });
    expect(await callOf(row.callId)).toMatchObject({ state: 'On Call', passthru_status: null });
    expect((await passthru('CallSid=NO-SUCH-CALL&CallType=completed')).statusCode).toBe(302);
    expect((await passthru('From=0987')).statusCode).toBe(400);

    // Another company's call, asked with our company's secret: not ours, untouched.
    const theirs = await exotelCall('EXOPT-THEIRS', 'On Call', TRUST);
    const other = await passthru('CallSid=EXOPT-THEIRS&CallType=completed&DialCallDuration=10');
    expect(other.statusCode).toBe(302);
    expect(other.json().call_id).toBeNull();
    const [untouched] = await t.database.db.select().from(callingCalls).where(eq(callingCalls.callId, theirs.callId));
    expect(untouched).toMatchObject({ state: 'On Call', passthruStatus: null, endedAt: null });
    // Nor are a foreign call's Gather digits kept.
    expect((await passthru('CallSid=EXOPT-THEIRS&CallStatus=in-progress&digits=%229%22')).statusCode).toBe(302);
    const [still] = await t.database.db.select().from(callingCalls).where(eq(callingCalls.callId, theirs.callId));
    expect(still.gatherDigits).toBeNull();
  });
});
