/**
 * Receipts made on the phone (issue 4 "Receipt": numbered on the phone, executive code + sequence).
 * Endpoint definitions; zod schemas in ./receipts.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { ReceiptBody, ReceiptRecord } from './receipts.schema';
export type { ReceiptBody, ReceiptRecord };

/** POST /api/fos/receipts (JSON), queued on the phone. */
export const recordReceipt = endpoint({
  operation: 'fos.receipts.record',
  method: 'POST',
  path: '/fos/receipts',
  access: 'company',
  permission: { module: 'fos', action: 'visits', access: 'write' },
  idempotent: true,
  tags: ['fos'],
  summary: 'Record a receipt made on the phone (number = executive code + sequence, unique per company)',
  schemas: async () => {
    const s = await import('./receipts.schema');
    return { query: (await import('../envelope')).companyQuery, body: s.receiptBody, response: s.receiptRecord };
  },
});

/** GET /api/fos/receipts: the caller's receipts (one loan's with loan_id). */
export const listReceipts = endpoint({
  operation: 'fos.receipts.list',
  method: 'GET',
  path: '/fos/receipts',
  access: 'company',
  permission: { module: 'fos', action: 'visits', access: 'read' },
  tags: ['fos'],
  summary: "The caller's receipts",
  schemas: async () => {
    const s = await import('./receipts.schema');
    return { query: s.receiptsQuery, response: s.receiptsResponse };
  },
});
