/**
 * The demo field team (issue 5 "make the demo useful for these screens"): four more field
 * executives in Pune under area.manager@demo.in (role 'Field Executive', which reports to 'Area
 * Manager'), each allocated about 40 loans of the current month around their own part of the city
 * by the allocation suggestion itself (domain/allocation/suggest.ts), with today's trail (drives
 * and stops at their loans, recorded through the real ping path) and visits at those stops, some of
 * them flagged for verification. The fresh / stale / offline mix on the map is deliberate.
 * fos@demo.in keeps its own 40 loans and visits; it only gets a short trail today.
 *
 * Idempotent: does nothing once the first team executive has an allocation in the current month.
 */
import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray, notInArray } from 'drizzle-orm';
import { suggestAllocation } from '../../domain/allocation/suggest';
import type { PingBody } from '../../domain/contracts/field/tracking';
import { haversineMetres, visitFlags } from '../../domain/field/geo';
import { ptpAboveDues } from '../../domain/field/verification';
import { formatReceiptNumber } from '../../domain/field/receipt-number';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { loanAllocations } from '../modules/allocation/schema';
import { hashPassword } from '../security/passwords';
import { areaLocation } from '../geo/geocode';
import { fosReceipts, fosVisits } from '../modules/field/schema';
import { executiveCode } from '../modules/field/visits/service';
import { ensurePingPartitions, recordPings } from '../modules/field/tracking/service';
import { loanEvents, loans } from '../modules/portfolio/schema';
import { profiles, roles, userCompanies, users } from '../modules/users/schema';
import { createFileStorage } from '../storage/files';
import { DEMO_COMPANY_IN, DEMO_PASSWORD } from './demo-constants';
import { DEMO_HOME_IN, demoMonth } from './demo-portfolio';

const MIN = 60_000;
/** Seeded receipt sequences start here, far above a phone's own counter (as in demo-field.ts). */
const SEED_SEQUENCE_BASE = 900_001;
const KM_LAT = 1 / 110.574;
/** Degrees of longitude per km in Pune (a function: demo-portfolio.ts is still loading when this module is). */
const kmLng = () => 1 / (111.32 * Math.cos((DEMO_HOME_IN.lat * Math.PI) / 180));
/** A 1×1 JPEG: the seeded visits' photo. */
const PHOTO = Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64');

/**
 * The team: where in Pune each starts (km north and east of the centre) and how their day went —
 * minutes since the last ping (null: no ping today) and how many stops.
 */
export function demoTeam() {
  return [
    { email: 'fos.kothrud@demo.in', name: 'Sachin Pawar', mobile: '9876500011', north: -1, east: -6, lastPingMinutesAgo: 4, stops: 5 },
    { email: 'fos.hadapsar@demo.in', name: 'Pooja Jadhav', mobile: '9876500012', north: -2, east: 7, lastPingMinutesAgo: 9, stops: 4 },
    { email: 'fos.wakad@demo.in', name: 'Rohit More', mobile: '9876500013', north: 7, east: -5, lastPingMinutesAgo: 55, stops: 3 },
    { email: 'fos.katraj@demo.in', name: 'Amol Gaikwad', mobile: '9876500014', north: -7, east: 1, lastPingMinutesAgo: null, stops: 0 },
  ] as const;
}

type Point = { lat: number; lng: number };
const offset = (north: number, east: number): Point => ({ lat: DEMO_HOME_IN.lat + north * KM_LAT, lng: DEMO_HOME_IN.lng + east * kmLng() });

/** Dispositions of the day's visits, in stop order (amounts in paise); a visit's flags come from the same rules as the API's. */
const DAY_PLAN = [
  { disposition: 'Paid', amount: 120_000, offKm: 0, photo: true },
  { disposition: 'Promise to Pay', amount: null, offKm: 0, photo: true, ptpAboveDues: true },
  { disposition: 'Door Locked', amount: null, offKm: 4.2, photo: true },
  { disposition: 'Customer Not Available', amount: null, offKm: 0, photo: false },
  { disposition: 'Refused to Pay', amount: null, offKm: 0, photo: true },
] as const;

