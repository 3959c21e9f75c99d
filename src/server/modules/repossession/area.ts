/**
 * The repossession area's front door (issue 16 "Repossession"; spec 2 `/app/repossession-tracking`;
 * spec 4 statuses success, failed, pending): initiation on a secured loan and release of the asset,
 * each decided in the approval area; the pre-repossession notice; assignment; the agent's field
 * steps (queued on the phone through the outbox); yard inventory and valuation; bulk status updates.
 */
import { defineArea } from '../../http/area';
import { onApprovalDecision } from '../approval/queries';
import { seedDemoRepossession } from './demo';
import { repossessionRoutes } from './routes';
import * as tables from './schema';
import { decideInitiation, decideRelease } from './service';

const decision = (d: { companyId: string; subjectId: string; decision: 'approved' | 'rejected'; remarks?: string | null; decidedBy?: string | null }) => ({
  companyId: d.companyId,
  subjectId: d.subjectId,
  decision: d.decision,
  remarks: d.remarks ?? null,
  decidedBy: d.decidedBy ?? null,
});
onApprovalDecision('repossession_initiation', (tx, d) => decideInitiation(tx, decision(d)));
onApprovalDecision('repossession_release', (tx, d) => decideRelease(tx, decision(d)));

export default defineArea({
  name: 'repossession',
  tables,
  routes: [repossessionRoutes],
  demoSeed: seedDemoRepossession,
});
