/** Schemas of outgoing webhooks to the lender's own systems (issue 15; spec 3 webhook_configurations). Behind ./webhook-configurations.ts. */
import { z } from 'zod';
import { companyQuery, pagingQuery } from '../envelope';

/** What the payments area sends: a payment posted to a loan, a link fully paid, a mandate's status changed. */
export const OUTGOING_WEBHOOK_EVENTS = ['payment.posted', 'payment_link.paid', 'mandate.status_changed'] as const;
export type OutgoingWebhookEvent = (typeof OUTGOING_WEBHOOK_EVENTS)[number];
/** A delivery: pending (first try or a retry due at next_attempt_at), delivered (a 2xx answer), failed (gave up). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'Enter an http(s) URL');

export const webhookConfigurationBody = z.object({
  url,
  events: z.array(z.enum(OUTGOING_WEBHOOK_EVENTS)).min(1).max(OUTGOING_WEBHOOK_EVENTS.length),
  /** Spec 3 activity flag: the strings 'true' and 'false'. */
  is_active: z.enum(['true', 'false']).default('true'),
  description: z.string().trim().max(120).optional(),
});
export type WebhookConfigurationBody = z.input<typeof webhookConfigurationBody>;

export const webhookConfigurationParams = z.object({ endpoint_id: z.string().uuid() });
export const webhookDeliveryParams = z.object({ endpoint_id: z.string().uuid(), delivery_id: z.string().uuid() });

export const webhookConfigurationRecord = z.object({
  endpoint_id: z.string(),
  url: z.string(),
  events: z.array(z.enum(OUTGOING_WEBHOOK_EVENTS)),
  is_active: z.enum(['true', 'false']),
  description: z.string().nullable(),
  /** The signing secret's last 4 characters (the whole secret is answered once, on create and rotate). */
  secret_last4: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookConfigurationRecord = z.infer<typeof webhookConfigurationRecord>;
/** Create and rotate answer the signing secret once; it is never shown again. */
export const webhookConfigurationWithSecret = webhookConfigurationRecord.extend({ secret: z.string() });
export type WebhookConfigurationWithSecret = z.infer<typeof webhookConfigurationWithSecret>;
export const webhookConfigurationList = z.object({ endpoints: z.array(webhookConfigurationRecord) });
export type WebhookConfigurationList = z.infer<typeof webhookConfigurationList>;

export const webhookDeliveriesQuery = pagingQuery.extend(companyQuery.shape).extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });
export const webhookDeliveryRecord = z.object({
  delivery_id: z.string(),
  endpoint_id: z.string(),
  event_id: z.string(),
  event_type: z.enum(OUTGOING_WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  /** Why the last attempt failed without an answer (timeout, refused), or null. */
  last_error: z.string().nullable(),
  /** The first 500 characters of the last answer's body. */
  response_excerpt: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;
export const webhookDeliveriesPage = z.object({ deliveries: z.array(webhookDeliveryRecord), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPage>;
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;
