/**
 * Message templates (issue 13): per company, channel and language (en, hi, id); variables
 * `{{name}}`; SMS templates carry their DLT registration. Previews render for a loan with the
 * same code a send uses.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { PreviewRecord, TemplateBody, TemplateRecord } from '../../../domain/contracts/communication/templates';
import { dltBodyOf, placeholdersOf, previewDlt, renderTemplate } from '../../../domain/communication/render';
import type { MessageChannel, TemplateLanguage } from '../../../domain/communication/status';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import { loanVariablesOf } from './loan-variables';
import { communicationTemplates } from './schema';

export const TEMPLATE_NOT_FOUND = 'Template not found';
export type TemplateRow = typeof communicationTemplates.$inferSelect;

export function toTemplateRecord(r: TemplateRow): TemplateRecord {
  return {
    template_id: r.templateId,
    name: r.name,
    channel: r.channel,
    language: r.language,
    subject: r.subject,
    body: r.body,
    variables: placeholdersOf(`${r.subject ?? ''} ${r.body}`),
    dlt: r.dlt ?? null,
    dlt_body: r.channel === 'sms' ? dltBodyOf(r.body) : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The company's template. @throws 404 TEMPLATE_NOT_FOUND */
export async function templateRow(db: DbOrTx, companyId: string, templateId: string): Promise<TemplateRow> {
  const [row] = await db.select().from(communicationTemplates).where(and(eq(communicationTemplates.companyId, companyId), eq(communicationTemplates.templateId, templateId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function listTemplates(db: DbOrTx, companyId: string, q: { channel?: MessageChannel; language?: TemplateLanguage }): Promise<TemplateRecord[]> {
  const where = [eq(communicationTemplates.companyId, companyId)];
  if (q.channel) where.push(eq(communicationTemplates.channel, q.channel));
  if (q.language) where.push(eq(communicationTemplates.language, q.language));
  const rows = await db.select().from(communicationTemplates).where(and(...where)).orderBy(asc(communicationTemplates.name), asc(communicationTemplates.language));
  return rows.map(toTemplateRecord);
}

function checked(body: TemplateBody): { subject: string | null; dlt: TemplateRow['dlt'] } {
  if (body.dlt && body.channel !== 'sms') throw badRequest('DLT registration is for SMS templates only');
  if (body.subject && body.channel !== 'email') throw badRequest('Only an email has a subject');
  if (body.channel === 'email' && !body.subject) throw badRequest('An email template needs a subject');
  return { subject: body.channel === 'email' ? (body.subject ?? null) : null, dlt: body.channel === 'sms' ? (body.dlt ?? null) : null };
}

export async function createTemplate(db: DbOrTx, companyId: string, userId: string, body: TemplateBody): Promise<TemplateRecord> {
  const { subject, dlt } = checked(body);
  const [row] = await db.insert(communicationTemplates).values({ companyId, name: body.name, channel: body.channel, language: body.language, subject, body: body.body, dlt, createdBy: userId }).returning();
  return toTemplateRecord(row);
}

/** @throws 404 TEMPLATE_NOT_FOUND */
export async function updateTemplate(db: DbOrTx, companyId: string, templateId: string, body: TemplateBody): Promise<TemplateRecord> {
  const { subject, dlt } = checked(body);
  const [row] = await db
    .update(communicationTemplates)
    .set({ name: body.name, channel: body.channel, language: body.language, subject, body: body.body, dlt, updatedAt: new Date() })
    .where(and(eq(communicationTemplates.companyId, companyId), eq(communicationTemplates.templateId, templateId)))
    .returning();
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return toTemplateRecord(row);
}

/** @throws 404 TEMPLATE_NOT_FOUND */
export async function deleteTemplate(db: DbOrTx, companyId: string, templateId: string): Promise<void> {
  const rows = await db.delete(communicationTemplates).where(and(eq(communicationTemplates.companyId, companyId), eq(communicationTemplates.templateId, templateId))).returning();
  if (rows.length === 0) throw notFound(TEMPLATE_NOT_FOUND);
}

/**
 * The template rendered for a loan (its variables, then the given ones) or with the given ones
 * only; for an SMS with DLT fields, whether the text fits its `{#var#}` body (each variable ≤ 30).
 * @throws 404 template or loan
 */
export async function previewTemplate(db: DbOrTx, companyId: string, templateId: string, loanId: string | undefined, given: Record<string, string>, now: Date): Promise<PreviewRecord> {
  const t = await templateRow(db, companyId, templateId);
  const vars = { ...(loanId ? await loanVariablesOf(db, companyId, loanId, now) : {}), ...given };
  const body = renderTemplate(t.body, vars);
  const subject = t.subject ? renderTemplate(t.subject, vars) : null;
  let dltOk: boolean | null = null;
  let dltProblem: string | null = null;
  if (t.channel === 'sms' && t.dlt) {
    const m = previewDlt(dltBodyOf(t.body), body.text);
    dltOk = m.ok;
    if (!m.ok) dltProblem = m.problem === 'variable_too_long' ? `Variable ${m.index} has ${m.length} characters; a DLT variable may have at most 30` : 'The text does not match its DLT template';
  }
  return { text: body.text, subject: subject?.text ?? null, missing: [...new Set([...body.missing, ...(subject?.missing ?? [])])], dlt_ok: dltOk, dlt_problem: dltProblem };
}
