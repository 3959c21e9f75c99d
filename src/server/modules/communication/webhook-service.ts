/**
 * Provider callbacks (issue 13): Exotel's SMS delivery reports (authenticated by the company's
 * callback token, compared in constant time) and WhatsApp Cloud API notifications (statuses move a
 * message; inbound messages land on the loan by the sender's phone). Bad credentials are 401,
 * never a 5xx; unknown message ids are ignored (a provider retries otherwise).
 */
import { timingSafeEqual } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { loansByPhone } from '../portfolio/queries';
import { applyReceipt, messageByProviderId, recordInbound } from './message-service';
import { exotelStatus } from './providers/exotel';
import { verifyHubSignature } from './providers/whatsapp';
import type { SecretKeys } from '../../security/secret-box';
import { existingSettings, secretOf } from './settings-service';

const unauthorized = (message: string) => new AppError(401, message);

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** POST /communication/webhooks/sms/{company_id}. @throws 401 'Invalid callback token' */
export async function smsReceipt(db: DbOrTx, companyId: string, token: string | undefined, body: { SmsSid: string; Status: string; DetailedStatus?: string }, now: Date): Promise<{ updated: number }> {
  const s = await existingSettings(db, companyId);
  if (!s || !sameSecret(token, s.smsCallbackToken)) throw unauthorized('Invalid callback token');
  const status = exotelStatus(body.Status);
  const row = await messageByProviderId(db, companyId, 'exotel', body.SmsSid);
  if (!row || !status) return { updated: 0 };
  const after = await applyReceipt(db, row, status, body.DetailedStatus ? `${body.Status}: ${body.DetailedStatus}` : body.Status, 'exotel', now);
  return { updated: after.status !== row.status ? 1 : 0 };
}

interface WaStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  errors?: Array<{ title?: string }>;
}
interface WaInbound {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
}
interface WaValue {
  statuses?: WaStatus[];
  messages?: WaInbound[];
}

const WA_STATUS: Record<string, 'sent' | 'delivered' | 'read' | 'failed'> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };
const atOf = (ts: string | undefined, now: Date) => (ts && /^\d{9,11}$/.test(ts) ? new Date(Number(ts) * 1000) : now);

/**
 * POST /communication/webhooks/whatsapp/{company_id}: verifies X-Hub-Signature-256 on the raw body
 * with the company's app secret, then applies statuses and stores inbound messages.
 * @throws 401 'Invalid signature'
 */
export async function whatsappNotification(db: DbOrTx, keys: SecretKeys, companyId: string, raw: Buffer | undefined, signature: string | string[] | undefined, payload: { entry: unknown[] }, now: Date): Promise<{ statuses: number; inbound: number }> {
  const s = await existingSettings(db, companyId);
  if (!s || !raw || !verifyHubSignature(raw, signature, secretOf(keys, s, 'whatsappAppSecret'))) throw unauthorized('Invalid signature');
  let statuses = 0;
  let inbound = 0;
  for (const entry of payload.entry) {
    const changes = (entry as { changes?: Array<{ value?: WaValue }> })?.changes ?? [];
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = change?.value ?? {};
      for (const st of Array.isArray(value.statuses) ? value.statuses : []) {
        const status = st?.status ? WA_STATUS[st.status] : undefined;
        if (!st?.id || !status) continue;
        const row = (await messageByProviderId(db, companyId, 'whatsapp-cloud', st.id)) ?? (await messageByProviderId(db, companyId, 'local-provider', st.id));
        if (!row) continue;
        await applyReceipt(db, row, status, st.errors?.[0]?.title ? `${st.status}: ${st.errors[0].title}` : st.status!, 'whatsapp-cloud', atOf(st.timestamp, now));
        statuses += 1;
      }
      for (const m of Array.isArray(value.messages) ? value.messages : []) {
        if (!m?.from || !m.id) continue;
        const [loanId] = await loansByPhone(db, companyId, m.from);
        if (!loanId) continue;
        const text = m.type === 'text' ? String(m.text?.body ?? '').slice(0, 4096) : `[${String(m.type ?? 'message').slice(0, 30)}]`;
        await recordInbound(db, companyId, loanId, 'whatsapp', m.from, text, 'whatsapp-cloud', m.id, atOf(m.timestamp, now));
        inbound += 1;
      }
    }
  }
  return { statuses, inbound };
}
