/**
 * SMS through Exotel's SMS API (India, DLT-compliant; developer.exotel.com "Send SMS"):
 * `POST https://<subdomain>/v1/Accounts/<account_sid>/Sms/send.json`, HTTP Basic auth with the API
 * key and token, form fields From (the DLT sender header), To, Body, DltEntityId, DltTemplateId,
 * SmsType, StatusCallback and CustomField (our message id). The answer's `SMSMessage.Sid` is the
 * provider id its delivery reports (StatusCallback: SmsSid, Status, DetailedStatus) name.
 */
import type { DltCategory } from '../../../../domain/compliance/dlt';
import type { ChannelProvider, ProviderMessage, SendOutcome } from './types';
import { ProviderError } from './types';

export interface ExotelOptions {
  subdomain: string;
  accountSid: string;
  apiKey: string;
  apiToken: string;
  /** Absolute URL of our delivery-report endpoint with the company's token, or null (configured in Exotel's dashboard). */
  statusCallback: string | null;
  /** Base URL override (tests): default `https://<subdomain>`. */
  baseUrl?: string;
}

/** Exotel's SmsType for a DLT category (transactional covers OTP and service implicit). */
const SMS_TYPE: Record<DltCategory, string> = { promotional: 'promotional', transactional: 'transactional', service_implicit: 'transactional', service_explicit: 'transactional_opt_in' };

/** Exotel's delivery-report `Status` as our status (unknown ones are kept as events only). */
export function exotelStatus(status: string): 'sent' | 'delivered' | 'failed' | null {
  const s = status.trim().toLowerCase();
  if (s === 'queued' || s === 'sending' || s === 'submitted') return 'sent';
  if (s === 'sent' || s === 'delivered') return 'delivered';
  if (s.startsWith('failed')) return 'failed';
  return null;
}

export class ExotelSmsProvider implements ChannelProvider {
  readonly name = 'exotel';
  constructor(private readonly options: ExotelOptions) {}

  async send(message: ProviderMessage): Promise<SendOutcome> {
    if (!message.dlt) throw new ProviderError('An SMS through Exotel needs the template’s DLT registration');
    const o = this.options;
    const form = new URLSearchParams({
      From: message.dlt.dlt_sender_header,
      To: message.to,
      Body: message.text,
      DltEntityId: message.dlt.dlt_entity_id,
      DltTemplateId: message.dlt.dlt_template_id,
      SmsType: SMS_TYPE[message.dlt.dlt_category],
      CustomField: message.messageId,
    });
    if (o.statusCallback) form.set('StatusCallback', o.statusCallback);
    const base = o.baseUrl ?? `https://${o.subdomain}`;
    let res: Response;
    try {
      res = await fetch(`${base}/v1/Accounts/${encodeURIComponent(o.accountSid)}/Sms/send.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${o.apiKey}:${o.apiToken}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new ProviderError(`Exotel could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const json = (await res.json().catch(() => null)) as { SMSMessage?: { Sid?: string; Status?: string }; RestException?: { Message?: string } } | null;
    if (!res.ok || !json?.SMSMessage?.Sid) throw new ProviderError(`Exotel refused the SMS (${res.status}): ${json?.RestException?.Message ?? 'no message id'}`);
    return { provider: this.name, providerMessageId: json.SMSMessage.Sid, status: 'sent', receipts: [] };
  }
}