/**
 * Seeds the demo team (see the module comment). Needs the demo users, roles, profiles and portfolio.
 * @returns true when it wrote anything
 */
export async function seedDemoTeam(db: Db, config: AppConfig, opts: { now?: Date } = {}): Promise<boolean> {
  const now = opts.now ?? new Date();
  const month = demoMonth(now);
  const companyId = DEMO_COMPANY_IN;
  const team = demoTeam();
  const userIds = await ensureTeamUsers(db, config, team);
  if (userIds.length < team.length) return false;
  const [{ n }] = await db.select({ n: count() }).from(loanAllocations).where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.allocationMonth, month), eq(loanAllocations.userId, userIds[0])));
  if (n > 0) return false;
  const [manager] = await db.select({ id: users.userId }).from(users).where(eq(users.email, 'area.manager@demo.in'));
  const [fos] = await db.select().from(users).where(eq(users.email, 'fos@demo.in'));

  // Pune loans of the month nobody holds yet, nearest the centre first, shared out by the suggestion.
  const held = (await db.select({ loanId: loanAllocations.loanId }).from(loanAllocations).where(and(eq(loanAllocations.companyId, companyId), eq(loanAllocations.allocationMonth, month)))).map((r) => r.loanId);
  const candidates = await db
    .select({ loanId: loans.loanId, pincode: loans.pincode, city: loans.city, dues: loans.totalClaimAmountMinor })
    .from(loans)
    .where(and(eq(loans.companyId, companyId), eq(loans.allocationMonth, month), held.length > 0 ? notInArray(loans.loanId, held) : undefined));
  const placed = candidates
    .map((c) => ({ ...c, point: areaLocation('INDIA', c) }))
    .filter((c): c is typeof c & { point: Point } => c.point !== null && haversineMetres(c.point, DEMO_HOME_IN) <= DEMO_HOME_IN.radiusKm * 1000)
    .sort((a, b) => haversineMetres(a.point, DEMO_HOME_IN) - haversineMetres(b.point, DEMO_HOME_IN))
    .slice(0, 40 * team.length);
  if (placed.length === 0) return false;
  // Every placed loan is near home already; no reach cap, so the demo's day lists stay as they were.
  const { groups } = suggestAllocation(
    placed.map((p) => ({ loanId: p.loanId, point: p.point })),
    team.map((m, i) => ({ userId: userIds[i], seed: offset(m.north, m.east) })),
    { maxKm: Infinity },
  );
  const byId = new Map(placed.map((p) => [p.loanId, p]));
  await db.insert(loanAllocations).values(
    groups.flatMap((g) => g.loanIds.map((loanId) => ({ companyId, allocationMonth: month, loanId, userId: g.userId, agentType: 'fos' as const, allocatedBy: manager?.id ?? 'demo-seed' }))),
  );

  const files = createFileStorage(config);
  const quiet = { publish: async () => undefined };
  for (const [i, member] of team.entries()) {
    if (member.lastPingMinutesAgo === null) continue;
    const userId = userIds[i];
    const start = offset(member.north, member.east);
    // The day's stops: the group's loans nearest one another, starting from the executive's home.
    const stops: { loanId: string; point: Point; dues: number | null }[] = [];
    let here = start;
    const left = groups[i].loanIds.map((id) => byId.get(id)!).filter(Boolean);
    while (stops.length < member.stops && left.length > 0) {
      // Loans geocode to their PIN code's post office, so several share a point: the next stop is the
      // nearest loan at least 500 m on, when there is one.
      left.sort((a, b) => haversineMetres(a.point, here) - haversineMetres(b.point, here));
      const far = left.findIndex((l) => haversineMetres(l.point, here) >= 500);
      const next = left.splice(far >= 0 ? far : 0, 1)[0];
      stops.push({ loanId: next.loanId, point: next.point, dues: next.dues });
      here = next.point;
    }
    const { pings, arrivals } = dayTrack(start, stops.map((s) => s.point), now.getTime() - member.lastPingMinutesAgo * MIN, i);
    await ensurePingPartitions(db, pings.map((p) => new Date(p.recorded_at)));
    for (let k = 0; k < pings.length; k += 200) await recordPings(db, quiet, { companyId, userId, name: member.name }, pings.slice(k, k + 200));
    const [row] = await db.select().from(users).where(eq(users.userId, userId));
    const code = executiveCode(row);
    for (const [s, stop] of stops.entries()) {
      await seedVisit(db, files, { companyId, month, userId, receiptNumber: formatReceiptNumber(code, SEED_SEQUENCE_BASE + s) }, stop, DAY_PLAN[s % DAY_PLAN.length], new Date(arrivals[s] + 3 * MIN));
    }
  }
  // fos@demo.in: a short trail this morning, no visits (its field-app day stays as issue 4 seeded it).
  if (fos) {
    const { pings } = dayTrack(offset(0.5, 0.5), [offset(0.2, 0.2), offset(-0.3, 0.4)], now.getTime() - 6 * MIN, 7);
    await ensurePingPartitions(db, pings.map((p) => new Date(p.recorded_at)));
    await recordPings(db, quiet, { companyId, userId: fos.userId, name: fos.name }, pings);
  }
  return true;
}

