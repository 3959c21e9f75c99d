/**
 * "Send payment link" from a call's disposition and from a field visit (issue 15 "Payment links …
 * from a field visit, a call's disposition"): the link is made through the payments area's front
 * door in the disposition's / visit's transaction, sent through communication's compliance check
 * (a refusal answers the server's message and keeps the disposition), one link per call and per
 * visit (a replayed visit with its Idempotency-Key makes no second link), and a payment on a visit's
 * link is attributed in online recoveries to that visit even when a later visit exists.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallRecord, DispositionAnswer, QueueLoan } from '../../src/domain/contracts/calling/calls';
import type { AllocatedLoan, VisitRecord } from '../../src/domain/contracts/field/visits';
import type { PaymentLinkRecord } from '../../src/domain/contracts/payments/links';
import { settableClock } from '../../src/server/http/clock';
import { createTestApp, headers, LENDER, signIn, type TestApp } from './helpers';
import { postVisitRaw } from './team-helpers';

process.env.CALLING_SIMULATOR_SPEED = '100';
process.env.CALLING_SIMULATOR_ANSWER = 'always';

const clock = settableClock(new Date('2026-11-24T11:00:00+05:30'));
let t: TestApp;
let admin: Record<string, string>;
let telecaller: Record<string, string>;
let fos: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = headers((await signIn(t.app, 'admin@demo.in')).token, LENDER);
  telecaller = headers((await signIn(t.app, 'telecaller@demo.in')).token, LENDER);
  fos = headers((await signIn(t.app, 'fos@demo.in')).token, LENDER);
}, 120_000);
afterAll(async () => t?.close());

const linksOf = async (loanId: string) => (await t.app.inject({ url: `/api/payment/links?loan_id=${loanId}`, headers: admin })).json().data.links as PaymentLinkRecord[];
const configureGateway = async () => {
  const put = await t.app.inject({ method: 'PUT', url: '/api/payment/settings/payment_gateway', headers: admin, payload: { pg_vendor: 'cashfree', merchant_id: 'CF-LENDER', api_key: 'cf-app-id-1234', api_secret: 'cf-client-secret-lender' } });
  expect(put.statusCode, put.body).toBe(200);
};

/** Calls a queued loan with the simulator and ends the call; answers the call id and loan. */
async function endedCall(skip: Set<string>): Promise<{ callId: string; loanId: string }> {
  const queue = (await t.app.inject({ url: '/api/calling/queue', headers: telecaller })).json().data.loans as QueueLoan[];
  const loan = queue.find((l) => !skip.has(l.loan_id))!;
  skip.add(loan.loan_id);
  const started = await t.app.inject({ method: 'POST', url: '/api/calling/calls', headers: telecaller, payload: { loan_id: loan.loan_id } });
  expect(started.statusCode, started.body).toBe(200);
  const callId = (started.json().data as CallRecord).call_id;
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
  return { callId, loanId: loan.loan_id };
}

const dispose = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/calling/dispositions', headers: telecaller, payload });

