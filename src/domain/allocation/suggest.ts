/**
 * Territory-aware allocation suggestion (issue 5 "Portfolio assignment"; issue 12 "cap the distance,
 * say why a loan is left out"): given loans with their address points and a set of field
 * executives, propose who visits which loan so that each executive's loans lie within `maxKm` of
 * where they start (their base), close together, and counts are as even as the reach allows.
 *
 * Left out, with a reason: loans without an address point ('no_location'), loans farther than
 * `maxKm` from every executive's base ('out_of_range', with the nearest base's distance), and every
 * located loan when no chosen executive has a base ('no_executive_base'). An executive without a
 * base (no last position, no loans this month) is given nothing: sending them to a loan picked
 * anywhere is what sent Pune executives to Bihar.
 *
 * Algorithm: capacitated k-means. Centres start at the bases. Each round assigns the loans in reach
 * greedily by regret (the loans with the most to lose from their second-best centre choose first)
 * to the nearest centre in reach with capacity left (the nearest in reach when none has room:
 * reach beats balance), then moves each centre to the mean of its loans; it stops when no loan
 * changes hands (at most MAX_ROUNDS). Reach is always measured from the base, not the moving
 * centre. Distances inside the rounds use an equirectangular projection (exact enough within a
 * district); reach and reported figures use haversine. Pure and deterministic: ties go by loan id
 * and input order.
 */
import { haversineMetres } from '../field/geo';
import { compareCodeUnits } from '../common/compare';

export interface SuggestLoan {
  loanId: string;
  /** The address's area point (pincode / postal-area centroid), or null when unknown. */
  point: { lat: number; lng: number } | null;
}

export interface SuggestExecutive {
  userId: string;
  /** Where the executive starts (base): last known position or the centre of their current loans; null if unknown. */
  seed: { lat: number; lng: number } | null;
}

export interface SuggestedGroup {
  userId: string;
  loanIds: string[];
  count: number;
  /** Mean point of the group's located loans; null when none is located. */
  centroid: { lat: number; lng: number } | null;
  /** Mean distance of the group's located loans from the centroid, km (3 decimals). */
  spreadKm: number;
  /** Largest distance of a located loan from the centroid, km (3 decimals). */
  radiusKm: number;
  /** Mean distance of the group's located loans from the executive's base, km (3 decimals); null without a base or loans. */
  baseKm: number | null;
  /** Located loans / loans without a point in the group. */
  located: number;
  unlocated: number;
}

