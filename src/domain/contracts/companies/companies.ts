/**
 * Companies and their settings (spec 3 "Organisation and company settings"; spec 7 user service
 * `/companies`, `/company`, `/company-type`). Endpoint definitions and the values the settings
 * take; zod schemas in ./companies.schema.ts. (`/company/permissions` is the users area's.)
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';

import type {
  BreakConfig,
  CompaniesPage,
  CompaniesQuery,
  Company,
  CompanySettings,
  CompanySettingsUpdate,
  CompanySummary,
  CompanyTypeAnswer,
  Country,
  UiVersion,
} from './companies.schema';
export type {
  BreakConfig,
  CompaniesPage,
  CompaniesQuery,
  Company,
  CompanySettings,
  CompanySettingsUpdate,
  CompanySummary,
  CompanyTypeAnswer,
  Country,
  UiVersion,
};

export const COUNTRIES = ['INDIA', 'INDONESIA'] as const;
/** Spec 3: lender or trusts ('loan', in the companies query, means both). */
export const COMPANY_TYPES = ['lender', 'trusts'] as const;
export const COMPANIES_FILTER_TYPES = ['loan', ...COMPANY_TYPES] as const;
export const COMPANY_SEARCH_TYPES = ['trademark', 'company_id'] as const;
export const ISD_CODES = ['+91', '+62'] as const;
export const CURRENCY_CODES = ['INR', 'IDR'] as const;
export const UI_VERSIONS = ['v1', 'v2'] as const;
/** Spec 3 breaks: productive or not, each with its minutes. */
export const BREAK_TYPES = ['productive_break', 'non-productive_break'] as const;

const tags = ['companies'];
/** Changing a company's settings (spec 6 User Management Module › company_settings); other areas' company-level settings use it too. */
export const companySettingsWrite = { module: 'User Management Module', action: 'company_settings', access: 'write' } as const satisfies PermissionRequirement;
export const companySettingsRead = { ...companySettingsWrite, access: 'read' } as const satisfies PermissionRequirement;

/** GET /api/user/companies: the companies the caller is assigned to, paged and searchable. */
export const listCompanies = endpoint({
  operation: 'user.companies.list',
  method: 'GET',
  path: '/user/companies',
  access: 'authenticated',
  tags,
  summary: 'The companies the caller is assigned to (company_type loan: every lending type)',
  schemas: async () => {
    const s = await import('./companies.schema');
    return { query: s.companiesQuery, response: s.companiesPage };
  },
});

/** GET /api/user/company: the full settings of the company (any member; other screens read them too). */
export const getCompany = endpoint({
  operation: 'user.company.get',
  method: 'GET',
  path: '/user/company',
  access: 'company',
  tags,
  summary: "The company's settings",
  schemas: async () => {
    const s = await import('./companies.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.company };
  },
});

/** PUT /api/user/company: changes any subset of the settings (User Management Module › company_settings write). */
export const updateCompany = endpoint({
  operation: 'user.company.update',
  method: 'PUT',
  path: '/user/company',
  access: 'company',
  permission: companySettingsWrite,
  tags,
  summary: "Change the company's settings (any subset)",
  schemas: async () => {
    const s = await import('./companies.schema');
    return { query: (await import('../envelope')).companyQuery, body: s.companySettingsUpdate, response: s.company };
  },
});

/** GET /api/user/company-type: company type, credit-line flag, ui version, trademark and country. */
export const companyTypeOf = endpoint({
  operation: 'user.company.type',
  method: 'GET',
  path: '/user/company-type',
  access: 'company',
  tags,
  summary: "The company's type, credit-line flag, ui version, trademark and country",
  schemas: async () => {
    const s = await import('./companies.schema');
    return { query: (await import('../envelope')).companyQuery, response: s.companyTypeAnswer };
  },
});
