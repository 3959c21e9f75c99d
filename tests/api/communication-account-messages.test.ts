/**
 * Sign-in messages on the communication area (issue 13 "The OTP messages of sign-in move onto this
 * area"): a sign-in OTP of a user whose company chose SMTP arrives by email through that company's
 * server (its password stored sealed and opened for the send), recorded in message_outbox without
 * the code; with the local provider the code goes to the platform's provider as before.
 */
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox } from '../../src/server/messaging/schema';
import { OTP_NOT_SENT } from '../../src/server/modules/auth/otp/service';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { captureMessages } from './message-capture';

const captured = captureMessages();
let t: TestApp;
let admin: Record<string, string>;
const EMAIL = 'manager@demo.in';
const mails: Array<{ to: string[]; data: string }> = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  smtp = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, cb) {
      if (auth.username === 'otp-mailer' && auth.password === 'sealed-smtp-secret') cb(null, { user: 'otp-mailer' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => smtp?.close(() => r()));
  await t?.close();
});

const sendOtp = () => t.app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email: EMAIL, purpose: 'forgot_password' } });
const checkOtp = (otp: string) => t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email: EMAIL, otp, purpose: 'forgot_password' } });
const lastOutbox = async () => (await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.recipient, EMAIL), eq(messageOutbox.template, 'otp'))).orderBy(desc(messageOutbox.id)).limit(1))[0];

describe('sign-in OTPs through the communication area', () => {
  it("arrive by email through the company's SMTP server; the outbox keeps no code", async () => {
    const put = await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false, smtp_user: 'otp-mailer', smtp_password: 'sealed-smtp-secret', email_from: 'no-reply@demo.in' } });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const before = captured.sent().length;
      expect((await sendOtp()).statusCode).toBe(200);
      expect(mails).toHaveLength(1);
      expect(mails[0].to).toEqual([EMAIL]);
      expect(mails[0].data).toContain('Subject: Your Recovery Ops one-time password');
      const code = /one-time password is (\d{6})/.exec(mails[0].data)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      // Not handed to the platform's log provider as well.
      expect(captured.sent().length).toBe(before);
      const row = await lastOutbox();
      expect(row).toMatchObject({ provider: 'smtp', status: 'sent', companyId: LENDER });
      expect(row.body).not.toContain(code!);
      const good = await checkOtp(code!);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json().data).toEqual({ valid: true });
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'local-provider', smtp_user: null, smtp_password: null } });
    }
  });

  it('a wrong SMTP password fails the outbox row with the reason, nothing is logged in its place, and the user (no mobile) is told', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: port, smtp_secure: false, smtp_user: 'otp-mailer', smtp_password: 'not-the-password', email_from: 'no-reply@demo.in' } });
    try {
      const before = mails.length;
      const res = await sendOtp();
      // No channel carried the code (the user has no mobile for an SMS): the answer says so.
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(OTP_NOT_SENT);
      expect(mails.length).toBe(before);
      const row = await lastOutbox();
      expect(row).toMatchObject({ provider: 'smtp', status: 'failed' });
      expect(row.error).toMatch(/SMTP server refused/);
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { email_provider: 'local-provider', smtp_user: null, smtp_password: null } });
    }
  });

  it('with the local provider the OTP goes to the platform provider, as before', async () => {
    const before = mails.length;
    expect((await sendOtp()).statusCode).toBe(200);
    expect(mails.length).toBe(before);
    const code = captured.latest(EMAIL, 'otp').variables.otp;
    expect((await lastOutbox()).provider).toBe('local-log');
    expect((await checkOtp(code)).json().data).toEqual({ valid: true });
  });
});
