/**
 * The company's variables: the columns of its loans (issue 3; spec 3 "Variable"; spec 7 recovery
 * `/variables`). Endpoint definitions; zod schemas in ./variables.schema.ts.
 */
import { endpoint } from '../endpoint';

import type { Variable } from './variables.schema';
export type { Variable };

/** The zod schemas, one lazy chunk for the file's endpoints (so the definitions stay light in the entry). */
const schema = () => import('./variables.schema');

const core = (action: 'portfolio' | 'variables', access: 'read' | 'write') => ({ module: 'Core Collection Modules', action, access }) as const;

/** GET /api/recovery/variables: the company's system and custom variables. */
export const listVariables = endpoint({
  operation: 'recovery.variables.list',
  method: 'GET',
  path: '/recovery/variables',
  access: 'company',
  permission: core('portfolio', 'read'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, response: s.variablesResponse };
  },
});

/** POST /api/recovery/variables: a company-defined variable ('Variable created'). */
export const createVariable = endpoint({
  operation: 'recovery.variables.create',
  method: 'POST',
  path: '/recovery/variables',
  access: 'company',
  permission: core('variables', 'write'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { query: s.companyQuery, body: s.createVariableBody, response: s.variable };
  },
});

/** PATCH /api/recovery/variables/{variable_id} ('Variable updated'). */
export const updateVariable = endpoint({
  operation: 'recovery.variables.update',
  method: 'PATCH',
  path: '/recovery/variables/{variable_id}',
  access: 'company',
  permission: core('variables', 'write'),
  tags: ['portfolio'],
  schemas: async () => {
    const s = await schema();
    return { params: s.variableParams, query: s.companyQuery, body: s.updateVariableBody, response: s.variable };
  },
});
