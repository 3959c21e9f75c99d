/**
 * The change-requests demo (issue 16): the demo profiles get the area's permission (agents and
 * field executives propose, managers read the queue), the lender's approval chain for change requests
 * (the proposer's reporting manager decides, in the approval area) and a pending request — a new
 * contact number proposed by the field executive — submitted for approval.
 * Idempotent: does nothing once the lender has a request.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allocationMonthsOf, allocationsOf } from '../allocation/queries';
import { ensureChain } from '../approval/queries';
import { accountByEmail, addProfilePermissions } from '../users/queries';
import { changeRequests } from './schema';
import { proposeChange } from './service';

const LENDER = 'demo-lender-in';
const rw = { read: true, write: true };

export async function seedDemoChangeRequests(db: Db): Promise<void> {
  for (const companyId of [LENDER, 'demo-trust-id']) {
    for (const profile of ['Field Executive', 'Telecaller', 'Manager']) await addProfilePermissions(db, companyId, profile, { 'Core Collection Modules': { change_requests: rw } });
  }
  // The checker: the proposer's reporting manager (fos@demo.in → the area manager).
  await ensureChain(db, LENDER, 'change_request', [{ name: 'Reporting manager', approver: { kind: 'reports_to', depth: 1 }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 }]);
  const [{ n }] = await db.select({ n: count() }).from(changeRequests).where(eq(changeRequests.companyId, LENDER));
  if (n > 0) return;
  const fos = await accountByEmail(db, 'fos@demo.in');
  if (!fos) return;
  const [month] = await allocationMonthsOf(db, LENDER, fos.user.userId, 'fos');
  const [loan] = month ? (await allocationsOf(db, LENDER, fos.user.userId, 'fos', [month])).sort((a, b) => a.loanId.localeCompare(b.loanId)) : [];
  if (!loan) return;
  await db.transaction((tx) =>
    proposeChange(tx, LENDER, { userId: fos.user.userId, unmasked: true }, { loan_id: loan.loanId, allocation_month: loan.allocationMonth, field: 'contact_number', new_value: '9822012345', reason: 'Borrower gave a new number at the visit' }),
  );
}
