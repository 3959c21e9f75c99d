/**
 * Portfolio assignment routes under /api/allocation (issue 5; spec 2 "portfolio assignment"): the
 * territory-aware suggestion. Confirming it is a loan operation (POST /api/bulk/loan-operations).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { allocationSuggestion, allocationSuggestionBody } from '../../../domain/contracts/allocation';
import { companyQuery } from '../../../domain/contracts/envelope';
import type { PermissionRequirement } from '../../../domain/users/permissions';
import type { ModuleDeps } from '../../http/deps';
import { ok, okResponse } from '../../http/envelope';
import { callerOf } from '../field/routes';
import { suggestAssignment } from './service';

const ALLOCATION_READ = { access: 'company', permission: { module: 'Core Collection Modules', action: 'allocation', access: 'read' } satisfies PermissionRequirement } as const;

export const allocationRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, deps) => {
  app.post(
    '/suggestions',
    {
      config: ALLOCATION_READ,
      schema: {
        tags: ['allocation'],
        summary: 'Propose which field executive visits which loan: balanced counts, compact territories (nothing is written)',
        description:
          'Capacitated k-means over the loans\' pincode / postal-area points, seeded at each executive\'s last known position (else the centre of their current loans). ' +
          'Group sizes differ by at most one. Confirm with one allocate_loans operation per executive (POST /api/bulk/loan-operations with loan_ids and user_id).',
        querystring: companyQuery,
        body: allocationSuggestionBody,
        response: okResponse(allocationSuggestion),
      },
    },
    async (req) => ok(await suggestAssignment(deps.db, callerOf(req), req.body)),
  );
};