/** The team's user ids (in demoTeam order), creating the missing users in the demo lender. */
async function ensureTeamUsers(db: Db, config: AppConfig, team: ReturnType<typeof demoTeam>): Promise<string[]> {
  const [role] = await db.select({ id: roles.roleId }).from(roles).where(and(eq(roles.companyId, DEMO_COMPANY_IN), eq(roles.roleName, 'Field Executive')));
  const [profile] = await db.select({ id: profiles.profileId }).from(profiles).where(and(eq(profiles.companyId, DEMO_COMPANY_IN), eq(profiles.profileName, 'Field Executive')));
  if (!role || !profile) return [];
  const existing = await db.select({ id: users.userId, email: users.email }).from(users).where(inArray(users.email, team.map((m) => m.email)));
  const ids = new Map(existing.map((u) => [u.email, u.id]));
  let passwordHash: string | null = null;
  for (const m of team) {
    if (ids.has(m.email)) continue;
    passwordHash ??= await hashPassword(config, DEMO_PASSWORD);
    const [row] = await db
      .insert(users)
      .values({ email: m.email, name: m.name, userType: 'user', profession: 'field executive', passwordHash, team: 'Field', location: 'Pune', mobile: m.mobile, clientEmployeeId: `EMP-${m.email.split('@')[0].replace(/\W/g, '').toUpperCase()}` })
      .returning({ id: users.userId });
    await db.insert(userCompanies).values({ companyId: DEMO_COMPANY_IN, userId: row.id, profileId: profile.id, roleId: role.id }).onConflictDoNothing();
    ids.set(m.email, row.id);
  }
  return team.map((m) => ids.get(m.email)).filter((id): id is string => id !== undefined);
}

/**
 * A day ending at `endMs`: 18 minutes at each stop (a ping every 2 minutes, a few metres of GPS
 * jitter) and drives between them at about 20 km/h (a ping every 2 minutes), from `start`.
 * @returns the pings and each stop's arrival time (ms)
 */
function dayTrack(start: Point, stops: Point[], endMs: number, salt: number): { pings: PingBody[]; arrivals: number[] } {
  const points: { p: Point; dwell: boolean }[] = [];
  const arrivalIndex: number[] = [];
  let here = start;
  const route = stops.length > 0 ? stops : [start];
  for (const stop of route) {
    const km = haversineMetres(here, stop) / 1000;
    const legMinutes = Math.max(2, Math.round((km / 20) * 60));
    for (let m = 2; m < legMinutes; m += 2) {
      const f = m / legMinutes;
      points.push({ p: { lat: here.lat + (stop.lat - here.lat) * f, lng: here.lng + (stop.lng - here.lng) * f }, dwell: false });
    }
    arrivalIndex.push(points.length);
    for (let m = 0; m <= 18; m += 2) points.push({ p: { lat: stop.lat + jitter(salt + m) * KM_LAT * 0.01, lng: stop.lng + jitter(salt + m + 1) * kmLng() * 0.01 }, dwell: true });
    here = stop;
  }
  const first = endMs - (points.length - 1) * 2 * MIN;
  const arrivals = arrivalIndex.map((k) => first + k * 2 * MIN);
  const pings = points.map((x, k) => {
    return {
      latitude: x.p.lat,
      longitude: x.p.lng,
      accuracy_m: 8 + Math.abs(jitter(salt + k)) * 10,
      recorded_at: new Date(first + k * 2 * MIN).toISOString(),
      battery: Math.max(15, 95 - Math.floor(k / 3)),
      source: 'timer' as const,
    };
  });
  return { pings, arrivals };
}

