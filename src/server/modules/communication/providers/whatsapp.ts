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

  /**
   * A template message (outside the 24-hour session: the only kind Meta delivers then) when the
   * message has an approved template, else a session message (text, or a document with the text
   * as its caption). A document is first uploaded to `/{phone-number-id}/media` and sent by its
   * media id: as the template's DOCUMENT header parameter, or as a `document` message.
   */
  async send(message: ProviderMessage): Promise<SendOutcome> {
    const t = message.whatsappTemplate;
    const o = this.options;
    const a = message.attachment ?? null;
    const mediaId = a ? await this.upload(a) : null;
    const document = a && mediaId ? { id: mediaId, filename: a.fileName } : null;
    const to = waNumber(message.to, o.countryCode);
    const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
    let payload: Record<string, unknown>;
    if (t) {
      const components: unknown[] = [];
      if (document) components.push({ type: 'header', parameters: [{ type: 'document', document }] });
      if (t.parameters.length) components.push({ type: 'body', parameters: t.parameters.map((text) => ({ type: 'text', text })) });
      payload = { ...base, type: 'template', template: { name: t.name, language: { code: t.language }, components } };
    } else if (document) {
      payload = { ...base, type: 'document', document: { ...document, caption: message.text.slice(0, 1024) } };
    } else {
      payload = { ...base, type: 'text', text: { preview_url: true, body: message.text } };
    }
    const json = await this.post<{ messages?: Array<{ id?: string }> }>(`/${encodeURIComponent(o.phoneNumberId)}/messages`, { 'content-type': 'application/json' }, JSON.stringify(payload), 'the message');
    const id = json.messages?.[0]?.id;
    if (!id) throw new ProviderError('WhatsApp Cloud API refused the message: no message id');
    return { provider: this.name, providerMessageId: id, status: 'sent', receipts: [] };
  }

  /** Uploads a document (multipart: messaging_product, type, file) and answers its media id. @throws ProviderError */
  private async upload(a: NonNullable<ProviderMessage['attachment']>): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', a.contentType);
    form.set('file', new Blob([new Uint8Array(a.bytes)], { type: a.contentType }), a.fileName);
    const json = await this.post<{ id?: string }>(`/${encodeURIComponent(this.options.phoneNumberId)}/media`, {}, form, 'the document');
    if (!json.id) throw new ProviderError('WhatsApp Cloud API refused the document: no media id');
    return json.id;
  }

  private async post<T>(path: string, headers: Record<string, string>, body: string | FormData, what: string): Promise<T & { error?: { message?: string } }> {
    let res: Response;
    try {
      res = await fetch(`${this.options.apiBase ?? GRAPH_API}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.accessToken}`, ...headers },
        body,
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new ProviderError(`WhatsApp Cloud API could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const json = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
    if (!res.ok || !json) throw new ProviderError(`WhatsApp Cloud API refused ${what} (${res.status}): ${json?.error?.message ?? 'no answer'}`);
    return json;
  }
}
