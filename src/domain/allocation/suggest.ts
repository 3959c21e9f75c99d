/**
 * Territory-aware allocation suggestion (issue 5 "Portfolio assignment"): given loans with their
 * address points and a set of field executives, propose who visits which loan so that every
 * executive gets the same number of loans (at most one apart) and each one's loans lie close
 * together and close to where the executive starts.
 *
 * Algorithm: capacitated k-means. Centres start at each executive's seed (last known position,
 * else the centre of their current allocation; executives with neither get the loan farthest from
 * the centres chosen so far). Each round assigns loans greedily by regret (the loans with the most
 * to lose from their second-best centre choose first) to the nearest centre with capacity left,
 * then moves each centre to the mean of its loans; it stops when no loan changes hands (at most
 * MAX_ROUNDS). Loans without a point are dealt last to the executives with the fewest loans.
 * Distances inside the rounds use an equirectangular projection (exact enough within a district);
 * reported figures use haversine. Pure and deterministic: ties go by loan id and input order.
 */
import { haversineMetres } from '../field/geo';

export interface SuggestLoan {
  loanId: string;
  /** The address's area point (pincode / postal-area centroid), or null when unknown. */
  point: { lat: number; lng: number } | null;
}

export interface SuggestExecutive {
  userId: string;
  /** Where the executive starts: last known position or the centre of their current loans; null if unknown. */
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
  /** Located loans / loans without a point in the group. */
  located: number;
  unlocated: number;
}

/** Rounds of assignment and centre moves at most. */
export const MAX_ROUNDS = 20;

/** A point in degrees. */
export type Point = { lat: number; lng: number };

/** Squared planar distance in km² (equirectangular around `refLat`), for comparisons only. */
function planar2(a: Point, b: Point, cosRef: number): number {
  const x = (b.lng - a.lng) * cosRef * 111.32;
  const y = (b.lat - a.lat) * 110.574;
  return x * x + y * y;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Proposes an assignment of `loans` to `executives` (see the module comment).
 * @returns one group per executive, in the order given; every loan is in exactly one group, and
 *   group sizes differ by at most one
 * @throws Error when there is no executive
 */
export function suggestAllocation(loans: readonly SuggestLoan[], executives: readonly SuggestExecutive[]): SuggestedGroup[] {
  const k = executives.length;
  if (k === 0) throw new Error('At least one executive is needed');
  const sortedLoans = [...loans].sort((a, b) => (a.loanId < b.loanId ? -1 : a.loanId > b.loanId ? 1 : 0));
  const located = sortedLoans.filter((l): l is SuggestLoan & { point: Point } => l.point !== null);
  const unlocated = sortedLoans.filter((l) => l.point === null);
  const n = sortedLoans.length;
  // Balanced capacities over all loans: `extra` executives may take one more than `base`.
  const base = Math.floor(n / k);
  const extra = n % k;

  const refLat = located.length > 0 ? located.reduce((s, l) => s + l.point.lat, 0) / located.length : 0;
  const cosRef = Math.cos((refLat * Math.PI) / 180);

  // Seeds: the executives' own, then farthest-point picks among the loans for the rest.
  const centres: (Point | null)[] = executives.map((e) => e.seed);
  for (let i = 0; i < k; i += 1) {
    if (centres[i] || located.length === 0) continue;
    const chosen = centres.filter((c): c is Point => c !== null);
    let best: Point | null = null;
    let bestD = -1;
    const mean = { lat: refLat, lng: located.reduce((s, l) => s + l.point.lng, 0) / located.length };
    for (const l of located) {
      const d = chosen.length === 0 ? -planar2(l.point, mean, cosRef) : Math.min(...chosen.map((c) => planar2(l.point, c, cosRef)));
      if (d > bestD || best === null) {
        bestD = d;
        best = l.point;
      }
    }
    centres[i] = best;
  }

  let owner: Int32Array = new Int32Array(located.length).fill(-1);
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const next = assignRound(located, centres, cosRef, base, extra);
    const changed = next.some((o, i) => o !== owner[i]);
    owner = next;
    // Move each centre to the mean of its loans (a centre with no loans stays where it is).
    const sums = centres.map(() => ({ lat: 0, lng: 0, n: 0 }));
    located.forEach((l, i) => {
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

  const groups: { loanIds: string[]; points: Point[]; unlocated: number }[] = executives.map(() => ({ loanIds: [], points: [], unlocated: 0 }));
  located.forEach((l, i) => {
    groups[owner[i]].loanIds.push(l.loanId);
    groups[owner[i]].points.push(l.point);
  });
  // Loans without a point: to the executives with the fewest loans, within the balanced capacity.
  for (const l of unlocated) {
    let pick = 0;
    for (let c = 1; c < k; c += 1) if (groups[c].loanIds.length < groups[pick].loanIds.length) pick = c;
    groups[pick].loanIds.push(l.loanId);
    groups[pick].unlocated += 1;
  }

  return executives.map((e, c) => {
    const g = groups[c];
    return {
      userId: e.userId,
      loanIds: g.loanIds.sort(),
      count: g.loanIds.length,
      ...groupFigures(g.points),
      located: g.points.length,
      unlocated: g.unlocated,
    };
  });
}

/**
 * The figures of a group of located loans: centroid (mean point), spread (mean haversine distance
 * from the centroid, km, 3 decimals) and radius (the farthest loan, km). No points: centroid null,
 * 0 km. Used for the suggestion and again by the browser when the manager moves loans by hand.
 */
export function groupFigures(points: readonly Point[]): Pick<SuggestedGroup, 'centroid' | 'spreadKm' | 'radiusKm'> {
  if (points.length === 0) return { centroid: null, spreadKm: 0, radiusKm: 0 };
  const centroid = { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
  let sum = 0;
  let max = 0;
  for (const p of points) {
    const km = haversineMetres(p, centroid) / 1000;
    sum += km;
    if (km > max) max = km;
  }
  return { centroid, spreadKm: round3(sum / points.length), radiusKm: round3(max) };
}

/**
 * One assignment round: loans by regret (second-best minus best distance, largest first) take the
 * nearest centre that still has room. Capacity: `base` each, and `extra` of the centres may take
 * one more. Centres without a point (nothing located at all) are never chosen here.
 */
function assignRound(located: readonly { point: Point }[], centres: readonly (Point | null)[], cosRef: number, base: number, extra: number): Int32Array {
  const k = centres.length;
  const n = located.length;
  const dist = new Float64Array(n * k);
  const regret = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    let best = Infinity;
    let second = Infinity;
    for (let c = 0; c < k; c += 1) {
      const centre = centres[c];
      const d = centre ? planar2(located[i].point, centre, cosRef) : Infinity;
      dist[i * k + c] = d;
      if (d < best) {
        second = best;
        best = d;
      } else if (d < second) second = d;
    }
    regret[i] = Number.isFinite(second) ? Math.sqrt(second) - Math.sqrt(best) : 0;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => regret[b] - regret[a] || a - b);
  const load = new Int32Array(k);
  let extraUsed = 0;
  const owner = new Int32Array(n).fill(-1);
  for (const i of order) {
    let pick = -1;
    for (let c = 0; c < k; c += 1) {
      const room = load[c] < base || (load[c] === base && extraUsed < extra);
      if (!room) continue;
      if (pick === -1 || dist[i * k + c] < dist[i * k + pick]) pick = c;
    }
    if (load[pick] === base) extraUsed += 1;
    load[pick] += 1;
    owner[i] = pick;
  }
  return owner;
}
