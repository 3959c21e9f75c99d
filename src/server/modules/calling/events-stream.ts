/**
 * The desk's live stream (issue 14; spec 4 socket events), GET /calling/events: Server-Sent Events
 * in place of polling. Every change of a call is NOTIFYed on `calling_events` at commit
 * (dialer-service `announce`); this stream sends the agent their call as it now is (`event: call`),
 * `event: call_moved` ({ call_id }) when a call ringing on their desk went to another agent, and,
 * to supervisors, the live view of their agents (`event: live`), recomputed at most every
 * LIVE_COALESCE_MS however many agents' calls change meanwhile.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSupervisory } from '../../../domain/calling/campaigns';
import { callerOf } from '../../http/caller';
import type { ModuleDeps } from '../../http/deps';
import { CHANNELS } from '../../realtime/events';
import { getCall } from './calls-service';
import type { CallingEvent } from './agent-routing';
import { liveStats } from './supervisor-service';

/** SSE comment interval that keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 15_000;
/** How often an open stream checks that the session still holds. */
const SESSION_CHECK_MS = 60_000;
/** A supervisor's live view is recomputed at most this often (a burst of callbacks is one read). */
export const LIVE_COALESCE_MS = 250;

/** Serves one stream until the client goes or the app closes (`streams` holds its end()). */
export async function streamCallingEvents(deps: ModuleDeps, req: FastifyRequest, reply: FastifyReply, streams: Set<() => void>): Promise<FastifyReply> {
  const { db, events, clock } = deps;
  const caller = callerOf(req);
  const token = req.headers.authenticationtoken as string | undefined;
  const supervisor = isSupervisory(caller.user);
  reply.hijack();
  const res: ServerResponse = reply.raw;
  // Headers go out with the first write, after the subscription holds: a client that sees the stream open misses nothing.
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  let seq = 0;
  let ended = false;
  const send = (event: string, data: unknown) => {
    if (ended) return;
    seq += 1;
    res.write(`event: ${event}\nid: ${seq}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  let inOrder: Promise<void> = Promise.resolve();
  let liveTimer: NodeJS.Timeout | null = null;
  const pushLive = () => {
    if (liveTimer) return;
    liveTimer = setTimeout(() => {
      liveTimer = null;
      liveStats(db, caller, clock.now()).then((live) => send('live', live), () => undefined);
    }, LIVE_COALESCE_MS);
  };
  const unsubscribe = await events.subscribe(CHANNELS.calling, (payload) => {
    const e = payload as Partial<CallingEvent>;
    if (e.company_id !== caller.companyId) return;
    if (e.agent_id === caller.user.userId && e.call_id && e.moved) {
      // The call went to another agent (unanswered within the ring time): the desk drops it at once.
      const callId = e.call_id;
      inOrder = inOrder.then(() => send('call_moved', { call_id: callId }));
    } else if (e.agent_id === caller.user.userId && e.call_id) {
      // The agent's own call: as the writer announced it, else read as their desk reads it (a call moved away by a transfer answers 404: skipped).
      const call = e.call && e.call.call_id === e.call_id ? Promise.resolve(e.call) : getCall(db, caller, e.call_id);
      // Sent in the order announced: a slow read never lands after a newer state.
      inOrder = inOrder.then(() => call).then((c) => send('call', c), () => undefined);
    }
    if (supervisor) pushLive();
  });
  res.write('retry: 3000\n\n');
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const sessionCheck = setInterval(() => void deps.identity.sessions.authenticate(token).catch(() => end()), SESSION_CHECK_MS);
  heartbeat.unref();
  sessionCheck.unref();
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    if (liveTimer) clearTimeout(liveTimer);
    unsubscribe();
    streams.delete(end);
    res.end();
  };
  streams.add(end);
  req.raw.on('close', end);
  if (supervisor) pushLive();
  return reply;
}
