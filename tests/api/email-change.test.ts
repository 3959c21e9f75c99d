/**
 * An email change is confirmed from the OLD address (issue 12, account takeover): editing the email
 * stores a pending change and sends a one-use code to the current address; the user keeps signing
 * in with the old email until the code comes back within 24 hours. Whoever edits (company admin,
 * platform admin, the user), the change waits for the old address.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settableClock } from '../../src/server/http/clock';
import { messageOutbox } from '../../src/server/messaging/schema';
import { EMAIL_CHANGE_SENT } from '../../src/server/modules/users/company-users/routes';
import { INVALID_EMAIL_CHANGE_CODE } from '../../src/server/modules/users/company-users/email-change';
import { LENDER, attemptLogin, createTestApp, headers, signIn, type TestApp } from './helpers';
import { captureMessages } from './message-capture';

const messages = captureMessages();
const clock = settableClock(new Date());
let t: TestApp;
let admin: Record<string, string>;
let superAdmin: Record<string, string>;

const userId = async (email: string) => (await t.app.inject({ url: `/api/user/company/users?search_value=${encodeURIComponent(email)}`, headers: admin })).json().data.users[0].user_id as string;
const put = (h: Record<string, string>, id: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/user/company/users/${id}`, headers: h, payload: body });
const confirm = (code: string) => t.app.inject({ method: 'POST', url: '/api/user/public/email-change/confirm', payload: { code } });
const codeSentTo = (email: string) => messages.latest(email, 'email_change').variables.code;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  superAdmin = headers((await signIn(t.app, 'super.admin@demo.in')).token, LENDER);
}, 120_000);
afterAll(async () => t?.close());

describe('email change confirmed from the old address', () => {
  it('keeps the old email until the code sent to it comes back, then only the new one signs in; the code works once', async () => {
    const id = await userId('telecaller@demo.in');
    const res = await put(admin, id, { email: 'Priya.Nair@Demo.in', team: 'Calling 2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(EMAIL_CHANGE_SENT);
    const data = res.json().data;
    expect(data.user_details).toMatchObject({ email: 'telecaller@demo.in', team: 'Calling 2' });
    expect(data.pending_email_change.new_email).toBe('priya.nair@demo.in');
    expect(new Date(data.pending_email_change.expires_at).getTime() - clock.now().getTime()).toBe(24 * 3_600_000);

    // Sent to the old address only; the outbox record holds no usable code.
    const code = codeSentTo('telecaller@demo.in');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => messages.latest('priya.nair@demo.in', 'email_change')).toThrow();
    const [record] = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.recipient, 'telecaller@demo.in'), eq(messageOutbox.template, 'email_change'))).orderBy(desc(messageOutbox.id)).limit(1);
    expect(record.status).toBe('sent');
    expect(record.body).not.toContain(code);
    // The message says where to enter the code.
    expect(messages.latest('telecaller@demo.in', 'email_change').body).toContain('/login/email-change');

    // Until confirmed: the old email signs in, the new one does not; GET shows the pending change.
    expect((await attemptLogin(t.app, 'telecaller@demo.in')).statusCode).toBe(200);
    expect((await attemptLogin(t.app, 'priya.nair@demo.in')).statusCode).toBe(401);
    const shown = (await t.app.inject({ url: `/api/user/company/users/${id}`, headers: admin })).json().data;
    expect(shown.pending_email_change.new_email).toBe('priya.nair@demo.in');

    const wrong = await confirm('x'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(INVALID_EMAIL_CHANGE_CODE);

    const ok = await confirm(code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ email: 'priya.nair@demo.in' });
    expect((await attemptLogin(t.app, 'priya.nair@demo.in')).statusCode).toBe(200);
    expect((await attemptLogin(t.app, 'telecaller@demo.in')).statusCode).toBe(401);
    const after = (await t.app.inject({ url: `/api/user/company/users/${id}`, headers: admin })).json().data;
    expect(after.user_details.email).toBe('priya.nair@demo.in');
    expect(after.pending_email_change).toBeNull();

    const replay = await confirm(code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(INVALID_EMAIL_CHANGE_CODE);
  });

  it('refuses an expired code (24 hours) and leaves the email as it was', async () => {
    const id = await userId('lawyer@demo.in');
    expect((await put(admin, id, { email: 'kavita.rao@demo.in' })).statusCode).toBe(200);
    const code = codeSentTo('lawyer@demo.in');
    const start = clock.now();
    clock.set(new Date(start.getTime() + 24 * 3_600_000 + 1000));
    try {
      const late = await confirm(code);
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(INVALID_EMAIL_CHANGE_CODE);
    } finally {
      clock.set(start);
    }
    expect((await attemptLogin(t.app, 'lawyer@demo.in')).statusCode).toBe(200);
    expect((await attemptLogin(t.app, 'kavita.rao@demo.in')).statusCode).toBe(401);
  });

  it('a newer request cancels the older code; a new email taken meanwhile answers 409 and changes nothing', async () => {
    const id = await userId('advocate@demo.in');
    expect((await put(admin, id, { email: 'arjun.one@demo.in' })).statusCode).toBe(200);
    const first = codeSentTo('advocate@demo.in');
    expect((await put(admin, id, { email: 'arjun.two@demo.in' })).statusCode).toBe(200);
    const second = codeSentTo('advocate@demo.in');
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(400);

    // Someone else takes arjun.two@demo.in before the owner confirms.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user/company/users',
      headers: admin,
      payload: { name: 'Other Arjun', email: 'arjun.two@demo.in', password: 'Strong#Pass1', user_type: 'user', profession: 'other' },
    });
    expect(created.statusCode).toBe(200);
    const taken = await confirm(second);
    expect(taken.statusCode).toBe(409);
    expect((await attemptLogin(t.app, 'advocate@demo.in')).statusCode).toBe(200);
  });

  it('a platform admin changing a shared user\'s email waits for the old address too', async () => {
    const id = await userId('chief.admin@demo.in');
    const res = await put(superAdmin, id, { email: 'chief@demo.in' });
    // A super admin is below the chief admin: refused before any change is stored.
    expect(res.statusCode).toBe(403);
    expect(() => messages.latest('chief.admin@demo.in', 'email_change')).toThrow();

    const self = await put(superAdmin, await userId('super.admin@demo.in'), { email: 'super@demo.in' });
    expect(self.statusCode).toBe(200);
    expect(self.json().data.user_details.email).toBe('super.admin@demo.in');
    expect((await confirm(codeSentTo('super.admin@demo.in'))).statusCode).toBe(200);
    expect((await attemptLogin(t.app, 'super@demo.in')).statusCode).toBe(200);
  });

  it('answers bad codes in the envelope with 4xx', async () => {
    for (const payload of [{}, { code: '' }, { code: 'a'.repeat(101) }, { code: 42 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/public/email-change/confirm', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });
});
