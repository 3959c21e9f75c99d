/**
 * Schemas of the telephony providers' callbacks (issue 14). Exotel's StatusCallback of
 * `Calls/connect` (developer.exotel.com "StatusCallback"): CallSid, Status, RecordingUrl,
 * ConversationDuration, EventType (answered / terminal) and more we keep loose. Sent as JSON:
 * the request asks for `StatusCallbackContentType=application/json`.
 */
import { z } from 'zod';

export const exotelCallbackParams = z.object({
  company_id: z.string().min(1).max(100),
  /** The company's callback secret, in the URL because the provider signs nothing. */
  secret: z.string().min(1).max(200),
});

const seconds = z.union([z.number(), z.string().regex(/^\d+$/)]).transform((v) => Number(v));

export const exotelStatusCallback = z
  .object({
    CallSid: z.string().min(1).max(100),
    Status: z.enum(['completed', 'failed', 'busy', 'no-answer']).optional(),
    EventType: z.enum(['answered', 'terminal']).optional(),
    RecordingUrl: z.string().max(2000).nullable().optional(),
    ConversationDuration: seconds.optional(),
    DateUpdated: z.string().max(40).optional(),
    CustomField: z.string().max(200).optional(),
  })
  .passthrough();
export type ExotelStatusCallback = z.infer<typeof exotelStatusCallback>;

export const callbackAck = z.object({ received: z.boolean() });

/** Exotel's Connect applet dynamic-URL request (query string) for an incoming call. */
export const exotelInboundQuery = z
  .object({
    CallSid: z.string().min(1).max(100),
    /** The caller's number. */
    CallFrom: z.string().min(3).max(20),
    /** The DID (ExoPhone) called. */
    CallTo: z.string().min(3).max(20),
    Direction: z.string().max(20).optional(),
    /** Asked again after an attempt (fetch_after_attempt): 'incomplete' when the agent rung did not pick up. */
    CallType: z.string().max(40).optional(),
    /** The agent number dialled last. */
    DialWhomNumber: z.string().max(40).optional(),
  })
  .passthrough();

/** The Connect applet's answer: numbers to ring (empty: the flow goes on without an agent). */
export const connectAppletAnswer = z.object({
  fetch_after_attempt: z.boolean(),
  destination: z.object({ numbers: z.array(z.string()) }),
  outgoing_phone_number: z.string(),
  record: z.boolean(),
  max_ringing_duration: z.number().int(),
  call_id: z.string().nullable(),
});

/**
 * Exotel's Passthru applet request (query string; support.exotel.com "Working with Passthru
 * applet"): only some parameters come, depending on where the applet sits in the flow.
 */
export const exotelPassthruQuery = z
  .object({
    CallSid: z.string().min(1).max(100),
    From: z.string().max(20).optional(),
    To: z.string().max(20).optional(),
    CallFrom: z.string().max(20).optional(),
    CallTo: z.string().max(20).optional(),
    Direction: z.string().max(20).optional(),
    /** completed, incomplete, client-hangup, voicemail, call-attempt. */
    CallType: z.string().max(40).optional(),
    /** queued, ringing, in-progress, completed, busy, failed, no-answer, canceled. */
    CallStatus: z.string().max(40).optional(),
    Status: z.string().max(40).optional(),
    DialCallDuration: seconds.optional(),
    DialWhomNumber: z.string().max(40).optional(),
    RecordingUrl: z.string().max(2000).optional(),
    CustomField: z.string().max(200).optional(),
    digits: z.string().max(100).optional(),
  })
  .passthrough();

/** Our answer to the Passthru applet (its flow reads only the HTTP status: 200 or 302). */
export const passthruAnswer = z.object({
  /** 'answered' (HTTP 200): an agent talked with the caller; 'not_answered' (HTTP 302): no agent did, or the call is not one of ours. */
  branch: z.enum(['answered', 'not_answered']),
  call_id: z.string().nullable(),
  passthru_status: z.string().nullable(),
});
