/**
 * Schemas of the company's variables (spec 3 "Variable"; /api/recovery/variables; issue 3). Behind ./variables.ts.
 */
import { z } from 'zod';
import { VARIABLE_DATA_TYPES } from '../../portfolio/system-variables';
export { companyQuery } from '../envelope';

export const variable = z.object({
  variable_id: z.string(),
  variable_name: z.string(),
  variable_label: z.string(),
  /** 'system' for the variables every company has, 'custom' for company-defined ones. */
  variable_type: z.enum(['system', 'custom']),
  data_type: z.enum(VARIABLE_DATA_TYPES),
  allow_multiple_values: z.boolean(),
  active: z.boolean(),
  is_mandatory: z.boolean(),
  /** Parts of a compound variable (e.g. an address's lines), by variable_name. */
  sub_variables: z.array(z.string()),
  variable_group: z.string(),
  /** A masked personal field (spec 3): sent masked without access_unmasked_data read. */
  is_masked: z.boolean(),
});
export type Variable = z.infer<typeof variable>;
export const variablesResponse = z.object({ variables: z.array(variable) });

/** POST /variables: a company-defined variable. */
export const createVariableBody = z.object({
  variable_name: z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'variable_name must be snake_case'),
  variable_label: z.string().trim().min(1).max(120),
  data_type: z.enum(VARIABLE_DATA_TYPES),
  allow_multiple_values: z.boolean().default(false),
  is_mandatory: z.boolean().default(false),
  sub_variables: z.array(z.string()).default([]),
  variable_group: z.string().trim().min(1).max(60).default('custom'),
  is_masked: z.boolean().default(false),
});
/** PATCH /variables/{variable_id}. */
export const updateVariableBody = createVariableBody.omit({ variable_name: true }).partial().extend({ active: z.boolean().optional() });
export const variableParams = z.object({ variable_id: z.string().min(1).max(100) });
