/**
 * Settlements through approvals (issue 16 "Tests"): a settlement proposed by an agent, approved in
 * two levels, its letter printed (Hindi text read back with pdftotext holds the amount and the
 * borrower's name), two instalments paid and one missed → breached after the grace days, the loan's
 * settlement_status kept; the maker cannot approve their own; an amount above the threshold adds a
 * level; the Settlement Report and Installment Report exports complete.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '../../src/domain/common/money';
import { settableClock } from '../../src/server/http/clock';
import { localProvider } from '../../src/server/modules/communication/providers/local';
import { loanPayments } from '../../src/server/modules/payments/schema';
import { LENDER, createTestApp, headers, signIn, type TestApp } from './helpers';

let t: TestApp;
const clock = settableClock(new Date('2026-11-24T06:00:00Z'));
const h: Record<string, Record<string, string>> = {};
const dir = mkdtempSync(join(tmpdir(), 'settlement-letters-'));
const LOAN = 'LN00000021';
const THRESHOLD = 1_000_000_000;

const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const get = (who: string, url: string) => t.app.inject({ url, headers: h[who] });
const propose = (who: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/settlement/settlements', headers: h[who], payload });
const decide = (who: string, requestId: string, decision: 'approved' | 'rejected', remarks = 'ok') =>
  t.app.inject({ method: 'POST', url: `/api/approval/requests/${requestId}/decision`, headers: h[who], payload: { decision, remarks } });
const loanStatus = async (loanId: string) => (await t.database.executeSql(`select distinct variables->>'settlement_status' as s from loans where company_id = $1 and loan_id = $2`, [LENDER, loanId])).rows.map((r) => r.s);

/** Starts an export as `who` (answered In-Progress) and waits until it is COMPLETED; answers its id. */
async function exported(who: string, kind: string): Promise<string> {
  const started = await t.app.inject({ method: 'POST', url: '/api/settlement/exports', headers: h[who], payload: { kind } });
  expect(started.statusCode, started.body).toBe(200);
  expect(started.json().data.status).toBe('In-Progress');
  const id = started.json().data.export_id as string;
  let status = 'In-Progress';
  for (let i = 0; i < 100 && status === 'In-Progress'; i++) {
    await new Promise((r) => setTimeout(r, 200));
    status = (await get(who, '/api/settlement/exports')).json().data.exports.find((e: { export_id: string }) => e.export_id === id).status;
  }
  expect(status).toBe('COMPLETED');
  return id;
}

