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
