/**
 * Legal imports and notice exports (issue 17; spec 4 statuses: imports in_progress / success /
 * failed, exports FAIL / SUCCESS / NO DATA FOUND / QUEUED / IN PROGRESS; spec 9 views Reports and
 * Documents). A cases file opens and updates cases and its bad rows land in the error file with
 * why; a hearings spreadsheet records hearings; an advocate's import reaches only their own cases;
 * the Notice Tracking Report comes back filled in as a dispatch import; Download Notice lists the
 * notices' statuses; the Documents view zips the notice PDFs and PODs; nothing in range is NO DATA
 * FOUND; a masked lawyer's report carries masked names.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseDetail, CaseRecord } from '../../src/domain/contracts/legal/cases';
import type { BatchDetail, TemplateRecord } from '../../src/domain/contracts/legal/notices';
import type { LegalExportRecord, LegalImportRecord } from '../../src/domain/contracts/legal/transfers';
import { settableClock } from '../../src/server/http/clock';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { multipart } from './multipart';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
const month = demoMonth(new Date('2026-11-24T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let lawyer: Record<string, string>;
let advocate: Record<string, string>;
let loanIds: string[];
let names: Map<string, string>;
let defaults: Map<string, string>;
const dir = mkdtempSync(join(tmpdir(), 'legal-transfers-'));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  lawyer = headers((await signIn(t.app, 'lawyer@demo.in')).token, LENDER);
  advocate = headers((await signIn(t.app, 'advocate@demo.in')).token, LENDER);
  const page = (await t.app.inject({ url: `/api/recovery/loans?allocation_month=${month}&page_size=20&sort_by=loan_id&sort_order=asc`, headers: admin })).json().data.loans as Array<{ loan_id: string; applicant_name: string; date_of_default: string }>;
  defaults = new Map(page.map((l) => [l.loan_id, String(l.date_of_default).slice(0, 10)]));
  loanIds = page.map((l) => l.loan_id);
  names = new Map(page.map((l) => [l.loan_id, String(l.applicant_name)]));
}, 120_000);
afterAll(async () => t?.close());

async function upload(type: string, name: string, bytes: Buffer, h = lawyer) {
  const m = multipart({ import_type: type }, { name, type: name.endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes });
  return t.app.inject({ method: 'POST', url: '/api/litigation/imports', headers: { ...h, 'content-type': m.contentType }, payload: m.payload });
}
async function imported(type: string, name: string, bytes: Buffer, h = lawyer): Promise<LegalImportRecord> {
  const res = await upload(type, name, bytes, h);
  expect(res.statusCode, res.body).toBe(200);
  const first = res.json().data as LegalImportRecord;
  expect(first.status).toBe('in_progress');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const list = (await t.app.inject({ url: '/api/litigation/imports?page_size=50', headers: h })).json().data.imports as LegalImportRecord[];
    const me = list.find((i) => i.import_id === first.import_id)!;
    if (me.status !== 'in_progress') return me;
    if (Date.now() > deadline) throw new Error('import never finished');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const errorRows = async (id: string, h = lawyer) => parse((await t.app.inject({ url: `/api/litigation/imports/${id}/error-file`, headers: h })).body, { columns: true }) as Record<string, string>[];
const caseOf = async (loanId: string, type: string, h = lawyer) =>
  ((await t.app.inject({ url: `/api/litigation/cases?loan_id=${loanId}`, headers: h })).json().data.cases as CaseRecord[]).find((c) => c.process_type === type);
const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.join(',')).join('\n') + '\n');

async function exported(body: Record<string, unknown>, h = admin): Promise<LegalExportRecord> {
  const res = await t.app.inject({ method: 'POST', url: '/api/notice/exports', headers: h, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const first = res.json().data as LegalExportRecord;
  expect(first.status).toBe('QUEUED');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = (await t.app.inject({ url: '/api/notice/exports?page_size=100', headers: h })).json().data.exports as LegalExportRecord[];
    const me = list.find((e) => e.export_id === first.export_id)!;
    if (me.status !== 'QUEUED' && me.status !== 'IN PROGRESS') return me;
    if (Date.now() > deadline) throw new Error('export never finished');
    await new Promise((r) => setTimeout(r, 150));
  }
}
const download = (id: string, h = admin) => t.app.inject({ url: `/api/notice/exports/${id}/download`, headers: h });
/** The names inside a ZIP (Debian's unzip reads it: the archive is a real one). */
function zipNames(bytes: Buffer): string[] {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(file, bytes);
  execFileSync('unzip', ['-tq', file]);
  return execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n').sort();
}

