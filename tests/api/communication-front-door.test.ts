/**
 * The communication area's front door for other areas (src/server/modules/communication/queries.ts):
 * `sendToBorrower` takes the one path POST /communication/messages takes — compliance decision,
 * DLT, the company's provider, the stored message — with a template or the caller's own text, and
 * a document: an email attachment into a real in-process SMTP server, a WhatsApp document uploaded
 * to Meta's `/media` and sent as the template's DOCUMENT header (or a session document message)
 * against a local stand-in of the Cloud API; blocked outside hours with the reasons; refused on SMS.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { settableClock } from '../../src/server/http/clock';
import { localProvider } from '../../src/server/modules/communication/providers/local';
import { sendToBorrower, type BorrowerMessage } from '../../src/server/modules/communication/queries';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-23T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let loans: LoanRecord[];
const PDF = Buffer.from('%PDF-1.4\n% a notice\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
const attachment = { fileName: 'notice_L1.pdf', contentType: 'application/pdf', bytes: PDF };

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=60', headers: admin })).json().data as LoansPage).loans;
});
afterAll(async () => t?.close());

let next = 0;
const freshLoan = (has: (l: LoanRecord) => boolean) => {
  while (next < loans.length && !has(loans[next])) next += 1;
  return loans[next++];
};
const withEmail = (l: LoanRecord) => typeof l.email === 'string' && l.email.includes('@');
const withPhone = (l: LoanRecord) => Boolean(l.applicant_contact_number);
const send = (m: Omit<BorrowerMessage, 'companyId' | 'actorId'>) => t.database.db.transaction((tx) => sendToBorrower(tx, { companyId: LENDER, actorId: null, ...m }, clock.now(), { keys: t.config }));
const messagesOf = async (loanId: string) => (await t.app.inject({ url: `/api/communication/messages?loan_id=${loanId}`, headers: admin })).json().data.messages as Array<Record<string, unknown>>;
const settings = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload });

describe('sendToBorrower', () => {
  it('emails the caller’s text with a PDF attached to a real SMTP server; the loan’s messages show it', async () => {
    clock.set(new Date('2026-11-23T10:00:00+05:30'));
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          mails.push(data);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    try {
      await settings({ email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: (smtp.server.address() as AddressInfo).port, smtp_secure: false, email_from: 'legal@demo.in' });
      const loan = freshLoan(withEmail);
      const r = await send({ loanId: loan.loan_id, channel: 'email', content: { name: 'Legal notice', subject: 'Notice for loan {{loan_id}}', text: 'Dear {{borrower_name}}, your notice is attached.' }, variables: {}, attachment });
      expect(r.outcome).toBe('sent');
      expect(r.message).toMatchObject({ status: 'sent', provider: 'smtp', template_id: null, template_name: 'Legal notice', subject: `Notice for loan ${loan.loan_id}`, attachment: { file_name: 'notice_L1.pdf', content_type: 'application/pdf', size_bytes: PDF.length } });
      expect(mails).toHaveLength(1);
      const mail = mails[0].replace(/\r\n/g, '\n');
      expect(mail).toMatch(/Content-Type: application\/pdf; name=notice_L1\.pdf/);
      expect(mail).toMatch(/Content-Disposition: attachment; filename=notice_L1\.pdf/);
      // The attachment's base64 lines decode to the very bytes given.
      const b64 = /filename=notice_L1\.pdf\n\n([A-Za-z0-9+/=\n]+)\n/.exec(mail)?.[1] ?? '';
      expect(Buffer.from(b64.replace(/\n/g, ''), 'base64').equals(PDF)).toBe(true);
      expect((await messagesOf(loan.loan_id))[0]).toMatchObject({ message_id: r.message.message_id, attachment: { file_name: 'notice_L1.pdf' } });
    } finally {
      await settings({ email_provider: 'local-provider' });
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it('sends a WhatsApp document: uploaded to /media, then the template’s DOCUMENT header, or a session document message', async () => {
    clock.set(new Date('2026-11-23T11:00:00+05:30'));
    const seen: Array<{ url: string; type: string; body: string }> = [];
    const graph: Server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ url: req.url ?? '', type: String(req.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('latin1') });
        const json = req.url?.endsWith('/media') ? { id: 'media-777' } : { messaging_product: 'whatsapp', messages: [{ id: `wamid.DOC${seen.length}` }] };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      });
    });
    await new Promise<void>((r) => graph.listen(0, '127.0.0.1', r));
    try {
      await settings({ whatsapp_provider: 'whatsapp-cloud', whatsapp_phone_number_id: '1055', whatsapp_access_token: 'EAAtoken', whatsapp_api_base: `http://127.0.0.1:${(graph.address() as AddressInfo).port}` });
      const tpl = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Notice delivery', channel: 'whatsapp', language: 'en', body: 'Dear {{borrower_name}}, your notice for loan {{loan_id}} is attached.' } });
      const loan = freshLoan(withPhone);
      const r = await send({ loanId: loan.loan_id, channel: 'whatsapp', templateId: tpl.json().data.template_id, variables: {}, attachment });
      expect(r).toMatchObject({ outcome: 'sent', message: { provider: 'whatsapp-cloud', provider_message_id: 'wamid.DOC2' } });
      expect(seen[0].url).toBe('/1055/media');
      expect(seen[0].type).toMatch(/^multipart\/form-data; boundary=/);
      expect(seen[0].body).toContain('name="messaging_product"\r\n\r\nwhatsapp');
      expect(seen[0].body).toContain('filename="notice_L1.pdf"');
      expect(seen[0].body).toContain(PDF.toString('latin1'));
      const templ = JSON.parse(seen[1].body);
      expect(seen[1].url).toBe('/1055/messages');
      expect(templ).toMatchObject({ type: 'template', template: { name: 'notice_delivery', components: [{ type: 'header', parameters: [{ type: 'document', document: { id: 'media-777', filename: 'notice_L1.pdf' } }] }, { type: 'body' }] } });

      const loose = await send({ loanId: freshLoan(withPhone).loan_id, channel: 'whatsapp', content: { name: 'Notice', text: 'Your notice for loan {{loan_id}}' }, variables: {}, attachment });
      expect(loose.outcome).toBe('sent');
      const doc = JSON.parse(seen[3].body);
      expect(doc).toMatchObject({ messaging_product: 'whatsapp', type: 'document', document: { id: 'media-777', filename: 'notice_L1.pdf' } });
      expect(doc.document.caption).toMatch(/^Your notice for loan /);
    } finally {
      await settings({ whatsapp_provider: 'local-provider' });
      await new Promise<void>((r) => graph.close(() => r()));
    }
  });

  it('the local provider records the document by its SHA-256', async () => {
    clock.set(new Date('2026-11-23T12:00:00+05:30'));
    const r = await send({ loanId: freshLoan(withPhone).loan_id, channel: 'whatsapp', content: { name: 'Notice', text: 'Notice attached' }, variables: {}, attachment });
    expect(r.message).toMatchObject({ status: 'delivered', provider: 'local-provider' });
    const recorded = localProvider.recorded.at(-1)!;
    expect(recorded.messageId).toBe(r.message.message_id);
    expect(recorded.document).toEqual({ fileName: 'notice_L1.pdf', contentType: 'application/pdf', sizeBytes: PDF.length, sha256: createHash('sha256').update(PDF).digest('hex') });
  });

  it('outside contact hours: blocked with the reasons, stored, nothing handed to a provider', async () => {
    clock.set(new Date('2026-11-23T19:30:00+05:30'));
    const before = localProvider.recorded.length;
    const loan = freshLoan(withEmail);
    const r = await send({ loanId: loan.loan_id, channel: 'email', content: { name: 'Payment link', subject: 'Pay', text: 'Pay at {{payment_link}}' }, variables: { payment_link: 'https://pay.example/x' }, lang: 'en' });
    expect(r.outcome).toBe('blocked');
    expect(r.reasons.map((x) => x.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(r.reasons[0].message).toContain('08:00');
    expect(r.message).toMatchObject({ status: 'blocked', provider: null, text: 'Pay at https://pay.example/x' });
    expect(localProvider.recorded.length).toBe(before);
    expect((await messagesOf(loan.loan_id))[0]).toMatchObject({ status: 'blocked' });
  });

  it('an SMS without a DLT-registered template is refused by compliance; a document on an SMS is a 400', async () => {
    clock.set(new Date('2026-11-23T10:30:00+05:30'));
    const r = await send({ loanId: freshLoan(withPhone).loan_id, channel: 'sms', content: { name: 'Payment link', text: 'Pay at {{payment_link}}' }, variables: { payment_link: 'https://pay.example/y' } });
    expect(r.outcome).toBe('blocked');
    expect(r.reasons.map((x) => x.code)).toContain('DLT_TEMPLATE_REQUIRED');
    await expect(send({ loanId: freshLoan(withPhone).loan_id, channel: 'sms', content: { name: 'x', text: 'x' }, variables: {}, attachment })).rejects.toMatchObject({ statusCode: 400 });
    await expect(send({ loanId: 'NO-SUCH-LOAN', channel: 'email', content: { name: 'x', subject: 'x', text: 'x' }, variables: {} })).rejects.toMatchObject({ statusCode: 404 });
  });
});
