/**
 * Bulk loan operations (spec 2 bulk tab "loan operations", spec 4 "Loan operations default"
 * statuses and termination; issue 5 "Portfolio assignment"): the operation types, who an agent is
 * for an allocation, and the per-loan rule that decides whether an operation applies to a loan or
 * why it fails (the reason goes to the error file).
 */
import type { Profession } from '../users/permissions';
import { LOAN_OPERATION_STATUSES } from './termination';

/**
 * Operation types (spec 4 terminable list spelled in snake_case): allocate (also via an Excel/CSV
 * file of loan → agent), deallocate, move from one agent to another, add and delete tags, archive
 * and unarchive.
 */
export const LOAN_OPERATION_TYPES = [
  'allocate_loans',
  'allocate_loans_via_excel',
  'deallocate_loans',
  'move_loans',
  'add_tags',
  'delete_tags',
  'archive_loans',
  'unarchive_loans',
] as const;
export type LoanOperationType = (typeof LOAN_OPERATION_TYPES)[number];

/** Spec 4 statuses plus 'cancelled', which a terminated operation ends in (like imports). */
export const LOAN_OPERATION_RECORD_STATUSES = [...LOAN_OPERATION_STATUSES, 'cancelled'] as const;
export type LoanOperationStatus = (typeof LOAN_OPERATION_RECORD_STATUSES)[number];

/** Kinds of agents a loan is allocated to in a month: one field executive (fos) and one telecaller. */
export const AGENT_TYPES = ['fos', 'telecaller'] as const;
export type AgentType = (typeof AGENT_TYPES)[number];

/** Tags: 1–40 characters of letters, digits, space, '_' and '-'; at most 50 per loan. */
export const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} _-]{0,39}$/u;
export const MAX_TAGS_PER_LOAN = 50;

/** The agent type a profession allocates as: field executives → fos, telecallers → telecaller, others none. */
export function agentTypeOf(profession: Profession | string): AgentType | null {
  if (profession === 'field executive') return 'fos';
  if (profession === 'telecalling') return 'telecaller';
  return null;
}

/** Label of an agent type in messages. */
const AGENT_LABEL: Record<AgentType, string> = { fos: 'field executive', telecaller: 'telecaller' };

/** A company user as the rules see them (null: no such user in the company). */
export interface AgentState {
  userId: string;
  name: string;
  profession: string;
  /** Active member of the company. */
  active: boolean;
  /** Within the author's reports-to scope (admins: everyone). */
  inScope: boolean;
}

/** A loan of the operation's month as the rules see it (null: not in that month). */
export interface LoanState {
  archived: boolean;
  tags: readonly string[];
  /** user_id the loan is allocated to for the operation's agent type this month, or null. */
  allocatedTo: string | null;
}

export interface LoanOperationContext {
  type: LoanOperationType;
  allocationMonth: string;
  agentType: AgentType;
  /** Target agent (allocate, move; deallocate when limited to one agent); null when the reference named nobody. */
  target?: AgentState | null;
  /** The file's agent reference (excel rows), for messages. */
  targetRef?: string | null;
  /** Agent the loans move away from (move_loans). */
  from?: AgentState | null;
  tags?: readonly string[];
}

/** An agent's fitness as the target of an allocation, or the reason it is refused. */
export function agentProblem(agent: AgentState | null | undefined, agentType: AgentType, ref?: string | null): string | null {
  if (!agent) return ref ? `Agent '${ref}' is not a user of this company` : 'Agent is missing';
  if (!agent.active) return `Agent ${agent.name} is not active`;
  if (agentTypeOf(agent.profession) !== agentType) return `Agent ${agent.name} is not a ${AGENT_LABEL[agentType]} (profession: ${agent.profession})`;
  if (!agent.inScope) return `Agent ${agent.name} does not report to you`;
  return null;
}

/**
 * Whether the operation applies to one loan, or why not (the error file's reason).
 * @param loan the loan in the operation's month, or null when it is not in that month
 * @returns null when it applies, else the reason
 */
export function loanOperationProblem(ctx: LoanOperationContext, loan: LoanState | null): string | null {
  if (!loan) return `Loan not found in allocation month ${ctx.allocationMonth}`;
  switch (ctx.type) {
    case 'archive_loans':
      return loan.archived ? 'Loan is already archived' : null;
    case 'unarchive_loans':
      return loan.archived ? null : 'Loan is not archived';
    default:
      if (loan.archived) return 'Loan is archived';
  }
  switch (ctx.type) {
    case 'allocate_loans':
    case 'allocate_loans_via_excel':
      return agentProblem(ctx.target, ctx.agentType, ctx.targetRef);
    case 'move_loans': {
      const from = ctx.from;
      if (!from || loan.allocatedTo !== from.userId) return `Loan is not allocated to ${from?.name ?? 'that agent'}`;
      return agentProblem(ctx.target, ctx.agentType);
    }
    case 'deallocate_loans':
      if (loan.allocatedTo === null) return `Loan is not allocated to a ${AGENT_LABEL[ctx.agentType]}`;
      if (ctx.target && loan.allocatedTo !== ctx.target.userId) return `Loan is not allocated to ${ctx.target.name}`;
      return null;
    case 'add_tags': {
      const merged = new Set([...loan.tags, ...(ctx.tags ?? [])]);
      return merged.size > MAX_TAGS_PER_LOAN ? `Loan would have more than ${MAX_TAGS_PER_LOAN} tags` : null;
    }
    case 'delete_tags':
      return (ctx.tags ?? []).some((t) => loan.tags.includes(t)) ? null : 'Loan has none of these tags';
  }
  return null;
}

/** Headers of the loan id column of an "allocate via excel" file (compared with normaliseHeader). */
export const FILE_LOAN_HEADERS = ['Loan ID', 'loan_id', 'Loan Account No', 'Loan Account Number', 'Loan No', 'Loan Number', 'Account Number', 'No Kontrak'] as const;
/** Headers of its agent column: the agent's email, user_id or client_employee_id. */
export const FILE_AGENT_HEADERS = ['Agent', 'Agent Email', 'Agent ID', 'User ID', 'user_id', 'Email', 'Employee ID', 'client_employee_id', 'Allocated To', 'Assign To', 'FOS', 'Telecaller'] as const;

export const FILE_COLUMNS_MESSAGE = `The file needs a loan id column (${FILE_LOAN_HEADERS.slice(0, 3).join(', ')}) and an agent column (${FILE_AGENT_HEADERS.slice(0, 4).join(', ')})`;

/**
 * The loan id and agent columns among a file's headers, by the first header matching each list.
 * @param normalise the header comparison key (portfolio/header-detection normaliseHeader)
 * @returns 0-based indexes, or null when either column is missing
 */
export function locateFileColumns(headers: readonly string[], normalise: (s: string) => string): { loan: number; agent: number } | null {
  const keys = headers.map(normalise);
  const find = (names: readonly string[]) => {
    for (const name of names) {
      const i = keys.indexOf(normalise(name));
      if (i >= 0) return i;
    }
    return -1;
  };
  const loan = find(FILE_LOAN_HEADERS);
  const agent = find(FILE_AGENT_HEADERS);
  return loan >= 0 && agent >= 0 && loan !== agent ? { loan, agent } : null;
}
