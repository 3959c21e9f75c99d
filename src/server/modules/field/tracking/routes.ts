/**
 * Routes of field-force tracking (issue 5; spec 2 /app/field-force-tracking): pings from the phone,
 * the team's last positions, a day's trail and the live stream (SSE; decision 004), served from
 * src/domain/contracts/field/tracking.ts.
 */
import type { ServerResponse } from 'node:http';
import * as tracking from '../../../../domain/contracts/field/tracking';
import { positionEvent } from '../../../../domain/contracts/field/tracking.schema';
import type { RouteGroup } from '../../../http/area';
import { callerOf } from '../../../http/caller';
import { ok } from '../../../http/envelope';
import { endpointServer } from '../../../http/route';
import { CHANNELS } from '../../../realtime/events';
import { checkPings, dayTrail, ensurePingPartitions, lastPositions, recordPings, visibleUserIds } from './service';

/** SSE comment interval that keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** How often an open stream re-reads who the viewer may see and whether the session still holds. */
const STREAM_REFRESH_MS = 60_000;

export const trackingRoutes: RouteGroup = async (app, deps) => {
  const { db, events } = deps;
  const serve = endpointServer(app, deps);
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  await serve(
    tracking.recordPings,
    async ({ req, body, idempotency }) => {
      const caller = callerOf(req);
      const who = { companyId: caller.companyId, userId: caller.user.userId, name: caller.user.name };
      return ok(await recordPings(idempotency!.tx, events, who, body.pings), 'Positions recorded');
    },
    {
      prepare: async ({ body }) => {
        checkPings(body.pings);
        await ensurePingPartitions(db, body.pings.map((p) => new Date(p.recorded_at)));
      },
    },
  );

  await serve(tracking.lastPositions, async ({ req, query }) => ok(await lastPositions(db, callerOf(req), query)));

  await serve(tracking.dayTrail, async ({ req, query }) => {
    const caller = callerOf(req);
    return ok(await dayTrail(db, caller, query.user_id ?? caller.user.userId, query.date));
  });

  await serve(tracking.positionStream, async ({ req, reply }) => {
    const caller = callerOf(req);
    const token = req.headers.authenticationtoken as string | undefined;
    let visible = await visibleUserIds(db, caller);
    reply.hijack();
    const res: ServerResponse = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 5000\n\n');
    let seq = 0;
    const unsubscribe = await events.subscribe(CHANNELS.positions, (payload) => {
      const raw = payload as { company_id?: string };
      if (raw.company_id !== caller.companyId) return;
      const parsed = positionEvent.safeParse(payload);
      if (!parsed.success) return;
      if (visible !== 'company' && !visible.has(parsed.data.user_id)) return;
      seq += 1;
      res.write(`event: position\nid: ${seq}\ndata: ${JSON.stringify(parsed.data)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), STREAM_HEARTBEAT_MS);
    const refresh = setInterval(() => {
      deps.identity.sessions
        .authenticate(token)
        .then(() => visibleUserIds(db, caller))
        .then((v) => {
          visible = v;
        })
        .catch(() => end());
    }, STREAM_REFRESH_MS);
    heartbeat.unref();
    refresh.unref();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      clearInterval(refresh);
      unsubscribe();
      streams.delete(end);
      res.end();
    };
    streams.add(end);
    req.raw.on('close', end);
    return reply;
  });
};
