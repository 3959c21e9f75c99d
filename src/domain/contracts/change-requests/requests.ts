/**
 * Change requests (issue 16 "Change requests"; spec 2 `/app/change-request`, label "Change
 * Requests"). Endpoint definitions; zod schemas in ./requests.schema.ts. The checker decides through
 * the approval area (`POST /api/approval/requests/{id}/decision`); an approved request is applied to
 * the loan and customer at once. Permission: Core Collection Modules › change_requests.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { ChangeRequestBody, ChangeRequestRecord } from './requests.schema';
export type { ChangeRequestBody, ChangeRequestRecord };
export { CHANGE_FIELDS, CHANGE_REQUEST_STATUSES, type ChangeField, type ChangeRequestStatus } from '../../change-requests/rules';

const tags = ['change-requests'];
const access = (a: 'read' | 'write') => ({ module: 'Core Collection Modules', action: 'change_requests', access: a }) as const satisfies PermissionRequirement;
const schema = () => import('./requests.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/change-requests?status=pending|approved|rejected&loan_id=…: newest first, with counts per status. */
export const listChangeRequests = endpoint({
  operation: 'change_requests.list',
  method: 'GET',
  path: '/change-requests',
  access: 'company',
  permission: access('read'),
  tags,
  summary: 'Change requests by status (pending, approved, rejected), newest first, with counts',
  schemas: async () => ({ query: (await schema()).changeRequestsQuery, response: (await schema()).changeRequestsPage }),
});

/** POST /api/change-requests: proposes a borrower detail change; submitted to the approval chain. */
export const createChangeRequest = endpoint({
  operation: 'change_requests.create',
  method: 'POST',
  path: '/change-requests',
  access: 'company',
  permission: access('write'),
  tags,
  summary: 'Propose a change of contact number, address, email or alternate numbers',
  schemas: async () => ({ query: await company(), body: (await schema()).changeRequestBody, response: (await schema()).changeRequestRecord }),
});

/** GET /api/change-requests/{request_id}. */
export const getChangeRequest = endpoint({
  operation: 'change_requests.get',
  method: 'GET',
  path: '/change-requests/{request_id}',
  access: 'company',
  permission: access('read'),
  tags,
  summary: 'One change request with its old and new values',
  schemas: async () => ({ params: (await schema()).changeRequestParams, query: await company(), response: (await schema()).changeRequestRecord }),
});
