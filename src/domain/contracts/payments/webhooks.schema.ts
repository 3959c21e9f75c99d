/** Schemas of gateway webhooks and the local sandbox (issue 15). Behind ./webhooks.ts. */
import { z } from 'zod';
import { PG_VENDORS } from './links';

export const webhookParams = z.object({ pg_vendor: z.enum(PG_VENDORS), company_id: z.string().min(1).max(64) });
/**
 * received: a link event stored in the inbox, its payment posts right after (the event's outcome
 * is then posted, recorded, exception or unknown_link); a mandate event answers its own outcome;
 * duplicate: seen before. `event_id`: the vendor's event id as we stored it.
 */
export const webhookOutcome = z.object({ outcome: z.enum(['received', 'posted', 'duplicate', 'recorded', 'unknown_link', 'exception']), event_id: z.string() });
export type WebhookOutcome = z.infer<typeof webhookOutcome>;
export const sandboxParams = z.object({ link_id: z.string().regex(/^pl_[0-9a-f]{24}$/) });
/** The sandbox's pay form: UPI or a failure, and for partial links the amount (paise). */
export const sandboxPayForm = z.object({ outcome: z.enum(['upi', 'fail']), amount_minor: z.coerce.number().int().min(1).optional() });
