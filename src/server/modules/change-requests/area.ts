/**
 * The change-requests area's front door (issue 16 "Change requests"; spec 2 `/app/change-request`):
 * borrower contact changes proposed by agents and field executives — a field visit's "new address"
 * becomes one through field's hook — decided by a checker in the approval area, then applied to
 * the loan and customer through portfolio's front door with the old value kept.
 */
import { defineArea } from '../../http/area';
import { AppError } from '../../http/errors';
import { onApprovalDecision } from '../approval/queries';
import { onVisitNewAddress } from '../field/queries';
import { seedDemoChangeRequests } from './demo';
import { changeRequestRoutes } from './routes';
import * as tables from './schema';
import { decideChange, proposeChange } from './service';

// A visit's new address: a change request of the executive, in the visit's transaction.
onVisitNewAddress('change-requests', async (tx, v) => {
  await proposeChange(tx, v.companyId, { userId: v.userId, unmasked: true }, { loan_id: v.loanId, allocation_month: v.allocationMonth, field: 'address', new_value: v.newAddress, reason: `Field visit: ${v.disposition}` }, { source: 'field_visit', visitId: v.visitId }).catch(
    (err: unknown) => {
      // A pending address change already waits for the checker, or the address is refused: the visit stands.
      if (!(err instanceof AppError && (err.statusCode === 400 || err.statusCode === 409))) throw err;
    },
  );
});
onApprovalDecision('change_request', (tx, d) => decideChange(tx, { companyId: d.companyId, subjectId: d.subjectId, decision: d.decision, remarks: d.remarks ?? null, decidedBy: d.decidedBy ?? null }));

export default defineArea({
  name: 'change-requests',
  tables,
  routes: [changeRequestRoutes],
  demoSeed: seedDemoChangeRequests,
});