describe('legal imports', () => {
  it('a cases file opens and updates cases; bad rows go to the error file with why', async () => {
    const [a, b] = loanIds;
    const file = csv([
      ['Loan ID', 'Process Type', 'Allocation Month', 'Stage', 'Court', 'Case Number'],
      [a, 'sarfaesi', month, 'demand_13_2', 'DRT Pune', ''],
      [a, 'sarfaesi', month, 'objection_reply_13_3a', '', 'SA/77/2026'],
      [b, 'sarfaesi', month, 'award', '', ''],
      ['NO-SUCH-LOAN', 'civil', month, '', '', ''],
      [b, 'arbitrary', month, '', '', ''],
    ]);
    const done = await imported('cases', 'cases.csv', file);
    expect(done).toMatchObject({ import_type: 'cases', status: 'success', rows_read: 5, applied: 2, error_rows: 3, progress: 100 });
    const kase = (await caseOf(a, 'sarfaesi'))!;
    expect(kase).toMatchObject({ stage: 'objection_reply_13_3a', court: 'DRT Pune', case_number: 'SA/77/2026' });
    // Limitation from the loan's date of default: SARFAESI enforces a mortgage, 12 years (Art. 62).
    const dod = defaults.get(a)!;
    expect(dod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(kase).toMatchObject({ date_of_default: dod, limitation_date: `${Number(dod.slice(0, 4)) + 12}${dod.slice(4)}` });
    const errors = await errorRows(done.import_id);
    expect(errors.map((e) => [e.row_number, e.reason])).toEqual([
      ['4', 'Unknown stage for sarfaesi: award'],
      ['5', 'Loan not found'],
      ['6', expect.stringMatching(/^process_type: /)],
    ]);
    expect(errors[0]['Loan ID']).toBe(b);
  });

  it('refuses at once a file without a required column; a file of only bad rows fails', async () => {
    const res = await upload('hearings', 'h.csv', csv([['loan_id', 'hearing_date'], [loanIds[0], '2026-11-20']]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no process_type column/);
    const bad = await imported('hearings', 'h.csv', csv([['loan_id', 'process_type', 'hearing_date'], [loanIds[3], 'civil', '2026-11-20']]));
    expect(bad).toMatchObject({ status: 'failed', applied: 0, error_rows: 1, message: 'No row could be applied: see the error file' });
    expect((await errorRows(bad.import_id))[0].reason).toBe(`Loan ${loanIds[3]} has no civil case`);
    const empty = await imported('hearings', 'h.csv', csv([['loan_id', 'process_type', 'hearing_date']]));
    expect(empty).toMatchObject({ status: 'failed', message: 'The file has no data rows' });
  });

  it('a hearings spreadsheet records hearings with their orders and next dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Hearings');
    ws.addRow(['loan_id', 'process_type', 'hearing_date', 'proceedings', 'order_text', 'next_hearing_date']);
    ws.addRow([loanIds[0], 'sarfaesi', '2026-11-20', 'Borrower absent', 'Ex parte', '2026-12-15']);
    ws.addRow([loanIds[0], 'sarfaesi', '2026-11-22', '', '', '2026-11-01']);
    const done = await imported('hearings', 'hearings.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(done).toMatchObject({ status: 'success', applied: 1, error_rows: 1 });
    expect((await errorRows(done.import_id))[0].reason).toBe('next_hearing_date: next_hearing_date must be after hearing_date');
    const kase = (await caseOf(loanIds[0], 'sarfaesi'))!;
    const detail = (await t.app.inject({ url: `/api/litigation/cases/${kase.case_id}`, headers: lawyer })).json().data as CaseDetail;
    expect(detail.next_hearing_date).toBe('2026-12-15');
    expect(detail.hearings[0]).toMatchObject({ hearing_date: '2026-11-20', proceedings: 'Borrower absent', order_text: 'Ex parte' });
  });

  it("an advocate's import reaches only the cases assigned to them", async () => {
    const done = await imported('hearings', 'h.csv', csv([['loan_id', 'process_type', 'hearing_date'], [loanIds[0], 'sarfaesi', '2026-11-23']]), advocate);
    expect(done).toMatchObject({ status: 'failed', error_rows: 1 });
    expect((await errorRows(done.import_id, advocate))[0].reason).toBe('Case not found');
  });
});

describe('notice exports: Reports and Documents', () => {
  let batch: BatchDetail;
  beforeAll(async () => {
    const templates = (await t.app.inject({ url: '/api/notice/templates', headers: admin })).json().data.templates as TemplateRecord[];
    const templateId = templates.find((x) => x.kind === 'loan_recall' && x.version === 1)!.template_id;
    const res = await t.app.inject({ method: 'POST', url: '/api/notice/batches', headers: admin, payload: { template_id: templateId, language: 'en', allocation_month: month, loan_ids: [...loanIds.slice(5, 8), 'NO-SUCH-LOAN'] } });
    expect(res.statusCode, res.body).toBe(200);
    const deadline = Date.now() + 60_000;
    for (;;) {
      batch = (await t.app.inject({ url: `/api/notice/batches/${res.json().data.batch_id}`, headers: admin })).json().data as BatchDetail;
      if (batch.status !== 'in_progress') break;
      if (Date.now() > deadline) throw new Error('batch never finished');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(batch.counts).toMatchObject({ success: 3, no_data_found: 1 });
  }, 90_000);

  it('the Notice Tracking Report comes back filled in as a dispatch import; PODs show in the next report', async () => {
    const report = await exported({ report: 'Notice Tracking Report', batch_id: batch.batch_id });
    expect(report).toMatchObject({ view: 'Reports', status: 'SUCCESS', total: 4 });
    const file = await download(report.export_id);
    expect(file.headers['content-type']).toMatch(/text\/csv/);
    const rows = parse(file.body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r['Notice Status'])).toEqual(['success', 'success', 'success', 'no_data_found']);
    expect(rows[0]).toMatchObject({ 'Loan ID': loanIds[5], Borrower: names.get(loanIds[5]), 'Notice Type': 'loan_recall', 'Dispatch Mode': '', POD: 'No' });

    // The report filled in with tracking numbers is a dispatch import.
    const filled = csv([['notice_id', 'loan_id', 'mode', 'tracking_number', 'status'], ...rows.slice(0, 3).map((r, i) => [r['Notice ID'], r['Loan ID'], 'speed_post', `EE10000000${i}IN`, 'dispatched']), [rows[3]['Notice ID'], rows[3]['Loan ID'], 'speed_post', 'EE999IN', 'dispatched']]);
    const done = await imported('dispatch', 'tracking.csv', filled);
    expect(done).toMatchObject({ status: 'success', applied: 3, error_rows: 1 });
    expect((await errorRows(done.import_id))[0].reason).toBe('Only a generated notice can be dispatched');

    const pod = Buffer.from('%PDF-1.4\n% POD scan\n%%EOF\n', 'latin1');
    const m = multipart({ document_type: 'POD' }, { name: 'pod.pdf', type: 'application/pdf', bytes: pod });
    const up = await t.app.inject({ method: 'POST', url: `/api/notice/notices/${rows[0]['Notice ID']}/documents`, headers: { ...admin, 'content-type': m.contentType }, payload: m.payload });
    expect(up.statusCode, up.body).toBe(200);

    const again = parse((await download((await exported({ report: 'Notice Tracking Report', batch_id: batch.batch_id })).export_id)).body, { columns: true }) as Record<string, string>[];
    expect(again.slice(0, 3).map((r) => [r['Tracking Number'], r['Dispatch Status'], r.POD])).toEqual([
      ['EE100000000IN', 'delivered', 'Yes'],
      ['EE100000001IN', 'dispatched', 'No'],
      ['EE100000002IN', 'dispatched', 'No'],
    ]);

    const docs = await exported({ report: 'POD', batch_id: batch.batch_id });
    expect(docs).toMatchObject({ view: 'Documents', status: 'SUCCESS', total: 1 });
    const zip = await download(docs.export_id);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zipNames(zip.rawPayload)).toEqual([`${batch.issue_date}/POD_${loanIds[5]}.pdf`]);
    expect((await exported({ report: 'Tracking Report', batch_id: batch.batch_id })).status).toBe('NO DATA FOUND');
  }, 120_000);

  it('Download Notice lists each notice with its status; Documents zips the notices and the Merged File', async () => {
    const report = await exported({ report: 'Download Notice', batch_id: batch.batch_id });
    const rows = parse((await download(report.export_id)).body, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r['Loan ID'], r.Status, r.File])).toEqual([
      [loanIds[5], 'success', `notice_${loanIds[5]}.pdf`],
      [loanIds[6], 'success', `notice_${loanIds[6]}.pdf`],
      [loanIds[7], 'success', `notice_${loanIds[7]}.pdf`],
      ['NO-SUCH-LOAN', 'no_data_found', ''],
    ]);
    const notices = await exported({ report: 'Notice', batch_id: batch.batch_id });
    expect(notices).toMatchObject({ status: 'SUCCESS', total: 3 });
    const zip = (await download(notices.export_id)).rawPayload;
    expect(zipNames(zip)).toEqual(loanIds.slice(5, 8).map((id) => `${batch.issue_date}/notice_${id}.pdf`));
    const pdf = (await t.app.inject({ url: `/api/notice/notices/${batch.notices[0].notice_id}/pdf`, headers: admin })).rawPayload;
    expect(zip.includes(pdf)).toBe(true);
    // Batches are stamped with the database's time: a range around today (UTC) holds this file's only batch.
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const merged = await exported({ report: 'Merged File', from: day(-1), to: day(1) });
    expect(merged).toMatchObject({ status: 'SUCCESS', total: 1 });
    expect(zipNames((await download(merged.export_id)).rawPayload)).toEqual([`merged_${batch.issue_date}_${batch.batch_id.slice(0, 8)}.pdf`]);
  }, 120_000);

  it('NO DATA FOUND for a range without batches; a masked lawyer gets masked names; nothing of another file before SUCCESS', async () => {
    const none = await exported({ report: 'Notice Tracking Report', from: '2025-01-01', to: '2025-01-31' });
    expect(none).toMatchObject({ status: 'NO DATA FOUND', total: 0, file_name: null });
    expect((await download(none.export_id)).statusCode).toBe(404);
    const masked = await exported({ report: 'Notice Tracking Report', batch_id: batch.batch_id }, lawyer);
    const rows = parse((await download(masked.export_id, lawyer)).body, { columns: true }) as Record<string, string>[];
    expect(rows[0].Borrower).not.toBe(names.get(loanIds[5]));
    expect(rows[0].Borrower).toMatch(/\*/);
    // Masking is per caller: the admin's export (clear names) is not handed to the masked lawyer.
    const clear = await exported({ report: 'Notice Tracking Report', batch_id: batch.batch_id });
    expect((parse((await download(clear.export_id)).body, { columns: true }) as Record<string, string>[])[0].Borrower).toBe(names.get(loanIds[5]));
    const refused = await download(clear.export_id, lawyer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This export holds unmasked data; export it again to get it masked');
    expect(refused.body).not.toContain(String(names.get(loanIds[5])));
    // The other way round is no leak: the admin may download the lawyer's masked file.
    expect((await download(masked.export_id)).statusCode).toBe(200);
    const reports = (await t.app.inject({ url: '/api/notice/exports?view=Documents&page_size=100', headers: admin })).json().data.exports as LegalExportRecord[];
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.every((e) => e.view === 'Documents')).toBe(true);
    const bad = await t.app.inject({ method: 'POST', url: '/api/notice/exports', headers: admin, payload: { report: 'Notice' } });
    expect(bad.statusCode).toBe(400);
  }, 120_000);
});
