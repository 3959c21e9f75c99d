/**
 * Legal notices (issue 17): templates approved before use, a batch of a few loans generated as a
 * durable job (per-loan PDFs and the Merged File printed by Chromium), the spec 4 statuses, the
 * error file, Devanagari text intact in a Hindi notice (Debian's pdftotext), another company's
 * template refused, a masked reader getting masked names, dispatch on the loan's timeline.
 * Few pages on purpose (CI time).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail, LoanNoticeRecord, TemplateRecord } from '../../src/domain/contracts/legal/notices';
import type { LoanDetails } from '../../src/domain/contracts/portfolio/profiles';
import { loanEvents } from '../../src/server/modules/portfolio/schema';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

let t: TestApp;
let admin: Record<string, string>;
let adminTrust: Record<string, string>;
let lawyer: Record<string, string>;
let templates: TemplateRecord[];
let loanIds: string[];
const names = new Map<string, string>();
const month = demoMonth(new Date());
const dir = mkdtempSync(join(tmpdir(), 'notices-'));

beforeAll(async () => {
  t = await createTestApp();
  const a = await signIn(t.app, 'admin@demo.in');
  admin = headers(a.token, LENDER);
  adminTrust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  lawyer = headers((await signIn(t.app, 'lawyer@demo.in')).token, LENDER);
  const res = await t.app.inject({ url: '/api/notice/templates', headers: admin });
  expect(res.statusCode, res.body).toBe(200);
  templates = res.json().data.templates;
  const all = (await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}`, headers: admin })).json().data;
  loanIds = [...(all.loan_ids as string[])].sort().slice(0, 3);
  for (const id of loanIds) {
    const details = (await t.app.inject({ url: `/api/recovery/loan-details/${id}`, headers: admin })).json().data as LoanDetails;
    names.set(id, String(details.loan.applicant_name));
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const template = (kind: string) => templates.find((x) => x.kind === kind && x.version === 1)!;

/** pdftotext of a PDF answer (layout off: reading order, words whole). */
function pdfText(body: Buffer): string {
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, body);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

async function startBatch(h: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/notice/batches', headers: h, payload: { allocation_month: month, ...body } });
}

