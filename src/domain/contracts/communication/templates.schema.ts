/** Schemas of message templates (issue 13 "Communication"). Behind ./templates.ts. */
import { z } from 'zod';
import { DLT_CATEGORIES, DLT_HEADER_MAX } from '../../compliance/dlt';
import { MESSAGE_CHANNELS, TEMPLATE_LANGUAGES } from '../../communication/status';
import { companyQuery } from '../envelope';

/** DLT registration of an SMS template (TRAI TCCCPR): entity id, sender header, content template id, category. */
export const dltFields = z.object({
  dlt_template_id: z.string().trim().regex(/^\d{1,30}$/, 'The DLT content template id is digits'),
  dlt_entity_id: z.string().trim().regex(/^\d{1,30}$/, 'The DLT entity id is digits'),
  dlt_sender_header: z.string().trim().regex(new RegExp(`^[A-Za-z0-9]{1,${DLT_HEADER_MAX}}$`), `The sender header is 1–${DLT_HEADER_MAX} letters or digits`),
  dlt_category: z.enum(DLT_CATEGORIES),
});
export type DltFields = z.infer<typeof dltFields>;

export const templateBody = z.object({
  name: z.string().trim().min(1).max(100),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.enum(TEMPLATE_LANGUAGES),
  /** Email only: the subject line (may use variables). */
  subject: z.string().trim().max(200).nullable().optional(),
  /** The text, variables written `{{name}}`. */
  body: z.string().trim().min(1, 'Write the message').max(2000),
  /** SMS only; required for SMS sent in India when the company checks DLT (the send is refused otherwise). */
  dlt: dltFields.nullable().optional(),
});
export type TemplateBody = z.infer<typeof templateBody>;

export const templateRecord = z.object({
  template_id: z.string(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  language: z.enum(TEMPLATE_LANGUAGES),
  subject: z.string().nullable(),
  body: z.string(),
  /** The `{{name}}` variables the body uses. */
  variables: z.array(z.string()),
  dlt: dltFields.nullable(),
  /** The body as registered on the DLT platform (`{#var#}` for each variable). */
  dlt_body: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateRecord = z.infer<typeof templateRecord>;

export const templatesQuery = companyQuery.extend({ channel: z.enum(MESSAGE_CHANNELS).optional(), language: z.enum(TEMPLATE_LANGUAGES).optional() });
export const templatesResponse = z.object({ templates: z.array(templateRecord) });
export const templateParams = z.object({ template_id: z.string().min(1).max(64) });

/** Preview: the template rendered for a loan (or with sample values), and whether it would be sent now. */
export const previewBody = z.object({
  loan_id: z.string().trim().min(1).max(100).optional(),
  variables: z.record(z.string().max(50), z.string().max(500)).default({}),
});
export const previewRecord = z.object({
  text: z.string(),
  subject: z.string().nullable(),
  missing: z.array(z.string()),
  /** SMS with DLT: does the text match its registration exactly. */
  dlt_ok: z.boolean().nullable(),
  dlt_problem: z.string().nullable(),
});
export type PreviewRecord = z.infer<typeof previewRecord>;
