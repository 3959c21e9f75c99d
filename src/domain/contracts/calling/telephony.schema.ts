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
