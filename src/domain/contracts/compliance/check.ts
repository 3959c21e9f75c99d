/**
 * The compliance check as screens ask it (issue 13: "so screens can say why a button is
 * disabled") and supervisors' overrides. Endpoint definitions; zod schemas in ./check.schema.ts.
 * The real decision before a contact is `decide()` of the server's compliance queries, not an endpoint.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { CheckBody, DecisionRecord, OverrideBody, OverrideRecord, ReasonRecord } from './check.schema';
export type { CheckBody, DecisionRecord, OverrideBody, OverrideRecord, ReasonRecord };

const tags = ['compliance'];
const overrides = (access: 'read' | 'write') => ({ module: 'Policy Control Module', action: 'compliance_overrides', access }) as const satisfies PermissionRequirement;
const schema = () => import('./check.schema');

/** POST /api/compliance/check: a dry run — the decision and its reasons, recorded nowhere. @throws 404 'No loan details found' */
export const checkContact = endpoint({
  operation: 'compliance.check',
  method: 'POST',
  path: '/compliance/check',
  access: 'company',
  tags,
  summary: 'Dry run: would this contact be allowed now (or at `at`), and why not',
  schemas: async () => ({ query: (await import('../envelope')).companyQuery, body: (await schema()).checkBody, response: (await schema()).decisionRecord }),
});

/** POST /api/compliance/overrides: a supervisor allows one contact outside a rule (reason required; audited). */
export const grantOverride = endpoint({
  operation: 'compliance.overrides.grant',
  method: 'POST',
  path: '/compliance/overrides',
  access: 'company',
  permission: overrides('write'),
  tags,
  summary: 'Allow one contact of a loan on a channel outside a rule, with a reason (until the end of the borrower’s day)',
  schemas: async () => ({ query: (await import('../envelope')).companyQuery, body: (await schema()).overrideBody, response: (await schema()).overrideRecord }),
});

/** GET /api/compliance/overrides: overrides granted, newest first (optionally one loan's). */
export const listOverrides = endpoint({
  operation: 'compliance.overrides.list',
  method: 'GET',
  path: '/compliance/overrides',
  access: 'company',
  permission: overrides('read'),
  tags,
  summary: 'Overrides granted, newest first',
  schemas: async () => ({ query: (await schema()).overridesQuery, response: (await schema()).overridesResponse }),
});
