/**
 * Notice dispatch through communication (issue 17 "Dispatch"): a generated notice sent by email
 * with its PDF attached (a real in-process SMTP server receives the very bytes of the notice), by
 * WhatsApp through the local provider (the document recorded by its SHA-256), blocked outside the
 * contact hours with the reason kept on the notice; every notice of a batch sent as a durable job;
 * and the POD of a speed post dispatch uploaded as a document of type POD, marking it delivered.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchDetail, NoticeRecord, TemplateRecord } from '../../src/domain/contracts/legal/notices';
import { settableClock } from '../../src/server/http/clock';
import { localProvider } from '../../src/server/modules/communication/providers/local';
import { localCourier } from '../../src/server/modules/legal/courier/local';
import { sweepCourierTracking } from '../../src/server/modules/legal/tracking-service';
import { createFileStorage } from '../../src/server/storage/files';
import { demoMonth } from '../../src/server/seed/demo-portfolio';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';
import { multipart } from './multipart';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let adminTrust: Record<string, string>;
let templateId: string;
let loanIds: string[];
const month = demoMonth(new Date('2026-11-24T10:00:00+05:30'));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  adminTrust = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  const templates = (await t.app.inject({ url: '/api/notice/templates', headers: admin })).json().data.templates as TemplateRecord[];
  templateId = templates.find((x) => x.kind === 'loan_recall' && x.version === 1)!.template_id;
  // Loans with an email address (the email test) first.
  const page = (await t.app.inject({ url: `/api/recovery/loans?allocation_month=${month}&page_size=60`, headers: admin })).json().data.loans as Array<{ loan_id: string; email?: unknown; applicant_contact_number?: unknown }>;
  loanIds = page.filter((l) => typeof l.email === 'string' && l.email.includes('@') && l.applicant_contact_number).map((l) => l.loan_id);
  expect(loanIds.length).toBeGreaterThanOrEqual(5);
}, 120_000);
afterAll(async () => t?.close());

let keyN = 0;
async function batchOf(ids: string[]): Promise<BatchDetail> {
  const res = await t.app.inject({ method: 'POST', url: '/api/notice/batches', headers: admin, payload: { template_id: templateId, language: 'en', allocation_month: month, loan_ids: ids } });
  expect(res.statusCode, res.body).toBe(200);
  return until(res.json().data.batch_id, (b) => b.status !== 'in_progress');
}
async function until(batchId: string, done: (b: BatchDetail) => boolean): Promise<BatchDetail> {
  const deadline = Date.now() + 50_000;
  for (;;) {
    const b = (await t.app.inject({ url: `/api/notice/batches/${batchId}`, headers: admin })).json().data as BatchDetail;
    if (done(b)) return b;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} never got there`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const send = (noticeId: string, payload: Record<string, unknown>, h = admin) =>
  t.app.inject({ method: 'POST', url: `/api/notice/notices/${noticeId}/send`, headers: { ...h, 'idempotency-key': `notice-send-${(keyN += 1)}` }, payload });
const pdfOf = async (noticeId: string) => (await t.app.inject({ url: `/api/notice/notices/${noticeId}/pdf`, headers: admin })).rawPayload;
const activity = async (loanId: string) => (await t.app.inject({ url: `/api/recovery/loan/activity/${loanId}?page_size=50`, headers: admin })).json().data.events as Array<{ kind: string; remark: string | null }>;

describe('a notice sent by email or WhatsApp with its PDF', () => {
  let batch: BatchDetail;
  beforeAll(async () => {
    batch = await batchOf(loanIds.slice(0, 3));
    expect(batch.counts.success, JSON.stringify(batch)).toBe(3);
  }, 60_000);

  it('by email: the SMTP server receives the notice PDF as an attachment; the notice says emailed', async () => {
    clock.set(new Date('2026-11-24T10:00:00+05:30'));
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _s, cb) {
        let d = '';
        stream.on('data', (c: Buffer) => (d += c.toString('utf8')));
        stream.on('end', () => {
          mails.push(d);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    try {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: (smtp.server.address() as AddressInfo).port, smtp_secure: false, email_from: 'legal@demo.in' } });
      const notice = batch.notices[0];
      const res = await send(notice.notice_id, { channel: 'email' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Notice sent');
      expect(res.json().data).toMatchObject({ dispatch_mode: 'email', dispatch_status: 'dispatched', dispatch_reason: null, tracking_number: null });
      expect(mails).toHaveLength(1);
      const mail = mails[0].replace(/\r\n/g, '\n');
      expect(mail).toContain(`Subject: Notice for loan ${notice.loan_id}`);
      const name = `notice_${notice.loan_id}.pdf`;
      expect(mail).toContain(`Content-Disposition: attachment; filename=${name}`);
      const b64 = new RegExp(`filename=${name}\\n\\n([A-Za-z0-9+/=\\n]+)\\n`).exec(mail)?.[1] ?? '';
      expect(Buffer.from(b64.replace(/\n/g, ''), 'base64').equals(await pdfOf(notice.notice_id))).toBe(true);
      expect((await activity(notice.loan_id)).map((e) => e.remark)).toContain('Notice sent by email');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'local-provider' } });
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it('by WhatsApp through the local provider: the document is the notice; delivered', async () => {
    clock.set(new Date('2026-11-24T10:30:00+05:30'));
    const notice = batch.notices[1];
    const res = await send(notice.notice_id, { channel: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ dispatch_mode: 'whatsapp', dispatch_status: 'delivered' });
    const recorded = localProvider.recorded.find((m) => m.messageId === res.json().data.dispatch_message_id)!;
    expect(recorded.document).toMatchObject({ fileName: `notice_${notice.loan_id}.pdf`, contentType: 'application/pdf', sha256: createHash('sha256').update(await pdfOf(notice.notice_id)).digest('hex') });
    const detail = (await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}`, headers: admin })).json().data as BatchDetail;
    expect(detail.notices.find((n) => n.notice_id === notice.notice_id)).toMatchObject({ dispatch_mode: 'whatsapp', dispatch_status: 'delivered' });
  });

  it('outside the contact hours: blocked, the reason kept on the notice, nothing sent', async () => {
    clock.set(new Date('2026-11-24T20:00:00+05:30'));
    const notice = batch.notices[2];
    const before = localProvider.recorded.length;
    const res = await send(notice.notice_id, { channel: 'whatsapp' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ dispatch_mode: 'whatsapp', dispatch_status: 'blocked', dispatched_at: null });
    expect(res.json().data.dispatch_reason).toMatch(/Contact is allowed only between 08:00 and 19:00 IST/);
    expect(res.json().message).toMatch(/^Not sent: Contact is allowed only/);
    expect(localProvider.recorded.length).toBe(before);
    expect((await activity(notice.loan_id)).some((e) => e.kind === 'notice' && /^Notice not sent by WhatsApp: Contact is allowed/.test(e.remark ?? ''))).toBe(true);
  });

  it('another company’s notice is not found; a notice that was not generated cannot be sent', async () => {
    clock.set(new Date('2026-11-24T11:00:00+05:30'));
    expect((await send(batch.notices[0].notice_id, { channel: 'email' }, adminTrust)).statusCode).toBe(404);
    const missing = await batchOf(['NO-SUCH-LOAN']);
    expect((await send(missing.notices[0].notice_id, { channel: 'email' })).statusCode).toBe(400);
  });
});

describe('a batch sent by WhatsApp as a job', () => {
  it('sends every generated notice not dispatched yet; asking again finds nothing left', async () => {
    clock.set(new Date('2026-11-24T12:00:00+05:30'));
    const batch = await batchOf(loanIds.slice(3, 5));
    const res = await t.app.inject({ method: 'POST', url: `/api/notice/batches/${batch.batch_id}/send`, headers: admin, payload: { channel: 'whatsapp' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ batch_id: batch.batch_id, channel: 'whatsapp', queued: 2 });
    const done = await until(batch.batch_id, (b) => b.notices.every((n) => n.dispatch_mode === 'whatsapp'));
    expect(done.notices.map((n) => n.dispatch_status)).toEqual(['delivered', 'delivered']);
    const again = await t.app.inject({ method: 'POST', url: `/api/notice/batches/${batch.batch_id}/send`, headers: admin, payload: { channel: 'email' } });
    expect(again.statusCode).toBe(400);
  });
});

describe('POD of a speed post dispatch', () => {
  it('uploads the POD as a document of type POD: listed, downloadable, the notice delivered', async () => {
    clock.set(new Date('2026-11-24T13:00:00+05:30'));
    const batch = await batchOf(loanIds.slice(5, 6).length ? loanIds.slice(5, 6) : loanIds.slice(0, 1));
    const notice = batch.notices[0];
    const pod = Buffer.from('%PDF-1.4\n% POD scan\n%%EOF\n', 'latin1');
    const upload = (id: string, type = 'POD', h = admin) => {
      const m = multipart({ document_type: type }, { name: 'pod.pdf', type: 'application/pdf', bytes: pod });
      return t.app.inject({ method: 'POST', url: `/api/notice/notices/${id}/documents`, headers: { ...h, 'content-type': `multipart/form-data; boundary=${m.boundary}` }, payload: m.payload });
    };
    // Not posted yet: record the speed post dispatch first.
    expect((await upload(notice.notice_id)).statusCode).toBe(400);
    const put = await t.app.inject({ method: 'PUT', url: `/api/notice/notices/${notice.notice_id}/dispatch`, headers: admin, payload: { mode: 'speed_post', tracking_number: 'EE123456789IN', status: 'dispatched' } });
    expect(put.statusCode, put.body).toBe(200);
    const res = await upload(notice.notice_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ notice_id: notice.notice_id, document_type: 'POD', file_name: 'pod.pdf', content_type: 'application/pdf', size_bytes: pod.length });
    const list = (await t.app.inject({ url: `/api/notice/notices/${notice.notice_id}/documents`, headers: admin })).json().data.documents as Array<{ document_id: string }>;
    expect(list).toHaveLength(1);
    const file = await t.app.inject({ url: `/api/notice/documents/${list[0].document_id}`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pod)).toBe(true);
    const detail = (await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}`, headers: admin })).json().data as BatchDetail;
    expect(detail.notices[0]).toMatchObject({ dispatch_mode: 'speed_post', dispatch_status: 'delivered', tracking_number: 'EE123456789IN' } satisfies Partial<NoticeRecord>);
    expect((await activity(notice.loan_id)).map((e) => e.remark)).toContain('POD uploaded (speed post EE123456789IN)');
    // Another company sees neither the notice nor the document; a wrong type is a 400.
    expect((await upload(notice.notice_id, 'POD', adminTrust)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/notice/documents/${list[0].document_id}`, headers: adminTrust })).statusCode).toBe(404);
    expect((await upload(notice.notice_id, 'Merged File')).statusCode).toBe(400);
  });
});

describe("POD read from the courier's tracking (the local courier adapter)", () => {
  it('in transit, then delivered: the notice delivered, a Tracking Report of the events, the POD from the courier; returned; unknown numbers refused', async () => {
    clock.set(new Date('2026-11-24T14:00:00+05:30'));
    const batch = await batchOf(loanIds.slice(0, 3));
    const [a, b, c] = batch.notices;
    const dispatch = (id: string, tracking_number: string) =>
      t.app.inject({ method: 'PUT', url: `/api/notice/notices/${id}/dispatch`, headers: admin, payload: { mode: 'speed_post', tracking_number, status: 'dispatched', dispatched_on: '2026-11-24' } });
    const track = (id: string) => t.app.inject({ method: 'POST', url: `/api/notice/notices/${id}/tracking`, headers: admin });
    // Not posted: nothing to track.
    expect((await track(a.notice_id)).statusCode).toBe(400);
    for (const [n, num] of [[a, 'EE200000001IN'], [b, 'RT200000002IN'], [c, 'NF200000003IN']] as const) expect((await dispatch(n.notice_id, num)).statusCode).toBe(200);

    clock.set(new Date('2026-11-25T12:00:00+05:30'));
    const moving = await track(a.notice_id);
    expect(moving.statusCode, moving.body).toBe(200);
    expect(moving.json().data).toMatchObject({ provider: 'local', status: 'in_transit', received_by: null, notice: { dispatch_status: 'dispatched' } });
    expect(moving.json().data.events.map((e: { text: string }) => e.text)).toEqual(['Item booked', 'Item dispatched']);
    expect(moving.json().data.documents.map((d: { document_type: string }) => d.document_type)).toEqual(['Tracking Report']);

    clock.set(new Date('2026-11-28T10:00:00+05:30'));
    const done = (await track(a.notice_id)).json().data;
    expect(done).toMatchObject({ status: 'delivered', received_by: 'Addressee', notice: { dispatch_status: 'delivered', tracking_number: 'EE200000001IN' } });
    // The read before is replaced: one Tracking Report, and the POD.
    const docs = done.documents as Array<{ document_id: string; document_type: string; file_name: string }>;
    expect(docs.map((d) => d.document_type).sort()).toEqual(['POD', 'Tracking Report']);
    const pod = await t.app.inject({ url: `/api/notice/documents/${docs.find((d) => d.document_type === 'POD')!.document_id}`, headers: admin });
    expect(pod.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const report = await t.app.inject({ url: `/api/notice/documents/${docs.find((d) => d.document_type === 'Tracking Report')!.document_id}`, headers: admin });
    expect(report.body).toContain('Item delivered (Addressee)');
    expect((await activity(a.loan_id)).map((e) => e.remark)).toContain("Notice delivered (speed post EE200000001IN), received by Addressee: read from the courier's tracking");
    // Read again: still one POD.
    const again = (await track(a.notice_id)).json().data.documents as Array<{ document_type: string }>;
    expect(again.filter((d) => d.document_type === 'POD')).toHaveLength(1);

    expect((await track(b.notice_id)).json().data).toMatchObject({ status: 'returned', notice: { dispatch_status: 'returned' } });
    const unknown = await track(c.notice_id);
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'The courier does not know tracking number NF200000003IN']);
  }, 90_000);
});

describe('the courier sweep', () => {
  it('reads every notice still in the post: delivered and returned recorded with the POD, an unknown number reported and left for the next run', async () => {
    clock.set(new Date('2026-12-01T10:00:00+05:30'));
    const batch = await batchOf(loanIds.slice(3, 6));
    const [a, b, c] = batch.notices;
    for (const [n, num] of [[a, 'EE300000001IN'], [b, 'RT300000002IN'], [c, 'NF300000003IN']] as const) {
      const put = await t.app.inject({ method: 'PUT', url: `/api/notice/notices/${n.notice_id}/dispatch`, headers: admin, payload: { mode: 'courier', tracking_number: num, status: 'dispatched', dispatched_on: '2026-12-01' } });
      expect(put.statusCode, put.body).toBe(200);
    }
    const files = createFileStorage(t.config);
    const failed: string[] = [];
    const sweep = (at: string) => sweepCourierTracking(t.database.db, files, localCourier, new Date(at), (_err, id) => failed.push(id));
    // In transit: read, nothing changes.
    expect((await sweep('2026-12-02T10:00:00+05:30')).read).toBeGreaterThanOrEqual(2);
    const status = async () => ((await t.app.inject({ url: `/api/notice/batches/${batch.batch_id}`, headers: admin })).json().data as BatchDetail).notices.map((n) => n.dispatch_status);
    expect(await status()).toEqual(['dispatched', 'dispatched', 'dispatched']);
    failed.length = 0;
    await sweep('2026-12-05T10:00:00+05:30');
    expect(await status()).toEqual(['delivered', 'returned', 'dispatched']);
    const ours = (ids: string[]) => ids.filter((id) => [a, b, c].some((n) => n.notice_id === id));
    expect(ours(failed)).toEqual([c.notice_id]);
    const docs = (await t.app.inject({ url: `/api/notice/notices/${a.notice_id}/documents`, headers: admin })).json().data.documents as Array<{ document_type: string }>;
    expect(docs.map((d) => d.document_type).sort()).toEqual(['POD', 'Tracking Report']);
    expect((await activity(a.loan_id)).map((e) => e.remark)).toContain("Notice delivered (courier EE300000001IN), received by Addressee: read from the courier's tracking");
    // Next run: only the unknown number is tried again.
    failed.length = 0;
    const again = await sweep('2026-12-06T10:00:00+05:30');
    expect([again.changed, ours(failed)]).toEqual([0, [c.notice_id]]);
  }, 90_000);
});
