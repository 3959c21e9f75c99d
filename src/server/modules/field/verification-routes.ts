/**
 * Visit verification routes under /api/fos (issue 5; spec 2 "field-visit verification"): the queue
 * and the decision. fos › visit_verification read to see the queue, write to decide; both limited
 * to the caller's reports-to scope.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyQuery } from '../../../domain/contracts/envelope';
import { verificationDecisionBody, verificationQueue, verificationQueueQuery, visitRecord } from '../../../domain/contracts/field';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { callerOf } from './routes';
import { decideVisit, verificationQueue as readQueue } from './verification';

const need = (access: 'read' | 'write') => ({ access: 'company', permission: { module: 'fos', action: 'visit_verification', access } satisfies PermissionRequirement }) as const;

export const verificationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.get(
    '/verification/visits',
    {
      config: need('read'),
      schema: {
        tags: ['fos'],
        summary: 'Visits to verify (or verified) of the executives under the caller: visit, form fields, photos, flags, loan address point, distance, receipt',
        description: `Visits whose cash/cheque/DD receipt is still undeposited after ${config.receiptDepositDays} days (RECEIPT_DEPOSIT_DAYS) are flagged receipt_not_deposited when the queue is read.`,
        querystring: verificationQueueQuery,
        response: okResponse(verificationQueue),
      },
    },
    async (req) => ok(await readQueue(db, callerOf(req), req.query, config.receiptDepositDays)),
  );

  app.post(
    '/verification/visits/:visit_id',
    {
      config: need('write'),
      schema: {
        tags: ['fos'],
        summary: "Approve or reject a visit (a reason is required to reject); the executive sees the decision on their visits",
        params: z.object({ visit_id: z.string().min(1).max(64) }),
        querystring: companyQuery,
        body: verificationDecisionBody,
        response: okResponse(visitRecord),
      },
    },
    async (req) => {
      const record = await decideVisit(db, callerOf(req), req.params.visit_id, req.body);
      return ok(record, record.verification_status === 'approved' ? 'Visit approved' : 'Visit rejected');
    },
  );
};
