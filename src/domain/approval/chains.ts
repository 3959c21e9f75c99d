/**
 * Approval chains (issue 16 "Approvals"): pure rules shared by server and web. A company keeps one
 * chain per request type; a chain is an ordered list of levels, each decided by a role (or any role
 * above it in the reports-to tree), by the maker's superiors in that tree, or by the central
 * approval team. A level with a threshold (amount in minor units, waiver in percent) applies only
 * to requests above it, so a large waiver adds a level (e.g. above 20 % the collection head).
 */
import { type RoleLink } from '../users/hierarchy';

/** Request types an approval may be asked for (issue 16); later areas append theirs. */
export const APPROVAL_REQUEST_TYPES = ['settlement', 'waiver', 'change_request', 'repossession_initiation', 'repossession_release', 'legal_escalation'] as const;
export type ApprovalRequestType = (typeof APPROVAL_REQUEST_TYPES)[number];

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_DECISIONS = ['approved', 'rejected'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** What happened to a request, in its audit trail. */
export const APPROVAL_EVENT_KINDS = ['submitted', 'approved', 'rejected', 'escalated', 'auto_approved'] as const;
export type ApprovalEventKind = (typeof APPROVAL_EVENT_KINDS)[number];

/** Who decides a level. `reports_to` depth 1: the maker's direct superior's role or any role above it. */
export type ApproverRule = { kind: 'role'; role_id: string } | { kind: 'reports_to'; depth: number } | { kind: 'central_team' };
export const APPROVER_KINDS = ['role', 'reports_to', 'central_team'] as const;

/** One level of a chain as configured. Amounts in minor units (paise, sen); sla in hours. */
export interface ChainLevel {
  name: string;
  approver: ApproverRule;
  /** The level applies only when the request's amount is above this (null: no amount condition). */
  min_amount_minor: number | null;
  /** The level applies only when the implied waiver is above this percent (null: no waiver condition). */
  min_waiver_pct: number | null;
  sla_hours: number;
}

/** At most this many levels in a chain. */
export const MAX_CHAIN_LEVELS = 8;

/** A level as a request snapshots it: the roles that may decide it, resolved when the request was made. */
export interface RequestLevel {
  name: string;
  approver: ApproverRule;
  sla_hours: number;
  /** Roles whose members may decide (the rule's role and every role above it); empty for central_team. */
  role_ids: string[];
  /** Decided by the central approval team (central_team levels). */
  central: boolean;
}

/**
 * The levels of `chain` a request must pass: those without threshold, and those whose amount or
 * waiver threshold the request exceeds (either condition suffices when both are set).
 */
export function applicableLevels(chain: readonly ChainLevel[], request: { amountMinor?: number | null; waiverPct?: number | null }): ChainLevel[] {
  return chain.filter((l) => {
    if (l.min_amount_minor === null && l.min_waiver_pct === null) return true;
    const byAmount = l.min_amount_minor !== null && request.amountMinor != null && request.amountMinor > l.min_amount_minor;
    const byWaiver = l.min_waiver_pct !== null && request.waiverPct != null && request.waiverPct > l.min_waiver_pct;
    return byAmount || byWaiver;
  });
}

/** The roles above `roleId` in the reports-to tree, nearest first (not `roleId` itself). Cycles cannot loop. */
export function rolesAbove(roles: readonly RoleLink[], roleId: string | null): string[] {
  const parent = new Map(roles.map((r) => [r.roleId, r.reportsToRoleId]));
  const out: string[] = [];
  const seen = new Set<string>(roleId ? [roleId] : []);
  let next = roleId ? (parent.get(roleId) ?? null) : null;
  while (next && !seen.has(next)) {
    out.push(next);
    seen.add(next);
    next = parent.get(next) ?? null;
  }
  return out;
}

/** The roles that may decide a level for a maker holding `makerRoleId`. */
export function levelRoles(rule: ApproverRule, makerRoleId: string | null, roles: readonly RoleLink[]): string[] {
  if (rule.kind === 'role') return [rule.role_id, ...rolesAbove(roles, rule.role_id)];
  if (rule.kind === 'reports_to') return rolesAbove(roles, makerRoleId).slice(Math.max(0, rule.depth - 1));
  return [];
}

/** Snapshots the applicable levels of a request. */
export function requestLevels(chain: readonly ChainLevel[], request: { amountMinor?: number | null; waiverPct?: number | null }, makerRoleId: string | null, roles: readonly RoleLink[]): RequestLevel[] {
  return applicableLevels(chain, request).map((l) => ({ name: l.name, approver: l.approver, sla_hours: l.sla_hours, role_ids: levelRoles(l.approver, makerRoleId, roles), central: l.approver.kind === 'central_team' }));
}

/** Who wants to decide. */
export interface Decider {
  userId: string;
  roleId: string | null;
  /** chief_admin … super_user: the top of every company's ranks. */
  adminLevel: boolean;
  /** Member of the company's central approval team. */
  centralMember: boolean;
}

export const OWN_REQUEST_MESSAGE = 'You cannot approve your own request';
export const ABOVE_RANK_MESSAGE = 'This request is above your rank';

/**
 * Whether `decider` may decide `level` of a request made by `makerUserId` (holding `makerRoleId`):
 * never the maker; never someone whose role is below the maker's; admin-level users always; the
 * central team for central levels, and for every level when the company has central approval
 * configured; otherwise a member of one of the level's roles.
 * @returns null when allowed, else the refusal message
 */
export function refusal(level: RequestLevel, maker: { userId: string; roleId: string | null }, decider: Decider, roles: readonly RoleLink[], centralConfigured: boolean): string | null {
  if (decider.userId === maker.userId) return OWN_REQUEST_MESSAGE;
  if (decider.adminLevel) return null;
  if (maker.roleId && decider.roleId && rolesAbove(roles, decider.roleId).includes(maker.roleId)) return ABOVE_RANK_MESSAGE;
  if (decider.centralMember && (level.central || centralConfigured)) return null;
  if (decider.roleId && level.role_ids.includes(decider.roleId)) return null;
  return ABOVE_RANK_MESSAGE;
}

/** Implied waiver in percent (two decimals) of settling `claimMinor` for `settlementMinor`. */
export function waiverPct(claimMinor: number, settlementMinor: number): number {
  if (claimMinor <= 0) return 0;
  return Math.round(((claimMinor - settlementMinor) / claimMinor) * 10_000) / 100;
}

/**
 * Where an overdue level goes (issue 16 "SLAs with escalation"): to the approvers one rank up —
 * the level's approving roles without the lowest (role_ids run from the level's own role up the
 * reports-to tree, nearest first) — or, when no role is above, to the central approval team.
 * @returns null when the level is already the central team's (nobody above it; admins may decide any level)
 */
export function escalationTarget(level: Pick<RequestLevel, 'role_ids' | 'central'>): { role_ids: string[]; central: boolean } | null {
  if (level.role_ids.length > 1) return { role_ids: level.role_ids.slice(1), central: false };
  if (level.central && level.role_ids.length === 0) return null;
  return { role_ids: [], central: true };
}