async function finished(h: Record<string, string>, batchId: string): Promise<BatchDetail> {
  const deadline = Date.now() + 50_000;
  for (;;) {
    const res = await t.app.inject({ url: `/api/notice/batches/${batchId}`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const batch = res.json().data as BatchDetail;
    if (batch.status !== 'in_progress') return batch;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} still in progress`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('notice templates', () => {
  it('every company starts with the built-ins approved; a new version is a draft a batch refuses until approved', async () => {
    // The Indian lender's built-ins follow Indian law; the Indonesian trust's are the three somasi.
    expect(templates.map((x) => x.kind).sort()).toEqual(['arbitration_invocation', 'conciliation', 'loan_recall', 'lok_adalat', 'ni_138', 'sarfaesi_13_2', 'sarfaesi_13_4']);
    expect(template('ni_138')).toMatchObject({ status: 'approved', version: 1, languages: ['en', 'hi'] });

    const bad = await t.app.inject({ method: 'POST', url: '/api/notice/templates', headers: admin, payload: { kind: 'loan_recall', name: 'Recall', bodies: { en: 'Dear {{applicant_name}}, your {{password}} please.' } } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Unknown placeholder in the en text: {{password}}']);

    const created = await t.app.inject({ method: 'POST', url: '/api/notice/templates', headers: admin, payload: { kind: 'loan_recall', name: 'Recall v2', bodies: { en: 'RECALL\n\nDear {{applicant_name}}, pay {{total_claim_amount}} by {{pay_by}}.' } } });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json().data as TemplateRecord;
    expect(draft).toMatchObject({ status: 'draft', version: 2, approved_by: null });
    const refused = await startBatch(admin, { template_id: draft.template_id, language: 'en', loan_ids: [loanIds[0]] });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Template is not approved yet']);

    const approved = await t.app.inject({ method: 'POST', url: `/api/notice/templates/${draft.template_id}/approve`, headers: admin });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', approved_by_name: expect.any(String) });
    expect(approved.json().data.approved_at).toBeTruthy();
    const again = await t.app.inject({ method: 'POST', url: `/api/notice/templates/${draft.template_id}/approve`, headers: admin });
    expect(again.statusCode).toBe(409);
  });

  it("refuses another company's template id and a language the template lacks", async () => {
    const other = await startBatch(adminTrust, { template_id: template('loan_recall').template_id, language: 'en', loan_ids: ['X1'] });
    expect([other.statusCode, other.json().message]).toEqual([404, 'Template not found']);
    const lang = await startBatch(admin, { template_id: template('loan_recall').template_id, language: 'id', loan_ids: [loanIds[0]] });
    expect([lang.statusCode, lang.json().message]).toEqual([400, 'Template has no id text']);

    // The trust's own somasi, in Bahasa Indonesia, amounts in rupiah.
    const trustTemplates = (await t.app.inject({ url: '/api/notice/templates', headers: adminTrust })).json().data.templates as TemplateRecord[];
    expect(trustTemplates.map((x) => x.kind).sort()).toEqual(['somasi_1', 'somasi_2', 'somasi_3']);
    const own = trustTemplates.find((x) => x.kind === 'somasi_1')!;
    const trustLoan = ((await t.app.inject({ url: `/api/recovery/all-loans?allocation_month=${month}`, headers: adminTrust })).json().data.loan_ids as string[]).sort()[0];
    const somasi = await finished(adminTrust, (await startBatch(adminTrust, { template_id: own.template_id, language: 'id', loan_ids: [trustLoan], issue_date: '2026-11-24' })).json().data.batch_id);
    expect(somasi.counts.success).toBe(1);
    const text = pdfText((await t.app.inject({ url: `/api/notice/batches/${somasi.batch_id}/merged`, headers: adminTrust })).rawPayload);
    expect(text).toContain('SOMASI I');
    expect(text.replace(/\s+/g, ' ')).toContain('paling lambat tanggal 01-12-2026');
    expect(text).toMatch(/Rp [\d,]+/);
  });
});

describe('notice batches', () => {
  it('generates a few loans in English: statuses and counts, the Merged File holds every borrower, the error file the missing loan', async () => {
    const res = await startBatch(admin, { template_id: template('loan_recall').template_id, language: 'en', loan_ids: [...loanIds, 'NO-SUCH-LOAN'], issue_date: '2026-11-24' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'in_progress', total: 4, kind: 'loan_recall', language: 'en' });
    const batch = await finished(admin, res.json().data.batch_id);
    expect(batch).toMatchObject({ status: 'success', progress: 100, merged_ready: true, counts: { success: 3, failed: 0, in_progress: 0, no_data_found: 1 } });
    expect(batch.notices.map((n) => [n.loan_id, n.status])).toEqual([...loanIds.map((id) => [id, 'success']), ['NO-SUCH-LOAN', 'no_data_found']]);
    expect(batch.notices[0].applicant_name).toBe(names.get(loanIds[0]));

    const merged = await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}/merged`, headers: admin });
    expect(merged.statusCode).toBe(200);
    expect(merged.headers['content-type']).toBe('application/pdf');
    const text = pdfText(merged.rawPayload);
    for (const id of loanIds) {
      expect(text).toContain(names.get(id));
      expect(text).toContain(id);
    }
    expect(text).toContain('LOAN RECALL NOTICE');
    // Issued 24-11-2026, 15 days to pay.
    expect(text).toContain('09-12-2026');

    const one = await t.app.inject({ url: `/api/notice/notices/${batch.notices[1].notice_id}/pdf`, headers: admin });
    expect(one.statusCode).toBe(200);
    const oneText = pdfText(one.rawPayload);
    expect(oneText).toContain(names.get(loanIds[1]));
    expect(oneText).not.toContain(names.get(loanIds[0]));

    // The loan's notice-tracking tab: its notices with template, language and date; another company sees none.
    const ofLoan = (await t.app.inject({ url: `/api/notice/notices?loan_id=${loanIds[1]}`, headers: admin })).json().data.notices as LoanNoticeRecord[];
    expect(ofLoan.map((n) => [n.notice_id, n.status, n.kind, n.language, n.issue_date])).toContainEqual([batch.notices[1].notice_id, 'success', 'loan_recall', 'en', '2026-11-24']);
    expect((await t.app.inject({ url: `/api/notice/notices?loan_id=${loanIds[1]}`, headers: adminTrust })).json().data.notices).toEqual([]);

    const errors = await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}/errors`, headers: admin });
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toBe(`Loan ID,Status,Reason\nNO-SUCH-LOAN,no_data_found,Loan not found in ${month}\n`);

    const listed = (await t.app.inject({ url: '/api/notice/batches', headers: admin })).json().data;
    expect(listed.batches[0]).toMatchObject({ batch_id: batch.batch_id, status: 'success' });
    // Another company sees neither the batch nor its notices.
    expect((await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}`, headers: adminTrust })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/notice/notices/${batch.notices[0].notice_id}/pdf`, headers: adminTrust })).statusCode).toBe(404);
  });

  it('prints Hindi notices with their Devanagari intact (conjuncts क्ष, प्र, त्त, स्त) and the borrowers named, in the Merged File too; a missing statute date is no_data_found', async () => {
    const res = await startBatch(admin, { template_id: template('sarfaesi_13_2').template_id, language: 'hi', loan_ids: [loanIds[0], loanIds[1]], issue_date: '2026-01-01' });
    const batch = await finished(admin, res.json().data.batch_id);
    expect(batch.counts.success).toBe(2);
    // The Merged File is the notices' own PDFs joined by pdfunite: both notices, in order, with their fonts.
    const merged = (await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}/merged`, headers: admin })).rawPayload;
    const text = pdfText(merged);
    const [first, second] = batch.notices.map((n) => names.get(n.loan_id)!);
    expect(text.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(second)).toBeGreaterThan(text.indexOf(first));
    // (pdftotext splits a few words after the े matra, e.g. 'सरफे सी': an extraction artefact, the glyphs are shaped; words checked here come out whole.)
    for (const word of ['अधिनियम', 'प्रतिभूत', 'आपत्ति', 'अपेक्षा', 'हस्ताक्षरकर्ता', 'प्राप्ति', 'मांग सूचना']) expect(text.split(word).length - 1, word).toBeGreaterThanOrEqual(2);
    // 60 days from 01-01-2026.
    expect(text.split('02-03-2026').length - 1).toBe(2);
    const alone = pdfText((await t.app.inject({ url: `/api/notice/notices/${batch.notices[0].notice_id}/pdf`, headers: admin })).rawPayload);
    expect(text.startsWith(alone.replace(/\f$/, ''))).toBe(true);

    // The demo loans carry no cheque return memo date: an s.138 notice has no data to count from.
    const ni = await finished(admin, (await startBatch(admin, { template_id: template('ni_138').template_id, language: 'hi', loan_ids: [loanIds[0]] })).json().data.batch_id);
    expect(ni).toMatchObject({ status: 'failed', merged_ready: false, counts: { no_data_found: 1 } });
    expect(ni.notices[0].reason).toBe('cheque_return_memo_date is missing');
    expect((await t.app.inject({ url: `/api/notice/batches/${ni.batch_id}/merged`, headers: admin })).statusCode).toBe(404);
  });

  it('gives a masked reader (the lawyer) masked names in the batch and in the PDFs, and records dispatch on the timeline', async () => {
    const res = await startBatch(lawyer, { template_id: template('loan_recall').template_id, language: 'en', loan_ids: loanIds.slice(0, 2) });
    expect(res.statusCode, res.body).toBe(200);
    const batch = await finished(lawyer, res.json().data.batch_id);
    expect(batch.status).toBe('success');
    const masked = batch.notices[0].applicant_name!;
    expect(masked).not.toBe(names.get(loanIds[0]));
    expect(masked).toMatch(/\*|X/);

    const text = pdfText((await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}/merged`, headers: lawyer })).rawPayload);
    for (const id of loanIds.slice(0, 2)) expect(text).not.toContain(names.get(id));
    expect(text.replace(/\s+/g, ' ')).toContain(masked);
    const one = pdfText((await t.app.inject({ url: `/api/notice/notices/${batch.notices[0].notice_id}/pdf`, headers: lawyer })).rawPayload);
    expect(one).not.toContain(names.get(loanIds[0]));
    // The admin reads the same batch in clear.
    expect(pdfText((await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}/merged`, headers: admin })).rawPayload)).toContain(names.get(loanIds[0]));

    const notice = batch.notices[0];
    const sent = await t.app.inject({ method: 'PUT', url: `/api/notice/notices/${notice.notice_id}/dispatch`, headers: lawyer, payload: { mode: 'speed_post', tracking_number: 'EE123456789IN', status: 'dispatched' } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ dispatch_mode: 'speed_post', tracking_number: 'EE123456789IN', dispatch_status: 'dispatched' });
    const back = await t.app.inject({ method: 'PUT', url: `/api/notice/notices/${notice.notice_id}/dispatch`, headers: lawyer, payload: { mode: 'speed_post', tracking_number: 'EE123456789IN', status: 'returned' } });
    expect(back.json().data.dispatch_status).toBe('returned');
    const events = await t.database.db
      .select({ remark: loanEvents.remark, details: loanEvents.details })
      .from(loanEvents)
      .where(and(eq(loanEvents.companyId, LENDER), eq(loanEvents.loanId, notice.loan_id), eq(loanEvents.kind, 'notice')));
    const mine = events.filter((e) => e.details.batch_id === batch.batch_id).map((e) => e.details.event);
    expect(mine.sort()).toEqual(['dispatched', 'generated', 'returned']);

    const bad = await t.app.inject({ method: 'PUT', url: `/api/notice/notices/${notice.notice_id}/dispatch`, headers: lawyer, payload: { mode: 'pigeon', tracking_number: 'x', status: 'dispatched' } });
    expect(bad.statusCode).toBe(400);
  });
});
