/**
 * eNACH / UPI Autopay mandates (issue 15 "Collecting"; spec 3 recurring_configuration,
 * recurring_payments, "Recurring mode: enach"): a loan's EMI collected by a mandate registered on
 * the company's gateway (Cashfree Subscriptions, plan type ON_DEMAND: we present each debit on its
 * due date), the borrower authorising it on the gateway's hosted page (or the local sandbox's).
 * Mandate statuses follow the gateway's (Cashfree subscription_status); each debit posts once
 * through reconciliation (source `mandate`), a bounce is recorded with the bank's reason and may be
 * presented again. Endpoint definitions; zod schemas in ./mandates.schema.ts.
 * Permissions: CG Payment Module › payments. Amounts: integer minor units (paise).
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { CreateMandateBody, MandateDebitRecord, MandateRecord, MandatesPage, PresentDebitBody } from './mandates.schema';
export type { CreateMandateBody, MandateDebitRecord, MandateRecord, MandatesPage, PresentDebitBody };

/** How the borrower authorises: eNACH (net banking / debit card, spec "Recurring mode: enach") or UPI Autopay. */
export const MANDATE_MODES = ['enach', 'upi_autopay'] as const;
export type MandateMode = (typeof MANDATE_MODES)[number];
/** A mandate's statuses, spelled as Cashfree spells subscription_status (INITIALIZED: created, not yet authorised). */
export const MANDATE_STATUSES = ['INITIALIZED', 'BANK_APPROVAL_PENDING', 'ACTIVE', 'ON_HOLD', 'CUSTOMER_PAUSED', 'CUSTOMER_CANCELLED', 'CANCELLED', 'EXPIRED', 'LINK_EXPIRED', 'COMPLETED'] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];
/** Statuses after which nothing is presented again. */
export const MANDATE_FINAL_STATUSES: readonly MandateStatus[] = ['CUSTOMER_CANCELLED', 'CANCELLED', 'EXPIRED', 'LINK_EXPIRED', 'COMPLETED'];
/** A presented debit: PENDING until the gateway says SUCCESS, FAILED (bounced) or CANCELLED. */
export const MANDATE_DEBIT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'CANCELLED'] as const;
export type MandateDebitStatus = (typeof MANDATE_DEBIT_STATUSES)[number];
/** Most presentations of one due date (the first and two re-presentations; our limit, the spec gives none). */
export const MAX_DEBIT_ATTEMPTS = 3;
/** The gateways offering mandates here (Cashfree Subscriptions; the others' mandate APIs are not wired). */
export const MANDATE_VENDORS = ['cashfree'] as const;

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payments', access }) as const satisfies PermissionRequirement;
const schema = () => import('./mandates.schema');
const company = async () => (await import('../envelope')).companyQuery;

/**
 * POST /api/payment/mandates (Idempotency-Key): registers a mandate for a loan's EMI on the
 * company's gateway; answers it INITIALIZED with `auth_url`, the page where the borrower authorises.
 * @throws 404 'Loan not found'; 400 gateway not configured; 409 'This loan already has a mandate in force'
 */
export const createMandate = endpoint({
  operation: 'payments.mandates.create',
  method: 'POST',
  path: '/payment/mandates',
  access: 'company',
  permission: perm('write'),
  idempotent: true,
  tags,
  summary: 'Register an eNACH / UPI Autopay mandate for a loan’s EMI',
  description: 'EMI and maximum in integer minor units (paise); debits are presented on `debit_day` of each month from `first_debit_date` until `expires_at`.',
  schemas: async () => ({ query: await company(), body: (await schema()).createMandateBody, response: (await schema()).mandateRecord }),
});

/** GET /api/payment/mandates: the company's mandates, newest first, by loan and status. */
export const listMandates = endpoint({
  operation: 'payments.mandates.list',
  method: 'GET',
  path: '/payment/mandates',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'Mandates, newest first, optionally of one loan or status',
  schemas: async () => ({ query: (await schema()).mandatesQuery, response: (await schema()).mandatesPage }),
});

/** GET /api/payment/mandates/{mandate_id}: with its debits. @throws 404 'Mandate not found' */
export const getMandate = endpoint({
  operation: 'payments.mandates.get',
  method: 'GET',
  path: '/payment/mandates/{mandate_id}',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'One mandate with its debits',
  schemas: async () => ({ params: (await schema()).mandateParams, query: await company(), response: (await schema()).mandateRecord }),
});

/** POST /api/payment/mandates/{mandate_id}/cancel. @throws 409 when already final */
export const cancelMandate = endpoint({
  operation: 'payments.mandates.cancel',
  method: 'POST',
  path: '/payment/mandates/{mandate_id}/cancel',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Cancel a mandate (nothing more is presented)',
  schemas: async () => ({ params: (await schema()).mandateParams, query: await company(), response: (await schema()).mandateRecord }),
});

/**
 * POST /api/payment/mandates/{mandate_id}/debits: presents a debit now (the scheduler does this on
 * each due date); default amount the EMI, default due date today (India).
 * @throws 409 when the mandate is not ACTIVE, the due date was already presented, or more than the mandate's maximum
 */
export const presentMandateDebit = endpoint({
  operation: 'payments.mandates.present',
  method: 'POST',
  path: '/payment/mandates/{mandate_id}/debits',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Present a mandate debit now',
  schemas: async () => ({ params: (await schema()).mandateParams, query: await company(), body: (await schema()).presentDebitBody, response: (await schema()).mandateDebitRecord }),
});

/** POST /api/payment/mandates/{mandate_id}/debits/{debit_id}/retry: presents a bounced debit again. @throws 409 not FAILED, not the latest attempt, or attempts used up */
export const retryMandateDebit = endpoint({
  operation: 'payments.mandates.retry',
  method: 'POST',
  path: '/payment/mandates/{mandate_id}/debits/{debit_id}/retry',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Present a bounced mandate debit again',
  schemas: async () => ({ params: (await schema()).debitParams, query: await company(), response: (await schema()).mandateDebitRecord }),
});

/** GET the sandbox's mandate authorisation page (HTML). Exists only when the sandbox is on. */
export const sandboxMandatePage = endpoint({
  operation: 'payments.sandbox.mandate',
  method: 'GET',
  path: '/payment/sandbox/mandates/{mandate_id}',
  access: 'public',
  produces: 'file',
  tags,
  summary: 'Local gateway sandbox: a mandate’s authorisation page, and its pending debits (not in production)',
  schemas: async () => ({ params: (await schema()).sandboxMandateParams }),
});

/** POST the sandbox's authorisation: the sandbox sends the gateway's signed status webhooks. */
export const sandboxMandateAuthorise = endpoint({
  operation: 'payments.sandbox.mandate_authorise',
  method: 'POST',
  path: '/payment/sandbox/mandates/{mandate_id}/authorise',
  access: 'public',
  produces: 'file',
  tags,
  summary: 'Local gateway sandbox: authorise or reject a mandate (not in production)',
  schemas: async () => ({ params: (await schema()).sandboxMandateParams }),
});

/** POST the sandbox's bank answer to a presented debit: the sandbox sends the signed payment webhook. */
export const sandboxDebitSettle = endpoint({
  operation: 'payments.sandbox.debit_settle',
  method: 'POST',
  path: '/payment/sandbox/mandate-debits/{debit_id}/settle',
  access: 'public',
  produces: 'file',
  tags,
  summary: 'Local gateway sandbox: a presented debit succeeds or bounces (not in production)',
  schemas: async () => ({ params: (await schema()).sandboxDebitParams }),
});
