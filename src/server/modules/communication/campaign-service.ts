/**
 * Campaigns (issue 13; spec 2 bulk tab "digital communication", spec 4 statuses): a template to a
 * set of loans, chosen by ids or by the loans list's filters and resolved when it starts. A durable
 * job (queue `communication-campaigns`) sends loan by loan, each in its own transaction with the
 * campaign's counters, so `processed` is an exact checkpoint: a restarted job resumes there, and the
 * unique (campaign, loan) message keeps a loan from getting two messages.
 */
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CampaignBody, CampaignRecord } from '../../../domain/contracts/communication/campaigns';
import type { MessageStatus } from '../../../domain/communication/status';
import type { DbOrTx, Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { parseFilters, portfolioView, selectedLoansSubquery } from '../portfolio/queries';
import { sendMessage, type SendVia } from './message-service';
import { communicationCampaigns, communicationMessages } from './schema';
import { templateRow } from './template-service';

export const CAMPAIGN_QUEUE = 'communication-campaigns';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
type CampaignRow = typeof communicationCampaigns.$inferSelect;

export function toCampaignRecord(r: CampaignRow): CampaignRecord {
  return {
    campaign_id: r.campaignId,
    name: r.name,
    template_id: r.templateId,
    template_name: r.templateName,
    channel: r.channel,
    status: r.status,
    total: r.total,
    processed: r.processed,
    sent: r.sent,
    blocked: r.blocked,
    failed: r.failed,
    blocked_by_reason: r.blockedByReason,
    error: r.error,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}

/** POST /communication/campaigns: resolves the loans, stores the campaign in_process and queues its job. @throws 404 template; 400 no loans */
export async function startCampaign(db: Db, jobs: JobQueue, companyId: string, userId: string, body: CampaignBody): Promise<CampaignRecord> {
  const t = await templateRow(db, companyId, body.template_id);
  let loanIds: string[];
  if (body.loan_ids) loanIds = [...new Set(body.loan_ids)];
  else {
    const view = await portfolioView(db, companyId, true);
    const selection = { companyId, allocationMonth: body.allocation_month!, filters: parseFilters(body.filters ?? [], view.variables) };
    const sub = selectedLoansSubquery(db, selection);
    loanIds = [...new Set((await db.select({ loanId: sub.loanId }).from(sub)).map((r) => r.loanId))];
  }
  if (loanIds.length === 0) throw badRequest('No loans match');
  const [row] = await db
    .insert(communicationCampaigns)
    .values({ companyId, name: body.name, templateId: t.templateId, templateName: t.name, channel: t.channel, variables: body.variables, loanIds, total: loanIds.length, createdBy: userId })
    .returning();
  await jobs.send(CAMPAIGN_QUEUE, { campaignId: row.campaignId });
  return toCampaignRecord(row);
}

export async function listCampaigns(db: DbOrTx, companyId: string, q: { page_number: number; page_size: number }): Promise<{ campaigns: CampaignRecord[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(communicationCampaigns).where(eq(communicationCampaigns.companyId, companyId)).orderBy(desc(communicationCampaigns.createdAt)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
    db.select({ total: count() }).from(communicationCampaigns).where(eq(communicationCampaigns.companyId, companyId)),
  ]);
  return { campaigns: rows.map(toCampaignRecord), total };
}

/** @throws 404 CAMPAIGN_NOT_FOUND */
export async function getCampaign(db: DbOrTx, companyId: string, campaignId: string): Promise<CampaignRecord> {
  const [row] = await db.select().from(communicationCampaigns).where(and(eq(communicationCampaigns.companyId, companyId), eq(communicationCampaigns.campaignId, campaignId)));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return toCampaignRecord(row);
}

/** Per-loan results, in the order sent. @throws 404 CAMPAIGN_NOT_FOUND */
export async function campaignResults(db: DbOrTx, companyId: string, campaignId: string, q: { page_number: number; page_size: number; status?: MessageStatus }) {
  await getCampaign(db, companyId, campaignId);
  const where = and(eq(communicationMessages.companyId, companyId), eq(communicationMessages.campaignId, campaignId), q.status ? eq(communicationMessages.status, q.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(communicationMessages).where(where).orderBy(communicationMessages.createdAt, communicationMessages.messageId).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
    db.select({ total: count() }).from(communicationMessages).where(where),
  ]);
  return {
    results: rows.map((r) => ({ loan_id: r.loanId, message_id: r.messageId, status: r.status, reasons: r.reasons.map((x) => x.code) as never, error: r.error })),
    total,
  };
}

/**
 * The job: sends to each loan from the checkpoint on. A loan the company lacks or a template value
 * missing is a failed result (a message row with the error), not a failed campaign; only an
 * unexpected error fails the campaign (status failed, with the error).
 */
export async function runCampaign(db: Db, campaignId: string, clock: { now(): Date }, log: FastifyBaseLogger, opts: SendVia & { stopping?: () => boolean }): Promise<void> {
  const [c] = await db.select().from(communicationCampaigns).where(eq(communicationCampaigns.campaignId, campaignId));
  if (!c || c.status !== 'in_process') return;
  try {
    for (let i = c.processed; i < c.loanIds.length; i += 1) {
      if (opts.stopping?.()) return; // re-queued when the app starts again
      const loanId = c.loanIds[i];
      await db.transaction(async (tx) => {
        const now = clock.now();
        let status: MessageStatus;
        let reasons: string[] = [];
        const [done] = await tx.select({ status: communicationMessages.status }).from(communicationMessages).where(and(eq(communicationMessages.campaignId, campaignId), eq(communicationMessages.loanId, loanId)));
        if (done) status = done.status; // already sent by a run that stopped before its checkpoint
        else {
          try {
            const m = await sendMessage(tx, { companyId: c.companyId, loanId, channel: c.channel, templateId: c.templateId, variables: c.variables, actorId: c.createdBy, campaignId }, now, opts);
            status = m.status;
            reasons = m.reasons.map((r) => r.code);
          } catch (err) {
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
            status = 'failed';
            await tx.insert(communicationMessages).values({ companyId: c.companyId, loanId, channel: c.channel, templateId: c.templateId, templateName: c.templateName, body: '', status: 'failed', error: err.message, campaignId, actorId: c.createdBy, createdAt: now });
          }
        }
        await tx
          .update(communicationCampaigns)
          .set({
            processed: i + 1,
            ...(status === 'blocked' ? { blocked: sql`${communicationCampaigns.blocked} + 1` } : status === 'failed' ? { failed: sql`${communicationCampaigns.failed} + 1` } : { sent: sql`${communicationCampaigns.sent} + 1` }),
            ...(reasons.length ? { blockedByReason: addReasons(reasons) } : {}),
          })
          .where(eq(communicationCampaigns.campaignId, campaignId));
      });
    }
    await db.update(communicationCampaigns).set({ status: 'completed', completedAt: clock.now() }).where(eq(communicationCampaigns.campaignId, campaignId));
  } catch (err) {
    log.error({ err, campaignId }, 'campaign failed');
    await db
      .update(communicationCampaigns)
      .set({ status: 'failed', error: err instanceof Error ? err.message : String(err), completedAt: clock.now() })
      .where(eq(communicationCampaigns.campaignId, campaignId));
  }
}

/** blocked_by_reason with each code's count raised by one (jsonb arithmetic in SQL: concurrent-safe within the row lock). */
function addReasons(codes: string[]) {
  let expr = sql`${communicationCampaigns.blockedByReason}`;
  for (const code of codes) expr = sql`jsonb_set(${expr}, array[${code}]::text[], to_jsonb(coalesce((${expr} ->> ${code})::int, 0) + 1))`;
  return expr;
}

/** Campaigns a stopped process left in_process, to queue again at start-up. */
export async function unfinishedCampaigns(db: Db): Promise<string[]> {
  return (await db.select({ id: communicationCampaigns.campaignId }).from(communicationCampaigns).where(eq(communicationCampaigns.status, 'in_process'))).map((r) => r.id);
}

/**
 * The error file: every blocked or failed loan of the campaign with why, as CSV (spec 4 bulk
 * error files). @throws 404 CAMPAIGN_NOT_FOUND; 404 'No error file for this campaign' when none
 */
export async function campaignErrorCsv(db: DbOrTx, companyId: string, campaignId: string): Promise<{ fileName: string; csv: string }> {
  const c = await getCampaign(db, companyId, campaignId);
  if (c.blocked + c.failed === 0) throw notFound('No error file for this campaign');
  const rows = await db
    .select({ loanId: communicationMessages.loanId, status: communicationMessages.status, reasons: communicationMessages.reasons, error: communicationMessages.error })
    .from(communicationMessages)
    .where(and(eq(communicationMessages.companyId, companyId), eq(communicationMessages.campaignId, campaignId), inArray(communicationMessages.status, ['blocked', 'failed'])))
    .orderBy(communicationMessages.createdAt, communicationMessages.messageId);
  const csv = stringify([['loan_id', 'status', 'reason'], ...rows.map((r) => [r.loanId, r.status, r.status === 'blocked' ? r.reasons.map((x) => x.message).join('; ') : (r.error ?? '')])]);
  return { fileName: `campaign-${campaignId}-errors.csv`, csv };
}
