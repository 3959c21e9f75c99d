/**
 * The manager's working copy of a territory suggestion (issue 5 "the manager can adjust: move
 * loans between executives, or drop an executive, and confirm → one allocate_loans operation per
 * executive"). Starts from POST /allocation/suggestions' answer; edits are pure functions that
 * return a new proposal. A group changed by hand is marked `edited` and its figures (centroid,
 * spread, radius, located / unlocated) are recomputed from the answer's `areas` with the same
 * function the server uses (domain groupFigures).
 */
import { groupFigures } from '../../../domain/allocation/suggest';
import type { AllocationSuggestion, SuggestedExecutive } from '../../../domain/contracts/allocation/suggestions';

/** An address point of the suggestion, degrees. */
export interface AreaPoint {
  latitude: number;
  longitude: number;
}

export interface ProposalGroup {
  userId: string;
  name: string;
  /** Index into the colour palette, fixed per executive so the map and table agree. */
  colour: number;
  loanIds: string[];
  /** Mean point of the group's located loans (recomputed after a move). */
  centroid: SuggestedExecutive['centroid'];
  seed: SuggestedExecutive['seed'];
  spreadKm: number;
  radiusKm: number;
  /** Mean distance of the group's located loans from the executive's base (seed), km; null without either. */
  baseKm: number | null;
  located: number;
  unlocated: number;
  /** Loans were moved in or out after the suggestion. */
  edited: boolean;
}

export interface Proposal {
  month: string;
  groups: ProposalGroup[];
  /** Loans of dropped executives: allocated to nobody unless moved to a group. */
  unassigned: string[];
  /** The reach the server used, km, and the loans it left out with their reason (issue 12). */
  maxKm: number;
  leftOut: AllocationSuggestion['left_out'];
  /** Where each located loan is (loan_id → its area point); loans without a point are absent. */
  points: ReadonlyMap<string, AreaPoint>;
}

/** The suggestion as a proposal, executives in the server's order. */
export function proposalFrom(suggestion: AllocationSuggestion): Proposal {
  const points = new Map<string, AreaPoint>();
  for (const area of suggestion.areas) {
    const at = { latitude: area.latitude, longitude: area.longitude };
    for (const id of area.loan_ids) points.set(id, at);
  }
  return {
    month: suggestion.allocation_month,
    unassigned: [],
    maxKm: suggestion.max_km,
    leftOut: suggestion.left_out,
    points,
    groups: suggestion.executives.map((e, colour) => ({
      userId: e.user_id,
      name: e.name,
      colour,
      loanIds: [...e.loan_ids],
      centroid: e.centroid,
      seed: e.seed,
      spreadKm: e.spread_km,
      radiusKm: e.radius_km,
      baseKm: e.base_km,
      located: e.located,
      unlocated: e.unlocated,
      edited: false,
    })),
  };
}

/** A group with `loanIds`, marked edited, its figures recomputed from the proposal's points. */
function regroup(p: Proposal, g: ProposalGroup, loanIds: string[]): ProposalGroup {
  const located = loanIds.flatMap((id) => {
    const at = p.points.get(id);
    return at ? [{ lat: at.latitude, lng: at.longitude }] : [];
  });
  const figures = groupFigures(located, g.seed ? { lat: g.seed.latitude, lng: g.seed.longitude } : null);
  return {
    ...g,
    loanIds,
    edited: true,
    centroid: figures.centroid ? { latitude: figures.centroid.lat, longitude: figures.centroid.lng } : null,
    spreadKm: figures.spreadKm,
    radiusKm: figures.radiusKm,
    baseKm: figures.baseKm,
    located: located.length,
    unlocated: loanIds.length - located.length,
  };
}

/** Every loan of the proposal (groups and unassigned). */
export function proposalLoans(p: Proposal): string[] {
  return [...p.groups.flatMap((g) => g.loanIds), ...p.unassigned];
}

/**
 * Moves `loanIds` (from any group or the unassigned pile) to the executive `to`, or to the
 * unassigned pile when `to` is null. Loans not in the proposal are ignored; a loan already with
 * `to` stays where it is, so its group is not marked edited for nothing.
 */
export function moveLoans(p: Proposal, loanIds: readonly string[], to: string | null): Proposal {
  if (to !== null && !p.groups.some((g) => g.userId === to)) return p;
  const destination = to === null ? new Set(p.unassigned) : new Set(p.groups.find((g) => g.userId === to)!.loanIds);
  const moving = new Set(loanIds.filter((id) => !destination.has(id)));
  const known = new Set(proposalLoans(p));
  for (const id of moving) if (!known.has(id)) moving.delete(id);
  if (moving.size === 0) return p;
  const arriving = [...moving];
  return {
    ...p,
    groups: p.groups.map((g) => {
      if (g.userId === to) return regroup(p, g, [...g.loanIds, ...arriving]);
      const kept = g.loanIds.filter((id) => !moving.has(id));
      return kept.length === g.loanIds.length ? g : regroup(p, g, kept);
    }),
    unassigned: to === null ? [...p.unassigned, ...arriving] : p.unassigned.filter((id) => !moving.has(id)),
  };
}

/** Removes the executive `userId`; their loans go to the unassigned pile. */
export function dropExecutive(p: Proposal, userId: string): Proposal {
  const group = p.groups.find((g) => g.userId === userId);
  if (!group) return p;
  return { ...p, groups: p.groups.filter((g) => g !== group), unassigned: [...p.unassigned, ...group.loanIds] };
}

/** What confirming allocates: one allocate_loans per executive with loans (empty groups send nothing). */
export function confirmations(p: Proposal): { userId: string; name: string; loanIds: string[] }[] {
  return p.groups.filter((g) => g.loanIds.length > 0).map((g) => ({ userId: g.userId, name: g.name, loanIds: g.loanIds }));
}

/** Colours of executives on the map and in the table (distinct on a light map, readable as text). */
export const GROUP_COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#c026d3', '#65a30d', '#b45309', '#475569'] as const;

/** The colour of palette slot `index` (cycles past the palette). */
export function groupColour(index: number): string {
  return GROUP_COLOURS[index % GROUP_COLOURS.length];
}
