/**
 * Litigation cases by process type (issue 17 "Litigation"; spec 2 `/app/process-tracking/{type}`).
 * Endpoint definitions; zod schemas in ./cases.schema.ts. Permission: litigation › process_tracking.
 * A user whose profession is 'advocate' (an empanelled, usually external advocate) sees and
 * updates only the cases assigned to them; lawyers (the legal team) see every case.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { AcknowledgmentBody, AcknowledgmentRecord, CalendarEntry, CaseBody, CaseDetail, CaseDocumentRecord, CaseRecord, CaseUpdate, CostBody, CostRecord, HearingBody, HearingRecord, LegalMember, LegalPortfolio } from './cases.schema';
export type { AcknowledgmentBody, AcknowledgmentRecord, CalendarEntry, CaseBody, CaseDetail, CaseDocumentRecord, CaseRecord, CaseUpdate, CostBody, CostRecord, HearingBody, HearingRecord, LegalMember, LegalPortfolio };
import { DOCUMENT_EXTENSIONS } from '../../validation/rules';
export { CASE_DOCUMENT_TYPES, COST_KINDS, PROCESS_STAGES, PROCESS_TYPES, type ProcessType } from '../../legal/cases';

const tags = ['litigation'];
const access = (a: 'read' | 'write') => ({ module: 'litigation', action: 'process_tracking', access: a }) as const satisfies PermissionRequirement;
const portfolioAccess = { module: 'litigation', action: 'legal_portfolio', access: 'read' } as const satisfies PermissionRequirement;
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

const caseParams = async () => (await schema()).caseParams;

/** GET /api/litigation/cases/{case_id}: the case with its hearings, costs and documents. */
export const getCase = endpoint({
  operation: 'litigation.cases.get',
  method: 'GET',
  path: '/litigation/cases/{case_id}',
  access: 'company',
  permission: access('read'),
  tags,
  summary: 'A case with its hearings, orders, costs and documents',
  schemas: async () => ({ params: await caseParams(), query: await company(), response: (await schema()).caseDetail }),
});

/** POST /api/litigation/cases/{case_id}/hearings: records a hearing; its next date becomes the case's next hearing. */
export const recordHearing = endpoint({
  operation: 'litigation.hearings.create',
  method: 'POST',
  path: '/litigation/cases/{case_id}/hearings',
  access: 'company',
  permission: access('write'),
  tags,
  summary: 'Record a hearing (proceedings, order, next date, stage)',
  schemas: async () => ({ params: await caseParams(), query: await company(), body: (await schema()).hearingBody, response: (await schema()).caseDetail }),
});

/** POST /api/litigation/cases/{case_id}/costs: adds a cost (paise). */
export const recordCost = endpoint({
  operation: 'litigation.costs.create',
  method: 'POST',
  path: '/litigation/cases/{case_id}/costs',
  access: 'company',
  permission: access('write'),
  tags,
  summary: 'Add a cost of the case (court fee, advocate fee, …)',
  schemas: async () => ({ params: await caseParams(), query: await company(), body: (await schema()).costBody, response: (await schema()).caseDetail }),
});

/** POST /api/litigation/cases/{case_id}/acknowledgments: records a written acknowledgment of the debt (Limitation Act s.18), which restarts the case's limitation. */
export const recordAcknowledgment = endpoint({
  operation: 'litigation.acknowledgments.create',
  method: 'POST',
  path: '/litigation/cases/{case_id}/acknowledgments',
  access: 'company',
  permission: access('write'),
  tags,
  summary: 'Record an acknowledgment of the debt (restarts limitation)',
  schemas: async () => ({ params: await caseParams(), query: await company(), body: (await schema()).acknowledgmentBody, response: (await schema()).caseDetail }),
});

/** Largest case document upload (MB). */
export const CASE_DOCUMENT_MAX_MB = 10;

/** POST /api/litigation/cases/{case_id}/documents (multipart `document_type`, `file`): an order, filing or evidence. */
export const uploadCaseDocument = endpoint({
  operation: 'litigation.documents.upload',
  method: 'POST',
  path: '/litigation/cases/{case_id}/documents',
  access: 'company',
  permission: access('write'),
  multipart: { files: { file: { maxFiles: 1, maxMb: CASE_DOCUMENT_MAX_MB, accept: DOCUMENT_EXTENSIONS, required: true, description: 'The order, filing or evidence (PDF or photo)' } } },
  tags,
  summary: 'Upload an order or other document of a case',
  schemas: async () => ({ params: await caseParams(), query: await company(), form: (await schema()).caseDocumentFields, response: (await schema()).caseDetail }),
});

/** GET /api/litigation/documents/{document_id}: one case document's file. */
export const caseDocumentFile = endpoint({
  operation: 'litigation.documents.file',
  method: 'GET',
  path: '/litigation/documents/{document_id}',
  access: 'company',
  permission: access('read'),
  produces: 'file',
  tags,
  summary: 'Download a case document',
  schemas: async () => ({ params: (await schema()).caseDocumentParams, query: await company() }),
});

/** Longest range of the hearings calendar (days). */
export const CALENDAR_MAX_DAYS = 92;

/** GET /api/litigation/calendar?from=&to=: hearings and statutory deadlines by day (an advocate's own cases only). */
export const legalCalendar = endpoint({
  operation: 'litigation.calendar',
  method: 'GET',
  path: '/litigation/calendar',
  access: 'company',
  permission: access('read'),
  tags,
  summary: "The lawyer's calendar of hearings and statutory deadlines",
  schemas: async () => ({ query: (await schema()).calendarQuery, response: (await schema()).calendarResponse }),
});

/** GET /api/litigation/portfolio: the legal portfolio (cases by type and stage, court, advocate; the next hearings). */
export const legalPortfolio = endpoint({
  operation: 'litigation.portfolio',
  method: 'GET',
  path: '/litigation/portfolio',
  access: 'company',
  permission: portfolioAccess,
  tags,
  summary: 'The legal portfolio: cases by stage, court and advocate, next hearings',
  schemas: async () => ({ query: await company(), response: (await schema()).portfolioResponse }),
});
