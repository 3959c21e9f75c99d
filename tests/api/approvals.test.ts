/**
 * The approval engine (issue 16 "Approvals"): a chain per request type with levels by the
 * reports-to tree and by role, a threshold that adds a level, maker-checker (not the maker, not
 * below the level's rank, remarks required, one checker per level), the inbox with counts per type,
 * the final decision running the owning area's handler, SLA escalation, the audit and the timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalateOverdue } from '../../src/server/modules/approval/engine';
import { onApprovalDecision, submitApprovalRequest, approvalTrail, type ApprovalOutcome } from '../../src/server/modules/approval/queries';
import { LENDER, createTestApp, headers, signIn, type TestApp } from './helpers';

let t: TestApp;
const h: Record<string, Record<string, string>> = {};
const ids: Record<string, string> = {};
const outcomes: ApprovalOutcome[] = [];

const get = (who: string, url: string) => t.app.inject({ url, headers: h[who] });
const decide = (who: string, id: string, decision: 'approved' | 'rejected', remarks = 'checked the file') =>
  t.app.inject({ method: 'POST', url: `/api/approval/requests/${id}/decision`, headers: h[who], payload: { decision, remarks } });
const submit = (amountMinor: number, subjectId: string, maker = 'telecaller') =>
  t.database.db.transaction((tx) => submitApprovalRequest(tx, { companyId: LENDER, type: 'waiver', loanId: null, subjectId, makerUserId: ids[maker], amountMinor, waiverPct: 10, summary: `Waiver ${subjectId}` }));

beforeAll(async () => {
  t = await createTestApp();
  for (const [who, email] of Object.entries({ admin: 'admin@demo.in', telecaller: 'telecaller@demo.in', supervisor: 'supervisor@demo.in', manager: 'manager@demo.in', fos: 'fos@demo.in' })) {
    const s = await signIn(t.app, email);
    h[who] = headers(s.token, LENDER);
    ids[who] = s.user.user_id;
  }
  const chains = (await get('admin', '/api/approval/chains')).json().data;
  const head = chains.roles.find((r: { role_name: string }) => r.role_name === 'Collection Head').role_id;
  // The chains editor picks the central team from the company's active members.
  expect(chains.members.map((m: { name: string }) => m.name)).toEqual(expect.arrayContaining(['Meera Joshi', 'Rahul Menon']));
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/approval/chains/waiver',
    headers: h.admin,
    payload: {
      levels: [
        { name: 'Reporting manager', approver: { kind: 'reports_to', depth: 1 }, sla_hours: 24 },
        { name: 'Collection head', approver: { kind: 'role', role_id: head }, sla_hours: 24 },
        { name: 'Central team', approver: { kind: 'central_team' }, min_amount_minor: 10_000_000, sla_hours: 24 },
      ],
    },
  });
  expect(saved.statusCode).toBe(200);
  onApprovalDecision('waiver', async (_tx, d) => {
    outcomes.push(d);
  });
}, 120_000);
afterAll(async () => t?.close());

describe('approvals', () => {
  it('passes a request through two levels: the maker cannot approve it, a supervisor cannot take the head’s level, each decision needs remarks', async () => {
    const { requestId, status } = await submit(500_000, 'w-two-levels');
    expect(status).toBe('pending');

    // An agent only reads approvals; a maker who may decide others' requests still cannot decide their own.
    expect((await decide('telecaller', requestId, 'approved')).statusCode).toBe(403);
    const own = await submit(100_000, 'w-own', 'supervisor');
    const ownDecision = await decide('supervisor', own.requestId, 'approved');
    expect(ownDecision.statusCode).toBe(403);
    expect(ownDecision.json().message).toBe('You cannot approve your own request');
    expect((await decide('supervisor', requestId, 'approved', '   ')).statusCode).toBe(400);

    const inbox = (await get('supervisor', '/api/approval/requests?view=to_decide')).json().data;
    expect(inbox.requests.map((r: { request_id: string }) => r.request_id)).toContain(requestId);
    expect(inbox.counts.find((c: { request_type: string }) => c.request_type === 'waiver').pending).toBeGreaterThanOrEqual(1);
    expect((await get('fos', '/api/approval/requests?view=to_decide')).json().data.requests).toEqual([]);

    const first = await decide('supervisor', requestId, 'approved', 'Hardship verified');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'pending', current_level: 2, level_count: 2, current_level_name: 'Collection head' });
    expect(outcomes.find((o) => o.requestId === requestId)).toBeUndefined();

    // Level 2 is the collection head's: the supervisor is below it (and approved level 1 already).
    expect((await decide('supervisor', requestId, 'approved')).statusCode).toBe(403);
    expect((await get('supervisor', '/api/approval/requests?view=to_decide')).json().data.requests.map((r: { request_id: string }) => r.request_id)).not.toContain(requestId);

    const second = await decide('manager', requestId, 'approved', 'Within policy');
    expect(second.json().data).toMatchObject({ status: 'approved', can_decide: false });
    expect(outcomes.find((o) => o.requestId === requestId)).toMatchObject({ decision: 'approved', remarks: 'Within policy', decidedBy: ids.manager, subjectId: 'w-two-levels' });
    expect((await decide('admin', requestId, 'approved')).statusCode).toBe(409);

    const trail = await approvalTrail(t.database.db, LENDER, 'waiver', 'w-two-levels');
    expect(trail.map((s) => [s.kind, s.level, s.levelName, s.userName, s.remarks])).toEqual([
      ['submitted', 0, null, 'Priya Nair', 'Waiver w-two-levels'],
      ['approved', 1, 'Reporting manager', 'Rahul Menon', 'Hardship verified'],
      ['approved', 2, 'Collection head', 'Meera Joshi', 'Within policy'],
    ]);
    const audit = await t.database.executeSql(`select action from user_audit where details->>'request_id' = $1 order by id`, [requestId]);
    expect(audit.rows.map((r) => r.action)).toEqual(['approval_requested', 'approval_approved', 'approval_approved']);
  });

  it('adds the central team’s level above the amount threshold, and a rejection at any level is final', async () => {
    const big = await submit(20_000_000, 'w-big');
    const detail = (await get('telecaller', `/api/approval/requests/${big.requestId}`)).json().data;
    expect(detail.level_count).toBe(3);
    await decide('supervisor', big.requestId, 'approved');
    await decide('manager', big.requestId, 'approved');
    expect((await get('manager', `/api/approval/requests/${big.requestId}`)).json().data).toMatchObject({ status: 'pending', current_level: 3, current_level_name: 'Central team' });
    const last = await decide('admin', big.requestId, 'approved', 'Central team agrees');
    expect(last.json().data.status).toBe('approved');

    const rejected = await submit(100_000, 'w-rejected');
    const r = await decide('supervisor', rejected.requestId, 'rejected', 'No hardship shown');
    expect(r.json().data).toMatchObject({ status: 'rejected', current_level: 1 });
    expect(outcomes.find((o) => o.requestId === rejected.requestId)).toMatchObject({ decision: 'rejected', remarks: 'No hardship shown' });
  });

  it('escalates a request past its SLA to the next approver up, then to the central team, on its trail, the audit and the loan’s timeline', async () => {
    const submitted = new Date();
    const { requestId } = await t.database.db.transaction((tx) =>
      submitApprovalRequest(tx, { companyId: LENDER, type: 'waiver', loanId: 'LN00000015', subjectId: 'w-late', makerUserId: ids.telecaller, amountMinor: 100_000, waiverPct: 10, summary: 'Waiver w-late', now: submitted }),
    );
    const at = (hoursLater: number) => new Date(submitted.getTime() + hoursLater * 3_600_000);
    const toDecide = async (who: string) => (await get(who, '/api/approval/requests?view=to_decide&request_type=waiver')).json().data.requests.map((r: { request_id: string }) => r.request_id);
    expect(await toDecide('supervisor')).toContain(requestId);

    // Within the SLA (24 h) nothing moves.
    await escalateOverdue(t.database.db, at(23));
    expect((await get('supervisor', `/api/approval/requests/${requestId}`)).json().data.escalations).toBe(0);

    // Past it: level 1 (the telecaller's reporting manager, the supervisor) goes to the role above, the collection head.
    expect(await escalateOverdue(t.database.db, at(25))).toBeGreaterThanOrEqual(1);
    const detail = (await get('supervisor', `/api/approval/requests/${requestId}`)).json().data;
    expect(detail).toMatchObject({ escalations: 1, current_level: 1, can_decide: false, overdue: false });
    expect(detail.trail.map((s: { kind: string }) => s.kind)).toEqual(['submitted', 'escalated']);
    expect(detail.trail[1].remarks).toBe('SLA of 24 h passed at level 1 (Reporting manager); moved to Collection Head');
    expect(await toDecide('supervisor')).not.toContain(requestId);
    expect((await decide('supervisor', requestId, 'approved')).statusCode).toBe(403);
    const inbox = (await get('manager', '/api/approval/requests?view=to_decide&request_type=waiver')).json().data;
    // Escalated requests come first.
    expect(inbox.requests[0]).toMatchObject({ request_id: requestId, escalations: 1 });

    // Another SLA without a decision: nobody is above the collection head, so the central team.
    await escalateOverdue(t.database.db, at(50));
    expect(await toDecide('manager')).not.toContain(requestId);
    const central = (await get('admin', `/api/approval/requests/${requestId}`)).json().data;
    expect(central).toMatchObject({ escalations: 2, can_decide: true });
    expect(central.trail[2].remarks).toBe('SLA of 24 h passed at level 1 (Reporting manager); moved to the central approval team');

    const audit = await t.database.executeSql(`select details from user_audit where action = 'approval_escalated' and details->>'request_id' = $1 order by id`, [requestId]);
    expect(audit.rows.map((r) => (r.details as { to_central: boolean }).to_central)).toEqual([false, true]);
    const events = await t.database.executeSql(`select remark from loan_events where kind = 'approval' and details->>'request_id' = $1 order by created_at`, [requestId]);
    expect(events.rows.map((r) => r.remark)).toEqual([
      'waiver approval requested: Waiver w-late',
      'waiver approval escalated: SLA of 24 h passed at level 1 (Reporting manager); moved to Collection Head',
      'waiver approval escalated: SLA of 24 h passed at level 1 (Reporting manager); moved to the central approval team',
    ]);
    // The admin (central team rank) decides it.
    expect((await decide('admin', requestId, 'approved', 'Overdue; approved centrally')).json().data).toMatchObject({ status: 'pending', current_level: 2 });

    const mine = (await get('telecaller', '/api/approval/requests?view=mine')).json().data;
    expect(mine.requests.every((r: { maker_user_id: string }) => r.maker_user_id === ids.telecaller)).toBe(true);
    expect(mine.total).toBeGreaterThanOrEqual(4);
  });
});
