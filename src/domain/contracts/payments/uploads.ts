/**
 * Offline payment uploads (issue 15 "the payments tab of bulk operations: an upload of offline
 * payments with an error file"): a CSV or spreadsheet of payments (columns loan_id, amount, date,
 * and optionally reference, channel, expected_amount) reconciled by a durable job through
 * reconciliation's batch (source `upload`), each row once; rows that cannot be read go to an error
 * file. Endpoint definitions; zod schemas in ./uploads.schema.ts. Permissions: CG Payment Module › payments.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { SPREADSHEET_EXTENSIONS } from '../../validation/rules';
import { endpoint } from '../endpoint';
import type { PaymentUploadRecord, PaymentUploadsPage } from './uploads.schema';
export type { PaymentUploadRecord, PaymentUploadsPage };

/** An upload's life: queued, being reconciled, done, or stopped by an unreadable file. */
export const PAYMENT_UPLOAD_STATUSES = ['initiated', 'in_progress', 'completed', 'failed', 'terminated'] as const;
export type PaymentUploadStatus = (typeof PAYMENT_UPLOAD_STATUSES)[number];
/** Largest payments file, MB. */
export const PAYMENT_UPLOAD_MAX_MB = 20;
/** The columns a payments file must have (header row, any order, case and spaces ignored). */
export const PAYMENT_UPLOAD_REQUIRED_COLUMNS = ['loan_id', 'amount', 'date'] as const;
/** Optional columns. */
export const PAYMENT_UPLOAD_OPTIONAL_COLUMNS = ['reference', 'channel', 'expected_amount'] as const;

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payments', access }) as const satisfies PermissionRequirement;
const schema = () => import('./uploads.schema');
const company = async () => (await import('../envelope')).companyQuery;

/**
 * POST /api/payment/uploads (multipart `file`: .csv, .xlsx or .xls): checks the header row and
 * queues the upload for reconciliation.
 * @throws 400 when a required column is missing or the file cannot be read
 */
export const createPaymentUpload = endpoint({
  operation: 'payments.uploads.create',
  method: 'POST',
  path: '/payment/uploads',
  access: 'company',
  permission: perm('write'),
  multipart: { files: { file: { maxFiles: 1, maxMb: PAYMENT_UPLOAD_MAX_MB, accept: SPREADSHEET_EXTENSIONS, required: true, description: 'Offline payments: loan_id, amount, date (reference, channel, expected_amount optional)' } } },
  tags,
  summary: 'Upload a file of offline payments to reconcile',
  schemas: async () => ({ query: await company(), form: (await schema()).paymentUploadFields, response: (await schema()).paymentUploadRecord }),
});

/** GET /api/payment/uploads: the company's uploads, newest first, with progress and counts. */
export const listPaymentUploads = endpoint({
  operation: 'payments.uploads.list',
  method: 'GET',
  path: '/payment/uploads',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'Offline payment uploads with their progress',
  schemas: async () => ({ query: (await schema()).paymentUploadsQuery, response: (await schema()).paymentUploadsPage }),
});

/** GET /api/payment/uploads/{upload_id}. @throws 404 'Payment upload not found' */
export const getPaymentUpload = endpoint({
  operation: 'payments.uploads.get',
  method: 'GET',
  path: '/payment/uploads/{upload_id}',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'One offline payment upload',
  schemas: async () => ({ params: (await schema()).uploadParams, query: await company(), response: (await schema()).paymentUploadRecord }),
});

/**
 * POST /api/payment/uploads/{upload_id}/terminate: stops a queued or running upload after the chunk
 * it is in (what was reconciled stays posted; the rest is not read).
 * @throws 404; 409 'Only a queued or running upload can be terminated'
 */
export const terminatePaymentUpload = endpoint({
  operation: 'payments.uploads.terminate',
  method: 'POST',
  path: '/payment/uploads/{upload_id}/terminate',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Terminate an offline payment upload',
  schemas: async () => ({ params: (await schema()).uploadParams, query: await company(), response: (await schema()).paymentUploadRecord }),
});

/** GET /api/payment/uploads/{upload_id}/error-file: the rows that could not be read, as CSV (the row's cells, its row number and the reason). @throws 404 */
export const paymentUploadErrorFile = endpoint({
  operation: 'payments.uploads.error_file',
  method: 'GET',
  path: '/payment/uploads/{upload_id}/error-file',
  access: 'company',
  permission: perm('read'),
  produces: 'file',
  tags,
  summary: 'The rows of an upload that could not be read, as CSV',
  schemas: async () => ({ params: (await schema()).uploadParams, query: await company() }),
});
