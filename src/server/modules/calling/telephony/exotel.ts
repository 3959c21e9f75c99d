/**
 * Exotel cloud click-to-call (developer.exotel.com "Outgoing call to connect two numbers"):
 * `POST https://<key>:<token>@<subdomain>/v1/Accounts/<sid>/Calls/connect.json` with form fields
 * From (the agent, rung first), To (the borrower), CallerId (an ExoPhone), Record, CustomField,
 * StatusCallback, StatusCallbackContentType=application/json and StatusCallbackEvents answered and
 * terminal. The answer's `Call.Sid` is the CallSid its callbacks carry.
 *
 * Exotel has no hang-up API for these calls: the agent ends the call on their phone.
 */
import type { ConnectRequest, TelephonyProvider } from './provider';

export interface ExotelAccount {
  sid: string;
  /** 'api.in.exotel.com' (Mumbai) or 'api.exotel.com' (Singapore). */
  subdomain: string;
  apiKey: string;
  apiToken: string;
  /** Our public origin, prefixed to relative StatusCallback paths: 'https://collect.example.in'. */
  publicOrigin: string;
}

/** An Exotel provider; `fetchImpl` for tests. */
export function exotelProvider(account: ExotelAccount, fetchImpl: typeof fetch = fetch): TelephonyProvider {
  return {
    name: 'exotel',
    async connect(req: ConnectRequest) {
      // Calls/connect always rings the agent first; Exotel runs predictive dialing in its own campaigns product.
      if (req.predictive) throw new Error('Exotel Calls/connect cannot dial predictively: use the local telephony simulator or Exotel campaigns');
      const form = new URLSearchParams({
        From: req.agentNumber,
        To: req.customerNumber,
        CallerId: req.callerId,
        Record: 'true',
        CustomField: req.callId,
        StatusCallback: req.statusCallback.startsWith('http') ? req.statusCallback : `${account.publicOrigin}${req.statusCallback}`,
        StatusCallbackContentType: 'application/json',
        'StatusCallbackEvents[0]': 'answered',
        'StatusCallbackEvents[1]': 'terminal',
      });
      const auth = Buffer.from(`${account.apiKey}:${account.apiToken}`).toString('base64');
      const res = await fetchImpl(`https://${account.subdomain}/v1/Accounts/${encodeURIComponent(account.sid)}/Calls/connect.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => null)) as { Call?: { Sid?: string }; RestException?: { Message?: string } } | null;
      if (!res.ok || !body?.Call?.Sid) throw new Error(body?.RestException?.Message ?? `Exotel answered ${res.status}`);
      return { sid: body.Call.Sid };
    },
    async hangup() {
      return false;
    },
    // Calls/connect offers no barge, whisper or transfer of a running call: the supervisor uses Exotel's own console.
    async monitor() {
      return false;
    },
    close() {},
  };
}