/** Why a loan is left out of the suggestion. */
export const LEFT_OUT_REASONS = ['no_location', 'out_of_range', 'no_executive_base'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export interface LeftOutLoan {
  loanId: string;
  reason: LeftOutReason;
  /** 'out_of_range': the distance to the nearest executive's base, km (1 decimal); else null. */
  nearestKm: number | null;
}

export interface Suggestion {
  /** One group per executive, in the order given. */
  groups: SuggestedGroup[];
  /** The loans no executive was given, by loan id. */
  leftOut: LeftOutLoan[];
}

/** Rounds of assignment and centre moves at most. */
export const MAX_ROUNDS = 20;
/** How far from their base an executive is sent by default, km (issue 12). */
export const DEFAULT_SUGGESTION_MAX_KM = 50;
/** The largest reach a request may ask for, km. */
export const SUGGESTION_MAX_KM_LIMIT = 300;

/** A point in degrees. */
export type Point = { lat: number; lng: number };

/** Squared planar distance in km² (equirectangular around `refLat`), for comparisons only. */
function planar2(a: Point, b: Point, cosRef: number): number {
  const x = (b.lng - a.lng) * cosRef * 111.32;
  const y = (b.lat - a.lat) * 110.574;
  return x * x + y * y;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const km = (a: Point, b: Point) => haversineMetres(a, b) / 1000;

/**
 * Proposes an assignment of `loans` to `executives` (see the module comment).
 * @param options.maxKm the farthest a loan may be from its executive's base, km (default DEFAULT_SUGGESTION_MAX_KM)
 * @returns one group per executive in the order given, and the loans left out with their reason;
 *   every loan is in exactly one group or left out
 * @throws Error when there is no executive
 */
export function suggestAllocation(loans: readonly SuggestLoan[], executives: readonly SuggestExecutive[], options: { maxKm?: number } = {}): Suggestion {
  const k = executives.length;
  if (k === 0) throw new Error('At least one executive is needed');
  const maxKm = options.maxKm ?? DEFAULT_SUGGESTION_MAX_KM;
  const sortedLoans = [...loans].sort((a, b) => compareCodeUnits(a.loanId, b.loanId));
  const leftOut: LeftOutLoan[] = [];
  const bases = executives.map((e) => e.seed);
  const anyBase = bases.some((b) => b !== null);

  // Which bases each located loan is in reach of (haversine, km); the rest are left out with why.
  const inReach: { loanId: string; point: Point; reach: Float64Array }[] = [];
  for (const l of sortedLoans) {
    if (l.point === null) {
      leftOut.push({ loanId: l.loanId, reason: 'no_location', nearestKm: null });
      continue;
    }
    if (!anyBase) {
      leftOut.push({ loanId: l.loanId, reason: 'no_executive_base', nearestKm: null });
      continue;
    }
    const reach = new Float64Array(k);
    let nearest = Infinity;
    for (let c = 0; c < k; c += 1) {
      const base = bases[c];
      const d = base ? km(l.point, base) : Infinity;
      reach[c] = d <= maxKm ? d : Infinity;
      if (d < nearest) nearest = d;
    }
    if (nearest > maxKm) leftOut.push({ loanId: l.loanId, reason: 'out_of_range', nearestKm: Math.round(nearest * 10) / 10 });
    else inReach.push({ loanId: l.loanId, point: l.point, reach });
  }

  const n = inReach.length;
  // Balanced capacities over the loans in reach, among the executives with a base.
  const based = bases.filter((b) => b !== null).length;
  const capBase = based > 0 ? Math.floor(n / based) : 0;
  const extra = based > 0 ? n % based : 0;
  const refLat = n > 0 ? inReach.reduce((s, l) => s + l.point.lat, 0) / n : 0;
  const cosRef = Math.cos((refLat * Math.PI) / 180);

  const centres: (Point | null)[] = [...bases];
  let owner: Int32Array = new Int32Array(n).fill(-1);
  for (let round = 0; round < MAX_ROUNDS && n > 0; round += 1) {
    const next = assignRound(inReach, centres, cosRef, capBase, extra);
    const changed = next.some((o, i) => o !== owner[i]);
    owner = next;
    // Move each centre to the mean of its loans (a centre with no loans stays where it is).
    const sums = centres.map(() => ({ lat: 0, lng: 0, n: 0 }));
    inReach.forEach((l, i) => {
      const s = sums[owner[i]];
      s.lat += l.point.lat;
      s.lng += l.point.lng;
      s.n += 1;
    });
    sums.forEach((s, c) => {
      if (s.n > 0) centres[c] = { lat: s.lat / s.n, lng: s.lng / s.n };
    });
    if (!changed) break;
  }

  const groups: { loanIds: string[]; points: Point[] }[] = executives.map(() => ({ loanIds: [], points: [] }));
  inReach.forEach((l, i) => {
    groups[owner[i]].loanIds.push(l.loanId);
    groups[owner[i]].points.push(l.point);
  });

  return {
    leftOut,
    groups: executives.map((e, c) => {
      const g = groups[c];
      return {
        userId: e.userId,
        loanIds: g.loanIds.sort(),
        count: g.loanIds.length,
        ...groupFigures(g.points, e.seed),
        located: g.points.length,
        unlocated: 0,
      };
    }),
  };
}

/**
 * The figures of a group of located loans: centroid (mean point), spread (mean haversine distance
 * from the centroid, km, 3 decimals), radius (the farthest loan, km) and, with the executive's
 * base, the mean distance from it (km; how far the executive travels, which the spread alone hides:
 * loans sharing one pincode point 1,400 km away have a spread of 0). No points: centroid null,
 * 0 km, baseKm null. Used for the suggestion and again by the browser when the manager moves loans.
 */
export function groupFigures(points: readonly Point[], base: Point | null = null): Pick<SuggestedGroup, 'centroid' | 'spreadKm' | 'radiusKm' | 'baseKm'> {
  if (points.length === 0) return { centroid: null, spreadKm: 0, radiusKm: 0, baseKm: null };
  const centroid = { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
  let sum = 0;
  let max = 0;
  for (const p of points) {
    const km = haversineMetres(p, centroid) / 1000;
    sum += km;
    if (km > max) max = km;
  }
  const baseKm = base ? round3(points.reduce((s, p) => s + km(p, base), 0) / points.length) : null;
  return { centroid, spreadKm: round3(sum / points.length), radiusKm: round3(max), baseKm };
}

/**
 * One assignment round: loans by regret (second-best minus best distance among the centres in
 * reach, largest first) take the nearest centre in reach that still has room, else the nearest in
 * reach. Capacity: `base` each, and `extra` of the centres may take one more. Every loan given has
 * at least one centre in reach (a finite `reach`), and a centre in reach has a base, so a point.
 */
function assignRound(loans: readonly { point: Point; reach: Float64Array }[], centres: readonly (Point | null)[], cosRef: number, base: number, extra: number): Int32Array {
  const k = centres.length;
  const n = loans.length;
  const dist = new Float64Array(n * k);
  const regret = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let best = Infinity;
    let second = Infinity;
    for (let c = 0; c < k; c += 1) {
      const centre = centres[c];
      const d = centre && Number.isFinite(loans[i].reach[c]) ? planar2(loans[i].point, centre, cosRef) : Infinity;
      dist[i * k + c] = d;
      if (d < best) {
        second = best;
        best = d;
      } else if (d < second) second = d;
    }
    // A loan only one executive reaches chooses first: it has nowhere else to go.
    regret[i] = Number.isFinite(second) ? Math.sqrt(second) - Math.sqrt(best) : Number.MAX_VALUE;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => regret[b] - regret[a] || a - b);
  const load = new Int32Array(k);
  let extraUsed = 0;
  const owner = new Int32Array(n).fill(-1);
  for (const i of order) {
    let pick = -1;
    let nearest = -1;
    for (let c = 0; c < k; c += 1) {
      const d = dist[i * k + c];
      if (!Number.isFinite(d)) continue;
      if (nearest === -1 || d < dist[i * k + nearest]) nearest = c;
      const room = load[c] < base || (load[c] === base && extraUsed < extra);
      if (room && (pick === -1 || d < dist[i * k + pick])) pick = c;
    }
    if (pick === -1) pick = nearest;
    else if (load[pick] === base) extraUsed += 1;
    load[pick] += 1;
    owner[i] = pick;
  }
  return owner;
}
