/**
 * WhatsApp through Meta's WhatsApp Cloud API (developers.facebook.com/docs/whatsapp/cloud-api):
 * `POST {graph}/{phone-number-id}/messages` with a Bearer access token and a template message
 * `{ messaging_product: 'whatsapp', to, type: 'template', template: { name, language: { code },
 * components: [{ type: 'body', parameters: [{ type: 'text', text }] }] } }`; the answer's
 * `messages[0].id` (a wamid) is what status notifications name. Webhooks are verified by
 * `verifyHubSignature` (X-Hub-Signature-256: `sha256=` + hex HMAC-SHA256 of the raw body with the
 * app secret) and the GET handshake by `verifyHandshake`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelProvider, ProviderMessage, SendOutcome } from './types';
import { ProviderError } from './types';

export const GRAPH_API = 'https://graph.facebook.com/v21.0';

/** `sha256=<hex>` of `rawBody` signed with `appSecret`, as Meta sends it. */
export function hubSignature(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Whether `header` is Meta's signature of exactly these bytes. Constant-time on equal lengths;
 * a missing, malformed or other-length header is false (never throws).
 */
export function verifyHubSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string | null | undefined): boolean {
  if (!appSecret || typeof header !== 'string' || !/^sha256=[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(hubSignature(rawBody, appSecret).slice(7), 'hex');
  const given = Buffer.from(header.trim().slice(7).toLowerCase(), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Meta's GET verification: the challenge to echo when mode is subscribe and the token matches, else null. */
export function verifyHandshake(query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }, verifyToken: string | null | undefined): string | null {
  if (!verifyToken || query['hub.mode'] !== 'subscribe' || query['hub.challenge'] === undefined) return null;
  const a = Buffer.from(query['hub.verify_token'] ?? '');
  const b = Buffer.from(verifyToken);
  return a.length === b.length && timingSafeEqual(a, b) ? query['hub.challenge'] : null;
}

/** A WhatsApp number as Meta wants it: digits with the country code (a national number, with or without its leading 0, gets it). */
export function waNumber(to: string, countryCode: string): string {
  const digits = to.replace(/\D/g, '').replace(/^0+/, '');
  return digits.startsWith(countryCode) && digits.length > 10 ? digits : `${countryCode}${digits}`;
}

export interface WhatsAppCloudOptions {
  phoneNumberId: string;
  accessToken: string;
  apiBase?: string | null;
  /** Dialling code added to national numbers: '91' (India) or '62' (Indonesia). */
  countryCode: string;
}

export class WhatsAppCloudProvider implements ChannelProvider {
  readonly name = 'whatsapp-cloud';
  constructor(private readonly options: WhatsAppCloudOptions) {}

  async send(message: ProviderMessage): Promise<SendOutcome> {
    const t = message.whatsappTemplate;
    if (!t) throw new ProviderError('A WhatsApp message outside a session needs an approved template');
    const o = this.options;
    const payload = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: waNumber(message.to, o.countryCode),
      type: 'template',
      template: { name: t.name, language: { code: t.language }, components: t.parameters.length ? [{ type: 'body', parameters: t.parameters.map((text) => ({ type: 'text', text })) }] : [] },
    };
    let res: Response;
    try {
      res = await fetch(`${o.apiBase ?? GRAPH_API}/${encodeURIComponent(o.phoneNumberId)}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${o.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new ProviderError(`WhatsApp Cloud API could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const json = (await res.json().catch(() => null)) as { messages?: Array<{ id?: string }>; error?: { message?: string } } | null;
    const id = json?.messages?.[0]?.id;
    if (!res.ok || !id) throw new ProviderError(`WhatsApp Cloud API refused the message (${res.status}): ${json?.error?.message ?? 'no message id'}`);
    return { provider: this.name, providerMessageId: id, status: 'sent', receipts: [] };
  }
}
