/**
 * What other areas may use of the approval area (issue 16 "Approvals"; docs/decisions/007-area-kernel.md):
 * submit a request inside their own transaction, register what happens on its final decision, and
 * read the trail of a subject for their screens. Never the tables.
 *
 * Usage (an owning area such as settlements):
 *   onApprovalDecision('settlement', async (tx, d) => { ... d.decision === 'approved' ... });  // at module load
 *   const { requestId, status } = await submitApprovalRequest(tx, { companyId, type: 'settlement', loanId, subjectId, makerUserId, amountMinor, waiverPct, summary });
 */
import type { ApprovalRequestType } from '../../../domain/approval/chains';
import type { DbOrTx } from '../../db/client';
import { subjectRequests, type ApprovalStep } from './engine';

export { onApprovalDecision, submitApprovalRequest } from './engine';
export type { ApprovalHandler, ApprovalOutcome, ApprovalStep, ApprovalSubmission } from './engine';
export type { ApprovalRequestType } from '../../../domain/approval/chains';
export { ensureChain } from './chains-service';

/**
 * The trail for a subject's screen: every event of every request about it (oldest request first;
 * within one, in order): level (0 for the submission), the level's name, decider, decision, remarks, time.
 */
export async function approvalTrail(db: DbOrTx, companyId: string, type: ApprovalRequestType, subjectId: string): Promise<ApprovalStep[]> {
  const list = await subjectRequests(db, companyId, type, subjectId);
  return list.reverse().flatMap((r) => r.steps);
}

/** The latest request about a subject: its id, status and the level awaiting a decision (null when none). */
export async function latestApprovalStatus(db: DbOrTx, companyId: string, type: ApprovalRequestType, subjectId: string): Promise<{ requestId: string; status: 'pending' | 'approved' | 'rejected'; currentLevel: number; levelCount: number } | null> {
  const [latest] = await subjectRequests(db, companyId, type, subjectId);
  return latest ? { requestId: latest.request.requestId, status: latest.request.status, currentLevel: latest.request.currentLevel, levelCount: latest.request.levels.length } : null;
}