function pdfText(body: Buffer): string {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  for (const [who, email] of Object.entries({ admin: 'admin@demo.in', telecaller: 'telecaller@demo.in', supervisor: 'supervisor@demo.in', manager: 'manager@demo.in' })) {
    h[who] = headers((await signIn(t.app, email)).token, LENDER);
  }
  const head = (await get('admin', '/api/approval/chains')).json().data.roles.find((r: { role_name: string }) => r.role_name === 'Collection Head').role_id;
  const chain = await t.app.inject({
    method: 'PUT',
    url: '/api/approval/chains/settlement',
    headers: h.admin,
    payload: {
      levels: [
        { name: 'Reporting manager', approver: { kind: 'reports_to', depth: 1 } },
        { name: 'Collection head', approver: { kind: 'role', role_id: head } },
        { name: 'Central approval team', approver: { kind: 'central_team' }, min_amount_minor: THRESHOLD },
      ],
    },
  });
  expect(chain.statusCode, chain.body).toBe(200);
  expect((await t.app.inject({ method: 'PUT', url: '/api/settlement/settings', headers: h.admin, payload: { grace_days: 5 } })).statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('settlements', () => {
  it('goes from an agent’s proposal through two approvals to a Hindi letter, two paid instalments and a breach after the grace days', async () => {
    const claim = (await t.database.executeSql(`select total_claim_amount_minor as c, applicant_name as n from loans where company_id = $1 and loan_id = $2 order by allocation_month desc limit 1`, [LENDER, LOAN])).rows[0];
    const claimMinor = Number(claim.c);
    const name = String(claim.n);
    const parts = [Math.floor(claimMinor * 0.2), Math.floor(claimMinor * 0.2), Math.floor(claimMinor * 0.2)];
    const amount = parts.reduce((a, b) => a + b, 0);
    expect(amount).toBeLessThan(THRESHOLD);

    const res = await propose('telecaller', {
      loan_id: LOAN,
      settlement_type: 'instalments',
      settlement_amount_minor: amount,
      validity_date: day(70),
      reason: 'Job loss; pays in three instalments',
      language: 'hi',
      instalments: [
        { due_date: day(5), amount_minor: parts[0] },
        { due_date: day(35), amount_minor: parts[1] },
        { due_date: day(65), amount_minor: parts[2] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ status: 'pending_approval', total_claim_amount_minor: claimMinor, settlement_amount_minor: amount, waiver_amount_minor: claimMinor - amount, waiver_pct: 40 });
    expect(await loanStatus(LOAN)).toEqual(['Settlement Proposed']);
    expect((await get('telecaller', `/api/settlement/settlements/${s.settlement_id}/letter`)).statusCode).toBe(404);

    const request = (await get('telecaller', `/api/approval/requests/${s.request_id}`)).json().data;
    expect(request.level_count).toBe(2);
    expect((await decide('telecaller', s.request_id, 'approved')).statusCode).toBe(403);
    expect((await decide('supervisor', s.request_id, 'approved', 'Hardship verified on call')).json().data.current_level).toBe(2);
    expect((await decide('manager', s.request_id, 'approved', 'Approved within policy')).json().data.status).toBe('approved');

    const approved = (await get('telecaller', `/api/settlement/settlements/${s.settlement_id}`)).json().data;
    expect(approved.status).toBe('approved');
    expect(approved.instalments.map((i: { status: string }) => i.status)).toEqual(['due', 'due', 'due']);
    expect(await loanStatus(LOAN)).toEqual(['Settlement Approved']);
    const trail = (await get('telecaller', `/api/approval/trail?request_type=settlement&subject_id=${s.settlement_id}`)).json().data.requests[0].trail;
    expect(trail.map((x: { kind: string; user_name: string | null; remarks: string }) => [x.kind, x.user_name])).toEqual([
      ['submitted', 'Priya Nair'],
      ['approved', 'Rahul Menon'],
      ['approved', 'Meera Joshi'],
    ]);

    // The agent reads names masked, so their copy is masked; the admin's is the one sent to the borrower.
    const masked = pdfText((await get('telecaller', `/api/settlement/settlements/${s.settlement_id}/letter`)).rawPayload);
    expect(masked).not.toContain(name);
    const letter = await get('admin', `/api/settlement/settlements/${s.settlement_id}/letter`);
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toContain('application/pdf');
    const text = pdfText(letter.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('समझौता पत्र');
    expect(text).toContain(formatMinor(amount, 'INR'));
    expect(text).toContain(name);
    expect(text).toContain(LOAN);

    // Sent to the borrower by WhatsApp with the letter attached (local provider records the document);
    // the agent may send it although their own download is masked: the borrower's copy is in clear.
    const send = (payload: object, key: string) =>
      t.app.inject({ method: 'POST', url: `/api/settlement/settlements/${s.settlement_id}/letter/send`, headers: { ...h.telecaller, 'idempotency-key': key }, payload });
    const sent = await send({ channel: 'whatsapp' }, 'letter-send-1');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ message: 'Settlement letter sent', data: { outcome: 'sent', channel: 'whatsapp', reasons: [] } });
    const recorded = localProvider.recorded.find((m) => m.messageId === sent.json().data.message_id)!;
    expect(recorded.document).toMatchObject({ fileName: `settlement_letter_${LOAN}.pdf`, contentType: 'application/pdf' });
    const before = localProvider.recorded.length;
    const replay = await send({ channel: 'whatsapp' }, 'letter-send-1');
    expect(replay.json().data.message_id).toBe(sent.json().data.message_id);
    expect(localProvider.recorded.length).toBe(before);
    // After 19:00 IST the compliance check blocks it and says why; nothing reaches the provider.
    clock.set(new Date('2026-11-24T20:00:00+05:30'));
    const blocked = await send({ channel: 'whatsapp' }, 'letter-send-2');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data.outcome).toBe('blocked');
    expect(blocked.json().message).toMatch(/^Settlement letter not sent: Contact is allowed only between 08:00 and 19:00 IST/);
    expect(localProvider.recorded.length).toBe(before);
    clock.set(new Date('2026-11-24T06:00:00Z'));

    // Two instalments paid (one payment each), the third never.
    await t.database.db.insert(loanPayments).values([
      { companyId: LENDER, loanId: LOAN, allocationMonth: approved.allocation_month, amountMinor: parts[0], paidAt: new Date(clock.now().getTime() + 3 * 86_400_000), channel: 'upi', reference: 'settle-1' },
      { companyId: LENDER, loanId: LOAN, allocationMonth: approved.allocation_month, amountMinor: parts[1], paidAt: new Date(clock.now().getTime() + 30 * 86_400_000), channel: 'upi', reference: 'settle-2' },
    ]);
    const start = clock.now();
    clock.set(new Date(start.getTime() + 67 * 86_400_000));
    const late = (await get('telecaller', `/api/settlement/settlements/${s.settlement_id}`)).json().data;
    expect(late.instalments.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'overdue']);
    expect(late.status).toBe('approved');

    clock.set(new Date(start.getTime() + 71 * 86_400_000));
    const breached = (await get('telecaller', `/api/settlement/settlements/${s.settlement_id}`)).json().data;
    expect(breached.instalments.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid', 'missed']);
    expect(breached).toMatchObject({ status: 'breached', paid_minor: parts[0] + parts[1] });
    expect(await loanStatus(LOAN)).toEqual(['Settlement Breached']);
    clock.set(start);
  });

  it('does not let the maker approve their own settlement, and adds the central team’s level above the amount threshold', async () => {
    const own = await propose('supervisor', { loan_id: 'LN00000022', settlement_type: 'one_time', settlement_amount_minor: 100_000, total_claim_amount_minor: 400_000, validity_date: day(20), reason: 'One-time offer' });
    expect(own.statusCode, own.body).toBe(200);
    const refused = await decide('supervisor', own.json().data.request_id, 'approved');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot approve your own request');

    const big = await propose('telecaller', { loan_id: 'LN00000023', settlement_type: 'one_time', settlement_amount_minor: THRESHOLD + 100, total_claim_amount_minor: THRESHOLD * 2, validity_date: day(20), reason: 'Large one-time offer' });
    expect(big.statusCode, big.body).toBe(200);
    const request = (await get('telecaller', `/api/approval/requests/${big.json().data.request_id}`)).json().data;
    expect(request).toMatchObject({ level_count: 3, current_level_name: 'Reporting manager' });

    const bad = await propose('telecaller', { loan_id: 'LN00000024', settlement_type: 'instalments', settlement_amount_minor: 100_000, total_claim_amount_minor: 400_000, validity_date: day(20), reason: 'x', instalments: [{ due_date: day(5), amount_minor: 50_000 }] });
    expect(bad.statusCode).toBe(400);
  });

  it('lists settlements by status and exports the Settlement Report and Installment Report as jobs', async () => {
    const breached = (await get('manager', '/api/settlement/settlements?status=breached')).json().data;
    expect(breached.settlements.map((s: { loan_id: string }) => s.loan_id)).toEqual([LOAN]);
    for (const kind of ['Settlement Report', 'Installment Report']) {
      const id = await exported('manager', kind);
      const file = await get('manager', `/api/settlement/exports/${id}/file`);
      expect(file.statusCode).toBe(200);
      expect(file.body).toContain(LOAN);
      expect(file.body).toContain('breached');
    }
  });

  it("a masked manager is refused an export made in clear for the admin (masking is per caller)", async () => {
    const id = await exported('admin', 'Settlement Report');
    expect((await get('admin', `/api/settlement/exports/${id}/file`)).statusCode).toBe(200);
    const refused = await get('manager', `/api/settlement/exports/${id}/file`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This export holds unmasked data; export it again to get it masked');
  });
});
