/** Schemas of payment links (issue 15). Behind ./links.ts. Amounts: integer minor units (paise). */
import { z } from 'zod';
import { amount, minorField, positiveMinorAmount } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { LINK_SEND_CHANNELS, MAX_LINK_EXPIRY_MINUTES, PAYMENT_LINK_STATUSES, PG_VENDORS } from './links';

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((v) => /^[\p{L}\p{N}]/u.test(v) && /[\p{L}\p{N}.)]$/u.test(v), 'Special characters not allowed at the start or end.');

export const createPaymentLinkBody = z.object({
  loan_id: z.string().trim().min(1).max(64),
  amount_minor: positiveMinorAmount,
  pg_vendor: z.enum(PG_VENDORS),
  /** Absent: the company's payment_link_configurations default_purpose ('Loan repayment' until set). */
  purpose: text(100).optional(),
  /** Minutes from now. Absent: the company's payment_link_configurations default_expiry_days (7 days until set). */
  expiry_minutes: z.number().int().min(15).max(MAX_LINK_EXPIRY_MINUTES).optional(),
  /** Absent: the company's payment_link_configurations partial_payments_allowed, where the gateway offers partial payments. */
  partial: z.boolean().optional(),
  /** Send the link to the borrower at once through the communication area (compliance-checked); absent: only create it. */
  send_via: z.enum(LINK_SEND_CHANNELS).optional(),
  /**
   * A communication template of that channel holding `{{payment_link}}` (an SMS needs one
   * registered for DLT); absent: the standard wording. Also `{{link_amount}}`, `{{link_expiry}}`.
   */
  template_id: z.string().trim().min(1).max(64).optional(),
  /** Language of the refusal reasons when the compliance check blocks the message. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type CreatePaymentLinkBody = z.input<typeof createPaymentLinkBody>;

export const paymentLinkRecord = z.object({
  link_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  pg_vendor: z.enum(PG_VENDORS),
  amount_minor: minorField,
  paid_minor: minorField,
  currency: z.literal('INR'),
  purpose: z.string(),
  partial: z.boolean(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  /** The hosted checkout the borrower opens (the gateway's, or the local sandbox's). */
  url: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  /** How the link was sent to the borrower, or null when it was only created. */
  sent_via: z.enum(LINK_SEND_CHANNELS).nullable(),
  /** The message that carried it, with its current status and, when blocked, the compliance reasons. */
  message: z
    .object({
      message_id: z.string(),
      status: z.enum(['queued', 'sent', 'delivered', 'read', 'failed', 'blocked']),
      reasons: z.array(z.object({ code: z.string(), message: z.string() })),
      error: z.string().nullable(),
      to: z.string().nullable(),
      sent_at: z.string().nullable(),
      delivered_at: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentLinkRecord = z.infer<typeof paymentLinkRecord>;

export const linkParams = z.object({ link_id: z.string().min(1).max(64) });
export const linksQuery = pagingQuery.extend(companyQuery.shape).extend({ loan_id: z.string().trim().min(1).max(64).optional() });
export const paymentLinksPage = z.object({ links: z.array(paymentLinkRecord), total: z.number().int(), page_number: z.number().int(), page_size: z.number().int() });
export type PaymentLinksPage = z.infer<typeof paymentLinksPage>;

/**
 * "Send payment link" asked with another write (issue 15): a call's disposition or a field visit.
 * Amount in major units (rupees, rupiah; at most 2 decimals) like the rest of those forms; the
 * link goes out on the company's first active gateway through communication's compliance check.
 */
export const paymentLinkRequest = z.object({
  amount: amount,
  channel: z.enum(LINK_SEND_CHANNELS),
  /** Language of the refusal reasons (the agent's screen language). */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type PaymentLinkRequest = z.output<typeof paymentLinkRequest>;

/**
 * What became of a link asked with another write: `link_id` null when none was created (no
 * gateway, no number…); `sent` false when created but not sent (blocked by the compliance check or
 * failed); `message` the server's sentence saying so; `reasons` the compliance check's reasons.
 */
export const paymentLinkOutcome = z.object({
  link_id: z.string().nullable(),
  amount_minor: minorField,
  channel: z.enum(LINK_SEND_CHANNELS),
  sent: z.boolean(),
  message: z.string(),
  reasons: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type PaymentLinkOutcome = z.infer<typeof paymentLinkOutcome>;