describe('Send payment link from a call’s disposition', () => {
  const used = new Set<string>();

  it('without a gateway the disposition is saved and the answer says why no link was made', async () => {
    const { callId, loanId } = await endedCall(used);
    const res = await dispose({ call_id: callId, disposition: 'Promise to Pay', ptp_date: '2026-11-26', ptp_amount: 1500, payment_link: { amount: 1500, channel: 'whatsapp' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json().data as DispositionAnswer;
    expect(answer).toMatchObject({ disposition: 'Promise to Pay', payment_link: { link_id: null, sent: false, amount_minor: 150_000, message: 'Payment link not created: no payment gateway is configured' } });
    expect(res.json().message).toContain('no payment gateway is configured');
    expect(await linksOf(loanId)).toEqual([]);
  });

  it('creates and sends the link by WhatsApp once per call; the loan’s links show it', async () => {
    await configureGateway();
    const { callId, loanId } = await endedCall(used);
    const body = { call_id: callId, disposition: 'Promise to Pay', ptp_date: '2026-11-26', ptp_amount: 1200.5, payment_link: { amount: 1200.5, channel: 'whatsapp' } };
    const res = await dispose(body);
    expect(res.statusCode, res.body).toBe(200);
    const link = (res.json().data as DispositionAnswer).payment_link!;
    expect(link).toMatchObject({ sent: true, amount_minor: 120_050, channel: 'whatsapp', message: 'Payment link created and sent', reasons: [] });
    expect(link.link_id).toMatch(/^pl_/);
    // Sent again (a retry): the first disposition and the same link, nothing more.
    const again = await dispose(body);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as DispositionAnswer).payment_link).toMatchObject({ link_id: link.link_id, sent: true });
    const links = await linksOf(loanId);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ link_id: link.link_id, amount_minor: 120_050, sent_via: 'whatsapp', message: { status: 'delivered' } });
  });

  it('a message the compliance check blocks: link created, not sent, the reasons answered', async () => {
    // An SMS needs a DLT-registered template: the standard wording is blocked.
    const { callId, loanId } = await endedCall(used);
    const res = await dispose({ call_id: callId, disposition: 'Promise to Pay', ptp_date: '2026-11-26', ptp_amount: 800, payment_link: { amount: 800, channel: 'sms' } });
    expect(res.statusCode, res.body).toBe(200);
    const link = (res.json().data as DispositionAnswer).payment_link!;
    expect(link.sent).toBe(false);
    expect(link.link_id).toMatch(/^pl_/);
    expect(link.message).toMatch(/^Payment link created but not sent: /);
    expect(link.reasons.length).toBeGreaterThan(0);
    expect(res.json().message).toBe(`Disposition saved. ${link.message}`);
    expect((await linksOf(loanId))[0]).toMatchObject({ link_id: link.link_id, message: { status: 'blocked' } });
  });

  it('refuses a zero amount or an unknown channel with 400 and saves nothing', async () => {
    const { callId } = await endedCall(used);
    for (const payment_link of [{ amount: 0, channel: 'sms' }, { amount: 10, channel: 'pigeon' }]) {
      const res = await dispose({ call_id: callId, disposition: 'Promise to Pay', ptp_date: '2026-11-26', ptp_amount: 800, payment_link });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});

describe('Send payment link at a field visit', () => {
  // The phone's write (team-helpers' postVisitRaw), checked in at the test clock's time, with the outbox item's key.
  const visit = (loan: AllocatedLoan, key: string, over: Record<string, unknown> = {}) => postVisitRaw(t.app, fos, loan, { checked_in_at: clock.now().toISOString(), ...over }, { idempotencyKey: key });

  it('sends the link with the visit; a replay of the queued write makes no second link; the payment is attributed to that visit', async () => {
    await configureGateway();
    const loans = (await t.app.inject({ url: '/api/fos/allocation', headers: fos })).json().data.loans as AllocatedLoan[];
    const loan = loans.find((l) => l.latitude !== null) ?? loans[0];
    const before = (await linksOf(loan.loan_id)).length;
    const key = randomUUID();
    clock.set(new Date('2026-11-24T12:00:00+05:30'));
    const first = await visit(loan, key, { payment_link: { amount: 999, channel: 'whatsapp' } });
    expect(first.statusCode, first.body).toBe(200);
    const recorded = first.json().data as VisitRecord;
    expect(recorded.payment_link).toMatchObject({ sent: true, amount_minor: 99_900, channel: 'whatsapp' });
    // The outbox sends the same item again (the answer was lost): the stored answer, no second link.
    const replay = await visit(loan, key, { payment_link: { amount: 999, channel: 'whatsapp' } });
    expect(replay.statusCode, replay.body).toBe(200);
    expect((replay.json().data as VisitRecord).visit_id).toBe(recorded.visit_id);
    const links = await linksOf(loan.loan_id);
    expect(links).toHaveLength(before + 1);
    const link = links.find((l) => l.link_id === recorded.payment_link!.link_id)!;
    expect(link).toMatchObject({ amount_minor: 99_900, sent_via: 'whatsapp' });

    // A later visit without a link, then the borrower pays the first visit's link.
    clock.set(new Date('2026-11-24T15:00:00+05:30'));
    const later = await visit(loan, randomUUID());
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.payment_link).toBeUndefined();
    clock.set(new Date('2026-11-24T16:00:00+05:30'));
    const path = new URL(link.url).pathname;
    const paid = await t.app.inject({ method: 'POST', url: `${path}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'outcome=upi' });
    expect(paid.body).toContain('Payment successful');
    const online = await t.app.inject({ url: '/api/fos/online-recoveries', headers: fos });
    expect(online.statusCode, online.body).toBe(200);
    const recoveries = online.json().data.recoveries as { loan_id: string; amount_minor: number; attributed_visit_id: string | null }[];
    expect(recoveries.find((r) => r.loan_id === loan.loan_id && r.amount_minor === 99_900)).toMatchObject({ attributed_visit_id: recorded.visit_id });
  });
});
