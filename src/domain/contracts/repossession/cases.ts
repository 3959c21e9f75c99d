/**
 * Repossession (issue 16 "Repossession"; spec 2 `/app/repossession-tracking`; spec 4 statuses
 * success, failed, pending). Endpoint definitions; zod schemas in ./cases.schema.ts.
 * Permissions (module "repossession"): `repossession` for the desk (initiate, assign, yard,
 * release, bulk updates), `field_steps` for the agent's steps on the phone. Initiation and release
 * go through the approval area (`POST /api/approval/requests/{id}/decision`). Chassis and engine
 * numbers are masked for callers without Core Collection Modules › access_unmasked_data.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import { PHOTO_EXTENSIONS } from '../../validation/rules';
import { STEP_MAX_PHOTOS, STEP_PHOTO_MAX_MB } from '../../repossession/rules';
import type { AssignBody, BulkStatusBody, InitiateBody, NoticeSendRecord, ReleaseBody, SendNoticeBody, RepossessionAgent, RepossessionDetail, RepossessionRecord, StepBody, StepRecord, YardBody } from './cases.schema';
export type { AssignBody, BulkStatusBody, InitiateBody, NoticeSendRecord, ReleaseBody, SendNoticeBody, RepossessionAgent, RepossessionDetail, RepossessionRecord, StepBody, StepRecord, YardBody };
export * from '../../repossession/rules';

const tags = ['repossession'];
const desk = (a: 'read' | 'write') => ({ module: 'repossession', action: 'repossession', access: a }) as const satisfies PermissionRequirement;
const field = (a: 'read' | 'write') => ({ module: 'repossession', action: 'field_steps', access: a }) as const satisfies PermissionRequirement;
const schema = () => import('./cases.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/repossession/cases: cases by stage or status, newest first, with counts per status. */
export const listRepossessions = endpoint({
  operation: 'repossession.cases.list',
  method: 'GET',
  path: '/repossession/cases',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'Repossession cases with stage and status (success, failed, pending)',
  schemas: async () => ({ query: (await schema()).casesQuery, response: (await schema()).casesPage }),
});

/** POST /api/repossession/cases: initiates a repossession on a secured loan; submitted for approval. */
export const initiateRepossession = endpoint({
  operation: 'repossession.cases.initiate',
  method: 'POST',
  path: '/repossession/cases',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Initiate a repossession (vehicle or equipment) for approval',
  schemas: async () => ({ query: await company(), body: (await schema()).initiateBody, response: (await schema()).repossessionDetail }),
});

/** GET /api/repossession/cases/{case_id}: the case with its field steps. */
export const getRepossession = endpoint({
  operation: 'repossession.cases.get',
  method: 'GET',
  path: '/repossession/cases/{case_id}',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: 'A repossession case with its field steps',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company(), response: (await schema()).repossessionDetail }),
});

/** GET /api/repossession/cases/{case_id}/notice: the pre-repossession notice (PDF), once approved. */
export const repossessionNotice = endpoint({
  operation: 'repossession.cases.notice',
  method: 'GET',
  path: '/repossession/cases/{case_id}/notice',
  access: 'company',
  permission: desk('read'),
  produces: 'file',
  tags,
  summary: 'The pre-repossession notice (PDF)',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company() }),
});

/** GET /api/repossession/cases/{case_id}/steps/{step_id}/photos/{n}: a field step's photo (1-based, as many as its `photo_count`), as an image. */
export const repossessionStepPhoto = endpoint({
  operation: 'repossession.steps.photo',
  method: 'GET',
  path: '/repossession/cases/{case_id}/steps/{step_id}/photos/{n}',
  access: 'company',
  permission: desk('read'),
  produces: 'file',
  tags,
  summary: 'A photo of a repossession field step (1-based)',
  schemas: async () => ({ params: (await schema()).stepPhotoParams, query: await company() }),
});

/**
 * POST /api/repossession/cases/{case_id}/notice/send: the pre-repossession notice the lender must give
 * (RBI), printed in clear and sent to the borrower with the PDF attached through the communication
 * area (compliance check, the company's provider). A blocked or failed message is answered, not thrown.
 * @throws 409 before the repossession is approved
 */
