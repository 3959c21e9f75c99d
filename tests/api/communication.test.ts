/**
 * Communication API (issue 13): templates and previews, a send through the compliance decision
 * (allowed; blocked outside hours with the reason; DLT mismatch), a replayed send not duplicated,
 * the providers' real protocols against local stand-ins — Exotel's SMS API and its delivery report
 * (per-company token), Meta's WhatsApp Cloud API and its signed webhook (X-Hub-Signature-256 over
 * the raw body), SMTP into an in-process `smtp-server` — and a campaign as a durable job.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { eq } from 'drizzle-orm';
import { maskValue } from '../../src/domain/common/masking';
import { settableClock } from '../../src/server/http/clock';
import { communicationSettings } from '../../src/server/modules/communication/schema';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const clock = settableClock(new Date('2026-11-23T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let telecaller: Record<string, string>;
let trustAdmin: Record<string, string>;
let loans: LoanRecord[];
const DLT = { dlt_template_id: '1107161234567890999', dlt_entity_id: '1101234567890', dlt_sender_header: 'RCVOPS', dlt_category: 'service_explicit' };
const SMS_BODY = 'Dear {{borrower_name}}, {{amount_due}} is due on loan {{loan_id}}. - RCVOPS';
let smsTemplateId: string;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=60', headers: admin })).json().data as LoansPage).loans;
  // The operator's registration lives in compliance's DLT registry; the template carries the same ids.
  const reg = await t.app.inject({ method: 'POST', url: '/api/compliance/dlt-templates', headers: admin, payload: { template_id: DLT.dlt_template_id, entity_id: DLT.dlt_entity_id, sender_header: 'RCVOPS', category: 'service_explicit', body: 'Dear {#var#}, {#var#} is due on loan {#var#}. - RCVOPS' } });
  expect(reg.statusCode, reg.body).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'EMI reminder', channel: 'sms', language: 'en', body: SMS_BODY, dlt: DLT } });
  expect(res.statusCode, res.body).toBe(200);
  smsTemplateId = res.json().data.template_id;
});
afterAll(async () => t?.close());

const uniq = () => `key-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const send = (payload: Record<string, unknown>, key = uniq(), h = admin) => t.app.inject({ method: 'POST', url: '/api/communication/messages', headers: { ...h, 'idempotency-key': key }, payload });
const messagesOf = async (loanId: string) => (await t.app.inject({ url: `/api/communication/messages?loan_id=${loanId}`, headers: admin })).json().data.messages as Array<Record<string, unknown>>;
/** A loan no test used yet (the caps count per loan and day). */
let next = 0;
const freshLoan = (has: (l: LoanRecord) => boolean = (l) => Boolean(l.applicant_contact_number)) => {
  while (next < loans.length && !has(loans[next])) next += 1;
  return loans[next++];
};

