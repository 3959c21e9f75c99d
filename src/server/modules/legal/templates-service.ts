/**
 * Notice templates of a company (issue 17): every company starts with the built-in texts of its
 * country (domain/legal/templates.ts) as approved version 1 of each kind, written on first read; a new
 * text is a new draft version, approved before a batch may use it. Approval is a simple status
 * with who and when (the approvals area, spec "Approval Service", does not exist yet).
 */
import { and, desc, eq, max, sql } from 'drizzle-orm';
import type { TemplateBody, TemplateRecord } from '../../../domain/contracts/legal/notices';
import { NOTICE_LANGUAGES, BUILT_IN_TEMPLATES, unknownPlaceholders } from '../../../domain/legal/templates';
import type { Db, DbOrTx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { companyCountry } from '../companies/queries';
import { userNamesSubquery } from '../users/queries';
import { noticeTemplates, type NoticeTemplateRow } from './schema';

export const TEMPLATE_NOT_FOUND = 'Template not found';

function toRecord(row: NoticeTemplateRow, approverName: string | null): TemplateRecord {
  return {
    template_id: row.templateId,
    kind: row.kind,
    name: row.name,
    version: row.version,
    status: row.status,
    languages: NOTICE_LANGUAGES.filter((l) => row.bodies[l]),
    bodies: row.bodies,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    approved_by: row.approvedBy,
    approved_by_name: approverName,
    approved_at: row.approvedAt?.toISOString() ?? null,
  };
}

/**
 * Writes the built-in templates of the company's country as approved version 1 of each kind the
 * company has no template of yet (a kind added to the product reaches existing companies too; idempotent).
 */
export async function ensureBuiltIns(db: DbOrTx, companyId: string): Promise<void> {
  const { country } = await companyCountry(db, companyId);
  const builtIns = BUILT_IN_TEMPLATES.filter((t) => t.country === country);
  const [{ n }] = await db.select({ n: sql<number>`count(distinct ${noticeTemplates.kind})::int` }).from(noticeTemplates).where(eq(noticeTemplates.companyId, companyId));
  if (n >= builtIns.length) return;
  await db
    .insert(noticeTemplates)
    .values(builtIns.map((t) => ({ companyId, kind: t.kind, name: t.name, version: 1, bodies: t.bodies, status: 'approved' as const, approvedAt: new Date() })))
    .onConflictDoNothing();
}

/** GET /notice/templates: every version of every kind, by kind then newest version first. */
export async function listTemplates(db: Db, companyId: string): Promise<TemplateRecord[]> {
  await ensureBuiltIns(db, companyId);
  const approvers = userNamesSubquery(db, 'approvers');
  const rows = await db
    .select({ row: noticeTemplates, name: approvers.name })
    .from(noticeTemplates)
    .leftJoin(approvers, eq(approvers.userId, noticeTemplates.approvedBy))
    .where(eq(noticeTemplates.companyId, companyId))
    .orderBy(noticeTemplates.kind, desc(noticeTemplates.version));
  return rows.map((r) => toRecord(r.row, r.name));
}

/**
 * POST /notice/templates: the kind's next version as a draft.
 * @throws 400 naming placeholders that are not notice variables.
 */
export async function createTemplate(db: Db, companyId: string, userId: string, body: TemplateBody): Promise<TemplateRecord> {
  for (const [lang, text] of Object.entries(body.bodies)) {
    const unknown = text ? unknownPlaceholders(text) : [];
    if (unknown.length > 0) throw badRequest(`Unknown placeholder in the ${lang} text: ${unknown.map((u) => `{{${u}}}`).join(', ')}`);
  }
  await ensureBuiltIns(db, companyId);
  return db.transaction(async (tx) => {
    const [{ top }] = await tx.select({ top: max(noticeTemplates.version) }).from(noticeTemplates).where(and(eq(noticeTemplates.companyId, companyId), eq(noticeTemplates.kind, body.kind)));
    const [row] = await tx
      .insert(noticeTemplates)
      .values({ companyId, kind: body.kind, name: body.name, version: (top ?? 0) + 1, bodies: body.bodies, status: 'draft', createdBy: userId })
      .returning();
    return toRecord(row, null);
  });
}

/** POST /notice/templates/{id}/approve. @throws 404 (unknown or another company's), 409 when already approved. */
export async function approveTemplate(db: Db, companyId: string, user: { userId: string; name: string }, templateId: string, now: Date): Promise<TemplateRecord> {
  const [row] = await db.select().from(noticeTemplates).where(and(eq(noticeTemplates.companyId, companyId), eq(noticeTemplates.templateId, templateId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  if (row.status === 'approved') throw conflict('Template is already approved');
  const [updated] = await db
    .update(noticeTemplates)
    .set({ status: 'approved', approvedBy: user.userId, approvedAt: now })
    .where(and(eq(noticeTemplates.templateId, templateId), eq(noticeTemplates.status, 'draft')))
    .returning();
  if (!updated) throw conflict('Template is already approved');
  return toRecord(updated, user.name);
}

/** A company's template by id, or 404 (another company's id is never found). */
export async function templateOf(db: DbOrTx, companyId: string, templateId: string): Promise<NoticeTemplateRow> {
  const [row] = await db.select().from(noticeTemplates).where(and(eq(noticeTemplates.companyId, companyId), eq(noticeTemplates.templateId, templateId)));
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}