export const sendRepossessionNotice = endpoint({
  operation: 'repossession.cases.notice.send',
  method: 'POST',
  path: '/repossession/cases/{case_id}/notice/send',
  access: 'company',
  permission: desk('write'),
  idempotent: true,
  tags,
  summary: 'Send the pre-repossession notice (PDF) to the borrower by email or WhatsApp',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company(), body: (await schema()).sendNoticeBody, response: (await schema()).noticeSendRecord }),
});

/** PUT /api/repossession/cases/{case_id}/assignment: the agency and its agent. */
export const assignRepossession = endpoint({
  operation: 'repossession.cases.assign',
  method: 'PUT',
  path: '/repossession/cases/{case_id}/assignment',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Assign the repossession agency and agent',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company(), body: (await schema()).assignBody, response: (await schema()).repossessionDetail }),
});

/** PUT /api/repossession/cases/{case_id}/yard: yard inventory and valuation. */
export const recordYard = endpoint({
  operation: 'repossession.cases.yard',
  method: 'PUT',
  path: '/repossession/cases/{case_id}/yard',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Record the yard inventory and the valuation',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company(), body: (await schema()).yardBody, response: (await schema()).repossessionDetail }),
});

/** POST /api/repossession/cases/{case_id}/release: release on payment or sale by auction, for approval. */
export const requestRelease = endpoint({
  operation: 'repossession.cases.release',
  method: 'POST',
  path: '/repossession/cases/{case_id}/release',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Request the release (payment) or sale (auction); the proceeds are posted to the loan once approved',
  schemas: async () => ({ params: (await schema()).caseParams, query: await company(), body: (await schema()).releaseBody, response: (await schema()).repossessionDetail }),
});

/** POST /api/repossession/bulk-status: sets the status (success, failed, pending) of many loans' cases. */
export const bulkRepossessionStatus = endpoint({
  operation: 'repossession.cases.bulk_status',
  method: 'POST',
  path: '/repossession/bulk-status',
  access: 'company',
  permission: desk('write'),
  tags,
  summary: 'Bulk repossession update: status success, failed or pending per loan',
  schemas: async () => ({ query: await company(), body: (await schema()).bulkStatusBody, response: (await schema()).bulkStatusResponse }),
});

/** GET /api/repossession/agents: the company's field executives (to assign). */
export const listRepossessionAgents = endpoint({
  operation: 'repossession.agents.list',
  method: 'GET',
  path: '/repossession/agents',
  access: 'company',
  permission: desk('read'),
  tags,
  summary: "The company's field executives who can be assigned",
  schemas: async () => ({ query: await company(), response: (await schema()).agentsResponse }),
});

/** GET /api/repossession/my-cases: the signed-in agent's open cases with their steps (copied to the phone). */
export const myRepossessions = endpoint({
  operation: 'repossession.cases.mine',
  method: 'GET',
  path: '/repossession/my-cases',
  access: 'company',
  permission: field('read'),
  tags,
  summary: "The signed-in agent's open repossession cases",
  schemas: async () => ({ query: await company(), response: (await schema()).myCasesResponse }),
});

/** POST /api/repossession/steps (multipart: `step` JSON + up to 6 `photos`), queued on the phone. */
export const recordRepossessionStep = endpoint({
  operation: 'repossession.steps.record',
  method: 'POST',
  path: '/repossession/steps',
  access: 'company',
  permission: field('write'),
  idempotent: true,
  multipart: { json: 'step', files: { photos: { maxFiles: STEP_MAX_PHOTOS, maxMb: STEP_PHOTO_MAX_MB, accept: PHOTO_EXTENSIONS, imagesOnly: true, description: 'A photo (documents, the asset); repeat the field for several' } } },
  tags,
  summary: 'Record a field step: police intimation before/after, the repossession, the yard handover',
  description: `multipart/form-data: field \`step\` = the step JSON; files \`photos\` (0–${STEP_MAX_PHOTOS}, JPEG/PNG/WebP, each ≤ ${STEP_PHOTO_MAX_MB} MB). Idempotent by Idempotency-Key: a step synced twice is recorded once.`,
  schemas: async () => ({ query: await company(), form: (await schema()).stepBody, response: (await schema()).stepRecord }),
});
