/**
 * Easebuzz (hosted checkout, `POST /payment/initiateLink`, form-encoded): the request carries
 * `hash` = SHA-512 of `key|txnid|amount|productinfo|firstname|email|udf1|…|udf10|salt`; the
 * response and the webhook carry `hash` = SHA-512 of the reverse sequence
 * `salt|status|udf10|…|udf1|email|firstname|productinfo|amount|txnid|key`, verified here in
 * constant time. Easebuzz sends no timestamp, so replay protection is the event id (easepayid +
 * status) and the payment id; the `key` in the body must be the company's own key.
 */
import { createHash } from 'node:crypto';
import { sameSignature } from './compare';
import type { GatewayAdapter, GatewayCredentials, Verification } from './types';
import { paiseOf, rupees } from './types';

const UDFS = ['udf1', 'udf2', 'udf3', 'udf4', 'udf5', 'udf6', 'udf7', 'udf8', 'udf9', 'udf10'] as const;
type Fields = Record<string, string | undefined>;

const sha512 = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

/** SHA-512 of key|txnid|amount|productinfo|firstname|email|udf1..udf10|salt (hex, lower case). */
export function easebuzzRequestHash(key: string, salt: string, f: Fields): string {
  return sha512([key, f.txnid, f.amount, f.productinfo, f.firstname, f.email, ...UDFS.map((u) => f[u]), salt].map((v) => v ?? '').join('|'));
}

/** SHA-512 of salt|status|udf10..udf1|email|firstname|productinfo|amount|txnid|key (hex, lower case). */
export function easebuzzResponseHash(key: string, salt: string, f: Fields): string {
  return sha512([salt, f.status, ...[...UDFS].reverse().map((u) => f[u]), f.email, f.firstname, f.productinfo, f.amount, f.txnid, key].map((v) => v ?? '').join('|'));
}

function verify(raw: Buffer, creds: GatewayCredentials): Verification {
  const f = Object.fromEntries(new URLSearchParams(raw.toString('utf8'))) as Fields;
  if (!f.hash || !creds.apiKey || !creds.saltKey) return { ok: false, reason: 'signature' };
  if (!sameSignature(f.hash.toLowerCase(), easebuzzResponseHash(creds.apiKey, creds.saltKey, f))) return { ok: false, reason: 'signature' };
  if (f.key !== creds.apiKey) return { ok: false, reason: 'merchant' };
  const amount = paiseOf(f.amount);
  if (!f.txnid || !f.easepayid || amount === null || !f.status) return { ok: false, reason: 'malformed' };
  return {
    ok: true,
    event: { eventId: `${f.easepayid}:${f.status}`, linkId: f.txnid, outcome: f.status === 'success' ? 'SUCCESS' : 'FAILED', paymentId: f.easepayid, amountMinor: amount, channel: (f.mode ?? 'payment_link').toLowerCase() },
  };
}

export const easebuzz: GatewayAdapter = {
  vendor: 'easebuzz',
  supportsPartial: false,
  requires: ['apiKey', 'saltKey'],
  createLinkRequest(creds, link) {
    const fields: Fields = {
      key: creds.apiKey,
      txnid: link.linkId,
      amount: rupees(link.amountMinor),
      productinfo: link.purpose,
      firstname: link.customer.name,
      phone: link.customer.phone,
      email: link.customer.email,
      surl: link.returnUrl,
      furl: link.returnUrl,
      udf1: link.notes.loan_id ?? '',
    };
    fields.hash = easebuzzRequestHash(creds.apiKey ?? '', creds.saltKey ?? '', fields);
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, v ?? ''])).toString();
    return { method: 'POST', path: '/payment/initiateLink', headers: {}, body, contentType: 'application/x-www-form-urlencoded' };
  },
  verifyWebhook: (raw, _headers, creds) => verify(raw, creds),
  signWebhook(creds, p) {
    const f: Fields = {
      key: creds.apiKey,
      txnid: p.linkId,
      amount: rupees(p.amountMinor),
      productinfo: 'Loan repayment',
      firstname: 'Borrower',
      email: 'borrower@example.invalid',
      status: p.outcome === 'SUCCESS' ? 'success' : 'failure',
      easepayid: p.paymentId,
      mode: p.channel.toUpperCase(),
      ...Object.fromEntries(UDFS.map((u) => [u, ''])),
    };
    f.hash = easebuzzResponseHash(creds.apiKey ?? '', creds.saltKey ?? '', f);
    const body = Buffer.from(new URLSearchParams(Object.entries(f).map(([k, v]) => [k, v ?? ''])).toString());
    return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body };
  },
};
