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

/**
 * Exotel's Passthru applet (support.exotel.com "Working with Passthru applet", article 48283;
 * developer.exotel.com/docs/voice-v1/applets/passthru and /docs/app-bazaar/passthru-applet-guide):
 * a GET to our URL with the call as query parameters — CallSid, From / To (CallFrom / CallTo in
 * the newer guide), Direction ('incoming', 'outbound-dial'), DialCallDuration (seconds talked with
 * the agent), CallType (completed: a conversation happened; incomplete: the Connect applet's agent
 * did not pick up; client-hangup: the caller hung up in the Connect applet; voicemail; call-attempt:
 * IVR only), CallStatus (queued, ringing, in-progress, completed, busy, failed, no-answer,
 * canceled), RecordingUrl (after a Connect / Voicemail applet), DialWhomNumber, CustomField (what
 * Calls/connect was given: our call id) and digits (a Gather applet's, wrapped in double quotes).
 * The flow branches on our HTTP status: 200 OK to one applet, 302 Found to the other.
 */
export interface PassthruQuery {
  CallSid: string;
  CallType?: string;
  CallStatus?: string;
  Status?: string;
  DialCallDuration?: number;
  RecordingUrl?: string;
  CustomField?: string;
  digits?: string;
}

/**
 * The keys a caller pressed in a Gather applet before the Passthru, from its `digits` parameter,
 * which Exotel wraps in double quotes ("1234"): the quotes and spaces removed, or null when none
 * were pressed or the value is no keypad input (0-9, *, #; at most 40).
 */
export function gatherDigitsOf(q: PassthruQuery): string | null {
  const digits = (q.digits ?? '').trim().replace(/^"+|"+$/g, '').trim();
  return /^[0-9*#]{1,40}$/.test(digits) ? digits : null;
}

/** The status the Passthru applet reports: CallStatus (or Status) when sent, else CallType; null when neither. */
export function passthruStatusOf(q: PassthruQuery): string | null {
  return q.CallStatus || q.Status || q.CallType || null;
}

/**
 * The terminal StatusCallback a Passthru request amounts to, or null while the agent's leg is not
 * over (queued, ringing, in-progress, or no status at all). A conversation (completed) talked
 * DialCallDuration seconds; an agent who did not pick up, a caller who hung up in the Connect
 * applet or a voicemail are 'no-answer'; busy and failed are kept.
 */
export function passthruAsTerminal(q: PassthruQuery): { CallSid: string; EventType: 'terminal'; Status: 'completed' | 'failed' | 'busy' | 'no-answer'; ConversationDuration: number; RecordingUrl?: string; CustomField?: string } | null {
  const status = (q.CallStatus || q.Status || '').toLowerCase();
  const type = (q.CallType ?? '').toLowerCase();
  let mapped: 'completed' | 'failed' | 'busy' | 'no-answer' | null = null;
  if (status === 'completed' || status === 'busy' || status === 'failed' || status === 'no-answer') mapped = status;
  else if (status === 'canceled') mapped = 'no-answer';
  else if (!status && type === 'completed') mapped = 'completed';
  else if (!status && (type === 'incomplete' || type === 'client-hangup' || type === 'voicemail' || type === 'call-attempt')) mapped = 'no-answer';
  if (!mapped) return null;
  const talk = mapped === 'completed' && Number.isFinite(q.DialCallDuration) ? Math.max(0, Math.round(q.DialCallDuration as number)) : 0;
  return { CallSid: q.CallSid, EventType: 'terminal', Status: mapped, ConversationDuration: talk, ...(q.RecordingUrl ? { RecordingUrl: q.RecordingUrl } : {}), ...(q.CustomField ? { CustomField: q.CustomField } : {}) };
}
