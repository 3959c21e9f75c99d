/**
 * Field-force tracking routes under /api/fos (issue 5; spec 2 /app/field-force-tracking, spec 7
 * agent tracking service): position pings from the phone, last known positions, a day's trail and
 * the live stream (Server-Sent Events). Reads need fos › field_force_tracking (read); pings are the
 * executive's own, posted with fos › visits (write) like every other field-app write.
 *
 * Also keeps the daily partitions of position_pings made ahead (on start and every 6 hours) and
 * ends open streams when the app closes. Owns the set of open streams of this process.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lastPositionsQuery, lastPositionsResponse, pingsBody, pingsResponse, positionEvent, trailQuery, trailResponse } from '../../../domain/contracts/field';
import { companyQuery } from '../../../domain/contracts/envelope';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { idempotencyKeyOf, requestHash, runIdempotent } from '../../http/idempotency';
import { CHANNELS } from '../../realtime/events';
import { authenticate } from '../auth/service';
import { idempotencyHeaders, callerOf } from './routes';
import { checkPings, dayTrail, ensurePingPartitions, lastPositions, maintainPingPartitions, recordPings, visibleUserIds } from './tracking';

const TRACKING_READ = { access: 'company', permission: { module: 'fos', action: 'field_force_tracking', access: 'read' } satisfies PermissionRequirement } as const;
const PINGS_WRITE = { access: 'company', permission: { module: 'fos', action: 'visits', access: 'write' } satisfies PermissionRequirement } as const;

/** Partition upkeep interval. */
const MAINTENANCE_MS = 6 * 3_600_000;
/** SSE comment interval that keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 15_000;
/** How often an open stream re-reads who the viewer may see and whether the session still holds. */
const STREAM_REFRESH_MS = 60_000;

export const trackingRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, events, config } = deps;
  const streams = new Set<() => void>();
  let timer: NodeJS.Timeout | null = null;

  app.addHook('onReady', async () => {
    const upkeep = () => maintainPingPartitions(db, config.trackingRetentionDays).catch((err: unknown) => app.log.error({ err }, 'position ping partition upkeep failed'));
    await upkeep();
    timer = setInterval(() => void upkeep(), MAINTENANCE_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    for (const end of [...streams]) end();
  });

  app.post(
    '/tracking/pings',
    {
      config: PINGS_WRITE,
      schema: {
        tags: ['fos'],
        summary: "Record the signed-in executive's positions (a batch of up to 500 pings); idempotent by Idempotency-Key",
        description: 'A ping already stored for the executive at the same recorded_at is counted in `duplicates` and not stored again.',
        headers: idempotencyHeaders,
        querystring: companyQuery,
        body: pingsBody,
        response: okResponse(pingsResponse),
      },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const key = idempotencyKeyOf(req);
      checkPings(req.body.pings);
      await ensurePingPartitions(db, req.body.pings.map((p) => new Date(p.recorded_at)));
      const who = { companyId: caller.companyId, userId: caller.user.userId, name: caller.user.name };
      return runIdempotent(db, reply, { companyId: caller.companyId, userId: caller.user.userId, route: 'POST /api/fos/tracking/pings', key }, requestHash(req.body), async (tx) => ({
        status: 200,
        body: ok(await recordPings(tx, events, who, req.body.pings), 'Positions recorded'),
      }));
    },
  );

  app.get(
    '/tracking/last-positions',
    {
      config: TRACKING_READ,
      schema: {
        tags: ['fos'],
        summary: 'Last known position of each executive the caller may see (reports-to scope), with freshness and visits today',
        querystring: lastPositionsQuery,
        response: okResponse(lastPositionsResponse),
      },
    },
    async (req) => ok(await lastPositions(db, callerOf(req), req.query)),
  );

  app.get(
    '/tracking/trail',
    {
      config: TRACKING_READ,
      schema: {
        tags: ['fos'],
        summary: "One executive's day: ordered points, distance travelled, stops with time spent, visits in order",
        querystring: trailQuery,
        response: okResponse(trailResponse),
      },
    },
    async (req) => {
      const caller = callerOf(req);
      return ok(await dayTrail(db, caller, req.query.user_id ?? caller.user.userId, req.query.date));
    },
  );

  app.get(
    '/tracking/stream',
    {
      config: TRACKING_READ,
      schema: {
        tags: ['fos'],
        summary: 'Live positions (Server-Sent Events) of the executives the caller may see',
        description:
          '`text/event-stream`: `event: position` with a PositionEvent JSON as data for every new last position; `: ping` comments every 15 s. ' +
          'Authenticated by the authenticationtoken and X-Company-ID headers like every route: read it with fetch streaming, not EventSource (docs/decisions/004).',
        querystring: companyQuery,
        response: { 200: z.string().meta({ description: 'text/event-stream' }) },
      },
    },
    async (req, reply) => {
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
        authenticate(db, config, token)
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
    },
  );
};
