/**
 * Field-force tracking use cases (issue 5; spec 2 /app/field-force-tracking): executives' position
 * pings, the last known position of each executive a manager may see, one executive's day trail,
 * and the live position events.
 *
 * Pings go to the day-partitioned `position_pings` (schema.ts, migration 0003): partitions are made
 * ahead (on start and every few hours, ensurePingPartitions before an insert) and the default
 * partition catches anything else. Each batch also upserts `fos_last_positions` and, when it moved
 * the executive's last position, NOTIFYs it on the positions channel in the same transaction.
 * Visibility everywhere is the caller's reports-to scope (users/service.ts reportsToScope).
 */
import type { Caller } from '../../../http/caller';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { ExecutivePosition, LastPositionsResponse, PingBody, Position, PositionEvent, TrailResponse } from '../../../../domain/contracts/field/tracking';
import type { lastPositionsQuery, pingsResponse } from '../../../../domain/contracts/field/tracking.schema';
import { countryTimeZone, localDay, localDayBounds } from '../../../../domain/common/dates';
import { detectStops, distanceKm, freshness } from '../../../../domain/field/tracking';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client';
import { badRequest, notFound } from '../../../http/errors';
import type { EventBus } from '../../../realtime/events';
import { CHANNELS } from '../../../realtime/events';
import { rowsOf } from '../../../db/sql-helpers';
import { reportsToScope, scopedMembersSubquery, scopedUsers } from '../../users/queries';
import type { ReportsToScope } from '../../../http/caller';
import { fosLastPositions, fosVisits, positionPings } from '../schema';
import type { LastPositionRow } from '../schema';
import { companyCountry } from '../../companies/queries';

