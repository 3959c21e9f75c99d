/**
 * Telephony providers' callbacks (issue 14): public routes authenticated by the company's callback
 * secret in the URL (cloud click-to-call providers do not sign callbacks) and by the call id being
 * one of ours. A wrong secret answers 401, an unknown call 404; never a 5xx.
 */
import { endpoint } from '../endpoint';

/** POST /api/calling/telephony/exotel/{company_id}/{secret}/status: Exotel's (and the local simulator's) StatusCallback. */
export const exotelStatus = endpoint({
  operation: 'calling.telephony.exotel_status',
  method: 'POST',
  path: '/calling/telephony/exotel/{company_id}/{secret}/status',
  access: 'public',
  tags: ['calling'],
  summary: 'Exotel Calls/connect StatusCallback (answered and terminal events); the local telephony simulator posts the same',
  schemas: async () => {
    const s = await import('./telephony.schema');
    return { params: s.exotelCallbackParams, body: s.exotelStatusCallback, response: s.callbackAck };
  },
});

/**
 * GET /api/calling/telephony/exotel/{company_id}/{secret}/inbound: an incoming call to the company's
 * DID, asked by Exotel's Connect applet ("dynamic URL": CallSid, CallFrom, CallTo, Direction); the
 * answer is the applet's JSON (no envelope): the agent's number to ring, or none.
 */
export const exotelInbound = endpoint({
  operation: 'calling.telephony.exotel_inbound',
  method: 'GET',
  path: '/calling/telephony/exotel/{company_id}/{secret}/inbound',
  access: 'public',
  produces: 'provider-json',
  tags: ['calling'],
  summary: 'Exotel Connect applet dynamic URL for inbound calls: routes the caller to a free agent of the active inbound campaign',
  schemas: async () => {
    const s = await import('./telephony.schema');
    return { params: s.exotelCallbackParams, query: s.exotelInboundQuery, response: s.connectAppletAnswer };
  },
});

/**
 * GET /api/calling/telephony/exotel/{company_id}/{secret}/passthru: Exotel's Passthru applet (placed
 * after the Connect applet of an inbound flow, or in a Calls/connect flow). The status it reports
 * is recorded on the call, and a finished agent leg ends the call as a terminal StatusCallback
 * would. Answers HTTP 200 when an agent talked with the caller, 302 when none did or the call is
 * not ours (the flow's two branches); a wrong secret 401.
 */
export const exotelPassthru = endpoint({
  operation: 'calling.telephony.exotel_passthru',
  method: 'GET',
  path: '/calling/telephony/exotel/{company_id}/{secret}/passthru',
  access: 'public',
  produces: 'provider-json',
  tags: ['calling'],
  summary: 'Exotel Passthru applet: records the call status it reports; HTTP 200 (an agent talked with the caller) or 302 (none did) branches the flow',
  schemas: async () => {
    const s = await import('./telephony.schema');
    return { params: s.exotelCallbackParams, query: s.exotelPassthruQuery, response: s.passthruAnswer };
  },
});
