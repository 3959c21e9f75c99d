/**
 * Message templates per company and language (issue 13 "Communication"): SMS, WhatsApp, email;
 * variables `{{name}}`; DLT registration fields on SMS templates. Endpoint definitions; zod
 * schemas in ./templates.schema.ts. Permission: Digital Communications › communications.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { DltFields, PreviewRecord, TemplateBody, TemplateRecord } from './templates.schema';
export type { DltFields, PreviewRecord, TemplateBody, TemplateRecord };
export { LOAN_VARIABLES } from '../../communication/render';

const tags = ['communication'];
export const templatesPermission = (access: 'read' | 'write') => ({ module: 'Digital Communications', action: 'communications', access }) as const satisfies PermissionRequirement;
const schema = () => import('./templates.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/communication/templates (optionally one channel or language). */
export const listTemplates = endpoint({
  operation: 'communication.templates.list',
  method: 'GET',
  path: '/communication/templates',
  access: 'company',
  permission: templatesPermission('read'),
  tags,
  summary: "The company's message templates",
  schemas: async () => ({ query: (await schema()).templatesQuery, response: (await schema()).templatesResponse }),
});

/** POST /api/communication/templates. @throws 400 DLT fields on a non-SMS template */
export const createTemplate = endpoint({
  operation: 'communication.templates.create',
  method: 'POST',
  path: '/communication/templates',
  access: 'company',
  permission: templatesPermission('write'),
  tags,
  summary: 'Add a message template',
  schemas: async () => ({ query: await company(), body: (await schema()).templateBody, response: (await schema()).templateRecord }),
});

/** PUT /api/communication/templates/{template_id}. @throws 404 'Template not found' */
export const updateTemplate = endpoint({
  operation: 'communication.templates.update',
  method: 'PUT',
  path: '/communication/templates/{template_id}',
  access: 'company',
  permission: templatesPermission('write'),
  tags,
  summary: 'Change a message template',
  schemas: async () => ({ query: await company(), params: (await schema()).templateParams, body: (await schema()).templateBody, response: (await schema()).templateRecord }),
});

/** DELETE /api/communication/templates/{template_id}. @throws 404 'Template not found' */
export const deleteTemplate = endpoint({
  operation: 'communication.templates.delete',
  method: 'DELETE',
  path: '/communication/templates/{template_id}',
  access: 'company',
  permission: templatesPermission('write'),
  tags,
  summary: 'Remove a message template (messages already sent keep their text)',
  schemas: async () => ({ query: await company(), params: (await schema()).templateParams }),
});

/** POST /api/communication/templates/{template_id}/preview: the text a loan would receive. @throws 404 template or loan */
export const previewTemplate = endpoint({
  operation: 'communication.templates.preview',
  method: 'POST',
  path: '/communication/templates/{template_id}/preview',
  access: 'company',
  permission: templatesPermission('read'),
  tags,
  summary: 'Render a template for a loan (or with given values) before sending',
  schemas: async () => ({ query: await company(), params: (await schema()).templateParams, body: (await schema()).previewBody, response: (await schema()).previewRecord }),
});
