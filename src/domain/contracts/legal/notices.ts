/**
 * Legal notices (issue 17 "Notices"; spec 2 `/app/notice-tracking`, spec 4 notice statuses, spec 9
 * notice document types). Endpoint definitions; zod schemas in ./notices.schema.ts. Permissions:
 * notice › notices (read to see and download, write to write templates, generate and dispatch).
 *
 * Templates are versioned per company and kind and must be approved before a batch uses them (a
 * simple draft → approved with who and when: the approvals area does not exist yet). A batch is a
 * durable job: one PDF per loan plus the Merged File, printed by headless Chromium.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { BatchBody, BatchDetail, BatchRecord, BatchSendRecord, CourierTrackingRecord, DispatchBody, LoanNoticeRecord, NoticeDocumentRecord, NoticeRecord, SendNoticeBody, TemplateBody, TemplateRecord } from './notices.schema';
import { DOCUMENT_EXTENSIONS } from '../../validation/rules';
export type { BatchBody, BatchDetail, BatchRecord, BatchSendRecord, CourierTrackingRecord, DispatchBody, LoanNoticeRecord, NoticeDocumentRecord, NoticeRecord, SendNoticeBody, TemplateBody, TemplateRecord };
export { NOTICE_KINDS, type NoticeKind } from '../../legal/statute';
export { NOTICE_LANGUAGES, type NoticeLanguage } from '../../legal/templates';

/** Spec 4 "Notice document download" statuses: of each notice (loan) of a batch. */
export const NOTICE_STATUSES = ['success', 'failed', 'in_progress', 'no_data_found'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
/** Spec 4 "Notice export" statuses: of a batch as a whole. */
export const BATCH_STATUSES = ['success', 'failed', 'in_progress'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const TEMPLATE_STATUSES = ['draft', 'approved'] as const;
/** How a paper notice travels. */
export const DISPATCH_MODES = ['speed_post', 'courier'] as const;
export const DISPATCH_STATUSES = ['dispatched', 'delivered', 'returned'] as const;
/** Channels a notice is sent by through the communication area (with its PDF attached). */
export const NOTICE_SEND_CHANNELS = ['email', 'whatsapp'] as const;
export type NoticeSendChannel = (typeof NOTICE_SEND_CHANNELS)[number];
/** Every way a notice is dispatched: paper (speed post, courier) or a message. */
export const NOTICE_DISPATCH_MODES = [...DISPATCH_MODES, ...NOTICE_SEND_CHANNELS] as const;
/** A notice's dispatch status: the paper ones, and for a message blocked (compliance) or failed (provider). */
export const NOTICE_DISPATCH_STATUSES = [...DISPATCH_STATUSES, 'blocked', 'failed'] as const;
export type NoticeDispatchStatus = (typeof NOTICE_DISPATCH_STATUSES)[number];
/** Spec 9 notice document types a user uploads against one notice (the Merged File and Notice are generated). */
export const NOTICE_DOCUMENT_TYPES = ['POD', 'Tracking Report'] as const;
export type NoticeDocumentType = (typeof NOTICE_DOCUMENT_TYPES)[number];
/** Most loans one batch may name by id; a filter selects up to MAX_BATCH_LOANS. */
export const MAX_BATCH_LOAN_IDS = 1000;
export const MAX_BATCH_LOANS = 10_000;

const tags = ['notices'];
export const noticesAccess = (access: 'read' | 'write') => ({ module: 'notice', action: 'notices', access }) as const satisfies PermissionRequirement;
const schema = () => import('./notices.schema');
const company = async () => (await import('../envelope')).companyQuery;

/** GET /api/notice/templates: the company's templates, every version (built-ins approved as version 1 on first read). */
export const listTemplates = endpoint({
  operation: 'notice.templates.list',
  method: 'GET',
  path: '/notice/templates',
  access: 'company',
  permission: noticesAccess('read'),
  tags,
  summary: "The company's notice templates by kind, newest version first",
  schemas: async () => ({ query: await company(), response: (await schema()).templatesResponse }),
});

/** POST /api/notice/templates: a new draft version of a kind's template (400 for an unknown placeholder). */
export const createTemplate = endpoint({
  operation: 'notice.templates.create',
  method: 'POST',
  path: '/notice/templates',
  access: 'company',
  permission: noticesAccess('write'),
  tags,
  summary: 'Write a new draft version of a notice template',
  schemas: async () => ({ query: await company(), body: (await schema()).templateBody, response: (await schema()).templateRecord }),
});

/** POST /api/notice/templates/{template_id}/approve: approves a draft (who and when recorded). */
export const approveTemplate = endpoint({
  operation: 'notice.templates.approve',
  method: 'POST',
  path: '/notice/templates/{template_id}/approve',
  access: 'company',
  permission: noticesAccess('write'),
  tags,
  summary: 'Approve a draft template so batches may use it',
  schemas: async () => ({ params: (await schema()).templateParams, query: await company(), response: (await schema()).templateRecord }),
});

/** POST /api/notice/batches: generates one notice per loan (ids or the loans list's filters) as a durable job. */
export const createBatch = endpoint({
  operation: 'notice.batches.create',
  method: 'POST',
  path: '/notice/batches',
  access: 'company',
  permission: noticesAccess('write'),
  tags,
  summary: 'Generate notices in bulk from an approved template',
  schemas: async () => ({ query: await company(), body: (await schema()).batchBody, response: (await schema()).batchRecord }),
});

/** GET /api/notice/batches: the company's batches, newest first. */
export const listBatches = endpoint({
  operation: 'notice.batches.list',
  method: 'GET',
  path: '/notice/batches',
  access: 'company',
  permission: noticesAccess('read'),
  tags,
  summary: 'Notice batches with progress and counts',
  schemas: async () => ({ query: (await schema()).batchesQuery, response: (await schema()).batchesPage }),
});

/** GET /api/notice/batches/{batch_id}: the batch with its notices (status, reason, dispatch), names masked for the caller. */
export const getBatch = endpoint({
  operation: 'notice.batches.get',
  method: 'GET',
  path: '/notice/batches/{batch_id}',
  access: 'company',
  permission: noticesAccess('read'),
  tags,
  summary: 'One notice batch with each notice',
  schemas: async () => ({ params: (await schema()).batchParams, query: await company(), response: (await schema()).batchDetail }),
});

/** GET /api/notice/batches/{batch_id}/merged: the Merged File (every successful notice in one PDF), masked for a masked caller. */
export const mergedFile = endpoint({
  operation: 'notice.batches.merged',
  method: 'GET',
  path: '/notice/batches/{batch_id}/merged',
  access: 'company',
  permission: noticesAccess('read'),
  produces: 'file',
  tags,
  summary: 'The Merged File of a batch (PDF)',
  schemas: async () => ({ params: (await schema()).batchParams, query: await company() }),
});

/** GET /api/notice/batches/{batch_id}/errors: the error file (CSV: loan id, status, reason) of the batch's failed and no-data notices. */
export const batchErrors = endpoint({
  operation: 'notice.batches.errors',
  method: 'GET',
  path: '/notice/batches/{batch_id}/errors',
  access: 'company',
  permission: noticesAccess('read'),
  produces: 'file',
  tags,
  summary: "The error file of a batch (CSV)",
  schemas: async () => ({ params: (await schema()).batchParams, query: await company() }),
});

/** GET /api/notice/notices/{notice_id}/pdf: one loan's notice (PDF), masked for a masked caller. */
export const noticePdf = endpoint({
  operation: 'notice.notices.pdf',
  method: 'GET',
  path: '/notice/notices/{notice_id}/pdf',
  access: 'company',
  permission: noticesAccess('read'),
  produces: 'file',
  tags,
  summary: "One loan's notice (PDF)",
  schemas: async () => ({ params: (await schema()).noticeParams, query: await company() }),
});

/** PUT /api/notice/notices/{notice_id}/dispatch: records speed post / courier dispatch and its outcome; the loan's timeline gets the event. */
export const updateDispatch = endpoint({
  operation: 'notice.notices.dispatch',
  method: 'PUT',
  path: '/notice/notices/{notice_id}/dispatch',
  access: 'company',
  permission: noticesAccess('write'),
  tags,
  summary: 'Record how a notice was sent and whether it was delivered or returned',
  schemas: async () => ({ params: (await schema()).noticeParams, query: await company(), body: (await schema()).dispatchBody, response: (await schema()).noticeRecord }),
});

/**
 * POST /api/notice/notices/{notice_id}/send (Idempotency-Key): the notice's PDF attached to an
 * email or a WhatsApp document message, sent through the communication area's compliance check.
 * The notice records mode (email / whatsapp) and status: dispatched (sent), delivered (by receipt),
 * blocked (the reasons in dispatch_reason) or failed. @throws 404; 400 a notice not generated, no
 * email / number on the loan
 */
export const sendNotice = endpoint({
  operation: 'notice.notices.send',
  method: 'POST',
  path: '/notice/notices/{notice_id}/send',
  access: 'company',
  permission: noticesAccess('write'),
  idempotent: true,
  tags,
  summary: 'Send a notice with its PDF by email or WhatsApp (compliance-checked)',
  schemas: async () => ({ params: (await schema()).noticeParams, query: await company(), body: (await schema()).sendNoticeBody, response: (await schema()).noticeRecord }),
});

/**
 * POST /api/notice/batches/{batch_id}/send: every generated notice of the batch not dispatched yet,
 * by email or WhatsApp with its PDF, as a durable job (each notice as POST …/notices/{id}/send does).
 * @throws 404; 400 a batch still in progress or with no notice to send
 */
export const sendBatch = endpoint({
  operation: 'notice.batches.send',
  method: 'POST',
  path: '/notice/batches/{batch_id}/send',
  access: 'company',
  permission: noticesAccess('write'),
  tags,
  summary: "Send a batch's notices with their PDFs by email or WhatsApp",
  schemas: async () => ({ params: (await schema()).batchParams, query: await company(), body: (await schema()).sendNoticeBody, response: (await schema()).batchSendRecord }),
});

/** Largest POD / tracking report upload (MB). */
export const NOTICE_DOCUMENT_MAX_MB = 10;

/** POST /api/notice/notices/{notice_id}/documents (multipart `document_type`, `file`): a POD or tracking report of a speed post / courier dispatch. */
export const uploadNoticeDocument = endpoint({
  operation: 'notice.documents.upload',
  method: 'POST',
  path: '/notice/notices/{notice_id}/documents',
  access: 'company',
  permission: noticesAccess('write'),
  multipart: { files: { file: { maxFiles: 1, maxMb: NOTICE_DOCUMENT_MAX_MB, accept: DOCUMENT_EXTENSIONS, required: true, description: 'The proof of delivery or tracking report (PDF or photo)' } } },
  tags,
  summary: 'Upload the POD (proof of delivery) or tracking report of a posted notice',
  schemas: async () => ({ params: (await schema()).noticeParams, query: await company(), form: (await schema()).noticeDocumentFields, response: (await schema()).noticeDocumentRecord }),
});

/** GET /api/notice/notices/{notice_id}/documents: the notice's uploaded documents, newest first. */
export const listNoticeDocuments = endpoint({
  operation: 'notice.documents.list',
  method: 'GET',
  path: '/notice/notices/{notice_id}/documents',
  access: 'company',
  permission: noticesAccess('read'),
  tags,
  summary: "A notice's POD and tracking reports",
  schemas: async () => ({ params: (await schema()).noticeParams, query: await company(), response: (await schema()).noticeDocumentsResponse }),
});

/** GET /api/notice/documents/{document_id}: one uploaded document's file. */
export const noticeDocumentFile = endpoint({
  operation: 'notice.documents.file',
  method: 'GET',
  path: '/notice/documents/{document_id}',
  access: 'company',
  permission: noticesAccess('read'),
  produces: 'file',
  tags,
  summary: 'Download a POD or tracking report',
  schemas: async () => ({ params: (await schema()).noticeDocumentParams, query: await company() }),
});

/** GET /api/notice/notices?loan_id=: the loan's notices (spec 2 `/app/customer/notice-tracking`), newest first. */
export const loanNotices = endpoint({
  operation: 'notice.notices.of_loan',
  method: 'GET',
  path: '/notice/notices',
  access: 'company',
  permission: noticesAccess('read'),
  tags,
  summary: "A loan's notices with their status, dispatch and template",
  schemas: async () => ({ query: (await schema()).loanNoticesQuery, response: (await schema()).loanNoticesResponse }),
});

/**
 * POST /api/notice/notices/{notice_id}/tracking: reads the speed post / courier tracking of the
 * notice's tracking number (the courier adapter; 'local' stands in for India Post here), records
 * the status (delivered / returned), a Tracking Report document of the events and, once delivered,
 * the courier's POD. @throws 404; 400 a notice not sent by speed post or courier, or a number the courier does not know
 */
export const trackNotice = endpoint({
  operation: 'notice.notices.tracking',
  method: 'POST',
  path: '/notice/notices/{notice_id}/tracking',
  access: 'company',
  permission: noticesAccess('write'),
  tags,
  summary: "Read a notice's delivery from the courier's tracking (status, tracking report, POD)",
  schemas: async () => ({ params: (await schema()).noticeParams, query: await company(), response: (await schema()).courierTrackingRecord }),
});
