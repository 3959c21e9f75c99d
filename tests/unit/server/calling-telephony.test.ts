/** The calling area's telephony adapter (issue 14): callback secrets compared in constant time, the local simulator speaking Exotel's callbacks, the Exotel request. */
import { describe, expect, it } from 'vitest';
import { secretMatches } from '../../../src/server/modules/calling/calls-service';
import { exotelProvider, gatherDigitsOf, passthruAsTerminal, passthruStatusOf } from '../../../src/server/modules/calling/telephony/exotel';
import { localSimulator } from '../../../src/server/modules/calling/telephony/local-simulator';

const req = { callId: 'call-1', agentNumber: '9876500001', customerNumber: '9812345678', callerId: '08047181001', statusCallback: '/api/calling/telephony/exotel/c/s/status', localHour: 11 };

describe('callback secret', () => {
  it('matches only the exact secret', () => {
    expect(secretMatches('abc123', 'abc123')).toBe(true);
    expect(secretMatches('abc124', 'abc123')).toBe(false);
    expect(secretMatches('abc12', 'abc123')).toBe(false);
    expect(secretMatches('', 'abc123')).toBe(false);
  });
});

describe('local telephony simulator', () => {
  it('posts answered then terminal completed with the CallSid and our call id', async () => {
    const posts: { url: string; body: Record<string, unknown> }[] = [];
    const sim = localSimulator({ speed: 1000, answer: 'always', deliver: async (url, body) => void posts.push({ url, body }) });
    const { sid } = await sim.connect(req);
    for (let i = 0; i < 200 && posts.length < 2; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(posts.map((p) => p.body.EventType)).toEqual(['answered', 'terminal']);
    expect(posts[1]).toMatchObject({ url: req.statusCallback, body: { CallSid: sid, CustomField: 'call-1', Status: 'completed' } });
    expect(posts[1].body.ConversationDuration).toBeGreaterThanOrEqual(20);
    sim.close();
  });

  it('a borrower who never answers ends as no-answer or busy, without a conversation', async () => {
    const posts: Record<string, unknown>[] = [];
    const sim = localSimulator({ speed: 1000, answer: 'never', deliver: async (_u, body) => void posts.push(body) });
    await sim.connect(req);
    for (let i = 0; i < 200 && posts.length < 1; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(['no-answer', 'busy']).toContain(posts[0].Status);
    expect(posts[0].ConversationDuration).toBe(0);
    sim.close();
  });
});

describe('Exotel Calls/connect', () => {
  it('sends the agent as From, the borrower as To, our callback with JSON content type', async () => {
    let seen: { url: string; init: RequestInit } | null = null;
    const fake = (async (url: string, init: RequestInit) => {
      seen = { url, init };
      return new Response(JSON.stringify({ Call: { Sid: 'b6cfaf4fe3c2' } }), { status: 200 });
    }) as unknown as typeof fetch;
    const p = exotelProvider({ sid: 'acme', subdomain: 'api.in.exotel.com', apiKey: 'k', apiToken: 't', publicOrigin: 'https://collect.example.in' }, fake);
    expect(await p.connect(req)).toEqual({ sid: 'b6cfaf4fe3c2' });
    const form = new URLSearchParams(String(seen!.init.body));
    expect(seen!.url).toBe('https://api.in.exotel.com/v1/Accounts/acme/Calls/connect.json');
    expect(Object.fromEntries(form)).toMatchObject({ From: '9876500001', To: '9812345678', CallerId: '08047181001', CustomField: 'call-1', StatusCallback: 'https://collect.example.in/api/calling/telephony/exotel/c/s/status', StatusCallbackContentType: 'application/json' });
    expect(await p.hangup('x')).toBe(false);
  });
  it('throws the provider’s message when it refuses', async () => {
    const fake = (async () => new Response(JSON.stringify({ RestException: { Message: 'Invalid CallerId' } }), { status: 400 })) as unknown as typeof fetch;
    const p = exotelProvider({ sid: 'acme', subdomain: 'api.in.exotel.com', apiKey: 'k', apiToken: 't', publicOrigin: '' }, fake);
    await expect(p.connect(req)).rejects.toThrow('Invalid CallerId');
  });
});

describe('local telephony simulator: supervisor actions and a fixed talk time', () => {
  it('records barge, whisper and force transfer on a live call only; talks the fixed time', async () => {
    const posts: Record<string, unknown>[] = [];
    const sim = localSimulator({ speed: 1000, answer: 'always', talkSeconds: 42, deliver: async (_url, body) => void posts.push(body) });
    const { sid } = await sim.connect(req);
    expect(await sim.monitor({ sid, action: 'barge', supervisorNumber: '9876500002' })).toBe(true);
    expect(await sim.monitor({ sid, action: 'force_transfer', supervisorNumber: '9876500002', transferTo: '9876500099' })).toBe(true);
    expect(sim.monitored.map((m) => [m.action, m.transferTo])).toEqual([
      ['barge', undefined],
      ['force_transfer', '9876500099'],
    ]);
    for (let i = 0; i < 200 && posts.length < 2; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(posts[1]).toMatchObject({ EventType: 'terminal', Status: 'completed' });
    expect(posts[1].ConversationDuration).toBeGreaterThanOrEqual(40);
    // Timer jitter at 1000 times real time adds a few simulated seconds; the spread would reach 900.
    expect(posts[1].ConversationDuration).toBeLessThan(150);
    // The call is over: nothing to join.
    expect(await sim.monitor({ sid, action: 'whisper', supervisorNumber: '9876500002' })).toBe(false);
    sim.close();
  });

  it('Exotel offers no barge from Calls/connect', async () => {
    const p = exotelProvider({ sid: 'acme', subdomain: 'api.in.exotel.com', apiKey: 'k', apiToken: 't', publicOrigin: 'https://x.test' });
    expect(await p.monitor({ sid: 'CA1', action: 'barge', supervisorNumber: '1' })).toBe(false);
  });
});

describe('Exotel Passthru applet parameters', () => {
  it('a finished agent leg is a terminal callback; a call still on is not', () => {
    expect(passthruAsTerminal({ CallSid: 'S1', CallType: 'completed', DialCallDuration: 42, RecordingUrl: 'https://r/x.mp3' })).toEqual({ CallSid: 'S1', EventType: 'terminal', Status: 'completed', ConversationDuration: 42, RecordingUrl: 'https://r/x.mp3' });
    for (const type of ['incomplete', 'client-hangup', 'voicemail', 'call-attempt']) expect(passthruAsTerminal({ CallSid: 'S1', CallType: type, DialCallDuration: 9 })).toMatchObject({ Status: 'no-answer', ConversationDuration: 0 });
    // CallStatus wins over CallType; canceled is no answer; busy and failed stay.
    expect(passthruAsTerminal({ CallSid: 'S1', CallStatus: 'busy', CallType: 'completed' })).toMatchObject({ Status: 'busy' });
    expect(passthruAsTerminal({ CallSid: 'S1', CallStatus: 'canceled' })).toMatchObject({ Status: 'no-answer' });
    for (const status of ['queued', 'ringing', 'in-progress']) expect(passthruAsTerminal({ CallSid: 'S1', CallStatus: status, CallType: 'completed' })).toBeNull();
    expect(passthruAsTerminal({ CallSid: 'S1' })).toBeNull();
    expect(passthruAsTerminal({ CallSid: 'S1', CustomField: 'call-1', CallType: 'completed' })).toMatchObject({ CustomField: 'call-1', ConversationDuration: 0 });
  });

  it('the status kept on the call', () => {
    expect(passthruStatusOf({ CallSid: 'S1', CallType: 'incomplete' })).toBe('incomplete');
    expect(passthruStatusOf({ CallSid: 'S1', CallStatus: 'in-progress', CallType: 'completed' })).toBe('in-progress');
    expect(passthruStatusOf({ CallSid: 'S1' })).toBeNull();
  });

  it('Gather digits come wrapped in double quotes; no keys or no keypad input is none', () => {
    expect(gatherDigitsOf({ CallSid: 'S1', digits: '"1234"' })).toBe('1234');
    expect(gatherDigitsOf({ CallSid: 'S1', digits: ' "0*9#" ' })).toBe('0*9#');
    expect(gatherDigitsOf({ CallSid: 'S1', digits: '7' })).toBe('7');
    for (const digits of [undefined, '', '""', '"null"', '"12 34"', `"${'1'.repeat(41)}"`]) expect(gatherDigitsOf({ CallSid: 'S1', digits })).toBeNull();
  });
});
