/**
 * Reconciliation and its exceptions queue (issue 15 "Reconciliation"): every payment — a gateway
 * webhook, a field receipt after deposit, an offline upload, repossession proceeds, a mandate
 * debit — posts once to its loan, keyed by its source and the source's own id (`source_ref`).
 * A payment whose amount does not match what was expected, that names an unknown loan, that
 * succeeded after the same payment had failed, or that arrived on a cancelled or expired link is
 * queued as an exception instead of posting silently; a person posts it to a loan, marks a refund
 * needed, or dismisses it, with remarks (audited). Amounts: integer minor units (paise, sen).
 * Endpoint definitions; zod schemas in ./exceptions.schema.ts. Permissions: CG Payment Module › payments.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { ExceptionResolveBody, PaymentExceptionRecord, PaymentExceptionsPage, RecordPaymentBody, RecordPaymentResult, ReconcileBatchBody, ReconcileBatchResult } from './exceptions.schema';
export type { ExceptionResolveBody, PaymentExceptionRecord, PaymentExceptionsPage, RecordPaymentBody, RecordPaymentResult, ReconcileBatchBody, ReconcileBatchResult };

/** Where a payment came from (loan_payments.source). */
export const PAYMENT_SOURCES = ['online', 'field_receipt', 'upload', 'repossession_proceeds', 'mandate'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
/** Sources a desk user may record by hand or upload (the others are posted by their own areas). */
export const MANUAL_PAYMENT_SOURCES = ['upload', 'field_receipt', 'repossession_proceeds'] as const;
/** Why a payment was queued instead of posted. */
export const PAYMENT_EXCEPTION_REASONS = ['amount_mismatch', 'unknown_loan', 'late_success_after_failure', 'link_closed'] as const;
export type PaymentExceptionReason = (typeof PAYMENT_EXCEPTION_REASONS)[number];
/** An exception is open until resolved as posted, refund_needed or dismissed. */
export const PAYMENT_EXCEPTION_STATUSES = ['open', 'posted', 'refund_needed', 'dismissed'] as const;
export type PaymentExceptionStatus = (typeof PAYMENT_EXCEPTION_STATUSES)[number];
/** What a person does with an open exception. */
export const EXCEPTION_ACTIONS = ['post', 'refund_needed', 'dismiss'] as const;
export type ExceptionAction = (typeof EXCEPTION_ACTIONS)[number];
/** What an expected amount was read from. */
export const EXPECTED_FROM = ['link', 'ptp', 'settlement_instalment', 'stated'] as const;
export type ExpectedFrom = (typeof EXPECTED_FROM)[number];
/** Most payments one batch request reconciles (the function itself takes any number). */
export const MAX_BATCH_PAYMENTS = 5000;

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payments', access }) as const satisfies PermissionRequirement;
const schema = () => import('./exceptions.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/payment/exceptions: the queue, newest first, filtered by status (default open), reason, source, loan. */
export const listPaymentExceptions = endpoint({
  operation: 'payments.exceptions.list',
  method: 'GET',
  path: '/payment/exceptions',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'The reconciliation exceptions queue',
  schemas: async () => ({ query: (await schema()).exceptionsQuery, response: (await schema()).paymentExceptionsPage }),
});

/** GET /api/payment/exceptions/{exception_id}. @throws 404 'Payment exception not found' */
export const getPaymentException = endpoint({
  operation: 'payments.exceptions.get',
  method: 'GET',
  path: '/payment/exceptions/{exception_id}',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'One reconciliation exception',
  schemas: async () => ({ params: (await schema()).exceptionParams, query: await company(), response: (await schema()).paymentExceptionRecord }),
});

/**
 * POST /api/payment/exceptions/{exception_id}/resolve: `post` (to its loan, or to `loan_id` when it
 * named an unknown one), `refund_needed` or `dismiss`, always with remarks; audited.
 * @throws 404 exception or loan not found; 409 'This exception is already resolved'
 */
export const resolvePaymentException = endpoint({
  operation: 'payments.exceptions.resolve',
  method: 'POST',
  path: '/payment/exceptions/{exception_id}/resolve',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Resolve a reconciliation exception: post to a loan, refund needed, or dismiss',
  schemas: async () => ({ params: (await schema()).exceptionParams, query: await company(), body: (await schema()).exceptionResolveBody, response: (await schema()).paymentExceptionRecord }),
});

/**
 * POST /api/payment/payments (Idempotency-Key): records one offline payment (an upload row, a field
 * receipt after deposit, repossession proceeds). Posts it, or queues it as an exception, or answers
 * `duplicate` when its (source, source_ref) was seen before.
 */
export const recordPaymentEndpoint = endpoint({
  operation: 'payments.payments.record',
  method: 'POST',
  path: '/payment/payments',
  access: 'company',
  permission: perm('write'),
  idempotent: true,
  tags,
  summary: 'Record one offline payment through reconciliation',
  schemas: async () => ({ query: await company(), body: (await schema()).recordPaymentBody, response: (await schema()).recordPaymentResult }),
});

/** POST /api/payment/payments/batch: reconciles up to 5,000 payments at once (set-based); a replay posts nothing twice. */
export const reconcilePaymentBatch = endpoint({
  operation: 'payments.payments.batch',
  method: 'POST',
  path: '/payment/payments/batch',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Reconcile a batch of offline payments (posted, queued as exceptions, or duplicates)',
  schemas: async () => ({ query: await company(), body: (await schema()).reconcileBatchBody, response: (await schema()).reconcileBatchResult }),
});
