/**
 * Payment links (issue 15 "Collecting"; spec 3 payment settings, spec 7 online recoveries): an
 * agent asks a company's gateway for a link for a loan's amount (integer minor units: paise), the
 * borrower pays on the gateway's hosted page (never on ours: PCI DSS SAQ A), and the gateway's
 * webhook posts the payment. Sending a link by SMS/WhatsApp belongs to the communication area,
 * which will call createPaymentLink and send `url`. Endpoint definitions; zod schemas in
 * ./links.schema.ts. Permissions: CG Payment Module › payments.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { CreatePaymentLinkBody, PaymentLinkRecord, PaymentLinksPage } from './links.schema';
export type { CreatePaymentLinkBody, PaymentLinkRecord, PaymentLinksPage };

/** The gateways a company may configure (spec 3 payment_gateway `pg_vendor`). */
export const PG_VENDORS = ['cashfree', 'easebuzz', 'phonepe'] as const;
export type PgVendor = (typeof PG_VENDORS)[number];
/** A link's statuses, spelled as Cashfree Payment Links spell them. */
export const PAYMENT_LINK_STATUSES = ['ACTIVE', 'PAID', 'PARTIALLY_PAID', 'EXPIRED', 'CANCELLED'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];
/** Channels a link is sent by (through the communication area's compliance check). */
export const LINK_SEND_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type LinkSendChannel = (typeof LINK_SEND_CHANNELS)[number];
/** Default and longest life of a link, minutes (7 days; 30 days). */
export const DEFAULT_LINK_EXPIRY_MINUTES = 7 * 24 * 60;
export const MAX_LINK_EXPIRY_MINUTES = 30 * 24 * 60;

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payments', access }) as const satisfies PermissionRequirement;
const schema = () => import('./links.schema');
const company = async () => (await import('../envelope')).companyQuery;

/**
 * POST /api/payment/links (Idempotency-Key): a link for a loan, and with `send_via` sent to the
 * borrower through communication's compliance check in the same transaction. A blocked or failed
 * message still creates the link: `message.status` and `message.reasons` say why it was not sent.
 * @throws 404 'Loan not found' / 'Template not found'; 400 gateway not configured / partial not
 *   offered / a template of another channel or without {{payment_link}} / no number or email
 */
export const createPaymentLink = endpoint({
  operation: 'payments.links.create',
  method: 'POST',
  path: '/payment/links',
  access: 'company',
  permission: perm('write'),
  idempotent: true,
  tags,
  summary: 'Create a payment link for a loan on the company’s gateway',
  description:
    'Amount in integer minor units (paise). With `send_via` (sms, whatsapp, email) the link is sent to the borrower through the communication area (compliance check, DLT for SMS; optional `template_id` holding {{payment_link}}); `message` answers its status or the refusal reasons.',
  schemas: async () => ({ query: await company(), body: (await schema()).createPaymentLinkBody, response: (await schema()).paymentLinkRecord }),
});

/** GET /api/payment/links/{link_id}. @throws 404 'Payment link not found' */
export const getPaymentLink = endpoint({
  operation: 'payments.links.get',
  method: 'GET',
  path: '/payment/links/{link_id}',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'One payment link with its status and amount paid',
  schemas: async () => ({ params: (await schema()).linkParams, query: await company(), response: (await schema()).paymentLinkRecord }),
});

/** GET /api/payment/links?loan_id=: the company's links, newest first. */
export const listPaymentLinks = endpoint({
  operation: 'payments.links.list',
  method: 'GET',
  path: '/payment/links',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'Payment links, newest first, optionally of one loan',
  schemas: async () => ({ query: (await schema()).linksQuery, response: (await schema()).paymentLinksPage }),
});

/** POST /api/payment/links/{link_id}/cancel: an ACTIVE link stops taking payments. @throws 409 when paid, expired or cancelled */
export const cancelPaymentLink = endpoint({
  operation: 'payments.links.cancel',
  method: 'POST',
  path: '/payment/links/{link_id}/cancel',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Cancel a payment link',
  schemas: async () => ({ params: (await schema()).linkParams, query: await company(), response: (await schema()).paymentLinkRecord }),
});
