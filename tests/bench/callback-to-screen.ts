/**
 * Callback-to-screen bench (issue 14 "the time from a status callback to the agent's screen", p95
 * target < 300 ms with 200 agents): 200 telecallers each hold the desk's event stream open
 * (GET /api/calling/events over real HTTP, as the browser does) with one call ringing, and an
 * admin holds a supervisor's stream (the live view is recomputed on every change). The provider's
 * StatusCallbacks are posted over HTTP — answered, then terminal — and each is timed from the POST
 * until the agent's stream delivers the call in its new state.
 *
 * Loads: a steady 20 callbacks per second; a burst of all 200 at once from this process; the same
 * burst with the provider and the agents' streams in their own thread (they are other machines in
 * reality: clients in this process send and read only when the server's event loop is free, so
 * their POSTs reach it one by one).
 * PGlite by default; DATABASE_URL=postgres://… runs it on a throw-away PostgreSQL database.
 * `npx tsx tests/bench/callback-to-screen.ts [agents]`
 */
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { callingCalls, callingSettings } from '../../src/server/modules/calling/schema';
import { userIdByEmail } from '../../src/server/modules/users/queries';
import { createTestApp, headers, LENDER, signIn } from '../api/helpers';
import { readEventStream } from '../api/sse-client';
import { describeTrace, tracePglite } from './pglite-trace';