describe('templates', () => {
  it('lists the template with its variables and DLT body; previews it for a loan in rupees', async () => {
    const list = (await t.app.inject({ url: '/api/communication/templates?channel=sms', headers: admin })).json().data.templates as Array<{ name: string; channel: string }>;
    expect(list.every((x) => x.channel === 'sms')).toBe(true);
    expect(list.find((x) => x.name === 'EMI reminder')).toMatchObject({ name: 'EMI reminder', variables: ['borrower_name', 'amount_due', 'loan_id'], dlt_body: 'Dear {#var#}, {#var#} is due on loan {#var#}. - RCVOPS', dlt: DLT });
    const loan = loans[0];
    const preview = await t.app.inject({ method: 'POST', url: `/api/communication/templates/${smsTemplateId}/preview`, headers: admin, payload: { loan_id: loan.loan_id } });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p.text).toContain(`on loan ${loan.loan_id}`);
    expect(p.text).toMatch(/Rs [\d,]+(\.\d\d)?/);
    expect(p.missing).toEqual([]);
    expect(p.dlt_ok).toBe(true);
  });

  it('refuses DLT fields on an email template and an email without subject; 404 for another company', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'x', channel: 'email', language: 'en', subject: 'Hi', body: 'x', dlt: DLT } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'x', channel: 'email', language: 'en', body: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/communication/templates/${smsTemplateId}`, headers: trustAdmin, payload: { name: 'x', channel: 'sms', language: 'id', body: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: telecaller, payload: { name: 'x', channel: 'sms', language: 'en', body: 'x' } })).statusCode).toBe(403);
  });
});

describe('sending through the compliance check', () => {
  it('an agent sends an allowed SMS: the local provider delivers it', async () => {
    clock.set(new Date('2026-11-23T10:00:00+05:30'));
    const loan = freshLoan();
    const res = await send({ loan_id: loan.loan_id, channel: 'sms', template_id: smsTemplateId }, uniq(), telecaller);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m).toMatchObject({ status: 'delivered', provider: 'local-provider', reasons: [], loan_id: loan.loan_id, template_name: 'EMI reminder' });
    expect(m.to).toMatch(/^\*+\d{4}$/);
    expect(m.text).toContain(`loan ${loan.loan_id}`);
    expect((await messagesOf(loan.loan_id))[0]).toMatchObject({ message_id: m.message_id, status: 'delivered' });
  });

  it("the demo's SMS templates (English, Hindi) match their DLT registration and are delivered", async () => {
    clock.set(new Date('2026-11-23T10:30:00+05:30'));
    const demo = ((await t.app.inject({ url: '/api/communication/templates?channel=sms', headers: admin })).json().data.templates as Array<{ template_id: string; name: string }>).filter((x) => x.name === 'Payment due (SMS)');
    expect(demo).toHaveLength(2);
    for (const tpl of demo) {
      const m = (await send({ loan_id: freshLoan().loan_id, channel: 'sms', template_id: tpl.template_id })).json().data;
      expect(m.reasons).toEqual([]);
      expect(m.status).toBe('delivered');
    }
  });

  it('stores a message outside hours as blocked, with the reason, and hands nothing to a provider', async () => {
    clock.set(new Date('2026-11-23T19:00:00+05:30'));
    const loan = freshLoan();
    const res = await send({ loan_id: loan.loan_id, channel: 'sms', template_id: smsTemplateId, lang: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json().data;
    expect(m.status).toBe('blocked');
    expect(m.provider).toBeNull();
    expect(m.reasons.map((r: { code: string }) => r.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(m.reasons[0].message).toContain('08:00 से 19:00 IST');
    expect((await messagesOf(loan.loan_id))[0]).toMatchObject({ status: 'blocked' });
  });

  it('refuses an SMS whose text no longer matches its DLT registration', async () => {
    clock.set(new Date('2026-11-23T11:00:00+05:30'));
    const changed = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Changed', channel: 'sms', language: 'en', body: 'Dear {{borrower_name}}, pay {{amount_due}} today on loan {{loan_id}}. - RCVOPS', dlt: DLT } });
    const loan = freshLoan();
    const m = (await send({ loan_id: loan.loan_id, channel: 'sms', template_id: changed.json().data.template_id })).json().data;
    expect(m.status).toBe('blocked');
    expect(m.reasons.map((r: { code: string }) => r.code)).toEqual(['DLT_TEXT_MISMATCH']);
    // A variable over 30 characters is refused too.
    const long = (await send({ loan_id: freshLoan().loan_id, channel: 'sms', template_id: smsTemplateId, variables: { borrower_name: 'B'.repeat(31) } })).json().data;
    expect(long.reasons.map((r: { code: string }) => r.code)).toEqual(['DLT_VARIABLE_TOO_LONG']);
  });

  it('a replayed send answers the first message and sends nothing more', async () => {
    clock.set(new Date('2026-11-23T12:00:00+05:30'));
    const loan = freshLoan();
    const key = uniq();
    const first = await send({ loan_id: loan.loan_id, channel: 'sms', template_id: smsTemplateId }, key);
    const again = await send({ loan_id: loan.loan_id, channel: 'sms', template_id: smsTemplateId }, key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.message_id).toBe(first.json().data.message_id);
    expect(await messagesOf(loan.loan_id)).toHaveLength(1);
  });

  it('answers 404 for another company’s loan or template and 400 for a channel the template is not for', async () => {
    clock.set(new Date('2026-11-23T12:00:00+05:30'));
    expect((await send({ loan_id: 'NO-SUCH-LOAN', channel: 'sms', template_id: smsTemplateId })).statusCode).toBe(404);
    expect((await send({ loan_id: loans[0].loan_id, channel: 'sms', template_id: smsTemplateId }, uniq(), trustAdmin)).statusCode).toBe(404);
    expect((await send({ loan_id: loans[0].loan_id, channel: 'whatsapp', template_id: smsTemplateId })).statusCode).toBe(400);
  });
});

/** A tiny HTTP server recording requests and answering with `answer`. */
async function standIn(answer: (req: IncomingMessage, body: string) => { status: number; json: unknown }) {
  const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const a = answer(req, body);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('SMS through Exotel and its delivery report', () => {
  it('posts the DLT fields with Basic auth; the report with the company token marks it delivered, a wrong token is 401', async () => {
    clock.set(new Date('2026-11-24T10:00:00+05:30'));
    const exotel = await standIn(() => ({ status: 200, json: { SMSMessage: { Sid: 'exo-sid-42', Status: 'queued' } } }));
    try {
      const put = await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { sms_provider: 'exotel', exotel_subdomain: exotel.url, exotel_account_sid: 'acme1', exotel_api_key: 'key', exotel_api_token: 'tok' } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().data).toMatchObject({ sms_provider: 'exotel', exotel_credentials_set: true });
      expect(put.body).not.toContain('"tok"');
      const loan = freshLoan();
      const m = (await send({ loan_id: loan.loan_id, channel: 'sms', template_id: smsTemplateId })).json().data;
      expect(m).toMatchObject({ status: 'sent', provider: 'exotel', provider_message_id: 'exo-sid-42' });
      const req = exotel.seen[0];
      expect(req.url).toBe('/v1/Accounts/acme1/Sms/send.json');
      expect(req.headers.authorization).toBe(`Basic ${Buffer.from('key:tok').toString('base64')}`);
      const form = new URLSearchParams(req.body);
      expect(Object.fromEntries(form)).toMatchObject({ From: 'RCVOPS', DltEntityId: DLT.dlt_entity_id, DltTemplateId: DLT.dlt_template_id, SmsType: 'transactional_opt_in', CustomField: m.message_id });
      expect(form.get('Body')).toBe(m.text);

      const path = (await t.app.inject({ url: '/api/communication/settings', headers: admin })).json().data.sms_callback_path as string;
      const report = (url: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'SmsSid=exo-sid-42&Status=sent&DetailedStatus=DELIVERED_TO_HANDSET' });
      expect((await report(path.replace(/token=[^&]+/, 'token=wrong'))).statusCode).toBe(401);
      expect((await report(`/api/communication/webhooks/sms/${TRUST}?token=x`)).statusCode).toBe(401);
      const ok = await report(path);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.updated).toBe(1);
      expect((await messagesOf(loan.loan_id))[0]).toMatchObject({ status: 'delivered' });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { sms_provider: 'local-provider' } });
      await exotel.close();
    }
  });
});

describe('WhatsApp Cloud API', () => {
  const APP_SECRET = 'test-app-secret';
  let waTemplateId: string;

  it('sends a template message to /{phone-number-id}/messages; statuses and replies arrive by the signed webhook', async () => {
    clock.set(new Date('2026-11-24T11:00:00+05:30'));
    const graph = await standIn(() => ({ status: 200, json: { messaging_product: 'whatsapp', contacts: [{ input: 'x', wa_id: 'x' }], messages: [{ id: 'wamid.TEST123' }] } }));
    try {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { whatsapp_provider: 'whatsapp-cloud', whatsapp_phone_number_id: '1055', whatsapp_access_token: 'EAAtoken', whatsapp_app_secret: APP_SECRET, whatsapp_verify_token: 'verify-me', whatsapp_api_base: graph.url } });
      const tpl = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Payment reminder', channel: 'whatsapp', language: 'en', body: 'Hello {{borrower_name}}, {{amount_due}} is due.' } });
      waTemplateId = tpl.json().data.template_id;
      const loan = freshLoan();
      const m = (await send({ loan_id: loan.loan_id, channel: 'whatsapp', template_id: waTemplateId })).json().data;
      expect(m).toMatchObject({ status: 'sent', provider: 'whatsapp-cloud', provider_message_id: 'wamid.TEST123' });
      expect(graph.seen[0].url).toBe('/1055/messages');
      expect(graph.seen[0].headers.authorization).toBe('Bearer EAAtoken');
      const sent = JSON.parse(graph.seen[0].body);
      expect(sent).toMatchObject({ messaging_product: 'whatsapp', type: 'template', template: { name: 'payment_reminder', language: { code: 'en' } } });
      expect(sent.to).toMatch(/^91\d{10}$/);
      expect(sent.template.components[0].parameters).toHaveLength(2);

      const hook = `/api/communication/webhooks/whatsapp/${LENDER}`;
      const phone = String(loan.applicant_contact_number).replace(/\D/g, '').slice(-10);
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '1055' }, statuses: [{ id: 'wamid.TEST123', status: 'read', timestamp: '1795500000', recipient_id: `91${phone}` }], messages: [{ from: `91${phone}`, id: 'wamid.IN1', timestamp: '1795500100', type: 'text', text: { body: 'I will pay on Friday' } }] } }] }],
      });
      const sign = (body: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
      const post = (sig: string | undefined, body = payload) => t.app.inject({ method: 'POST', url: hook, headers: { 'content-type': 'application/json', ...(sig ? { 'x-hub-signature-256': sig } : {}) }, payload: body });
      expect((await post(undefined)).statusCode).toBe(401);
      expect((await post(sign(payload, 'another-secret'))).statusCode).toBe(401);
      // Signed over other bytes (the same JSON re-spaced): the raw body is what counts.
      expect((await post(sign(JSON.stringify(JSON.parse(payload), null, 1)))).statusCode).toBe(401);
      expect((await post('sha256=zz')).statusCode).toBe(401);
      const good = await post(sign(payload));
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().data).toEqual({ statuses: 1, inbound: 1 });
      const list = await messagesOf(loan.loan_id);
      expect(list.find((x) => x.message_id === m.message_id)).toMatchObject({ status: 'read' });
      expect(list.find((x) => x.direction === 'inbound')).toMatchObject({ text: 'I will pay on Friday', channel: 'whatsapp' });
      // Meta retries: the same notification is not stored twice.
      await post(sign(payload));
      expect((await messagesOf(loan.loan_id)).filter((x) => x.direction === 'inbound')).toHaveLength(1);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { whatsapp_provider: 'local-provider' } });
      await graph.close();
    }
  });

  it('answers Meta’s verification challenge only with the right verify token', async () => {
    const url = (token: string) => `/api/communication/webhooks/whatsapp/${LENDER}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const ok = await t.app.inject({ url: url('verify-me') });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await t.app.inject({ url: url('nope') })).statusCode).toBe(403);
  });
});

