/**
 * Payment settings sections and billers (issue 15 "What the lender configures"; spec 2 biller
 * management and payments onboarding; spec 3 payment settings sections). One resource with
 * sections: GET /api/payment/settings answers every section (its defaults until saved), and
 * PUT /api/payment/settings/{section} replaces one. Billers: GET/POST /api/payment/billers,
 * PUT /api/payment/billers/{biller_id} (edit, or deactivate with is_active 'false').
 * Fields per section: src/domain/payments/settings-sections.ts. payment_gateway keeps its own
 * endpoints (./settings.ts); webhook_configurations belongs to the outgoing webhooks feature.
 * Permissions: CG Payment Module › payment_settings. Endpoint definitions; schemas in ./settings-sections.schema.ts.
 */
import type { z } from 'zod';
import type { SettingsSectionName } from '../../payments/settings-sections';
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { allSections, BillerBody, BillerList, BillerRecord, sectionBody, sectionRecord } from './settings-sections.schema';
export type { BillerBody, BillerList, BillerRecord };

/** Biller categories (the bill-payment network's, those a lender collects under). */
export const BILLER_CATEGORIES = ['loan_repayment', 'credit_card', 'insurance', 'recurring_deposit', 'other'] as const;
export type BillerCategory = (typeof BILLER_CATEGORIES)[number];

export type AllSettingsSections = z.infer<typeof allSections>;
export type SettingsSectionRecord<S extends SettingsSectionName> = z.infer<ReturnType<typeof sectionRecord<S>>>;

const tags = ['payments'];
const perm = (access: 'read' | 'write') => ({ module: 'CG Payment Module', action: 'payment_settings', access }) as const satisfies PermissionRequirement;
const schema = () => import('./settings-sections.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/payment/settings: every section of the company, each with its values (defaults until saved) and updated_at/updated_by. */
export const getPaymentSettings = endpoint({
  operation: 'payments.settings.sections.get',
  method: 'GET',
  path: '/payment/settings',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'The company’s payment settings sections',
  schemas: async () => ({ query: await company(), response: (await schema()).allSections }),
});

/**
 * PUT /api/payment/settings/{section}: replaces one section (every field sent).
 * @throws 400 'Special characters not allowed at the start or end.' (a text starting or ending with
 *   a comma or a period), a field's format or a rule across fields (data.field names the field);
 *   404 'Biller not found' (billzy_payment_link naming no active biller of the company)
 */
function putSection<const S extends SettingsSectionName>(section: S) {
  return endpoint({
    operation: `payments.settings.${section}.put`,
    method: 'PUT',
    path: `/payment/settings/${section}`,
    access: 'company',
    permission: perm('write'),
    tags,
    summary: `Save the ${section} payment settings section`,
    schemas: async () => ({
      query: await company(),
      body: (await schema()).sectionBody(section) as ReturnType<typeof sectionBody<S>>,
      response: (await schema()).sectionRecord(section) as ReturnType<typeof sectionRecord<S>>,
    }),
  });
}

/** The PUT of each section, by name. */
export const putSettingsSection = {
  backend_charges: putSection('backend_charges'),
  payment_settings_charges: putSection('payment_settings_charges'),
  billzy_payment_link: putSection('billzy_payment_link'),
  payment_link_configurations: putSection('payment_link_configurations'),
  recurring_configuration: putSection('recurring_configuration'),
  recurring_payments: putSection('recurring_payments'),
  upi_collect_configurations: putSection('upi_collect_configurations'),
  upi_collect_webhook_configurations: putSection('upi_collect_webhook_configurations'),
  upi_collect_configuration: putSection('upi_collect_configuration'),
} as const satisfies Record<SettingsSectionName, unknown>;

/** GET /api/payment/billers (?is_active='true'|'false'): the company's billers, by name. */
export const listBillers = endpoint({
  operation: 'payments.billers.list',
  method: 'GET',
  path: '/payment/billers',
  access: 'company',
  permission: perm('read'),
  tags,
  summary: 'The company’s billers',
  schemas: async () => ({ query: (await schema()).billersQuery, response: (await schema()).billerList }),
});

/** POST /api/payment/billers. @throws 409 'A biller with this code already exists' */
export const createBiller = endpoint({
  operation: 'payments.billers.create',
  method: 'POST',
  path: '/payment/billers',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Add a biller',
  schemas: async () => ({ query: await company(), body: (await schema()).billerBody, response: (await schema()).billerRecord }),
});

/** PUT /api/payment/billers/{biller_id}: edits a biller; is_active 'false' deactivates it. @throws 404 'Biller not found'; 409 duplicate code */
export const updateBiller = endpoint({
  operation: 'payments.billers.update',
  method: 'PUT',
  path: '/payment/billers/{biller_id}',
  access: 'company',
  permission: perm('write'),
  tags,
  summary: 'Edit or deactivate a biller',
  schemas: async () => ({ query: await company(), params: (await schema()).billerParams, body: (await schema()).billerBody, response: (await schema()).billerRecord }),
});
