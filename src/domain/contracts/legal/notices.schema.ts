/** Schemas of legal notices: templates, batches, notices and their dispatch (issue 17). Behind ./notices.ts. */
import { z } from 'zod';
import { calendarDay, month } from '../common.schema';
import { companyQuery, pagingQuery } from '../envelope';
import { loanFilters } from '../portfolio/filters.schema';
import { NOTICE_KINDS } from '../../legal/statute';
import { NOTICE_LANGUAGES } from '../../legal/templates';
import { BATCH_STATUSES, DISPATCH_MODES, DISPATCH_STATUSES, MAX_BATCH_LOAN_IDS, NOTICE_DISPATCH_MODES, NOTICE_DISPATCH_STATUSES, NOTICE_DOCUMENT_TYPES, NOTICE_SEND_CHANNELS, NOTICE_STATUSES, TEMPLATE_STATUSES } from './notices';

const id = z.string().min(1).max(64);
const body = z.string().trim().min(20).max(20_000);

export const templateRecord = z.object({
  template_id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  name: z.string(),
  version: z.number().int(),
  status: z.enum(TEMPLATE_STATUSES),
  languages: z.array(z.enum(NOTICE_LANGUAGES)),
  bodies: z.object({ en: z.string().optional(), hi: z.string().optional(), id: z.string().optional() }),
  created_by: z.string().nullable(),
  created_at: z.string(),
  approved_by: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
});
export type TemplateRecord = z.infer<typeof templateRecord>;
export const templatesResponse = z.object({ templates: z.array(templateRecord) });
export const templateBody = z.object({
  kind: z.enum(NOTICE_KINDS),
  name: z.string().trim().min(1).max(120),
  bodies: z
    .object({ en: body.optional(), hi: body.optional(), id: body.optional() })
    .refine((b) => Boolean(b.en || b.hi || b.id), 'A template needs a text in at least one language'),
});
export type TemplateBody = z.infer<typeof templateBody>;
export const templateParams = z.object({ template_id: id });

export const batchBody = z
  .object({
    template_id: id,
    language: z.enum(NOTICE_LANGUAGES),
    allocation_month: month,
    loan_ids: z.array(z.string().trim().min(1).max(100)).min(1).max(MAX_BATCH_LOAN_IDS).optional(),
    filters: loanFilters.optional(),
    search: z.string().trim().max(100).optional(),
    /** The notices' date; the company's today when absent. */
    issue_date: calendarDay.optional(),
  })
  .refine((b) => (b.loan_ids ? 1 : 0) + (b.filters ? 1 : 0) === 1, 'Give either loan_ids or filters');
export type BatchBody = z.infer<typeof batchBody>;

