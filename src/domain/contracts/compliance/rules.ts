/**
 * A company's compliance rules, holiday calendar and DLT templates (issue 13 "Compliance engine").
 * Endpoint definitions; zod schemas in ./rules.schema.ts. Permissions: Policy Control Module ›
 * compliance_rules (read to see, write to change).
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { ComplianceRulesRecord, ComplianceRulesSettings, ComplianceRulesUpdate, DltTemplateBody, DltTemplateRecord, Holiday, HolidayBody } from './rules.schema';
export type { ComplianceRulesRecord, ComplianceRulesSettings, ComplianceRulesUpdate, DltTemplateBody, DltTemplateRecord, Holiday, HolidayBody };

/** The zones a company's default may be: IST, WIB, WITA, WIT. */
export const COMPLIANCE_ZONES = ['Asia/Kolkata', 'Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'] as const;

const tags = ['compliance'];
export const complianceRules = (access: 'read' | 'write') => ({ module: 'Policy Control Module', action: 'compliance_rules', access }) as const satisfies PermissionRequirement;
const schema = () => import('./rules.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/compliance/rules: the company's rules in force (legal defaults until changed). */
export const getComplianceRules = endpoint({
  operation: 'compliance.rules.get',
  method: 'GET',
  path: '/compliance/rules',
  access: 'company',
  permission: complianceRules('read'),
  tags,
  summary: "The company's contact rules (hours, days, holidays, caps, exclusion) and the law's limits",
  schemas: async () => ({ query: await company(), response: (await schema()).complianceRulesRecord }),
});

/** PUT /api/compliance/rules: changes any subset; refused (400) past the law of the company's country. */
export const updateComplianceRules = endpoint({
  operation: 'compliance.rules.update',
  method: 'PUT',
  path: '/compliance/rules',
  access: 'company',
  permission: complianceRules('write'),
  tags,
  summary: "Change the company's contact rules (within the law)",
  schemas: async () => ({ query: await company(), body: (await schema()).complianceRulesUpdate, response: (await schema()).complianceRulesRecord }),
});

/** GET /api/compliance/holidays: the company's holiday calendar (seeded with its country's national holidays). */
export const listHolidays = endpoint({
  operation: 'compliance.holidays.list',
  method: 'GET',
  path: '/compliance/holidays',
  access: 'company',
  permission: complianceRules('read'),
  tags,
  summary: "The company's holidays, by date",
  schemas: async () => ({ query: (await schema()).holidaysQuery, response: (await schema()).holidaysResponse }),
});

/** POST /api/compliance/holidays: adds a holiday (409 when the date is already one). */
export const addHoliday = endpoint({
  operation: 'compliance.holidays.add',
  method: 'POST',
  path: '/compliance/holidays',
  access: 'company',
  permission: complianceRules('write'),
  tags,
  summary: 'Add a holiday',
  schemas: async () => ({ query: await company(), body: (await schema()).holidayBody, response: (await schema()).holiday }),
});

/** DELETE /api/compliance/holidays/{holiday_id}. @throws 404 'Holiday not found' */
export const removeHoliday = endpoint({
  operation: 'compliance.holidays.remove',
  method: 'DELETE',
  path: '/compliance/holidays/{holiday_id}',
  access: 'company',
  permission: complianceRules('write'),
  tags,
  summary: 'Remove a holiday',
  schemas: async () => ({ params: (await schema()).holidayParams, query: await company(), response: (await schema()).deleted }),
});

/** GET /api/compliance/dlt-templates: the company's registered DLT templates (India SMS). */
export const listDltTemplates = endpoint({
  operation: 'compliance.dlt_templates.list',
  method: 'GET',
  path: '/compliance/dlt-templates',
  access: 'company',
  permission: complianceRules('read'),
  tags,
  summary: "The company's registered DLT templates",
  schemas: async () => ({ query: await company(), response: (await schema()).dltTemplatesResponse }),
});

/** POST /api/compliance/dlt-templates: registers a template (409 when its content template id exists). */
export const addDltTemplate = endpoint({
  operation: 'compliance.dlt_templates.add',
  method: 'POST',
  path: '/compliance/dlt-templates',
  access: 'company',
  permission: complianceRules('write'),
  tags,
  summary: 'Register a DLT template (entity id, header ≤ 6, content template id, category, body with {#var#})',
  schemas: async () => ({ query: await company(), body: (await schema()).dltTemplateBody, response: (await schema()).dltTemplateRecord }),
});

/** DELETE /api/compliance/dlt-templates/{template_id}. @throws 404 'DLT template not found' */
export const removeDltTemplate = endpoint({
  operation: 'compliance.dlt_templates.remove',
  method: 'DELETE',
  path: '/compliance/dlt-templates/{template_id}',
  access: 'company',
  permission: complianceRules('write'),
  tags,
  summary: 'Remove a DLT template',
  schemas: async () => ({ params: (await schema()).dltTemplateParams, query: await company(), response: (await schema()).deleted }),
});