describe('message text for masked readers', () => {
  it("shows a reader without access_unmasked_data the borrower's name masked in the text, the admin in clear", async () => {
    clock.set(new Date('2026-11-24T12:00:00+05:30'));
    const loan = freshLoan((l) => Boolean(l.applicant_contact_number) && typeof l.applicant_name === 'string' && l.applicant_name.length > 4);
    const sent = await send({ loan_id: loan.loan_id, channel: 'sms', template_id: smsTemplateId });
    expect(sent.json().data.text).toContain(String(loan.applicant_name));
    const read = async (h: Record<string, string>) => (await t.app.inject({ url: `/api/communication/messages?loan_id=${loan.loan_id}`, headers: h })).body;
    expect(await read(admin)).toContain(String(loan.applicant_name));
    const masked = await read(telecaller);
    expect(masked).not.toContain(String(loan.applicant_name));
    expect(masked).toContain(`Dear ${maskValue('name', String(loan.applicant_name))},`);
    const chat = await t.app.inject({ url: `/api/communication/chat?loan_id=${loan.loan_id}`, headers: telecaller });
    expect(chat.statusCode).toBe(200);
    expect(chat.body).not.toContain(String(loan.applicant_name));
  });
});

describe('provider credentials at rest', () => {
  it('stores every provider secret sealed: the row holds no clear secret, GET answers only that it is set', async () => {
    const secrets = { exotel_api_key: 'clear-exotel-key-7731', exotel_api_token: 'clear-exotel-token-7731', whatsapp_access_token: 'EAAclear-access-7731', whatsapp_app_secret: 'clear-app-secret-7731', whatsapp_verify_token: 'clear-verify-7731', smtp_password: 'clear-smtp-pass-7731' };
    try {
      const put = await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { exotel_subdomain: 'api.exotel.com', exotel_account_sid: 'acme1', whatsapp_phone_number_id: '1055', smtp_host: '127.0.0.1', smtp_user: 'mailer', ...secrets } });
      expect(put.statusCode, put.body).toBe(200);
      const got = await t.app.inject({ url: '/api/communication/settings', headers: admin });
      expect(got.json().data).toMatchObject({ exotel_credentials_set: true, whatsapp_access_token_set: true, whatsapp_app_secret_set: true, whatsapp_verify_token_set: true, smtp_password_set: true });
      for (const clear of Object.values(secrets)) {
        expect(put.body).not.toContain(clear);
        expect(got.body).not.toContain(clear);
      }
      const [row] = await t.database.db.select().from(communicationSettings).where(eq(communicationSettings.companyId, LENDER));
      for (const column of ['exotelApiKey', 'exotelApiToken', 'whatsappAccessToken', 'whatsappAppSecret', 'whatsappVerifyToken', 'smtpPassword'] as const) expect(row[column]).toMatch(/^v1\./);
      const stored = JSON.stringify(row);
      for (const clear of Object.values(secrets)) expect(stored).not.toContain(clear);
      // The verify token is opened for Meta's handshake; copied onto another company's row, a sealed value does not open.
      const url = (company: string) => `/api/communication/webhooks/whatsapp/${company}?hub.mode=subscribe&hub.verify_token=${secrets.whatsapp_verify_token}&hub.challenge=42`;
      expect((await t.app.inject({ url: url(LENDER) })).body).toBe('42');
      await t.app.inject({ url: '/api/communication/settings', headers: trustAdmin });
      await t.database.db.update(communicationSettings).set({ whatsappVerifyToken: row.whatsappVerifyToken }).where(eq(communicationSettings.companyId, TRUST));
      expect((await t.app.inject({ url: url(TRUST) })).statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { whatsapp_verify_token: 'verify-me', smtp_user: null, smtp_password: null } });
    }
  });
});

