/**
 * Change requests and repossession (issue 16), on PGlite and PostgreSQL: a change request proposed
 * by a field executive (and one from a visit's new address) decided by a checker through the
 * approval area, applied to the loan and customer with the old value kept in history; a
 * repossession from initiation through the notice, assignment, the agent's field steps (one synced
 * twice, recorded once), yard and valuation to the auction's release with the proceeds on the loan;
 * chassis and engine numbers masked for a user without unmasked access.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRequestRecord } from '../../src/domain/contracts/change-requests/requests';
import type { RepossessionDetail, RepossessionRecord } from '../../src/domain/contracts/repossession/cases';
import { localProvider } from '../../src/server/modules/communication/providers/local';
import { borrowerDetails } from '../../src/server/modules/portfolio/queries';
import { fieldFixture, JPEG, type FieldFixture } from './field-fixture';
import { headers, LENDER, signIn, TRUST } from './helpers';
import { decideAll } from './approval-helpers';

let f: FieldFixture;
let manager: Record<string, string>;
let admin: Record<string, string>;
let trust: Record<string, string>;

beforeAll(async () => {
  f = await fieldFixture();
  manager = headers((await signIn(f.t.app, 'manager@demo.in')).token, LENDER);
  admin = headers((await signIn(f.t.app, 'admin@demo.in')).token, LENDER);
  trust = headers((await signIn(f.t.app, 'admin@demo.id')).token, TRUST);
});
afterAll(async () => f?.t.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, h: Record<string, string>, payload?: unknown) => f.t.app.inject({ method, url, headers: h, payload: payload as never });
const data = <T>(res: { statusCode: number; body: string; json(): { data: T } }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
};
const details = (loanId: string) => borrowerDetails(f.t.database.db, LENDER, loanId, null);

describe('change requests', () => {
  it('applies an approved change to the loan and keeps the old value in history', async () => {
    const loan = f.loanAt(0);
    const before = (await details(loan.loan_id))!.values.applicant_contact_number;
    const proposed = data<ChangeRequestRecord>(await inject('POST', '/api/change-requests', f.fos, { loan_id: loan.loan_id, field: 'contact_number', new_value: '98220 11111', reason: 'Borrower gave a new number' }));
    expect(proposed).toMatchObject({ status: 'pending', field: 'contact_number', new_value: '9822011111', old_value: before, source: 'agent', requested_by_name: 'Ganesh Shinde' });
    expect(proposed.approval_request_id).toBeTruthy();
    // The same field cannot be proposed twice while one waits; a bad value is refused.
    expect((await inject('POST', '/api/change-requests', f.fos, { loan_id: loan.loan_id, field: 'contact_number', new_value: '9822022222' })).statusCode).toBe(409);
    expect((await inject('POST', '/api/change-requests', f.fos, { loan_id: loan.loan_id, field: 'email', new_value: 'not-an-email' })).statusCode).toBe(400);
    // Nothing changes on the loan before the checker decides.
    expect((await details(loan.loan_id))!.values.applicant_contact_number).toBe(before);

    await decideAll(f.t.app, proposed.approval_request_id!, 'approved');
    const applied = data<ChangeRequestRecord>(await inject('GET', `/api/change-requests/${proposed.request_id}`, admin));
    expect(applied).toMatchObject({ status: 'approved', old_value: before, new_value: '9822011111' });
    expect(applied.applied_at).toBeTruthy();
    expect((await details(loan.loan_id))!.values.applicant_contact_number).toBe('9822011111');

    // A second change: its old value is the first change's new one — the detail's history.
    const second = data<ChangeRequestRecord>(await inject('POST', '/api/change-requests', f.fos, { loan_id: loan.loan_id, field: 'contact_number', new_value: '9822033333' }));
    await decideAll(f.t.app, second.approval_request_id!, 'approved');
    const history = data<{ requests: ChangeRequestRecord[] }>(await inject('GET', `/api/change-requests?status=approved&loan_id=${loan.loan_id}`, admin)).requests;
    expect(history.map((r) => [r.old_value, r.new_value])).toEqual([
      ['9822011111', '9822033333'],
      [before, '9822011111'],
    ]);
    expect((await details(loan.loan_id))!.values.applicant_contact_number).toBe('9822033333');
    // A reader without unmasked access sees the numbers masked.
    const masked = data<{ requests: ChangeRequestRecord[] }>(await inject('GET', `/api/change-requests?status=approved&loan_id=${loan.loan_id}`, manager)).requests;
    expect(masked[0].new_value).toBe('98XXXXXX33');
    // The timeline has the proposal and the change.
    const activity = data<{ events?: { kind: string }[]; activities?: { kind: string }[] }>(await inject('GET', `/api/recovery/loan/activity/${loan.loan_id}`, admin));
    expect(JSON.stringify(activity)).toContain('change_request');
  });

  it('turns a field visit’s new address into a change request; a rejected one changes nothing', async () => {
    const loan = f.loanAt(1);
    const before = await details(loan.loan_id);
    const visit = await f.postVisit(f.visitJson(1, { disposition: 'Shifted / Address Not Found', new_address: 'Flat 4, Sai Residency, College Road, Nashik 422005' }));
    expect(visit.statusCode, visit.body).toBe(200);
    const [request] = data<{ requests: ChangeRequestRecord[] }>(await inject('GET', `/api/change-requests?status=pending&loan_id=${loan.loan_id}`, admin)).requests;
    expect(request).toMatchObject({ field: 'address', source: 'field_visit', visit_id: visit.json().data.visit_id, new_value: 'Flat 4, Sai Residency, College Road, Nashik 422005' });
    await decideAll(f.t.app, request.approval_request_id!, 'rejected');
    expect(data<ChangeRequestRecord>(await inject('GET', `/api/change-requests/${request.request_id}`, admin)).status).toBe('rejected');
    expect((await details(loan.loan_id))!.values).toEqual(before!.values);
    // Another company does not see it.
    expect((await inject('GET', `/api/change-requests/${request.request_id}`, trust)).statusCode).toBe(404);
  });
});

function stepForm(step: Record<string, unknown>, photos: Buffer[] = [JPEG]): FormData {
  const form = new FormData();
  form.append('step', JSON.stringify(step));
  for (const p of photos) form.append('photos', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

describe('repossession', () => {
  it('runs from initiation to release by auction with the proceeds posted to the loan', async () => {
    const loan = f.loanAt(3);
    const initiated = data<RepossessionDetail>(
      await inject('POST', '/api/repossession/cases', manager, { loan_id: loan.loan_id, asset_type: 'vehicle', asset_description: 'Hero Splendor Plus, red, 2021', registration_number: 'MH15 HK 2231', chassis_number: 'MBLHAR078MHK12345', engine_number: 'HA10AGMHK67890', reason: 'Nine EMIs overdue' }),
    );
    expect(initiated).toMatchObject({ stage: 'initiated', status: 'pending', notice_ready: false });
    expect((await inject('POST', '/api/repossession/cases', manager, { loan_id: loan.loan_id, asset_type: 'vehicle', asset_description: 'Again', chassis_number: 'MBLHAR078MHK12345', engine_number: 'HA10AGMHK67890' })).statusCode).toBe(409);
    const id = initiated.case_id;
    expect((await inject('GET', `/api/repossession/cases/${id}/notice`, manager)).statusCode).toBe(409);

    await decideAll(f.t.app, initiated.approval_request_id!, 'approved');
    const approved = data<RepossessionDetail>(await inject('GET', `/api/repossession/cases/${id}`, admin));
    expect(approved).toMatchObject({ stage: 'notice_issued', notice_ready: true });

    // The pre-repossession notice: a PDF naming the loan, the dues' notice period and the asset.
    const notice = await inject('GET', `/api/repossession/cases/${id}/notice`, admin);
    expect(notice.statusCode, notice.body.slice(0, 200)).toBe(200);
    expect(notice.headers['content-type']).toContain('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'repo-notice-'));
    writeFileSync(path.join(dir, 'n.pdf'), notice.rawPayload);
    const text = execFileSync('pdftotext', [path.join(dir, 'n.pdf'), '-']).toString().replace(/\s+/g, ' ');
    expect(text).toContain('PRE-REPOSSESSION NOTICE');
    expect(text).toContain(loan.loan_id);
    expect(text).toContain('MBLHAR078MHK12345');
    expect(text).toContain('Reserve Bank of India');

    // Sent to the borrower by WhatsApp with the PDF attached, through communication's compliance check
    // (the app's clock is the real one here: within 08:00–19:00 IST it is sent, otherwise blocked saying why).
    const istMinutes = (new Date().getUTCHours() * 60 + new Date().getUTCMinutes() + 330) % 1440;
    const send = await f.t.app.inject({ method: 'POST', url: `/api/repossession/cases/${id}/notice/send`, headers: { ...manager, 'idempotency-key': `repo-notice-${id}` }, payload: { channel: 'whatsapp' } });
    expect(send.statusCode, send.body).toBe(200);
    if (istMinutes >= 480 && istMinutes < 1140) {
      expect(send.json()).toMatchObject({ message: 'Notice sent', data: { outcome: 'sent', channel: 'whatsapp', reasons: [] } });
      const recorded = localProvider.recorded.find((m) => m.messageId === send.json().data.message_id)!;
      expect(recorded.document).toMatchObject({ fileName: `pre-repossession-notice-${loan.loan_id}.pdf`, contentType: 'application/pdf' });
    } else {
      expect(send.json().data.outcome).toBe('blocked');
      expect(send.json().message).toMatch(/^Notice not sent: Contact is allowed only between 08:00 and 19:00 IST/);
    }
    const timeline = JSON.stringify(data(await inject('GET', `/api/recovery/loan/activity/${loan.loan_id}`, admin)));
    expect(timeline).toMatch(/Pre-repossession notice (sent|not sent) by WhatsApp/);

    // Assigned to the demo field executive, who records the steps from the phone.
    const agents = data<{ agents: { user_id: string; name: string }[] }>(await inject('GET', '/api/repossession/agents', manager)).agents;
    const ganesh = agents.find((a) => a.name === 'Ganesh Shinde')!;
    expect(data<RepossessionDetail>(await inject('PUT', `/api/repossession/cases/${id}/assignment`, manager, { agency_name: 'Shree Samarth Recovery Agency', agent_id: ganesh.user_id })).stage).toBe('assigned');
    const mine = data<{ cases: RepossessionDetail[] }>(await inject('GET', '/api/repossession/my-cases', f.fos)).cases;
    expect(mine.map((c) => c.case_id)).toContain(id);

    const post = (step: Record<string, unknown>, key = randomUUID(), h = f.fos) => f.t.app.inject({ method: 'POST', url: '/api/repossession/steps', headers: { ...h, 'idempotency-key': key }, payload: stepForm({ case_id: id, occurred_at: new Date().toISOString(), ...step }) });
    // Out of order: the repossession before the police were told.
    expect((await post({ step: 'repossession', outcome: 'success', place: 'Dwarka, Nashik', condition: { body: true } })).statusCode).toBe(409);
    // The manager is not the assigned agent (and has no field_steps permission).
    expect((await post({ step: 'police_before', police_station: 'Bhadrakali' }, randomUUID(), manager)).statusCode).toBe(403);
    const key = randomUUID();
    const intimation = { step: 'police_before', police_station: 'Bhadrakali Police Station', reference: 'INT-77/2026', occurred_at: '2026-11-20T09:30:00.000+05:30' };
    const first = await post(intimation, key);
    expect(first.statusCode, first.body).toBe(200);
    // Synced again by the phone with the same key: the first answer, one step.
    const replay = await post(intimation, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.step_id).toBe(first.json().data.step_id);
    expect((await post({ step: 'repossession', place: 'Dwarka, Nashik' })).statusCode).toBe(400);
    const taken = data<{ step_id: string }>(await post({ step: 'repossession', outcome: 'success', place: 'Dwarka, Nashik', latitude: 19.9975, longitude: 73.7898, condition: { body: true, tyres: true, keys: false }, odometer_km: 23810, belongings: ['Helmet', 'Rain cover'] }));
    // The desk opens the step's photo (the phone's GPS fix is on the step: below).
    const photo = await f.t.app.inject({ url: `/api/repossession/cases/${id}/steps/${taken.step_id}/photos/1`, headers: manager });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\/jpeg/);
    expect(photo.rawPayload.subarray(0, 2)).toEqual(JPEG.subarray(0, 2));
    expect((await f.t.app.inject({ url: `/api/repossession/cases/${id}/steps/${taken.step_id}/photos/2`, headers: manager })).statusCode).toBe(404);
    expect((await f.t.app.inject({ url: `/api/repossession/cases/${id}/steps/${taken.step_id}/photos/1`, headers: trust })).statusCode).toBe(404);
    data(await post({ step: 'police_after', police_station: 'Bhadrakali Police Station' }));
    data(await post({ step: 'yard_handover', yard_name: 'Nashik Road Yard' }));
    const atYard = data<RepossessionDetail>(await inject('GET', `/api/repossession/cases/${id}`, admin));
    expect(atYard).toMatchObject({ stage: 'at_yard', status: 'success', yard_name: 'Nashik Road Yard' });
    expect(atYard.steps.map((s) => s.step)).toEqual(['police_before', 'repossession', 'police_after', 'yard_handover']);
    expect(atYard.steps[1]).toMatchObject({ odometer_km: 23810, belongings: ['Helmet', 'Rain cover'], photo_count: 1, condition: { body: true, tyres: true, keys: false } });
    expect(atYard.steps[1].latitude).toBeCloseTo(19.9975, 4);
    expect(atYard.steps[1].longitude).toBeCloseTo(73.7898, 4);

    // Yard inventory and valuation, then a sale by auction, approved.
    expect((await inject('POST', `/api/repossession/cases/${id}/release`, manager, { mode: 'auction', amount_minor: 4_200_000, buyer_name: 'R. Pawar' })).statusCode).toBe(409);
    data(await inject('PUT', `/api/repossession/cases/${id}/yard`, manager, { yard_name: 'Nashik Road Yard', inventory: ['Vehicle', 'Helmet', 'Rain cover'], valuation_minor: 4_500_000, valuer: 'Apex Valuers' }));
    expect((await inject('POST', `/api/repossession/cases/${id}/release`, manager, { mode: 'auction', amount_minor: 4_200_000 })).statusCode).toBe(400);
    const requested = data<RepossessionDetail>(await inject('POST', `/api/repossession/cases/${id}/release`, manager, { mode: 'auction', amount_minor: 4_200_000, buyer_name: 'R. Pawar', reference: 'AUC-19' }));
    expect(requested.stage).toBe('release_requested');
    await decideAll(f.t.app, requested.release_approval_request_id!, 'approved');
    const sold = data<RepossessionDetail>(await inject('GET', `/api/repossession/cases/${id}`, admin));
    expect(sold).toMatchObject({ stage: 'sold', release_mode: 'auction', release_amount_minor: 4_200_000, valuation_minor: 4_500_000 });
    expect(sold.proceeds_posted_at).toBeTruthy();
    const { events } = data<{ events: { kind: string; remark: string | null }[] }>(await inject('GET', `/api/recovery/loan/activity/${loan.loan_id}?page_size=50`, admin));
    // The proceeds are a payment of the loan (payments' recordPayment), once per case.
    expect(events.filter((e) => e.kind === 'payment' && e.remark === 'Rs 42,000 paid by repossession proceeds (auction)')).toHaveLength(1);
    const paid = await f.t.database.executeSql(`select amount_minor, source, source_ref from loan_payments where company_id = $1 and loan_id = $2 and source = 'repossession_proceeds'`, [LENDER, loan.loan_id]);
    expect(paid.rows).toEqual([{ amount_minor: expect.anything(), source: 'repossession_proceeds', source_ref: id }]);
    expect(Number((paid.rows[0] as { amount_minor: number | string }).amount_minor)).toBe(4_200_000);

    // Another company sees nothing of it.
    expect((await inject('GET', `/api/repossession/cases/${id}`, trust)).statusCode).toBe(404);
  });

  it('masks chassis and engine numbers for a user without unmasked access', async () => {
    const page = data<{ cases: RepossessionRecord[] }>(await inject('GET', '/api/repossession/cases', manager));
    const demo = page.cases.find((c) => c.asset_description.startsWith('Bajaj Pulsar'))!;
    expect(demo.chassis_number).not.toBe('MD2A11CZ5NWK20431');
    expect(demo.chassis_number).not.toContain('CZ5NWK');
    expect(demo.engine_number).not.toBe('DHZWNK71280');
    const clear = data<RepossessionDetail>(await inject('GET', `/api/repossession/cases/${demo.case_id}`, admin));
    expect([clear.chassis_number, clear.engine_number]).toEqual(['MD2A11CZ5NWK20431', 'DHZWNK71280']);
    // The assigned agent (unmasked by the Field Executive profile) reads them on the phone.
    const mine = data<{ cases: RepossessionDetail[] }>(await inject('GET', '/api/repossession/my-cases', f.fos)).cases.find((c) => c.case_id === demo.case_id)!;
    expect(mine.chassis_number).toBe('MD2A11CZ5NWK20431');
  });

  it('updates statuses in bulk: success, failed, pending', async () => {
    const page = data<{ cases: RepossessionRecord[]; counts: Record<string, number> }>(await inject('GET', '/api/repossession/cases', manager));
    const open = page.cases.filter((c) => !['sold', 'released', 'rejected'].includes(c.stage));
    expect(open.length).toBeGreaterThan(0);
    const res = data<{ updated: number; not_found: string[] }>(await inject('POST', '/api/repossession/bulk-status', manager, { updates: [{ loan_id: open[0].loan_id, status: 'failed' }, { loan_id: 'NO-SUCH-LOAN', status: 'success' }] }));
    expect(res).toEqual({ updated: 1, not_found: ['NO-SUCH-LOAN'] });
    const after = data<{ counts: Record<string, number> }>(await inject('GET', '/api/repossession/cases?status=failed', manager));
    expect(after.counts.failed).toBe(page.counts.failed + 1);
    expect((await inject('POST', '/api/repossession/bulk-status', manager, { updates: [{ loan_id: open[0].loan_id, status: 'done' }] })).statusCode).toBe(400);
  });
});
