/**
 * Deposits of cash, cheque and DD receipts at a bank, and online recoveries (issue 4; spec 2
 * /app/field-executive, /app/field-executive/online). Endpoint definitions; zod schemas in
 * ./deposits.schema.ts.
 */
import { endpoint } from '../endpoint';
import { PHOTO_EXTENSIONS } from '../../validation/rules';
import { PHOTO_MAX_MB } from './visits';

import type { DepositBody, DepositRecord, DepositsResponse, OnlineRecoveriesResponse } from './deposits.schema';
export type { DepositBody, DepositRecord, DepositsResponse, OnlineRecoveriesResponse };

const fos = (action: 'deposits' | 'online_recoveries', access: 'read' | 'write') => ({ module: 'fos', action, access }) as const;

/** GET /api/fos/deposits: undeposited cash/cheque/DD receipts with their age, and past deposits. */
export const depositsOverview = endpoint({
  operation: 'fos.deposits.overview',
  method: 'GET',
  path: '/fos/deposits',
  access: 'company',
  permission: fos('deposits', 'read'),
  tags: ['fos'],
  summary: 'Undeposited cash/cheque/DD receipts with their age, and past deposits',
  schemas: async () => {
    const s = await import('./deposits.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.depositsResponse };
  },
});

/** POST /api/fos/deposits (multipart: `deposit` JSON + `slip` photo), queued on the phone. */
export const recordDeposit = endpoint({
  operation: 'fos.deposits.record',
  method: 'POST',
  path: '/fos/deposits',
  access: 'company',
  permission: fos('deposits', 'write'),
  idempotent: true,
  multipart: { json: 'deposit', files: { slip: { maxFiles: 1, maxMb: PHOTO_MAX_MB, accept: PHOTO_EXTENSIONS, imagesOnly: true, description: 'The deposit slip photo' } } },
  tags: ['fos'],
  summary: 'Deposit receipts at a bank (multipart: `deposit` JSON + `slip` photo)',
  description: `multipart/form-data: field \`deposit\` = the deposit JSON; file \`slip\` = the deposit slip photo (JPEG/PNG/WebP, ≤ ${PHOTO_MAX_MB} MB). The amount must equal the receipts' total. Idempotent by Idempotency-Key.`,
  schemas: async () => {
    const s = await import('./deposits.schema');
    return { query: (await import('../envelope')).companyQuery, form: s.depositBody, response: s.depositRecord };
  },
});

/** GET /api/fos/deposits/{deposit_id}/slip: a deposit's slip photo. */
export const depositSlip = endpoint({
  operation: 'fos.deposits.slip',
  method: 'GET',
  path: '/fos/deposits/{deposit_id}/slip',
  access: 'company',
  permission: fos('deposits', 'read'),
  produces: 'file',
  tags: ['fos'],
  summary: "A deposit's slip photo",
  schemas: async () => {
    const s = await import('./deposits.schema');
    return { params: s.depositParams, query: (await import('../envelope')).companyQuery };
  },
});

/** GET /api/fos/online-recoveries: online payments on the caller's loans, attributed to their visits. */
export const onlineRecoveries = endpoint({
  operation: 'fos.online_recoveries.list',
  method: 'GET',
  path: '/fos/online-recoveries',
  access: 'company',
  permission: fos('online_recoveries', 'read'),
  tags: ['fos'],
  summary: "Online payments on the caller's loans, attributed to the caller's latest visit within 30 days",
  schemas: async () => {
    const s = await import('./deposits.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.onlineRecoveriesResponse };
  },
});