describe('email over SMTP', () => {
  it('delivers the rendered email to a real SMTP server', async () => {
    clock.set(new Date('2026-11-25T10:00:00+05:30'));
    const mails: Array<{ from: string; to: string[]; data: string }> = [];
    const smtp = new SMTPServer({
      // The password arrives only if the sealed one was opened for the adapter.
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 'smtp-pass-at-rest') cb(null, { user: 'mailer' });
        else cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
        stream.on('end', () => {
          mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.server.address() as AddressInfo).port;
    try {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false, smtp_user: 'mailer', smtp_password: 'smtp-pass-at-rest', email_from: 'collections@demo.in' } });
      const tpl = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Statement', channel: 'email', language: 'en', subject: 'Loan {{loan_id}}: amount due', body: 'Dear {{borrower_name}},\nThe amount due is {{amount_due}}.' } });
      expect(tpl.statusCode, tpl.body).toBe(200);
      const loan = freshLoan((l) => typeof l.email === 'string' && l.email.includes('@'));
      expect(loan).toBeTruthy();
      const res = await send({ loan_id: loan.loan_id, channel: 'email', template_id: tpl.json().data.template_id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'sent', provider: 'smtp', subject: `Loan ${loan.loan_id}: amount due` });
      expect(mails).toHaveLength(1);
      expect(mails[0].from).toBe('collections@demo.in');
      expect(mails[0].to).toEqual([String(loan.email).toLowerCase()]);
      expect(mails[0].data).toContain(`Subject: Loan ${loan.loan_id}: amount due`);
      expect(mails[0].data).toMatch(/The amount due is Rs/);
      expect(mails[0].data.toLowerCase()).toContain(`x-recovery-ops-message-id: ${res.json().data.message_id}`);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'local-provider', smtp_user: null, smtp_password: null } });
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });
});

