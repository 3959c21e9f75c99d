/**
 * Payment exports (issue 15 "`GET /exports/payments` and `POST /v2/export/payments`"; spec 7
 * recovery service; spec 4 export statuses): the company's posted payments of a date range as a
 * csv or xlsx file, made by a durable job, downloaded through /recovery/export/download with
 * operation_type PAYMENT_EXPORT_OPERATION_TYPE (masked for the downloading caller). Endpoint
 * definitions; zod schemas in ./exports.schema.ts. Amounts in the file: the company's currency
 * units (rupees, rupiah) with 2 decimals.
 */
import { endpoint } from '../endpoint';
import type { PaymentExportRecord } from './exports.schema';
export type { PaymentExportRecord };

export const PAYMENT_EXPORT_OPERATION_TYPE = 'payment_export';
/** The longest date range one payment export covers (days, both ends included). */
export const MAX_PAYMENT_EXPORT_DAYS = 366;

const schema = () => import('./exports.schema');
const exportsAccess = (access: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'exports', access }) as const;

/** POST /api/recovery/v2/export/payments: queues an export of the company's payments paid from start_date to end_date ('Export accepted'). */
export const createPaymentExport = endpoint({
  operation: 'recovery.exports.payments.create',
  method: 'POST',
  path: '/recovery/v2/export/payments',
  access: 'company',
  permission: exportsAccess('write'),
  tags: ['exports', 'payments'],
  summary: 'Export the payments of a date range (csv or xlsx), as a job',
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.createPaymentExportBody, response: s.paymentExportRecord };
  },
});

/** GET /api/recovery/exports/payments: the company's payment exports, newest first (10 to a page by default). */
export const listPaymentExports = endpoint({
  operation: 'recovery.exports.payments.list',
  method: 'GET',
  path: '/recovery/exports/payments',
  access: 'company',
  permission: exportsAccess('read'),
  tags: ['exports', 'payments'],
  summary: 'Payment exports, newest first',
  schemas: async () => {
    const s = await schema();
    return { query: s.paymentExportsQuery, response: s.paymentExportsPage };
  },
});
