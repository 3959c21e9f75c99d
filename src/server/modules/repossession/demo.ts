/**
 * The repossession demo (issue 16): the demo profiles get the area's permissions (the field
 * executive fos@demo.in records the steps on the phone; managers run the desk), the lender's
 * approval chains of initiation and release (a collection head decides), a secured vehicle
 * loan of the executive's allocation with a repossession in progress — assigned to fos@demo.in, the
 * police intimated, the repossession itself still to do — and a second one waiting for approval.
 * The case in progress goes through the real initiation, approval (by another collection head, the
 * super user) and assignment, so its stage and its approval trail agree.
 * Idempotent: does nothing once the lender has a case.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { allocationMonthsOf, allocationsOf } from '../allocation/queries';
import { addLoanEvents, borrowerDetails } from '../portfolio/queries';
import { decideApprovalRequest, ensureChain } from '../approval/queries';
import { accountByEmail, addProfilePermissions, memberRoleId, roleLinks } from '../users/queries';
import { repossessions, repossessionSteps } from './schema';
import { assign, initiate } from './service';

const LENDER = 'demo-lender-in';
const rw = { read: true, write: true };

/** The demo's repossession permissions, per demo profile. */
export async function grantDemoRepossession(db: Db, companyId: string): Promise<void> {
  await addProfilePermissions(db, companyId, 'Field Executive', { repossession: { field_steps: rw } });
  await addProfilePermissions(db, companyId, 'Manager', { repossession: { repossession: rw } });
}

export async function seedDemoRepossession(db: Db): Promise<void> {
  for (const companyId of [LENDER, 'demo-trust-id']) await grantDemoRepossession(db, companyId);
  // Initiation and release are decided by a collection head (not the one who asked: maker-checker).
  const head = (await roleLinks(db, LENDER)).find((r) => r.roleName === 'Collection Head');
  if (head) {
    const level = { name: 'Collection head', approver: { kind: 'role' as const, role_id: head.roleId }, min_amount_minor: null, min_waiver_pct: null, sla_hours: 24 };
    await ensureChain(db, LENDER, 'repossession_initiation', [level]);
    await ensureChain(db, LENDER, 'repossession_release', [level]);
  }
  const [{ n }] = await db.select({ n: count() }).from(repossessions).where(eq(repossessions.companyId, LENDER));
  if (n > 0) return;
  const [agent, manager] = await Promise.all([accountByEmail(db, 'fos@demo.in'), accountByEmail(db, 'manager@demo.in')]);
  if (!agent || !manager) return;
  const [month] = await allocationMonthsOf(db, LENDER, agent.user.userId, 'fos');
  if (!month) return;
  const held = (await allocationsOf(db, LENDER, agent.user.userId, 'fos', [month])).sort((a, b) => b.loanId.localeCompare(a.loanId));
  // A vehicle loan of the executive's day, else the last of their loans.
  let loan = held[0];
  for (const h of held) {
    const d = await borrowerDetails(db, LENDER, h.loanId, h.allocationMonth);
    if (d?.product && /wheeler|car|motor|mobil/i.test(d.product)) {
      loan = h;
      break;
    }
  }
  if (!loan) return;
  const now = new Date();
  // Through the real path, so its state and its trail agree: initiated by the manager, approved by
  // another collection head (maker-checker) with remarks, then assigned to the executive.
  const approver = await accountByEmail(db, 'super.user@demo.in');
  const made = await db.transaction((tx) =>
    initiate(tx, LENDER, { userId: manager.user.userId, unmasked: true }, {
      loan_id: loan.loanId,
      allocation_month: loan.allocationMonth,
      asset_type: 'vehicle',
      asset_description: 'Bajaj Pulsar 150, black, 2022',
      registration_number: 'MH15 GT 4821',
      chassis_number: 'MD2A11CZ5NWK20431',
      engine_number: 'DHZWNK71280',
      reason: 'Eight EMIs overdue, borrower unreachable after three visits',
    }),
  );
  if (made.approval_request_id && made.stage === 'initiated' && approver) {
    const checker = { userId: approver.user.userId, userType: approver.user.userType, roleId: await memberRoleId(db, LENDER, approver.user.userId) };
    await decideApprovalRequest(db, LENDER, checker, made.approval_request_id, { decision: 'approved', remarks: 'Three visits and calls unanswered; notice to issue' }, new Date(now.getTime() - 2 * 86_400_000));
  }
  const [approved] = await db.select().from(repossessions).where(eq(repossessions.caseId, made.case_id));
  // Still waiting for its approval (no approver in this demo): it stays there rather than pretend.
  if (approved.stage === 'notice_issued') {
    const caseId = approved.caseId;
    await assign(db, LENDER, { userId: manager.user.userId, unmasked: true }, caseId, { agency_name: 'Shree Samarth Recovery Agency', agent_id: agent.user.userId });
    const [row] = await db.update(repossessions).set({ stage: 'police_intimated', updatedAt: now }).where(eq(repossessions.caseId, caseId)).returning();
    await db.insert(repossessionSteps).values({
      caseId: row.caseId,
      companyId: LENDER,
      idempotencyKey: `demo-${row.caseId}-police-before`,
      step: 'police_before',
      occurredAt: new Date(now.getTime() - 86_400_000),
      place: 'Nashik Road',
      policeStation: 'Nashik Road Police Station',
      reference: 'Intimation 412/2026',
      recordedBy: agent.user.userId,
    });
    await addLoanEvents(db, [
      { companyId: LENDER, loanId: row.loanId, allocationMonth: row.allocationMonth, kind: 'repossession', module: 'repossession', remark: 'Field step: police_before', details: { case_id: row.caseId, stage: 'police_intimated' }, authorId: agent.user.userId, createdAt: new Date(now.getTime() - 86_400_000) },
    ]);
  }
  // A second one, submitted for approval like any initiation.
  const other = held.find((h) => h.loanId !== loan.loanId);
  if (other) {
    await db.transaction((tx) =>
      initiate(tx, LENDER, { userId: manager.user.userId, unmasked: true }, {
        loan_id: other.loanId,
        allocation_month: other.allocationMonth,
        asset_type: 'vehicle',
        asset_description: 'Maruti Suzuki Swift VXi, white, 2020',
        registration_number: 'MH15 FX 1187',
        chassis_number: 'MA3EWDE1S00A12345',
        engine_number: 'K12MN4412873',
        reason: 'Eleven EMIs overdue',
      }),
    );
  }
}
