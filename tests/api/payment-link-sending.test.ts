/**
 * Payment links sent to the borrower (issue 15 "Collecting": links are sent by SMS/WhatsApp/email
 * through the communication area's compliance check): `send_via` on POST /payment/links goes
 * through communication's queries.ts in the request's transaction; the link records how and shows
 * the message's status; a blocked message (outside hours, an SMS without a DLT template) still
 * creates the link with the reasons; a template without {{payment_link}} creates nothing; a replay
 * sends nothing more. Then the borrower pays in the local sandbox: the payment posts to the loan and
 * the telecaller's open PTP on it reads kept.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDetailsRecord, CallRecord, QueueLoan } from '../../src/domain/contracts/calling/calls';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';

process.env.CALLING_SIMULATOR_SPEED = '100';
process.env.CALLING_SIMULATOR_ANSWER = 'always';

const clock = settableClock(new Date('2026-11-24T10:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let telecaller: Record<string, string>;
let loans: LoanRecord[];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=60', headers: admin })).json().data as LoansPage).loans;
  const put = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' } });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(async () => t?.close());

let keyN = 0;
const key = () => `link-key-${Date.now()}-${(keyN += 1)}`;
const create = (payload: Record<string, unknown>, k = key()) => t.app.inject({ method: 'POST', url: '/api/payment/links', headers: { ...admin, 'idempotency-key': k }, payload });
const linksOf = async (loanId: string) => (await t.app.inject({ url: `/api/payment/links?loan_id=${loanId}`, headers: admin })).json().data.links as PaymentLinkRecord[];
const messagesOf = async (loanId: string) => (await t.app.inject({ url: `/api/communication/messages?loan_id=${loanId}`, headers: admin })).json().data.messages as Array<Record<string, unknown>>;
let next = 0;
const freshLoan = (has: (l: LoanRecord) => boolean = (l) => Boolean(l.applicant_contact_number)) => {
  while (next < loans.length && !has(loans[next])) next += 1;
  return loans[next++];
};

describe('POST /payment/links with send_via', () => {
  it('emails the link through a real SMTP server; the link says how it was sent and the message’s status', async () => {
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
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: (smtp.server.address() as AddressInfo).port, smtp_secure: false, email_from: 'pay@demo.in' } });
      const loan = freshLoan((l) => typeof l.email === 'string' && l.email.includes('@'));
      const res = await create({ loan_id: loan.loan_id, amount_minor: 250_050, pg_vendor: 'cashfree', send_via: 'email' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Payment link created and sent');
      const link = res.json().data as PaymentLinkRecord;
      expect(link).toMatchObject({ status: 'ACTIVE', sent_via: 'email', message: { status: 'sent', reasons: [] } });
      expect(mails).toHaveLength(1);
      const mail = mails[0].replace(/=\r?\n/g, '');
      expect(mail).toContain(`Subject: Payment link for loan ${loan.loan_id}`);
      expect(mail).toContain(link.url);
      expect(mail).toContain('Rs 2,500.50');
      expect((await linksOf(loan.loan_id))[0]).toMatchObject({ link_id: link.link_id, sent_via: 'email', message: { message_id: link.message!.message_id, status: 'sent' } });
      expect((await messagesOf(loan.loan_id))[0]).toMatchObject({ message_id: link.message!.message_id, template_name: 'Payment link', channel: 'email' });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'local-provider' } });
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it('sends by WhatsApp with a template holding {{payment_link}}; a template without it creates nothing', async () => {
    clock.set(new Date('2026-11-24T10:30:00+05:30'));
    const tpl = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Pay now', channel: 'whatsapp', language: 'en', body: 'Hello {{borrower_name}}, pay {{link_amount}} here: {{payment_link}}' } });
    const loan = freshLoan();
    const res = await create({ loan_id: loan.loan_id, amount_minor: 100_000, pg_vendor: 'cashfree', send_via: 'whatsapp', template_id: tpl.json().data.template_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sent_via: 'whatsapp', message: { status: 'delivered' } });
    expect(String((await messagesOf(loan.loan_id))[0].text)).toContain(res.json().data.url);

    const without = await t.app.inject({ method: 'POST', url: '/api/communication/templates', headers: admin, payload: { name: 'Reminder', channel: 'whatsapp', language: 'en', body: 'Hello {{borrower_name}}, please pay.' } });
    const other = freshLoan();
    const bad = await create({ loan_id: other.loan_id, amount_minor: 100_000, pg_vendor: 'cashfree', send_via: 'whatsapp', template_id: without.json().data.template_id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The template does not hold {{payment_link}}');
    expect(await linksOf(other.loan_id)).toEqual([]);
    // A template of another channel, a template without send_via: 400.
    expect((await create({ loan_id: other.loan_id, amount_minor: 100_000, pg_vendor: 'cashfree', send_via: 'email', template_id: tpl.json().data.template_id })).statusCode).toBe(400);
    expect((await create({ loan_id: other.loan_id, amount_minor: 100_000, pg_vendor: 'cashfree', template_id: tpl.json().data.template_id })).statusCode).toBe(400);
  });

  it('blocked by compliance: the link is created and says why it was not sent (outside hours; SMS without DLT template)', async () => {
    clock.set(new Date('2026-11-24T19:15:00+05:30'));
    const loan = freshLoan();
    const res = await create({ loan_id: loan.loan_id, amount_minor: 5_000, pg_vendor: 'cashfree', send_via: 'whatsapp', lang: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data as PaymentLinkRecord;
    expect(link.status).toBe('ACTIVE');
    expect(link.message?.status).toBe('blocked');
    expect(link.message?.reasons.map((r) => r.code)).toEqual(['OUTSIDE_CONTACT_HOURS']);
    expect(res.json().message).toMatch(/^Payment link created but not sent: संपर्क केवल 08:00 से 19:00 IST/);

    clock.set(new Date('2026-11-24T11:00:00+05:30'));
    const sms = (await create({ loan_id: freshLoan().loan_id, amount_minor: 5_000, pg_vendor: 'cashfree', send_via: 'sms' })).json().data as PaymentLinkRecord;
    expect(sms.message?.status).toBe('blocked');
    expect(sms.message?.reasons.map((r) => r.code)).toContain('DLT_TEMPLATE_REQUIRED');
  });

  it('a replay with the same Idempotency-Key answers the first link and sends nothing more', async () => {
    clock.set(new Date('2026-11-24T11:30:00+05:30'));
    const loan = freshLoan();
    const k = key();
    const first = await create({ loan_id: loan.loan_id, amount_minor: 7_500, pg_vendor: 'cashfree', send_via: 'whatsapp' }, k);
    const again = await create({ loan_id: loan.loan_id, amount_minor: 7_500, pg_vendor: 'cashfree', send_via: 'whatsapp' }, k);
    expect(again.json().data.link_id).toBe(first.json().data.link_id);
    expect(await linksOf(loan.loan_id)).toHaveLength(1);
    expect(await messagesOf(loan.loan_id)).toHaveLength(1);
  });
});

describe('the borrower pays the link that was sent', () => {
  it('the sandbox payment posts to the loan, the link reads PAID, and the open PTP is kept', async () => {
    clock.set(new Date('2026-11-24T12:00:00+05:30'));
    const queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans as QueueLoan[];
    const used = new Set(loans.slice(0, next).map((l) => l.loan_id));
    const loan = queue.find((l) => !used.has(l.loan_id))!;
    // The telecaller calls and records a PTP of Rs 1,200 by 26 November.
    const started = await t.app.inject({ method: 'POST', url: '/api/calling/calls', headers: telecaller, payload: { loan_id: loan.loan_id } });
    expect(started.statusCode, started.body).toBe(200);
    const callId = (started.json().data as CallRecord).call_id;
    // The simulator's callbacks arrive later under load: a time budget, not a number of polls.
    const until = async (done: (state: string) => boolean) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const c = (await t.app.inject({ url: `/api/calling/calls/${callId}`, headers: telecaller })).json().data as CallRecord;
        if (done(c.state)) return;
        if (Date.now() > deadline) throw new Error(`call stuck in ${c.state}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    await until((s) => s === 'On Call' || s === 'Call Ended');
    await t.app.inject({ method: 'POST', url: `/api/calling/calls/${callId}/end`, headers: telecaller });
    await until((s) => s === 'Call Ended');
    const ptp = await t.app.inject({ method: 'POST', url: '/api/calling/dispositions', headers: { ...telecaller, 'idempotency-key': key() }, payload: { call_id: callId, disposition: 'Promise to Pay', ptp_date: '2026-11-26', ptp_amount: 1200 } });
    expect(ptp.statusCode, ptp.body).toBe(200);
    const details = async () => (await t.app.inject({ url: `/api/calling/loans/${loan.loan_id}/call-details`, headers: telecaller })).json().data as CallDetailsRecord;
    expect((await details()).last_ptp?.state).toBe('open');

    const link = (await create({ loan_id: loan.loan_id, amount_minor: 120_000, pg_vendor: 'cashfree', send_via: 'whatsapp' })).json().data as PaymentLinkRecord;
    expect(link.message?.status).toBe('delivered');
    const path = new URL(link.url).pathname;
    const page = await t.app.inject({ url: path });
    expect(page.body).toContain('Rs 1,200');
    const paid = await t.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=upi' });
    expect(paid.body).toContain('Payment successful');

    expect((await linksOf(loan.loan_id))[0]).toMatchObject({ link_id: link.link_id, status: 'PAID', paid_minor: 120_000 });
    const activity = (await t.app.inject({ url: `/api/recovery/loan/activity/${loan.loan_id}?page_size=50`, headers: admin })).json().data.events as { kind: string; remark: string | null }[];
    expect(activity.find((e) => e.kind === 'payment')?.remark).toBe('Rs 1,200 paid online (cashfree, upi)');
    expect((await details()).last_ptp).toMatchObject({ ptp_amount_minor: 120_000, state: 'kept' });
    // Past its date the kept PTP is not counted broken.
    clock.set(new Date('2026-11-28T12:00:00+05:30'));
    expect(await details()).toMatchObject({ total_broken_ptp: 0, last_ptp: { state: 'kept' } });
  });
});
