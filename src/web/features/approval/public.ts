/**
 * What other web features may import of the approval area (issue 16): the approval trail of a
 * subject with the decision form for a caller who may decide (`<ApprovalTrail type="settlement" subjectId={id} />`).
 * Its texts are the approval area's desk texts: use it on desk pages.
 */
export { ApprovalTrail } from './approval-trail';