/** The profession the tracking screens list unless asked for another. */
export const EXECUTIVE_PROFESSION = 'field executive';
/** A ping may be stamped at most this far in the future (phone clocks drift). */
export const MAX_CLOCK_SKEW_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** The caller's reports-to scope in their company. */
export function callerScope(db: DbOrTx, caller: Caller): Promise<ReportsToScope> {
  return reportsToScope(db, caller.companyId, caller.user, caller.roleId);
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Days back from today (UTC) for which a ping may make its day's partition: a phone that was
 * offline for up to two weeks still files its pings by day. Older days (and any day a client
 * makes up) go to the default partition, so a caller cannot make the database create a table per
 * date it names (issue 12).
 */
export const PARTITION_WINDOW_PAST_DAYS = 14;

/**
 * Makes sure the daily partitions of the UTC days of `instants` exist (ensure_position_ping_partitions),
 * for days from PARTITION_WINDOW_PAST_DAYS before `now` to tomorrow; other days are left to the
 * default partition. Cheap when they exist; run before the transaction that inserts, so no DDL
 * waits inside it.
 */
export async function ensurePingPartitions(db: DbOrTx, instants: readonly Date[], now = new Date()): Promise<void> {
  const first = utcDay(new Date(now.getTime() - PARTITION_WINDOW_PAST_DAYS * DAY_MS));
  const last = utcDay(new Date(now.getTime() + DAY_MS));
  const days = new Set(instants.map(utcDay).filter((d) => d >= first && d <= last));
  for (const d of days) await db.execute(sql`select ensure_position_ping_partitions(${d}::date, 1)`);
}

/**
 * Partition upkeep: the partitions of yesterday to three days ahead (UTC), and the drop of days
 * older than `retentionDays` (daily partitions dropped, rows of the default partition deleted). Run on start and every few hours by the tracking routes.
 * @returns partitions made and dropped
 */
export async function maintainPingPartitions(db: DbOrTx, retentionDays: number, now = new Date()): Promise<{ made: number; dropped: number }> {
  const made = rowsOf<{ n: number }>(await db.execute(sql`select ensure_position_ping_partitions(${utcDay(new Date(now.getTime() - DAY_MS))}::date, 5) as n`))[0]?.n ?? 0;
  const cutoff = utcDay(new Date(now.getTime() - retentionDays * DAY_MS));
  const dropped = rowsOf<{ n: number }>(await db.execute(sql`select drop_position_ping_partitions_before(${cutoff}::date) as n`))[0]?.n ?? 0;
  // Pings of days without their own partition (older than the window) age out with the rest.
  await db.execute(sql`delete from position_pings_default where recorded_at < ${cutoff}::date`);
  return { made: Number(made), dropped: Number(dropped) };
}

function toPosition(r: Pick<LastPositionRow, 'latitude' | 'longitude' | 'accuracyM' | 'battery' | 'source' | 'recordedAt'>): Position {
  return { latitude: r.latitude, longitude: r.longitude, accuracy_m: r.accuracyM, battery: r.battery, source: r.source, recorded_at: r.recordedAt.toISOString() };
}

/**
 * Checks a batch of pings: none stamped more than MAX_CLOCK_SKEW_MS ahead of `now`.
 * @throws 400 naming the first offending ping ('pings.3.recorded_at is in the future')
 */
export function checkPings(pings: readonly PingBody[], now = new Date()): void {
  const limit = now.getTime() + MAX_CLOCK_SKEW_MS;
  const bad = pings.findIndex((p) => Date.parse(p.recorded_at) > limit);
  if (bad >= 0) throw badRequest(`pings.${bad}.recorded_at is in the future`);
}

/**
 * Stores `pings` of `userId` (inside the caller's transaction): a ping already stored for the
 * same executive and instant is skipped; the executive's last position moves to the newest ping
 * when it is newer, and that move is NOTIFYed on the positions channel (sent at commit).
 * @returns accepted / duplicate counts and the executive's last position afterwards
 */
export async function recordPings(
  tx: DbOrTx,
  events: Pick<EventBus, 'publish'>,
  who: { companyId: string; userId: string; name: string | null },
  pings: readonly PingBody[],
): Promise<z.infer<typeof pingsResponse>> {
  const rows = pings.map((p) => ({ recorded_at: p.recorded_at, latitude: p.latitude, longitude: p.longitude, accuracy_m: p.accuracy_m, battery: p.battery, source: p.source }));
  const inserted = rowsOf(
    await tx.execute(sql`
      insert into position_pings (company_id, user_id, recorded_at, latitude, longitude, accuracy_m, battery, source)
      select ${who.companyId}, ${who.userId}, r.recorded_at, r.latitude, r.longitude, r.accuracy_m, r.battery, r.source
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(recorded_at timestamptz, latitude float8, longitude float8, accuracy_m float8, battery smallint, source text)
      on conflict (company_id, user_id, recorded_at) do nothing
      returning 1 as one`),
  ).length;
  const newest = pings.reduce((a, b) => (Date.parse(b.recorded_at) > Date.parse(a.recorded_at) ? b : a));
  const values = {
    companyId: who.companyId,
    userId: who.userId,
    recordedAt: new Date(newest.recorded_at),
    latitude: newest.latitude,
    longitude: newest.longitude,
    accuracyM: newest.accuracy_m,
    battery: newest.battery,
    source: newest.source,
  };
  const [moved] = await tx
    .insert(fosLastPositions)
    .values(values)
    .onConflictDoUpdate({
      target: [fosLastPositions.companyId, fosLastPositions.userId],
      set: { ...values, updatedAt: sql`now()` },
      setWhere: sql`${fosLastPositions.recordedAt} < excluded.recorded_at`,
    })
    .returning();
  if (moved) {
    const event: PositionEvent = { ...toPosition(moved), user_id: who.userId, name: who.name };
    await events.publish(tx, CHANNELS.positions, { company_id: who.companyId, ...event });
  }
  const [last] = moved ? [moved] : await tx.select().from(fosLastPositions).where(and(eq(fosLastPositions.companyId, who.companyId), eq(fosLastPositions.userId, who.userId)));
  return { accepted: inserted, duplicates: pings.length - inserted, last_position: last ? toPosition(last) : null };
}

/** 'min_lng,min_lat,max_lng,max_lat' → numbers. @throws 400 when min > max */
function parseBbox(bbox: string): { minLng: number; minLat: number; maxLng: number; maxLat: number } {
  const [minLng, minLat, maxLng, maxLat] = bbox.split(',').map(Number);
  if (minLng > maxLng || minLat > maxLat) throw badRequest('bbox must be min_lng,min_lat,max_lng,max_lat with min ≤ max');
  return { minLng, minLat, maxLng, maxLat };
}

/**
 * GET /api/fos/tracking/last-positions: every executive of the caller's scope (profession
 * 'field executive' unless `profession` says otherwise; narrowed by team, territory = the user's
 * location, user_id) with their last position and its freshness at `now`, and their visits checked
 * in today (company day) and how many of those are flagged. Sorted by name. With `bbox`, only
 * executives positioned inside it.
 */
export async function lastPositions(db: Db, caller: Caller, query: z.infer<typeof lastPositionsQuery>, now = new Date()): Promise<LastPositionsResponse> {
  const { companyId } = caller;
  const [scope, { country }] = await Promise.all([callerScope(db, caller), companyCountry(db, companyId)]);
  const tz = countryTimeZone(country);
  const box = query.bbox ? parseBbox(query.bbox) : null;
  const { start, end } = localDayBounds(localDay(now, tz.offsetMinutes), tz.offsetMinutes);
  const members = scopedMembersSubquery(db, companyId, scope.scope, { profession: query.profession ?? EXECUTIVE_PROFESSION, team: query.team, location: query.territory, userId: query.user_id });
  const today = (flagged: boolean) =>
    sql<number>`(select count(*) from fos_visits v where v.company_id = ${companyId} and v.user_id = ${members.userId}
      and v.checked_in_at >= ${start} and v.checked_in_at < ${end}${flagged ? sql` and v.verification_status = 'pending'` : sql``})`.mapWith(Number);
  // One query: members of the scope, their last position and today's visit counts (index probes per member).
  const rows = await db
    .select({
      userId: members.userId,
      name: members.name,
      team: members.team,
      location: members.location,
      profession: members.profession,
      roleName: members.roleName,
      position: fosLastPositions,
      visits: today(false),
      flagged: today(true),
    })
    .from(members)
    .leftJoin(fosLastPositions, and(eq(fosLastPositions.companyId, companyId), eq(fosLastPositions.userId, members.userId)))
    .where(
      box
        ? sql`${fosLastPositions.longitude} between ${box.minLng} and ${box.maxLng} and ${fosLastPositions.latitude} between ${box.minLat} and ${box.maxLat}`
        : undefined,
    )
    .orderBy(asc(members.name), asc(members.userId));
  const counts = { fresh: 0, stale: 0, offline: 0 };
  const executives: ExecutivePosition[] = rows.map((m) => {
    const p = m.position;
    const state = freshness(p ? p.recordedAt.getTime() : null, now.getTime());
    counts[state] += 1;
    return {
      user_id: m.userId,
      name: m.name,
      team: m.team,
      territory: m.location,
      profession: m.profession,
      role_name: m.roleName,
      position: p ? toPosition(p) : null,
      freshness: state,
      minutes_since: p ? Math.max(0, Math.round((now.getTime() - p.recordedAt.getTime()) / 60_000)) : null,
      visits_today: m.visits,
      visits_today_flagged: m.flagged,
    };
  });
  return { generated_at: now.toISOString(), time_zone: tz.zone, counts, executives };
}

/**
 * The member `userId` if the caller's scope sees them (the caller themself always).
 * @throws 404 'User not found' otherwise (also for users of other companies)
 */
async function visibleMember(db: Db, caller: Caller, userId: string) {
  const scope = await callerScope(db, caller);
  const [member] = await scopedUsers(db, caller.companyId, scope.scope, { userId, includeInactive: true });
  if (!member) throw notFound('User not found');
  return member;
}

/** Minutes a visit may fall outside a stop's window and still be shown at it. */
const STOP_VISIT_SLACK_MS = 2 * 60_000;

/**
 * GET /api/fos/tracking/trail: the pings of one executive's company day in time order, the
 * distance travelled (domain distanceKm), the stops (detectStops) with the visits made during
 * each, and the day's visits in order with their dispositions.
 * @throws 404 'User not found' when the caller may not see `userId`
 */
export async function dayTrail(db: Db, caller: Caller, userId: string, date: string): Promise<TrailResponse> {
  const member = await visibleMember(db, caller, userId);
  const { country } = await companyCountry(db, caller.companyId);
  const tz = countryTimeZone(country);
  const { start, end } = localDayBounds(date, tz.offsetMinutes);
  const [pings, visits] = await Promise.all([
    db
      .select()
      .from(positionPings)
      .where(and(eq(positionPings.companyId, caller.companyId), eq(positionPings.userId, userId), gte(positionPings.recordedAt, start), lt(positionPings.recordedAt, end)))
      .orderBy(asc(positionPings.recordedAt)),
    db
      .select()
      .from(fosVisits)
      .where(and(eq(fosVisits.companyId, caller.companyId), eq(fosVisits.userId, userId), gte(fosVisits.checkedInAt, start), lt(fosVisits.checkedInAt, end)))
      .orderBy(asc(fosVisits.checkedInAt)),
  ]);
  const track = pings.map((p) => ({ lat: p.latitude, lng: p.longitude, accuracyM: p.accuracyM, at: p.recordedAt.getTime() }));
  const stops = detectStops(track).map((s) => ({
    latitude: s.lat,
    longitude: s.lng,
    arrived_at: new Date(s.arrivedAt).toISOString(),
    left_at: new Date(s.leftAt).toISOString(),
    minutes: s.minutes,
    points: s.points,
    visit_ids: visits
      .filter((v) => v.checkedInAt.getTime() >= s.arrivedAt - STOP_VISIT_SLACK_MS && v.checkedInAt.getTime() <= s.leftAt + STOP_VISIT_SLACK_MS)
      .map((v) => v.visitId),
  }));
  return {
    user_id: userId,
    name: member.name,
    date,
    time_zone: tz.zone,
    points: pings.map(toPosition),
    distance_km: distanceKm(track),
    stops,
    visits: visits.map((v, i) => ({
      sequence: i + 1,
      visit_id: v.visitId,
      loan_id: v.loanId,
      checked_in_at: v.checkedInAt.toISOString(),
      disposition: v.disposition,
      latitude: v.latitude,
      longitude: v.longitude,
      distance_m: v.distanceM,
      flags: v.flags,
      verification_status: v.verificationStatus,
    })),
  };
}

/**
 * The user ids the caller may see in live events: a set, or 'company' for every member. Read when
 * a stream opens and refreshed by the stream every minute.
 */
export async function visibleUserIds(db: Db, caller: Caller): Promise<Set<string> | 'company'> {
  const scope = await callerScope(db, caller);
  if (scope.scope.kind === 'company') return 'company';
  return new Set((await scopedUsers(db, caller.companyId, scope.scope, { includeInactive: true })).map((m) => m.userId));
}

/** The last position of each of `userIds` that has one (the positions port, src/server/http/ports.ts). */
export async function lastPositionsOf(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<Map<string, { lat: number; lng: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: fosLastPositions.userId, lat: fosLastPositions.latitude, lng: fosLastPositions.longitude })
    .from(fosLastPositions)
    .where(and(eq(fosLastPositions.companyId, companyId), inArray(fosLastPositions.userId, [...userIds])));
  return new Map(rows.map((r) => [r.userId, { lat: r.lat, lng: r.lng }]));
}
