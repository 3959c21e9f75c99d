/**
 * The change-requests area's link to the approval area (issue 16): a request is submitted to the
 * company's chain for type 'change_request', and the chain's final decision comes back through
 * `onApprovalDecision`, inside the decision's transaction (registered by area.ts).
 */
import { submitApprovalRequest, type ApprovalSubmission } from '../approval/queries';
import type { DbOrTx } from '../../db/client';

/** Submits a request to the approval chain; the answer says whether it is already final. */
export async function submitForApproval(tx: DbOrTx, input: ApprovalSubmission): Promise<{ requestId: string; status: 'pending' | 'approved' | 'rejected' }> {
  return submitApprovalRequest(tx, input);
}
