/**
 * The repossession area's link to the approval area (issue 16): an initiation and a release are
 * submitted to the company's chains ('repossession_initiation', 'repossession_release'); the final
 * decisions come back through `onApprovalDecision`, inside the decision's transaction (area.ts).
 */
import { submitApprovalRequest, type ApprovalSubmission } from '../approval/queries';
import type { DbOrTx } from '../../db/client';

/** Submits a request to the approval chain; the answer says whether it is already final. */
export async function submitForApproval(tx: DbOrTx, input: ApprovalSubmission): Promise<{ requestId: string; status: 'pending' | 'approved' | 'rejected' }> {
  return submitApprovalRequest(tx, input);
}