/** A deterministic wobble in [-1, 1]. */
const jitter = (k: number) => Math.sin(k * 12.9898) - Math.trunc(Math.sin(k * 12.9898));

/** A visit at a stop (photo in file storage when the plan has one), flagged by the API's own rules, with its timeline event. */
async function seedVisit(
  db: Db,
  files: ReturnType<typeof createFileStorage>,
  ctx: { companyId: string; month: string; userId: string; receiptNumber: string },
  stop: { loanId: string; point: Point; /** Total dues in paise. */ dues: number | null },
  plan: (typeof DAY_PLAN)[number],
  checkedInAt: Date,
): Promise<void> {
  const visitId = randomUUID();
  const at = plan.offKm > 0 ? { lat: stop.point.lat + plan.offKm * KM_LAT, lng: stop.point.lng } : stop.point;
  const photoKeys = plan.photo ? [(await files.put(`field/${ctx.companyId}/visits/${visitId}/1.jpg`, PHOTO)).key] : [];
  const ptp = plan.disposition === 'Promise to Pay' ? { ptpDate: new Date(checkedInAt.getTime() + 5 * 86_400_000).toISOString().slice(0, 10), ptpAmountMinor: (stop.dues ?? 500_000) + ('ptpAboveDues' in plan ? 250_000 : 0) } : { ptpDate: null, ptpAmountMinor: null };
  const { flags, distance_m } = visitFlags({ latitude: at.lat, longitude: at.lng, accuracy_m: 12, photo_count: photoKeys.length }, stop.point);
  if (ptp.ptpAmountMinor !== null && ptpAboveDues(ptp.ptpAmountMinor, stop.dues)) flags.push('ptp_above_dues');
  await db.insert(fosVisits).values({
    visitId,
    companyId: ctx.companyId,
    idempotencyKey: `seed-${visitId}`,
    userId: ctx.userId,
    loanId: stop.loanId,
    allocationMonth: ctx.month,
    latitude: at.lat,
    longitude: at.lng,
    accuracyM: 12,
    checkedInAt,
    personMet: plan.disposition === 'Door Locked' || plan.disposition === 'Customer Not Available' ? 'No one' : 'Borrower',
    disposition: plan.disposition,
    amountCollectedMinor: plan.amount,
    ...ptp,
    remarks: '',
    receiptNumber: plan.amount !== null ? ctx.receiptNumber : null,
    photoKeys,
    distanceM: distance_m,
    flags,
    verificationStatus: flags.length > 0 ? 'pending' : 'not_required',
  });
  if (plan.amount !== null) {
    // Cash collected today, not deposited yet (the dashboard's undeposited cash).
    await db.insert(fosReceipts).values({
      companyId: ctx.companyId,
      idempotencyKey: `seed-${randomUUID()}`,
      userId: ctx.userId,
      receiptNumber: ctx.receiptNumber,
      loanId: stop.loanId,
      allocationMonth: ctx.month,
      amountMinor: plan.amount,
      paymentMode: 'cash',
      payerName: 'Borrower',
      collectedAt: checkedInAt,
    });
  }
  await db.insert(loanEvents).values({ companyId: ctx.companyId, loanId: stop.loanId, allocationMonth: ctx.month, kind: 'visit', module: 'fos', remark: plan.disposition, details: { visit_id: visitId, disposition: plan.disposition, flags }, authorId: ctx.userId, createdAt: checkedInAt });
}