const AGENTS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 200);
const STEADY_PER_S = 20;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(1)} ms · p95 ${pct(xs, 95).toFixed(1)} ms · p99 ${pct(xs, 99).toFixed(1)} ms · max ${Math.max(...xs).toFixed(1)} ms`;

/** BENCH_TRACE=1: what held PGlite's connection during each burst, and each callback's phases. */
const TRACE = process.env.BENCH_TRACE === '1';
const wall = () => performance.timeOrigin + performance.now();
/** Per CallSid: when the server read the callback's request, and when it answered it. */
const accepted = new Map<string, number>();
/** Server-side arrival of each status POST (onRequest: before its body is read), in order. */
const arrivals: number[] = [];
const answered = new Map<string, number>();
const t = await createTestApp({}, {
  beforeReady: (app) => {
    if (!TRACE) return;
    app.addHook('onRequest', async (req) => {
      if (req.url.endsWith('/status')) arrivals.push(wall());
    });
    app.addHook('preHandler', async (req) => {
      const sid = (req.body as { CallSid?: string } | undefined)?.CallSid;
      if (sid && req.url.endsWith('/status')) accepted.set(sid, wall());
    });
    app.addHook('onResponse', async (req) => {
      const sid = (req.body as { CallSid?: string } | undefined)?.CallSid;
      if (sid && req.url.endsWith('/status')) answered.set(sid, wall());
    });
  },
});
/** Per call id: when its NOTIFY reached this process (the desk streams write at that turn). */
const notified = new Map<string, number>();
if (TRACE && t.database.kind === 'pglite') {
  await t.database.listen('calling_events', (text) => {
    const e = JSON.parse(text) as { call_id?: string; call?: { state?: string } };
    if (e.call_id && e.call?.state === 'Call Ended' && !notified.has(e.call_id)) notified.set(e.call_id, wall());
  });
}
const pgliteClient = (t.database.db as unknown as { $client: unknown }).$client;
const traceOn = () => (TRACE && t.database.kind === 'pglite' ? tracePglite(pgliteClient) : null);
const streams: AbortController[] = [];
try {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  const profiles = (await t.app.inject({ url: '/api/user/profiles', headers: admin })).json().data;
  const telecallerProfile = (profiles.profiles ?? profiles).find((p: { profile_name: string }) => p.profile_name === 'Telecaller').profile_id;
  const loan = (await t.app.inject({ url: '/api/recovery/loans?page_size=1', headers: admin })).json().data.loans[0] as { loan_id: string; allocation_month: string };

  console.log(`callback-to-screen: ${AGENTS} agents on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; setting up…`);
  const agents: { userId: string; h: Record<string, string> }[] = [];
  for (let i = 0; i < AGENTS; i += 1) {
    const email = `bench.agent${i}@demo.in`;
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/user/company/users',
      headers: admin,
      payload: { name: `Bench Agent ${i}`, email, password: 'Demo@1234', user_type: 'user', profession: 'telecalling', profile_id: telecallerProfile, mobile: `98${String(76000000 + i).padStart(8, '0')}` },
    });
    if (made.statusCode !== 200) throw new Error(made.body);
    agents.push({ userId: (await userIdByEmail(t.database.db, email))!, h: headers((await signIn(t.app, email)).token, LENDER) });
  }
  const [settings] = await t.database.db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER));
  const secret = settings?.callbackSecret ?? (await (async () => {
    await t.app.inject({ url: '/api/calling/settings', headers: admin });
    return (await t.database.db.select().from(callingSettings).where(eq(callingSettings.companyId, LENDER)))[0].callbackSecret;
  })());
  const statusUrl = `${origin}/api/calling/telephony/exotel/${LENDER}/${secret}/status`;

  /** Arrival times of each call's states, by call id. */
  const seen = new Map<string, Map<string, number>>();
  const waiters = new Map<string, () => void>();
  const openStream = async (h: Record<string, string>, onEvent: (event: string, data: string) => void) => {
    const abort = new AbortController();
    streams.push(abort);
    const res = await fetch(`${origin}/api/calling/events`, { headers: h, signal: abort.signal });
    if (res.status !== 200) throw new Error(`stream ${res.status}`);
    readEventStream(res.body!, onEvent);
  };
  let liveEvents = 0;
  await openStream(admin, (event) => {
    if (event === 'live') liveEvents += 1;
  });
  for (const a of agents) {
    await openStream(a.h, (event, data) => {
      if (event !== 'call') return;
      const call = JSON.parse(data) as { call_id: string; state: string };
      const now = performance.now();
      const states = seen.get(call.call_id) ?? new Map<string, number>();
      if (!states.has(call.state)) states.set(call.state, now);
      seen.set(call.call_id, states);
      waiters.get(`${call.call_id}/${call.state}`)?.();
    });
  }
  const rows = await t.database.db
    .insert(callingCalls)
    .values(agents.map((a, i) => ({ companyId: LENDER, loanId: loan.loan_id, allocationMonth: loan.allocation_month, agentId: a.userId, mode: 'click_to_call' as const, shootId: `SHBENCH${i}`, provider: 'local_simulator' as const, providerCallId: `BENCH${i}`, toNumber: '9000000000', state: 'Agent Ringing' })))
    .returning({ callId: callingCalls.callId, sid: callingCalls.providerCallId });

  /** Posts a callback and resolves with the ms until the agent's stream shows `state`. */
  const timed = (call: { callId: string; sid: string | null }, body: object, state: string) =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const key = `${call.callId}/${state}`;
      const timer = setTimeout(() => reject(new Error(`${key} never reached the screen`)), 30_000);
      waiters.set(key, () => {
        clearTimeout(timer);
        waiters.delete(key);
        resolve(seen.get(call.callId)!.get(state)! - t0);
      });
      void fetch(statusUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ CallSid: call.sid, ...body }) }).then((r) => {
        if (r.status !== 200) reject(new Error(`callback ${r.status}`));
      }, reject);
    });

  // Steady: answered callbacks at STEADY_PER_S.
  const steady: Promise<number>[] = [];
  for (const call of rows) {
    steady.push(timed(call, { EventType: 'answered' }, 'On Call'));
    await new Promise((r) => setTimeout(r, 1000 / STEADY_PER_S));
  }
  const steadyMs = await Promise.all(steady);
  // Burst: every call's terminal callback at once.
  const started = performance.now();
  const trace1 = traceOn();
  const burstMs = await Promise.all(rows.map((call) => timed(call, { EventType: 'terminal', Status: 'completed', ConversationDuration: 42 }, 'Call Ended')));
  const burstWall = performance.now() - started;
  if (trace1) console.log(describeTrace(trace1(), performance.timeOrigin + started, 'in-process burst'));

  // The same burst with the outside world in its own thread: a real provider and the agents'
  // browsers are other machines, while the in-process clients above share the server's event loop
  // (the provider's POSTs can only go out, and the agents' streams only be read, when the server is
  // between two pieces of work). The agents' streams here are closed first; the thread opens its own.
  for (const s of streams.splice(1)) s.abort();
  const second = await t.database.db
    .insert(callingCalls)
    .values(agents.map((a, i) => ({ companyId: LENDER, loanId: loan.loan_id, allocationMonth: loan.allocation_month, agentId: a.userId, mode: 'click_to_call' as const, shootId: `SHBENCHB${i}`, provider: 'local_simulator' as const, providerCallId: `BENCHB${i}`, toNumber: '9000000000', state: 'On Call', answeredAt: new Date() })))
    .returning({ callId: callingCalls.callId, sid: callingCalls.providerCallId });
  const outside = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const now = () => performance.timeOrigin + performance.now();
     const seen = new Map();
     const aborts = [];
     async function open(h) {
       const abort = new AbortController();
       aborts.push(abort);
       const res = await fetch(workerData.origin + '/api/calling/events', { headers: h, signal: abort.signal });
       if (res.status !== 200) throw new Error('stream ' + res.status);
       (async () => {
         const decoder = new TextDecoder();
         let buf = '';
         try {
           for await (const chunk of res.body) {
             buf += decoder.decode(chunk, { stream: true });
             let i;
             while ((i = buf.indexOf('\\n\\n')) >= 0) {
               const block = buf.slice(0, i);
               buf = buf.slice(i + 2);
               const event = /^event: (.*)$/m.exec(block)?.[1];
               const data = /^data: (.*)$/m.exec(block)?.[1];
               if (event !== 'call' || !data) continue;
               const call = JSON.parse(data);
               const key = call.call_id + '/' + call.state;
               if (!seen.has(key)) seen.set(key, now());
             }
           }
         } catch {}
       })();
     }
     parentPort.on('message', async (m) => {
       if (m.type === 'open') {
         for (const h of workerData.headers) await open(h);
         parentPort.postMessage('open');
       } else if (m.type === 'burst') {
         const sent = {};
         await Promise.all(m.calls.map((c) => {
           sent[c.callId] = now();
           return fetch(workerData.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ CallSid: c.sid, ...m.body }) }).then((r) => r.text());
         }));
         const deadline = Date.now() + 30000;
         while (m.calls.some((c) => !seen.has(c.callId + '/' + m.state)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
         parentPort.postMessage(m.calls.map((c) => (seen.get(c.callId + '/' + m.state) ?? Infinity) - sent[c.callId]));
         for (const a of aborts) a.abort();
       }
     });`,
    { eval: true, workerData: { origin, url: statusUrl, headers: agents.map((a) => a.h) } },
  );
  const reply = <T>() => new Promise<T>((r) => outside.once('message', r));
  outside.postMessage({ type: 'open' });
  await reply<string>();
  const trace2 = traceOn();
  arrivals.length = 0;
  const elu0 = performance.eventLoopUtilization();
  const burst2At = wall();
  outside.postMessage({ type: 'burst', calls: second, body: { EventType: 'terminal', Status: 'completed', ConversationDuration: 42 }, state: 'Call Ended' });
  const threadMs = await reply<number[]>();
  if (trace2) {
    const elu = performance.eventLoopUtilization(elu0);
    console.log(`  server event loop over the burst: ${(elu.active).toFixed(0)} ms busy of ${(elu.active + elu.idle).toFixed(0)} ms; first/last POST arrived ${(arrivals[0] - burst2At).toFixed(0)}/${(arrivals.at(-1)! - burst2At).toFixed(0)} ms`);
    console.log(describeTrace(trace2(), burst2At, 'burst from its own thread'));
    // Phases of each callback (ms from the burst's start): read by the server, its NOTIFY here, answered to the provider.
    const phase = (m: Map<string, number>, ids: (string | null)[]) => ids.map((id) => (m.get(id ?? '') ?? NaN) - burst2At).filter(Number.isFinite);
    const acc = phase(accepted, second.map((c) => c.sid));
    const not = phase(notified, second.map((c) => c.callId));
    const ans = phase(answered, second.map((c) => c.sid));
    if (acc.length && not.length && ans.length) console.log(`  phases from the burst's start: request read p50 ${pct(acc, 50).toFixed(0)} / max ${Math.max(...acc).toFixed(0)} ms; NOTIFY heard p50 ${pct(not, 50).toFixed(0)} / max ${Math.max(...not).toFixed(0)} ms; answered p50 ${pct(ans, 50).toFixed(0)} / max ${Math.max(...ans).toFixed(0)} ms`);
  }
  await outside.terminate();

  console.log(`steady ${STEADY_PER_S}/s answered → On Call on the agent's screen (${steadyMs.length}): ${fmt(steadyMs)}`);
  console.log(`burst of ${burstMs.length} terminal → Call Ended on screen: ${fmt(burstMs)} (all delivered in ${burstWall.toFixed(0)} ms)`);
  console.log(`supervisor live-view pushes: ${liveEvents} (coalesced, at most one per 250 ms)`);
  console.log(`burst of ${threadMs.length} terminal, provider and agents' streams in their own thread → Call Ended on screen: ${fmt(threadMs)}`);
  const p95 = Math.max(pct(steadyMs, 95), pct(threadMs, 95));
  console.log(`(in-process burst p95 ${pct(burstMs, 95).toFixed(1)} ms: its POSTs and stream reads wait on the server's event loop)`);
  console.log(`target p95 < 300 ms with ${AGENTS} agents: ${p95 < 300 ? 'met' : 'NOT met'} (worst p95 ${p95.toFixed(1)} ms)`);
} finally {
  for (const s of streams) s.abort();
  await t.close();
}
