/**
 * Visit verification (issue 5; FOS Visits): the queue of flagged visits of the caller's team and the
 * reviewer's decision. Endpoint definitions; zod schemas in ./verification.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { VerificationItem, VerificationQueue } from './verification.schema';
export type { VerificationItem, VerificationQueue };

const verify = (access: 'read' | 'write') => ({ module: 'fos', action: 'visit_verification', access }) as const;

/** GET /api/fos/verification/visits: the queue, oldest first. */
export const verificationQueue = endpoint({
  operation: 'fos.verification.queue',
  method: 'GET',
  path: '/fos/verification/visits',
  access: 'company',
  permission: verify('read'),
  tags: ['fos'],
  summary: 'Visits to verify (or verified) of the executives under the caller: visit, form fields, photos, flags, loan address point, distance, receipt',
  description: 'Visits whose cash/cheque/DD receipt is still undeposited after RECEIPT_DEPOSIT_DAYS days (default 2; the answer carries the value) are flagged receipt_not_deposited when the queue is read.',
  schemas: async () => {
    const s = await import('./verification.schema');
    return { query: s.verificationQueueQuery, response: s.verificationQueue };
  },
});

/** POST /api/fos/verification/visits/{visit_id}: approve, or reject with a reason. */
export const decideVisit = endpoint({
  operation: 'fos.verification.decide',
  method: 'POST',
  path: '/fos/verification/visits/{visit_id}',
  access: 'company',
  permission: verify('write'),
  tags: ['fos'],
  summary: 'Approve or reject a visit (a reason is required to reject); the executive sees the decision on their visits',
  schemas: async () => {
    const [s, v] = await Promise.all([import('./verification.schema'), import('./visits.schema')]);
    return { params: s.visitIdParams, query: (await import('../envelope')).companyQuery, body: s.verificationDecisionBody, response: v.visitRecord };
  },
});
