/**
 * Two-way WhatsApp chat (issue 13 ChatR): a borrower's reply arrives by the signed webhook and
 * opens WhatsApp's 24-hour window; the telecaller answers in free text inside it (once, even when
 * the request is replayed), not before the borrower wrote and not after the window shut; the
 * loan's `chatr_status` and `digital_communication_status` follow; other companies, callers
 * without the ChatR permission and no token get nothing.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanRecord, LoansPage } from '../../src/domain/contracts/portfolio/loans';
import { SESSION_CLOSED_MESSAGE } from '../../src/domain/communication/chat';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, TRUST, type TestApp } from './helpers';

const APP_SECRET = 'chat-app-secret';
const T0 = new Date('2026-11-24T11:00:00+05:30');
const clock = settableClock(T0);
let t: TestApp;
let admin: Record<string, string>;
let telecaller: Record<string, string>;
let trustAdmin: Record<string, string>;
let fos: Record<string, string>;
let loan: LoanRecord;
let other: LoanRecord;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  trustAdmin = headers((await signIn(t.app, 'admin@demo.id')).token, TRUST);
  fos = headers((await signIn(t.app, 'fos@demo.in')).token, LENDER);
  const loans = ((await t.app.inject({ url: '/api/recovery/loans?page_size=60', headers: admin })).json().data as LoansPage).loans.filter((l) => l.applicant_contact_number);
  const seen = new Set<string>();
  const distinct = loans.filter((l) => {
    const digits = String(l.applicant_contact_number).replace(/\D/g, '').slice(-10);
    if (seen.has(digits)) return false;
    seen.add(digits);
    return true;
  });
  [loan, other] = [distinct[40], distinct[41]];
  const res = await t.app.inject({ method: 'PUT', url: '/api/communication/settings', headers: admin, payload: { whatsapp_app_secret: APP_SECRET } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => t?.close());

const uniq = () => `chat-${Math.random().toString(36).slice(2)}-${Date.now()}`;
const chatOf = (loanId: string, h = telecaller) => t.app.inject({ url: `/api/communication/chat?loan_id=${encodeURIComponent(loanId)}`, headers: h });
const reply = (loanId: string, text: string, key = uniq(), h = telecaller) => t.app.inject({ method: 'POST', url: '/api/communication/chat/replies', headers: { ...h, 'idempotency-key': key }, payload: { loan_id: loanId, text } });
const loanVar = async (loanId: string, name: string) =>
  (await t.database.executeSql(`select distinct variables->>'${name}' as v from loans where company_id = $1 and loan_id = $2`, [LENDER, loanId])).rows.map((r) => (r as { v: string | null }).v);

/** The borrower writes from the loan's number: Meta's notification, signed with the app secret. */
async function borrowerWrites(l: LoanRecord, text: string, at: Date, id = uniq()) {
  const phone = String(l.applicant_contact_number).replace(/\D/g, '').slice(-10);
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [{ from: `91${phone}`, id, timestamp: String(Math.floor(at.getTime() / 1000)), type: 'text', text: { body: text } }] } }] }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/communication/webhooks/whatsapp/${LENDER}`,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.inbound).toBe(1);
}

describe('WhatsApp chat inside the 24-hour window', () => {
  it('before the borrower writes there is no window: the reply is refused with the reason', async () => {
    clock.set(T0);
    const chat = await chatOf(loan.loan_id);
    expect(chat.statusCode, chat.body).toBe(200);
    expect(chat.json().data).toMatchObject({ loan_id: loan.loan_id, window: { open: false, closes_at: null }, chatr_status: null });
    const refused = await reply(loan.loan_id, 'Hello');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SESSION_CLOSED_MESSAGE);
  });

  it("the borrower's reply opens the window; the agent answers once, in the agent's own words", async () => {
    clock.set(T0);
    await borrowerWrites(loan, 'Can I pay half now?', T0);
    const chat = (await chatOf(loan.loan_id)).json().data;
    expect(chat.window).toEqual({ open: true, closes_at: new Date(T0.getTime() + 24 * 3_600_000).toISOString(), last_inbound_at: T0.toISOString() });
    expect(chat.chatr_status).toBe('customer_replied');
    expect(chat.messages.map((m: { direction: string; text: string }) => [m.direction, m.text])).toEqual([['inbound', 'Can I pay half now?']]);
    expect(await loanVar(loan.loan_id, 'chatr_status')).toEqual(['customer_replied']);
    const waiting = (await t.app.inject({ url: '/api/communication/chats?waiting=true', headers: telecaller })).json().data.chats as Array<{ loan_id: string; from: string; last_text: string }>;
    const mine = waiting.find((c) => c.loan_id === loan.loan_id);
    expect(mine).toMatchObject({ last_text: 'Can I pay half now?', chatr_status: 'customer_replied' });
    expect(mine!.from).toMatch(/^\*+\d{4}$/);

    clock.set(new Date(T0.getTime() + 60 * 60_000));
    const key = uniq();
    const text = 'Yes, half today and {{the rest}} by Friday.';
    const first = await reply(loan.loan_id, text, key);
    expect(first.statusCode, first.body).toBe(200);
    const m = first.json().data;
    expect(m).toMatchObject({ channel: 'whatsapp', direction: 'outbound', text });
    expect(['sent', 'delivered', 'read']).toContain(m.status);
    const again = await reply(loan.loan_id, text, key);
    expect(again.json().data.message_id).toBe(m.message_id);

    const after = (await chatOf(loan.loan_id)).json().data;
    expect(after.messages.map((x: { direction: string }) => x.direction)).toEqual(['inbound', 'outbound']);
    expect(after.chatr_status).toBe('agent_replied');
    expect(await loanVar(loan.loan_id, 'chatr_status')).toEqual(['agent_replied']);
    expect(await loanVar(loan.loan_id, 'digital_communication_status')).toEqual([m.status]);
    const stillWaiting = (await t.app.inject({ url: '/api/communication/chats?waiting=true', headers: telecaller })).json().data.chats as Array<{ loan_id: string }>;
    expect(stillWaiting.map((c) => c.loan_id)).not.toContain(loan.loan_id);
    const all = (await t.app.inject({ url: '/api/communication/chats', headers: telecaller })).json().data.chats as Array<{ loan_id: string; last_direction: string }>;
    expect(all.find((c) => c.loan_id === loan.loan_id)).toMatchObject({ last_direction: 'outbound' });
  });

  it('24 hours after the borrower last wrote the window shuts; a new message opens it again', async () => {
    clock.set(new Date(T0.getTime() + 24 * 3_600_000 + 60_000));
    expect((await chatOf(loan.loan_id)).json().data.window.open).toBe(false);
    const late = await reply(loan.loan_id, 'Are you there?');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(SESSION_CLOSED_MESSAGE);
    const now = clock.now();
    await borrowerWrites(loan, 'Sorry, I was travelling', now);
    expect((await reply(loan.loan_id, 'No problem')).statusCode).toBe(200);
  });
});

describe('who may read and write chats', () => {
  it('no token 401; another company 404; a caller without WhatsApp ChatR 403; bad input 400', async () => {
    clock.set(T0);
    await borrowerWrites(other, 'Who is this?', T0);
    expect((await t.app.inject({ url: `/api/communication/chat?loan_id=${other.loan_id}` })).statusCode).toBe(401);
    // The other company may hold a loan with the same id: it sees its own (empty) conversation, never this one.
    const theirs = await chatOf(other.loan_id, trustAdmin);
    if (theirs.statusCode === 200) expect(theirs.json().data.messages).toEqual([]);
    else expect(theirs.statusCode).toBe(404);
    expect([404, 409]).toContain((await reply(other.loan_id, 'Hi', uniq(), trustAdmin)).statusCode);
    const trustChats = (await t.app.inject({ url: '/api/communication/chats', headers: trustAdmin })).json().data.chats as Array<{ loan_id: string }>;
    expect(trustChats.map((c) => c.loan_id)).not.toContain(other.loan_id);
    expect((await chatOf(other.loan_id, fos)).statusCode).toBe(403);
    expect((await reply(other.loan_id, 'Hi', uniq(), fos)).statusCode).toBe(403);
    expect((await reply(other.loan_id, '   ')).statusCode).toBe(400);
    expect((await reply(other.loan_id, 'x'.repeat(4097))).statusCode).toBe(400);
    expect((await chatOf('no-such-loan')).statusCode).toBe(404);
  });
});