const counts = z.object({ success: z.number().int(), failed: z.number().int(), in_progress: z.number().int(), no_data_found: z.number().int() });
export const batchRecord = z.object({
  batch_id: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  kind: z.enum(NOTICE_KINDS),
  version: z.number().int(),
  language: z.enum(NOTICE_LANGUAGES),
  allocation_month: z.string(),
  issue_date: z.string(),
  status: z.enum(BATCH_STATUSES),
  total: z.number().int(),
  counts,
  /** 0–100. */
  progress: z.number(),
  merged_ready: z.boolean(),
  message: z.string().nullable(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BatchRecord = z.infer<typeof batchRecord>;
export const batchesQuery = pagingQuery.extend(companyQuery.shape);
export const batchesPage = z.object({ batches: z.array(batchRecord), total: z.number().int() });
export const batchParams = z.object({ batch_id: id });

export const noticeRecord = z.object({
  notice_id: z.string(),
  batch_id: z.string(),
  loan_id: z.string(),
  allocation_month: z.string(),
  /** Masked for a masked caller. */
  applicant_name: z.string().nullable(),
  status: z.enum(NOTICE_STATUSES),
  reason: z.string().nullable(),
  dispatch_mode: z.enum(NOTICE_DISPATCH_MODES).nullable(),
  tracking_number: z.string().nullable(),
  dispatch_status: z.enum(NOTICE_DISPATCH_STATUSES).nullable(),
  /** Why an email / WhatsApp dispatch was blocked (the compliance reasons) or failed. */
  dispatch_reason: z.string().nullable(),
  /** The message that carried it (email / WhatsApp), with its delivery status. */
  dispatch_message_id: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  dispatch_updated_at: z.string().nullable(),
});
export type NoticeRecord = z.infer<typeof noticeRecord>;
export const batchDetail = batchRecord.extend({ notices: z.array(noticeRecord) });
export type BatchDetail = z.infer<typeof batchDetail>;
export const noticeParams = z.object({ notice_id: id });
export const dispatchBody = z.object({
  mode: z.enum(DISPATCH_MODES),
  tracking_number: z.string().trim().min(3).max(40).regex(/^[A-Za-z0-9-]+$/, 'tracking_number: letters, digits and dashes'),
  status: z.enum(DISPATCH_STATUSES),
  /** When it was sent; now when absent. */
  dispatched_on: calendarDay.optional(),
});
export type DispatchBody = z.infer<typeof dispatchBody>;

/** `POST /notice/notices/{id}/send` and `POST /notice/batches/{id}/send`: the notice (its PDF attached) by email or WhatsApp. */
export const sendNoticeBody = z.object({
  channel: z.enum(NOTICE_SEND_CHANNELS),
  /** Language of the refusal reasons when the compliance check blocks a message. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type SendNoticeBody = z.input<typeof sendNoticeBody>;
/** What a batch send queued: the generated notices not yet dispatched. */
export const batchSendRecord = z.object({ batch_id: z.string(), channel: z.enum(NOTICE_SEND_CHANNELS), queued: z.number().int() });
export type BatchSendRecord = z.infer<typeof batchSendRecord>;

/** Multipart text fields of a notice document upload. */
export const noticeDocumentFields = z.object({ document_type: z.enum(NOTICE_DOCUMENT_TYPES) });
export const noticeDocumentRecord = z.object({
  document_id: z.string(),
  notice_id: z.string(),
  document_type: z.enum(NOTICE_DOCUMENT_TYPES),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  uploaded_by: z.string().nullable(),
  uploaded_at: z.string(),
});
export type NoticeDocumentRecord = z.infer<typeof noticeDocumentRecord>;
export const noticeDocumentsResponse = z.object({ documents: z.array(noticeDocumentRecord) });
export const noticeDocumentParams = z.object({ document_id: id });

/** GET /notice/notices?loan_id=: a loan's notices, newest first, with their batch's template, language and date. */
export const loanNoticesQuery = companyQuery.extend({ loan_id: z.string().trim().min(1).max(100) });
export const loanNoticeRecord = noticeRecord.extend({ template_name: z.string(), kind: z.enum(NOTICE_KINDS), version: z.number().int(), language: z.enum(NOTICE_LANGUAGES), issue_date: z.string(), created_at: z.string() });
export type LoanNoticeRecord = z.infer<typeof loanNoticeRecord>;
export const loanNoticesResponse = z.object({ notices: z.array(loanNoticeRecord) });

/** `POST /notice/notices/{id}/tracking`: what the courier's tracking says, and the notice as it now stands. */
export const courierTrackingRecord = z.object({
  /** The adapter that read it ('local': the local courier stand-in). */
  provider: z.string(),
  status: z.enum(['in_transit', 'delivered', 'returned']),
  events: z.array(z.object({ at: z.string(), place: z.string(), text: z.string() })),
  received_by: z.string().nullable(),
  notice: noticeRecord,
  /** The notice's documents after the read (a Tracking Report each read, a POD once delivered), newest first. */
  documents: z.array(noticeDocumentRecord),
});
export type CourierTrackingRecord = z.infer<typeof courierTrackingRecord>;
