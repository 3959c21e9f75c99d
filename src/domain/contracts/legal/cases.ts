/**
 * Litigation cases by process type (issue 17 "Litigation"; spec 2 `/app/process-tracking/{type}`).
 * Endpoint definitions; zod schemas in ./cases.schema.ts. Permission: litigation › process_tracking.
 * A user whose profession is 'advocate' (an empanelled, usually external advocate) sees and
 * updates only the cases assigned to them; lawyers (the legal team) see every case.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { CaseBody, CaseRecord, CaseUpdate, LegalMember } from './cases.schema';
export type { CaseBody, CaseRecord, CaseUpdate, LegalMember };
export { PROCESS_STAGES, PROCESS_TYPES, type ProcessType } from '../../legal/cases';

const tags = ['litigation'];
const access = (a: 'read' | 'write') => ({ module: 'litigation', action: 'process_tracking', access: a }) as const satisfies PermissionRequirement;
const schema = () => import('./cases.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/litigation/cases?process_type=…: the cases of a type, next hearing first. */
export const listCases = endpoint({
  operation: 'litigation.cases.list',
  method: 'GET',
  path: '/litigation/cases',
  access: 'company',
  permission: access('read'),
  tags,
  summary: 'Cases of a process type with stage, court, advocate and next hearing',
  schemas: async () => ({ query: (await schema()).casesQuery, response: (await schema()).casesPage }),
});

/** POST /api/litigation/cases: opens a case on a loan (404 for a loan the company does not have). */
export const createCase = endpoint({
  operation: 'litigation.cases.create',
  method: 'POST',
  path: '/litigation/cases',
  access: 'company',
  permission: access('write'),
  tags,
  summary: 'Open a case on a loan',
  schemas: async () => ({ query: await company(), body: (await schema()).caseBody, response: (await schema()).caseRecord }),
});

/** PUT /api/litigation/cases/{case_id}: moves the stage, sets court, case number, advocate, next hearing. */
export const updateCase = endpoint({
  operation: 'litigation.cases.update',
  method: 'PUT',
  path: '/litigation/cases/{case_id}',
  access: 'company',
  permission: access('write'),
  tags,
  summary: 'Update a case (stage, court, advocate, next hearing)',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company(), body: (await schema()).caseUpdate, response: (await schema()).caseRecord }),
});

/** GET /api/litigation/advocates: the company's lawyers and advocates (to assign a case). */
export const listAdvocates = endpoint({
  operation: 'litigation.advocates.list',
  method: 'GET',
  path: '/litigation/advocates',
  access: 'company',
  permission: access('read'),
  tags,
  summary: "The company's lawyers and advocates",
  schemas: async () => ({ query: await company(), response: (await schema()).advocatesResponse }),
});
