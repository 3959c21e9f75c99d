/**
 * The local gateway sandbox (issue 15 "A local gateway sandbox, clearly named"): registered only
 * when config.paymentSandbox is on (outside production, or PAYMENT_SANDBOX=true), like the log-only
 * message provider stands in for SMS. It plays a vendor's hosted checkout for a link — a page with
 * "Pay with UPI" and "Fail" buttons, no card fields: no card data ever reaches this server — and
 * then sends the vendor's webhook, signed with the company's own credentials exactly as the vendor
 * signs it, to our own webhook route, so the real verification and posting run. Mandates the same
 * way: an authorisation page (authorise or reject), and for each presented debit the bank's answer
 * (the debit succeeds or bounces), each sent as the vendor's signed subscription webhook.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as webhooks from '../../../domain/contracts/payments/webhooks';
import * as mandates from '../../../domain/contracts/payments/mandates';
import { formatMinor } from '../../../domain/common/money';
import type { RouteGroup } from '../../http/area';
import { badRequest, conflict, notFound } from '../../http/errors';
import { endpointServer } from '../../http/route';
import type { Db } from '../../db/client';
import { GATEWAYS } from './gateways';
import { statusAt } from './links-service';
import { debitById, mandateById, pendingDebits } from './mandate-events';
import type { SandboxMandateEvent } from './gateways/types';
import { paymentLinks } from './schema';
import { webhookInboxOf } from './webhook-inbox';
import { credentialsOf } from './settings-service';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2933}.banner{background:#fff3c4;border:1px solid #e0b400;padding:.5rem .75rem;border-radius:6px;font-size:.9rem}
button{font-size:1rem;padding:.75rem 1rem;margin:.25rem .5rem .25rem 0;border-radius:6px;border:1px solid #3e4c59;cursor:pointer}button.pay{background:#0b6e4f;color:#fff;border-color:#0b6e4f}label{display:block;margin:.75rem 0 .25rem}input{display:block;font-size:1rem;padding:.5rem;margin-bottom:.75rem;width:12rem}</style></head>
<body><p class="banner" role="note">Local gateway sandbox — no real money moves. Not the payment gateway.</p>${body}</body></html>`;
}

async function linkOf(db: Db, linkId: string) {
  const [link] = await db.select().from(paymentLinks).where(eq(paymentLinks.linkId, linkId));
  if (!link) throw notFound('Payment link not found');
  return link;
}

/** The sandbox's routes (checkout page and pay). */
export const sandboxRoutes: RouteGroup = async (app, deps) => {
  const { db, config, clock } = deps;
  // The checkout page posts an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  const serve = endpointServer(app, deps);
  const { sandboxPayForm } = await import('../../../domain/contracts/payments/webhooks.schema');

  await serve(webhooks.sandboxCheckout, async ({ params, reply }) => {
    const link = await linkOf(db, params.link_id);
    const status = statusAt(link, clock.now());
    const due = link.amountMinor - link.paidMinor;
    const payable = status === 'ACTIVE' || status === 'PARTIALLY_PAID';
    const partialField = link.partial
      ? `<label for="amount">Amount to pay (paise)</label><input id="amount" name="amount_minor" type="number" min="1" max="${due}" value="${due}" inputmode="numeric">`
      : '';
    const body = payable
      ? `<h1>Pay ${escape(formatMinor(due, 'INR'))}</h1><p>${escape(link.purpose)} · loan ${escape(link.loanId)} · ${escape(link.pgVendor)} checkout</p>
<form method="post" action="/api/payment/sandbox/gateway/${escape(link.linkId)}/pay">${partialField}
<button class="pay" name="outcome" value="upi" type="submit">Pay with UPI</button><button name="outcome" value="fail" type="submit">Fail</button></form>`
      : `<h1>This link is ${escape(status.toLowerCase().replace('_', ' '))}</h1>`;
    return reply.type('text/html; charset=utf-8').send(page('Sandbox checkout', body));
  });

  await serve(webhooks.sandboxPay, async ({ params, req, reply }) => {
    const form = sandboxPayForm.safeParse(req.body ?? {});
    if (!form.success) throw badRequest('Choose Pay with UPI or Fail');
    const link = await linkOf(db, params.link_id);
    const now = clock.now();
    const status = statusAt(link, now);
    if (status !== 'ACTIVE' && status !== 'PARTIALLY_PAID') throw conflict(`The link is ${status}`);
    const due = link.amountMinor - link.paidMinor;
    const amount = link.partial && form.data.amount_minor !== undefined ? form.data.amount_minor : due;
    if (amount > due) throw badRequest('More than is due on the link');
    const creds = await credentialsOf(db, config, link.companyId, link.pgVendor);
    if (!creds) throw conflict('The gateway is no longer configured');
    const signed = GATEWAYS[link.pgVendor].signWebhook(
      creds,
      {
        linkId: link.linkId,
        amountMinor: amount,
        linkAmountMinor: link.amountMinor,
        paidBeforeMinor: link.paidMinor,
        outcome: form.data.outcome === 'upi' ? 'SUCCESS' : 'FAILED',
        paymentId: `${Date.now()}${randomInt(100_000, 999_999)}`,
        channel: 'upi',
      },
      now,
    );
    const res = await (app as unknown as FastifyInstance).inject({ method: 'POST', url: `/api/payment/webhooks/${link.pgVendor}/${link.companyId}`, headers: signed.headers, payload: signed.body });
    // A gateway's checkout does not wait for the lender's systems; the sandbox does, so the screen
    // the borrower or the agent opens next already shows the payment.
    if (res.statusCode === 200) await webhookInboxOf(deps).settled();
    const paid = form.data.outcome === 'upi' && res.statusCode === 200;
    const body = paid
      ? `<h1>Payment successful</h1><p>${escape(formatMinor(amount, 'INR'))} paid with UPI. You may close this page.</p>`
      : `<h1>Payment failed</h1><p>No money was taken. <a href="/api/payment/sandbox/gateway/${escape(link.linkId)}">Try again</a></p>`;
    return reply.type('text/html; charset=utf-8').send(page(paid ? 'Payment successful' : 'Payment failed', body));
  });
};

