/** Sign-in, sessions, sign-out and password reset over the encrypted login (spec 4, 7). */
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptForServer } from '../../src/domain/auth/login-crypto';
import { PASSWORD_MESSAGE } from '../../src/domain/validation/rules';
import { loginAttempts, sessions } from '../../src/server/modules/auth/schema';
import { messageOutbox } from '../../src/server/messaging/schema';
import { rowsOf } from '../../src/server/db/sql-helpers';
import { tokenHash } from '../../src/server/modules/auth/service';
import type { TestApp } from './helpers';
import { LENDER, TRUST, attemptLogin, createTestApp, headers, loginKey, signIn } from './helpers';
import { captureMessages } from './message-capture';

const messages = captureMessages();

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function profileStatus(token: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/profile/details', headers: headers(token) });
  return res.statusCode;
}

describe('sign-in', () => {
  it('signs in with the encrypted payload and the token opens the profile with assigned companies', async () => {
    const result = await signIn(t.app, 'chief.admin@demo.in');
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(result.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(Object.keys(result.user.assigned_companies_dict).sort()).toEqual([LENDER, TRUST]);
    expect(result.user.assigned_companies_dict[TRUST]).toMatchObject({ country: 'INDONESIA', country_isd_code: '+62', ui_version: 'v2' });

    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile/details', headers: headers(result.token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.output.email).toBe('chief.admin@demo.in');
    expect(body.output.user_type).toBe('chief_admin');
    expect(body.data).toEqual(body.output);

    // Only the hash of the token is stored.
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(result.token)));
    expect(row.source).toBe('web');
    const [plain] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, result.token));
    expect(plain).toBeUndefined();
  });

  it('accepts the email in any case', async () => {
    const result = await signIn(t.app, 'Admin@Demo.IN');
    expect(result.user.email).toBe('admin@demo.in');
  });

  it('refuses a wrong password and an unknown email with the same 401 and records the attempts', async () => {
    const wrong = await attemptLogin(t.app, 'telecaller@demo.in', 'Wrong@1234');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, message: 'Invalid email or password', data: null });
    const unknown = await attemptLogin(t.app, 'nobody@demo.in');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid email or password');
    const attempts = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.email, 'telecaller@demo.in'));
    expect(attempts.some((a) => !a.success && a.reason === 'wrong_password')).toBe(true);
  });

  it('answers 400 for a tampered or undecryptable payload', async () => {
    const key = await loginKey(t.app);
    const good = await encryptForServer(key, { email: 'admin@demo.in', password: 'Demo@1234' });
    const bytes = Buffer.from(good.payload, 'base64');
    bytes[10] ^= 0xff;
    for (const payload of [{ ...good, payload: bytes.toString('base64') }, { kid: key.kid, payload: 'bm90IGNpcGhlcnRleHQ=' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/public/login?source=web', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const wrongShape = await encryptForServer(key, { user: 'admin@demo.in' });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/public/login', payload: wrongShape });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 naming the field when the body is not an encrypted body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/public/login', payload: { email: 'a@b.in', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('kid');
  });
});

describe('session lifetime', () => {
  it('answers 401 Session expired once the session passed its expiry, and records why', async () => {
    const { token } = await signIn(t.app, 'manager@demo.in');
    expect(await profileStatus(token)).toBe(200);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.tokenHash, tokenHash(token)));
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile/details', headers: headers(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: 'Session expired', data: null });
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
    expect(row.endReason).toBe('expired');
  });

  it('answers 401 after the idle timeout and keeps a recently used session alive', async () => {
    const { token } = await signIn(t.app, 'lawyer@demo.in');
    const idle = t.config.sessionIdleMinutes;
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - (idle - 1) * 60_000) }).where(eq(sessions.tokenHash, tokenHash(token)));
    expect(await profileStatus(token)).toBe(200);
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - (idle + 1) * 60_000) }).where(eq(sessions.tokenHash, tokenHash(token)));
    expect(await profileStatus(token)).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
    expect(row.endReason).toBe('idle_timeout');
  });

  it('answers 401 for a missing or made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile/details' })).statusCode).toBe(401);
    expect(await profileStatus('made-up-token')).toBe(401);
  });
});

describe('sign-out', () => {
  it('ends the session with platform_logout; the token stops working', async () => {
    const { token } = await signIn(t.app, 'advocate@demo.in');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout?source=web', headers: headers(token, LENDER) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Logged out');
    expect(await profileStatus(token)).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash(token)));
    expect(row.endReason).toBe('platform_logout');
    expect(row.endedAt).toBeInstanceOf(Date);
  });
});