describe('campaigns', () => {
  it('sends a template to chosen loans as a job: progress, completed, blocked counted by reason', async () => {
    clock.set(new Date('2026-11-26T10:00:00+05:30'));
    const ids = [freshLoan().loan_id, freshLoan().loan_id, freshLoan().loan_id, 'NO-SUCH-LOAN'];
    await t.app.inject({ method: 'POST', url: '/api/compliance/dnd', headers: admin, payload: { number: String(loans.find((l) => l.loan_id === ids[2])!.applicant_contact_number) } });
    const res = await t.app.inject({ method: 'POST', url: '/api/communication/campaigns', headers: admin, payload: { name: 'November reminder', template_id: smsTemplateId, loan_ids: ids } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'in_process', total: 4 });
    const id = res.json().data.campaign_id;
    let c: Record<string, unknown> = {};
    for (let i = 0; i < 100; i += 1) {
      c = (await t.app.inject({ url: `/api/communication/campaigns/${id}`, headers: admin })).json().data;
      if (c.status !== 'in_process') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(c).toMatchObject({ status: 'completed', processed: 4, sent: 2, blocked: 1, failed: 1, blocked_by_reason: { NUMBER_ON_DND: 1 } });
    const results = (await t.app.inject({ url: `/api/communication/campaigns/${id}/results?page_size=10`, headers: admin })).json().data;
    expect(results.total).toBe(4);
    expect(results.results.find((r: { loan_id: string }) => r.loan_id === 'NO-SUCH-LOAN')).toMatchObject({ status: 'failed', error: 'No loan details found' });
    const errors = await t.app.inject({ url: `/api/communication/campaigns/${id}/error-file`, headers: admin });
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-type']).toContain('text/csv');
    const lines = errors.body.trim().split('\n');
    expect(lines[0]).toBe('loan_id,status,reason');
    expect(lines).toHaveLength(3);
    expect(errors.body).toContain(`${ids[2]},blocked,The number`);
    expect(errors.body).toContain('NO-SUCH-LOAN,failed,No loan details found');
    expect((await t.app.inject({ url: `/api/communication/campaigns/${id}`, headers: trustAdmin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/communication/campaigns', headers: admin })).json().data.total).toBe(1);
  });
});