/** The sandbox's mandate pages: authorise a mandate, settle its presented debits. */
export const sandboxMandateRoutes: RouteGroup = async (app, deps) => {
  const { db, config, clock } = deps;
  const serve = endpointServer(app, deps);
  const { sandboxAuthoriseForm, sandboxSettleForm } = await import('../../../domain/contracts/payments/mandates.schema');

  /** Signs `events` as the mandate's vendor and posts them to its company's webhook URL, in order. */
  const send = async (m: { companyId: string; pgVendor: 'cashfree' | 'easebuzz' | 'phonepe' }, events: SandboxMandateEvent[]) => {
    const creds = await credentialsOf(db, config, m.companyId, m.pgVendor);
    const adapter = GATEWAYS[m.pgVendor].mandates;
    if (!creds || !adapter) throw conflict('The gateway is no longer configured');
    let ok = true;
    for (const e of events) {
      const signed = adapter.signWebhook(creds, e, clock.now());
      const res = await (app as unknown as FastifyInstance).inject({ method: 'POST', url: `/api/payment/webhooks/${m.pgVendor}/${m.companyId}`, headers: signed.headers, payload: signed.body });
      ok &&= res.statusCode === 200;
    }
    return ok;
  };

  await serve(mandates.sandboxMandatePage, async ({ params, reply }) => {
    const m = await mandateById(db, params.mandate_id);
    const how = m.mode === 'enach' ? 'eNACH' : 'UPI Autopay';
    const facts = `<p>Loan ${escape(m.loanId)} · EMI ${escape(formatMinor(m.emiMinor, 'INR'))} (at most ${escape(formatMinor(m.maxMinor, 'INR'))}) on day ${m.debitDay} of each month · ${escape(m.pgVendor)}</p>`;
    let body: string;
    if (m.status === 'INITIALIZED') {
      body = `<h1>Authorise ${how} mandate</h1>${facts}${m.authFailure ? `<p role="alert">Last attempt: ${escape(m.authFailure)}</p>` : ''}
<form method="post" action="/api/payment/sandbox/mandates/${escape(m.mandateId)}/authorise"><button class="pay" name="outcome" value="authorise" type="submit">Authorise mandate</button><button name="outcome" value="reject" type="submit">Reject</button></form>`;
    } else {
      const debits = await pendingDebits(db, m.mandateId);
      const rows = debits
        .map(
          (d) => `<li>${escape(formatMinor(d.amountMinor, 'INR'))} due ${escape(d.dueDate)} (attempt ${d.attempt})
<form method="post" action="/api/payment/sandbox/mandate-debits/${escape(d.debitId)}/settle"><button class="pay" name="outcome" value="success" type="submit">Debit succeeds</button><button name="outcome" value="bounce" type="submit">Bounce: insufficient funds</button></form></li>`,
        )
        .join('');
      body = `<h1>${how} mandate: ${escape(m.status.toLowerCase().replaceAll('_', ' '))}</h1>${facts}<h2>Presented debits</h2>${rows ? `<ul>${rows}</ul>` : '<p>No debit is waiting for the bank.</p>'}`;
    }
    return reply.type('text/html; charset=utf-8').send(page('Sandbox mandate', body));
  });

  await serve(mandates.sandboxMandateAuthorise, async ({ params, req, reply }) => {
    const form = sandboxAuthoriseForm.safeParse(req.body ?? {});
    if (!form.success) throw badRequest('Choose Authorise or Reject');
    const m = await mandateById(db, params.mandate_id);
    if (m.status !== 'INITIALIZED') throw conflict(`The mandate is ${m.status}`);
    const now = clock.now();
    const paymentId = `${Date.now()}${randomInt(100_000, 999_999)}`;
    const after = (ms: number) => new Date(Math.max(now.getTime(), m.statusAt.getTime()) + ms);
    const events: SandboxMandateEvent[] =
      form.data.outcome === 'reject'
        ? [{ kind: 'auth', mandateId: m.mandateId, outcome: 'FAILED', reason: 'Authorisation declined by the customer', paymentId }]
        : [
            { kind: 'auth', mandateId: m.mandateId, outcome: 'SUCCESS', reason: null, paymentId },
            // eNACH waits for the destination bank; UPI Autopay is active at once.
            ...(m.mode === 'enach' ? [{ kind: 'status' as const, mandateId: m.mandateId, status: 'BANK_APPROVAL_PENDING', at: after(1) }] : []),
            { kind: 'status', mandateId: m.mandateId, status: 'ACTIVE', at: after(2) },
          ];
    const ok = await send(m, events);
    const body =
      ok && form.data.outcome === 'authorise'
        ? `<h1>Mandate authorised</h1><p>The lender will debit ${escape(formatMinor(m.emiMinor, 'INR'))} on day ${m.debitDay} of each month. You may close this page.</p>`
        : `<h1>Mandate not authorised</h1><p>Nothing was registered. <a href="/api/payment/sandbox/mandates/${escape(m.mandateId)}">Try again</a></p>`;
    return reply.type('text/html; charset=utf-8').send(page('Sandbox mandate', body));
  });

  await serve(mandates.sandboxDebitSettle, async ({ params, req, reply }) => {
    const form = sandboxSettleForm.safeParse(req.body ?? {});
    if (!form.success) throw badRequest('Choose Debit succeeds or Bounce');
    const { debit, mandate } = await debitById(db, params.debit_id);
    if (debit.status !== 'PENDING') throw conflict(`The debit is ${debit.status}`);
    const success = form.data.outcome === 'success';
    const ok = await send(mandate, [
      {
        kind: 'debit',
        mandateId: mandate.mandateId,
        debitId: debit.debitId,
        gatewayPaymentId: `${Date.now()}${randomInt(100_000, 999_999)}`,
        amountMinor: debit.amountMinor,
        outcome: success ? 'SUCCESS' : 'FAILED',
        reason: success ? null : (form.data.reason ?? 'Insufficient funds'),
        mode: mandate.mode,
      },
    ]);
    const body = !ok ? '<h1>The webhook was refused</h1>' : success ? `<h1>Debit succeeded</h1><p>${escape(formatMinor(debit.amountMinor, 'INR'))} debited.</p>` : '<h1>Debit bounced</h1><p>The bank returned the debit.</p>';
    return reply.type('text/html; charset=utf-8').send(page('Sandbox debit', `${body}<p><a href="/api/payment/sandbox/mandates/${escape(mandate.mandateId)}">Back to the mandate</a></p>`));
  });
};
