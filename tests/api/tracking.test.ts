/**
 * Field-force tracking API (issue 5): pings (idempotent, duplicates skipped, day partitions), last
 * positions per the reports-to hierarchy (area manager: own area; collection head: both; admin:
 * all; executive: self; other company: nothing), a day's trail on a known path (distance, stops,
 * visits), and the live stream filtered by visibility.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutivePosition, LastPositionsResponse, TrailResponse } from '../../src/domain/contracts/field/tracking';
import { localDay } from '../../src/domain/common/dates';
import { positionPings } from '../../src/server/modules/field/schema';
import { rowsOf } from '../../src/server/db/sql-helpers';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { allocationOf, buildTeams, postVisit, type Teams, type TeamUser } from './team-helpers';

let t: TestApp;
let teams: Teams;
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  teams = await buildTeams(t.app, 'trk');
});
afterAll(async () => t?.close());

function ping(at: Date, lat: number, lng: number, over: Record<string, unknown> = {}) {
  return { latitude: lat, longitude: lng, accuracy_m: 8, recorded_at: at.toISOString(), battery: 80, ...over };
}

async function postPings(u: TeamUser, pings: unknown[], key: string | null = randomUUID()) {
  return t.app.inject({ method: 'POST', url: '/api/fos/tracking/pings', headers: { ...u.h, ...(key ? { 'idempotency-key': key } : {}) }, payload: { pings } });
}

async function positionsAs(h: Record<string, string>, query = ''): Promise<LastPositionsResponse> {
  const res = await t.app.inject({ url: `/api/fos/tracking/last-positions${query}`, headers: h });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as LastPositionsResponse;
}

const ids = (r: LastPositionsResponse) => r.executives.map((e) => e.user_id).sort();
const storedPings = async (userId: string) => (await t.database.db.select({ n: count() }).from(positionPings).where(and(eq(positionPings.companyId, LENDER), eq(positionPings.userId, userId))))[0].n;

describe('pings', () => {
  it('stores a batch once: a replay answers the first response, the same pings under a new key are duplicates', async () => {
    const fe = teams.north.executives[0];
    const now = Date.now();
    const batch = [ping(new Date(now - 3 * MIN), 19.99, 73.78), ping(new Date(now - 2 * MIN), 19.991, 73.781), ping(new Date(now - 1 * MIN), 19.992, 73.782)];
    const key = randomUUID();
    const first = await postPings(fe, batch, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ accepted: 3, duplicates: 0, last_position: { latitude: 19.992, longitude: 73.782, source: 'timer', battery: 80 } });
    const replay = await postPings(fe, batch, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const again = await postPings(fe, batch);
    expect(again.json().data).toMatchObject({ accepted: 0, duplicates: 3 });
    expect(await storedPings(fe.userId)).toBe(3);
    // An older ping does not move the last position back.
    const older = await postPings(fe, [ping(new Date(now - 30 * MIN), 19.5, 73.5)]);
    expect(older.json().data.last_position.latitude).toBe(19.992);
  });

  it('files each ping in its day partition, and refuses pings from the future or without a key', async () => {
    const fe = teams.north.executives[0];
    const rows = rowsOf<{ part: string }>(await t.database.db.execute(`select distinct tableoid::regclass::text as part from position_pings where user_id = '${fe.userId}'`));
    expect(rows.map((r) => r.part).every((p) => /^position_pings_\d{8}$/.test(p))).toBe(true);
    const future = await postPings(fe, [ping(new Date(Date.now() + 60 * MIN), 19.99, 73.78)]);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe('pings.0.recorded_at is in the future');
    const noKey = await postPings(fe, [ping(new Date(), 19.99, 73.78)], null);
    expect(noKey.statusCode).toBe(400);
    const badLat = await postPings(fe, [ping(new Date(), 123, 73.78)]);
    expect(badLat.statusCode).toBe(400);
    expect(await storedPings(fe.userId)).toBe(4);
  });

  it('makes no partition for a day outside the window: a ping of 2001 or of last year lands in the default partition', async () => {
    const fe = teams.north.executives[0];
    const partitions = async () => rowsOf<{ n: number }>(await t.database.db.execute(`select count(*)::int as n from pg_inherits where inhparent = 'position_pings'::regclass`))[0].n;
    const before = await partitions();
    const lastYear = new Date(Date.now() - 400 * 24 * 60 * MIN);
    const res = await postPings(fe, [ping(new Date('2001-01-01T10:00:00Z'), 19.99, 73.78), ping(lastYear, 19.99, 73.78)]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.accepted).toBe(2);
    expect(await partitions()).toBe(before);
    const where = rowsOf<{ part: string }>(await t.database.db.execute(`select distinct tableoid::regclass::text as part from position_pings where user_id = '${fe.userId}' and recorded_at < now() - interval '300 days'`));
    expect(where.map((r) => r.part)).toEqual(['position_pings_default']);
    const tables = rowsOf<{ n: number }>(await t.database.db.execute(`select count(*)::int as n from pg_class where relname = 'position_pings_20010101'`))[0].n;
    expect(tables).toBe(0);
  });
});

describe('last positions', () => {
  beforeAll(async () => {
    await postPings(teams.north.executives[1], [ping(new Date(Date.now() - 30 * MIN), 20.01, 73.8)]);
    await postPings(teams.south.executives[0], [ping(new Date(Date.now() - 5 * MIN), 21.1458, 79.0882)]);
  });

  it('shows an area manager only the executives under their role, with freshness', async () => {
    const north = await positionsAs(teams.north.manager.h);
    expect(ids(north)).toEqual(teams.north.executives.map((e) => e.userId).sort());
    const [fe1, fe2] = teams.north.executives.map((e) => north.executives.find((x) => x.user_id === e.userId)!);
    expect(fe1).toMatchObject({ freshness: 'fresh', team: 'trk-North', profession: 'field executive', position: { latitude: 19.992 } });
    expect(fe2.freshness).toBe('stale');
    expect(fe2.minutes_since).toBeGreaterThanOrEqual(29);
    expect(north.counts).toEqual({ fresh: 1, stale: 1, offline: 0 });
    const south = await positionsAs(teams.south.manager.h);
    expect(ids(south)).toEqual(teams.south.executives.map((e) => e.userId).sort());
    expect(south.executives.find((e) => e.user_id === teams.south.executives[1].userId)).toMatchObject({ freshness: 'offline', position: null, minutes_since: null });
  });

  it('shows the collection head both areas and the demo executive, an admin the whole company, with filters', async () => {
    const head = ids(await positionsAs(teams.head.h));
    for (const u of [...teams.north.executives, ...teams.south.executives, teams.demoFos]) expect(head).toContain(u.userId);
    const admin = await positionsAs(teams.admin);
    expect(admin.executives.length).toBeGreaterThanOrEqual(head.length);
    expect(ids(await positionsAs(teams.head.h, '?team=trk-South'))).toEqual(teams.south.executives.map((e) => e.userId).sort());
    // A box around Nagpur holds only the South executive who pinged there.
    expect(ids(await positionsAs(teams.admin, '?bbox=79.0,21.0,79.2,21.3'))).toEqual([teams.south.executives[0].userId]);
    const bad = await t.app.inject({ url: '/api/fos/tracking/last-positions?bbox=1,2,3', headers: teams.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('shows an executive only themself and another company none of them', async () => {
    const self = await positionsAs(teams.north.executives[0].h);
    expect(ids(self)).toEqual([teams.north.executives[0].userId]);
    const trust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
    const theirs = await positionsAs(trust);
    expect(theirs.executives.some((e) => e.name.includes('trk'))).toBe(false);
    const crossing = await t.app.inject({ url: '/api/fos/tracking/last-positions', headers: { ...trust, 'x-company-id': LENDER } });
    expect(crossing.statusCode).toBe(403);
    // The demo telecaller has no field_force_tracking permission.
    const telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
    const refused = await t.app.inject({ url: '/api/fos/tracking/last-positions', headers: telecaller });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.missing_permission).toEqual({ module: 'fos', action: 'field_force_tracking', access: 'read' });
  });
});

describe('trail', () => {
  // A known day (2026-01-15, IST): 20 minutes at A, 4 minutes' drive 2 km north, 30 minutes at B,
  // plus a fix with 800 m accuracy and a one-fix jump of 50 km, both to be ignored.
  const A = { lat: 19.9975, lng: 73.7898 };
  const kmNorth = 1 / 110.574;
  const at = (hh: number, mm: number) => new Date(Date.UTC(2026, 0, 15, hh, mm) - 330 * MIN);
  const jitter = (i: number) => (i % 2 === 0 ? 0.00003 : -0.00003);

  it('measures the distance and the stops of a known path, leaving out poor fixes and jumps', async () => {
    const fe = teams.north.executives[1];
    const pings = [];
    for (let m = 0; m <= 20; m += 1) pings.push(ping(at(9, m), A.lat + jitter(m), A.lng + jitter(m + 1)));
    for (let k = 1; k <= 4; k += 1) pings.push(ping(at(9, 20 + k), A.lat + 0.4 * k * kmNorth, A.lng));
    for (let m = 25; m <= 55; m += 1) pings.push(ping(at(9, m), A.lat + 2 * kmNorth + jitter(m), A.lng + jitter(m + 1)));
    pings.push(ping(new Date(at(9, 10).getTime() + 30_000), A.lat, A.lng + 0.01, { accuracy_m: 800 }));
    pings.push(ping(new Date(at(9, 40).getTime() + 30_000), A.lat + 50 * kmNorth, A.lng));
    expect((await postPings(fe, pings)).json().data.accepted).toBe(pings.length);

    const res = await t.app.inject({ url: `/api/fos/tracking/trail?user_id=${fe.userId}&date=2026-01-15`, headers: teams.north.manager.h });
    expect(res.statusCode, res.body).toBe(200);
    const trail = res.json().data as TrailResponse;
    expect(trail.points).toHaveLength(pings.length);
    expect(trail.points.map((p) => p.recorded_at)).toEqual([...trail.points.map((p) => p.recorded_at)].sort());
    expect(trail.distance_km).toBeGreaterThan(1.98);
    expect(trail.distance_km).toBeLessThan(2.03);
    expect(trail.stops).toHaveLength(2);
    expect(trail.stops.map((s) => s.minutes)).toEqual([20, 30]);
    expect(trail.stops[0].arrived_at).toBe(at(9, 0).toISOString());
    expect(trail.stops[1].latitude).toBeCloseTo(A.lat + 2 * kmNorth, 4);
    expect(trail.time_zone).toBe('Asia/Kolkata');
    // The day before has none of them.
    const before = (await t.app.inject({ url: `/api/fos/tracking/trail?user_id=${fe.userId}&date=2026-01-14`, headers: teams.north.manager.h })).json().data as TrailResponse;
    expect(before.points).toHaveLength(0);
  });

  it("shows a visit check-in as a ping and a visit of the day, and refuses another area's executive", async () => {
    const fos = teams.demoFos;
    const loan = (await allocationOf(t.app, fos)).loans[0];
    const checkedIn = new Date(Date.now() - 2 * MIN);
    const visit = await postVisit(t.app, fos, loan, { accuracy_m: 15, checked_in_at: checkedIn.toISOString() });
    const today = localDay(new Date(), 330);
    const trail = (await t.app.inject({ url: `/api/fos/tracking/trail?user_id=${fos.userId}&date=${today}`, headers: teams.head.h })).json().data as TrailResponse;
    expect(trail.points.some((p) => p.source === 'check_in' && p.recorded_at === checkedIn.toISOString())).toBe(true);
    expect(trail.visits.at(-1)).toMatchObject({ visit_id: visit.visit_id, disposition: 'Door Locked', sequence: trail.visits.length });
    const head = await positionsAs(teams.head.h);
    const me: ExecutivePosition = head.executives.find((e) => e.user_id === fos.userId)!;
    expect(me.visits_today).toBeGreaterThanOrEqual(1);
    expect(me.position?.source).toBe('check_in');

    const other = await t.app.inject({ url: `/api/fos/tracking/trail?user_id=${teams.north.executives[1].userId}&date=2026-01-15`, headers: teams.south.manager.h });
    expect(other.statusCode).toBe(404);
    const own = await t.app.inject({ url: `/api/fos/tracking/trail?date=2026-01-15`, headers: teams.north.executives[1].h });
    expect(own.statusCode).toBe(200);
    expect((own.json().data as TrailResponse).points.length).toBeGreaterThan(50);
  });
});

describe('live stream', () => {
  it('pushes the new positions of visible executives only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/fos/tracking/stream`, { headers: teams.north.manager.h, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextEvent = async (): Promise<{ event: string; data: unknown }> => {
      for (;;) {
        const blocks = buffer.split('\n\n');
        while (blocks.length > 1) {
          const block = blocks.shift()!;
          buffer = blocks.join('\n\n');
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) return { event, data: JSON.parse(data) };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    try {
      // Wait until the stream is subscribed (its first bytes are written after subscribing).
      const first = await reader.read();
      buffer += decoder.decode(first.value, { stream: true });
      await postPings(teams.south.executives[1], [ping(new Date(), 18.6, 73.9)]);
      await postPings(teams.north.executives[0], [ping(new Date(), 19.995, 73.785)]);
      const event = await Promise.race([nextEvent(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event')), 10_000))]);
      expect(event.event).toBe('position');
      expect(event.data).toMatchObject({ user_id: teams.north.executives[0].userId, latitude: 19.995, longitude: 73.785, source: 'timer' });
      expect(event.data).not.toHaveProperty('company_id');
    } finally {
      abort.abort();
    }
  });
});