describe('forgot password with an OTP', () => {
  const email = 'other@demo.in';
  const newPassword = 'Fresh#Pass42';

  async function latestOtp(): Promise<string> {
    const [row] = await t.database.db
      .select()
      .from(messageOutbox)
      .where(and(eq(messageOutbox.recipient, email), eq(messageOutbox.template, 'otp')))
      .orderBy(desc(messageOutbox.id))
      .limit(1);
    expect(row.status).toBe('sent');
    return messages.latest(email, 'otp').variables.otp;
  }

  it('sends an OTP through the outbox, checks it, resets the password; the old one stops working', async () => {
    const send = await t.app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email, purpose: 'forgot_password' } });
    expect(send.statusCode).toBe(200);
    expect(send.json().message).toBe('If the account exists, an OTP has been sent');
    const otp = await latestOtp();
    const wrongOtp = otp === '000000' ? '111111' : '000000';

    const bad = await t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email, otp: wrongOtp, purpose: 'forgot_password' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid or expired OTP');
    const good = await t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email, otp, purpose: 'forgot_password' } });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ valid: true });

    const key = await loginKey(t.app);
    const weak = await t.app.inject({ method: 'PATCH', url: '/api/user/public/forgot-password', payload: await encryptForServer(key, { email, otp, new_password: 'alllowercase' }) });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_MESSAGE);

    const reset = await t.app.inject({ method: 'PATCH', url: '/api/user/public/forgot-password', payload: await encryptForServer(key, { email, otp, new_password: newPassword }) });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password updated');

    expect((await attemptLogin(t.app, email)).statusCode).toBe(401);
    expect((await signIn(t.app, email, newPassword)).user.email).toBe(email);

    // The OTP is used up.
    const replay = await t.app.inject({ method: 'PATCH', url: '/api/user/public/forgot-password', payload: await encryptForServer(key, { email, otp, new_password: 'Another#Pass43' }) });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Invalid or expired OTP');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageOutbox);
    const res = await t.app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email: 'ghost@demo.in', purpose: 'forgot_password' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If the account exists, an OTP has been sent');
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(messageOutbox);
    expect(after[0].n).toBe(before[0].n);
  });

  it('locks an OTP after 5 wrong tries', async () => {
    const target = 'supervisor@demo.in';
    await t.app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email: target } });
    const otp = messages.latest(target, 'otp').variables.otp;
    const wrong = otp === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email: target, otp: wrong } });
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email: target, otp } });
    expect(res.statusCode).toBe(400);
  });

  it('stores no OTP in clear: the otps row holds a salted hash, the outbox record leaves the code out', async () => {
    const target = 'fos@demo.in';
    const sent = await t.app.inject({ method: 'POST', url: '/api/user/public/send-otp', payload: { email: target } });
    expect(sent.statusCode).toBe(200);
    const otp = messages.latest(target, 'otp').variables.otp;
    expect(otp).toMatch(/^\d{6}$/);
    // Every column of both tables, as text: the code appears nowhere.
    const tables = await t.database.db.execute<{ row: string }>(
      sql`select row_to_json(o)::text as row from otps o where email = ${target} and consumed_at is null union all select row_to_json(m)::text from message_outbox m where recipient = ${target}`,
    );
    const rows = rowsOf<{ row: string }>(tables);
    expect(rows.length).toBe(2);
    for (const { row } of rows) expect(row).not.toContain(otp);
    const [outbox] = await t.database.db.select().from(messageOutbox).where(eq(messageOutbox.recipient, target)).orderBy(desc(messageOutbox.id)).limit(1);
    expect(outbox.body).toContain('[secret]');
    // The hash still checks the code the user received.
    const good = await t.app.inject({ method: 'POST', url: '/api/user/public/check-otp', payload: { email: target, otp } });
    expect(good.statusCode).toBe(200);
  });
});

describe('SSO lookup', () => {
  it('answers a registered email exactly as an unknown one: no account, no company', async () => {
    const answers = [];
    for (const email of ['admin@demo.id', 'super.admin@demo.in', 'nobody.here@nowhere.example']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/user/public/sso-login?email=${encodeURIComponent(email)}` });
      expect(res.statusCode).toBe(200);
      answers.push(res.body);
    }
    expect(JSON.parse(answers[0])).toEqual({ success: true, message: 'SSO is not configured for this company', data: { sso_type: null, company_id: null } });
    expect(new Set(answers).size).toBe(1);
  });
});

describe('rate limit', () => {
  it('answers 429 on the public sign-in routes after the limit', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await limited.app.inject({ method: 'GET', url: '/api/user/public/sso-login?email=a@b.in' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await limited.app.inject({ method: 'GET', url: '/api/user/public/sso-login?email=a@b.in' });
      expect(res.json()).toMatchObject({ success: false, data: null });
      // Protected routes are not on this limit.
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
