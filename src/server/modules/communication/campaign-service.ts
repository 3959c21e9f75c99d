/**
 * Campaigns (issue 13; spec 2 bulk tab "digital communication", spec 4 statuses): a template to a
 * set of loans, chosen by ids or by the loans list's filters and resolved when it starts. A durable
 * job (queue `communication-campaigns`) works in set-based batches of 1,000 loans, each batch one
 * transaction with the campaign's counters, so `processed` is an exact checkpoint: a restarted job
 * resumes there, and the unique (campaign, loan) message keeps a loan from getting two messages.
 * A lease on the campaign row keeps a second API process from running it at the same time.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, getTableColumns, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CampaignBody, CampaignRecord } from '../../../domain/contracts/communication/campaigns';
import type { MessageStatus } from '../../../domain/communication/status';
import type { DbOrTx, Db } from '../../db/client';
import { inTextList } from '../../db/sql-helpers';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import { renderTemplate } from '../../../domain/communication/render';
import { companyCountry } from '../companies/queries';
import { decideMany, type DecideInput } from '../compliance/queries';
import { loanCampaignFactsMany, parseFilters, portfolioView, selectedLoansSubquery, setManyLoanStatuses } from '../portfolio/queries';
import { NO_LOAN, variablesOfFacts } from './loan-variables';
import { handOver, insertMessages, type CampaignContext, type Row } from './campaign-writes';
import type { SendVia } from './message-service';
import type { ChannelProvider } from './providers/types';
import { communicationCampaigns, communicationMessages } from './schema';
import { providerFor } from './settings-service';
import { templateRow } from './template-service';

export const CAMPAIGN_QUEUE = 'communication-campaigns';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
type CampaignRow = typeof communicationCampaigns.$inferSelect;
// What screens read: every column but the loan list (~1.5 MB for 100,000 loans, read only by the run).
const { loanIds: _loanIds, ...summaryColumns } = getTableColumns(communicationCampaigns);

/** A campaign row (without its loan list) as the API answers it. */
export function toCampaignRecord(r: Omit<CampaignRow, 'loanIds'>): CampaignRecord {
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
    db.select(summaryColumns).from(communicationCampaigns).where(eq(communicationCampaigns.companyId, companyId)).orderBy(desc(communicationCampaigns.createdAt)).limit(q.page_size).offset((q.page_number - 1) * q.page_size),
    db.select({ total: count() }).from(communicationCampaigns).where(eq(communicationCampaigns.companyId, companyId)),
  ]);
  return { campaigns: rows.map(toCampaignRecord), total };
}

/** @throws 404 CAMPAIGN_NOT_FOUND */
export async function getCampaign(db: DbOrTx, companyId: string, campaignId: string): Promise<CampaignRecord> {
  const [row] = await db.select(summaryColumns).from(communicationCampaigns).where(and(eq(communicationCampaigns.companyId, companyId), eq(communicationCampaigns.campaignId, campaignId)));
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

/** How a campaign job runs: the provider (SendVia), this process's lease id, when to stop. */
export interface CampaignRunOptions extends SendVia {
  /** This API process's id on the campaign's lease (one per app start). */
  runner: string;
  /** True once the app is closing: the job stops between batches and gives its lease back. */
  stopping?: () => boolean;
  /** Loans decided per transaction (default CAMPAIGN_BATCH). */
  batchSize?: number;
  /**
   * Called in each batch's transaction after its hand-over and the previous batch's commit (so in
   * batch order), before it commits: a throw rolls the batch back as a process dying there would
   * (tests of the provider's idempotency reference).
   */
  beforeCommit?: () => void | Promise<void>;
}

/** Loans per batch: one transaction decides, records and checkpoints this many. */
export const CAMPAIGN_BATCH = 1000;
/** A lease lasts this long (ms) and is renewed by every batch; a process that died loses it after this. */
export const CAMPAIGN_LEASE_MS = 60_000;

/** Another process holds the lease (or took it over): this run stops without touching the campaign. */
class LeaseLost extends Error {}

/**
 * Takes the campaign's lease for `runner` when free, its own, or expired; renews it. Two API
 * processes never run one campaign at once (issue 13): the loser's job ends at once, and the sweep
 * (campaignsToResume) queues it again once the holder's lease expired.
 * @returns whether `runner` holds the lease now
 */
export async function claimCampaignLease(db: DbOrTx, campaignId: string, runner: string, now: Date): Promise<boolean> {
  const c = communicationCampaigns;
  const rows = await db
    .update(c)
    .set({ leaseOwner: runner, leaseExpiresAt: new Date(now.getTime() + CAMPAIGN_LEASE_MS) })
    .where(and(eq(c.campaignId, campaignId), eq(c.status, 'in_process'), or(isNull(c.leaseOwner), eq(c.leaseOwner, runner), lt(c.leaseExpiresAt, now))))
    .returning({ id: c.campaignId });
  return rows.length === 1;
}

/**
 * The job (issue 13 campaigns, set-based): from the checkpoint on, batches of `batchSize` loans,
 * CAMPAIGN_PIPELINE of them at once, each one transaction committed in order (runBatch): the loans' facts, every template rendered in memory, the
 * compliance decisions of the whole batch (decideMany: decisions and one timeline entry per loan,
 * multi-row), the allowed messages handed to the provider, then one multi-row insert of the
 * message rows already in their final state (blocked with reasons, failed with the error, sent or
 * delivered with the provider's ids), their receipts, the loans' digital status in one statement,
 * and the campaign's counters and checkpoint (`processed`) with its lease.
 *
 * A stopped process resumes at the checkpoint: a batch either committed whole or not at all, and
 * the unique (campaign, loan) message key skips a loan already decided. A process that dies after
 * the provider accepted a batch and before it committed hands the same messages again on resume
 * under the same message ids (campaignMessageId: one per campaign and loan), which the provider
 * takes as its idempotency reference (Exotel's CustomField; the local provider answers a repeat
 * with its first outcome and records it once), so no borrower gets the SMS twice. A loan the
 * company lacks, a missing template value or no recipient is a failed result, not a failed
 * campaign; only an unexpected error fails it.
 */
export async function runCampaign(db: Db, campaignId: string, clock: { now(): Date }, log: FastifyBaseLogger, opts: CampaignRunOptions): Promise<void> {
  const [c] = await db.select().from(communicationCampaigns).where(eq(communicationCampaigns.campaignId, campaignId));
  if (!c || c.status !== 'in_process') return;
  if (!(await claimCampaignLease(db, campaignId, opts.runner, clock.now()))) {
    log.info({ campaignId }, 'campaign runs in another process');
    return;
  }
  try {
    const ctx = await campaignContext(db, c, opts);
    const [start] = await db.select({ processed: communicationCampaigns.processed, total: communicationCampaigns.total }).from(communicationCampaigns).where(eq(communicationCampaigns.campaignId, campaignId));
    const size = opts.batchSize ?? CAMPAIGN_BATCH;
    const pipe: Pipeline = { failed: false, error: undefined };
    const pending = new Set<Promise<void>>();
    // The batch before the next one: that one commits only after it (the checkpoint stays in order).
    let previous: Promise<void> = Promise.resolve();
    let stopped = false;
    for (let offset = start.processed; offset < start.total && !pipe.failed; offset += size) {
      if (opts.stopping?.()) {
        stopped = true;
        break;
      }
      // The run's first batch goes alone: rows it may create for the whole company on first use
      // (the compliance rules' defaults) are then committed before two batches could both wait on them.
      while (pending.size >= (offset === start.processed + size ? 1 : CAMPAIGN_PIPELINE)) await Promise.race(pending);
      if (pipe.failed) break;
      const batch = runBatch(db, ctx, clock.now(), offset, size, previous, pipe);
      const settled = batch.catch((err: unknown) => {
        if (!pipe.failed) pipe.error = err;
        pipe.failed = true;
      });
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      previous = batch;
    }
    await Promise.all(pending);
    if (pipe.failed) throw pipe.error;
    if (stopped) {
      // Given back, so the next start-up resumes at once instead of waiting for the lease to expire.
      await db.update(communicationCampaigns).set({ leaseOwner: null, leaseExpiresAt: null }).where(and(eq(communicationCampaigns.campaignId, campaignId), eq(communicationCampaigns.leaseOwner, opts.runner)));
      return;
    }
    await db
      .update(communicationCampaigns)
      .set({ status: 'completed', completedAt: clock.now(), leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(communicationCampaigns.campaignId, campaignId), eq(communicationCampaigns.leaseOwner, opts.runner)));
  } catch (err) {
    if (err instanceof LeaseLost) {
      log.warn({ campaignId }, 'campaign lease taken over by another process');
      return;
    }
    log.error({ err, campaignId }, 'campaign failed');
    await db
      .update(communicationCampaigns)
      .set({ status: 'failed', error: err instanceof Error ? err.message : String(err), completedAt: clock.now(), leaseOwner: null, leaseExpiresAt: null })
      .where(and(eq(communicationCampaigns.campaignId, campaignId), eq(communicationCampaigns.leaseOwner, opts.runner)));
  }
}

/**
 * The message id of a campaign's message to a loan: the same on every run (a UUID-shaped SHA-256
 * of the two ids), so a batch handed over again after a crash carries the ids the provider saw.
 */
export function campaignMessageId(campaignId: string, loanId: string): string {
  const h = createHash('sha256').update(`${campaignId}\u0000${loanId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}


async function campaignContext(db: Db, c: CampaignRow, opts: CampaignRunOptions): Promise<CampaignContext> {
  const problem = (err: unknown) => {
    if (err instanceof AppError && err.statusCode >= 500) throw err;
    return err instanceof Error ? err.message : String(err);
  };
  let template: CampaignContext['template'] = null;
  let templateProblem: string | null = null;
  try {
    template = await templateRow(db, c.companyId, c.templateId);
    if (template.channel !== c.channel) templateProblem = `The template is for ${template.channel}, not ${c.channel}`;
  } catch (err) {
    templateProblem = problem(err);
  }
  let provider: ChannelProvider | null = opts.provider ?? null;
  let providerProblem: string | null = null;
  if (!provider) {
    try {
      provider = await providerFor(db, opts.keys, c.companyId, c.channel);
    } catch (err) {
      providerProblem = problem(err);
    }
  }
  return { c, runner: opts.runner, template, templateProblem, company: await companyCountry(db, c.companyId), provider, providerProblem, beforeCommit: opts.beforeCommit };
}


/** Loans per batch: see CAMPAIGN_BATCH. Batches of one run in flight at once (see runBatch). */
export const CAMPAIGN_PIPELINE = 2;

/** A run's batches in flight: set once one of them failed (the later ones then stop before their hand-over). */
interface Pipeline {
  failed: boolean;
  error: unknown;
}

/** The batch before this one failed: this one rolls back (its own error is the first one's). */
class EarlierBatchFailed extends Error {}

/**
 * One batch in one transaction (see runCampaign): the loans `offset`…`offset + size` of the
 * campaign's list (read once per run with the campaign). Up to CAMPAIGN_PIPELINE batches run at
 * once, so the next batch reads, decides and writes while the one before it commits (PostgreSQL:
 * this process's JavaScript and the database's backend busy at the same time; PGlite runs one
 * transaction at a time, so there they simply follow one another). Order is kept where it counts:
 * a batch waits for `previous` to commit before it locks the campaign row and moves the
 * checkpoint, which must still be `offset` and this runner's (else LeaseLost, nothing written); a
 * batch whose previous one failed rolls back, and one that sees the failure before its hand-over
 * hands nothing over. The loans of two batches are disjoint, so they take no lock of each other's.
 */
async function runBatch(db: Db, ctx: CampaignContext, now: Date, offset: number, size: number, previous: Promise<void>, pipe: Pipeline): Promise<void> {
  const { c } = ctx;
  const cc = communicationCampaigns;
  const ids = c.loanIds.slice(offset, offset + size);
  await db.transaction(async (tx) => {
    if (pipe.failed) throw new EarlierBatchFailed();
    const done = await tx.select({ loanId: communicationMessages.loanId }).from(communicationMessages).where(and(eq(communicationMessages.campaignId, c.campaignId), inTextList(communicationMessages.loanId, ids)));
    const { message: messageFacts, contact: contactFacts } = await loanCampaignFactsMany(tx, c.companyId, ids);
    const already = new Set(done.map((d) => d.loanId));
    const t = ctx.template;
    const base = (loanId: string) => ({ messageId: campaignMessageId(c.campaignId, loanId), companyId: c.companyId, loanId, channel: c.channel, templateId: c.templateId, templateName: c.templateName, campaignId: c.campaignId, actorId: c.createdBy, createdAt: now });
    const failedRows: Row[] = [];
    const toDecide: Array<{ row: Row; input: DecideInput; vars: Record<string, string> }> = [];
    for (const loanId of ids) {
      if (already.has(loanId)) continue; // decided by a run whose batch committed under the old per-loan job
      const fail = (error: string) => failedRows.push({ ...base(loanId), body: '', status: 'failed', error });
      const facts = messageFacts.get(loanId);
      const contact = contactFacts.get(loanId);
      if (ctx.templateProblem || !t) fail(ctx.templateProblem ?? CAMPAIGN_NOT_FOUND);
      else if (!facts || !contact) fail(NO_LOAN);
      else {
        const merged = { ...variablesOfFacts(facts, ctx.company, now), ...c.variables };
        const body = renderTemplate(t.body, merged);
        const subject = t.subject ? renderTemplate(t.subject, merged) : null;
        const missing = [...new Set([...body.missing, ...(subject?.missing ?? [])])];
        const kind = c.channel === 'email' ? 'email' : 'phone';
        const recipient = contact.contacts.find((x) => x.role === 'borrower' && x.kind === kind)?.value ?? null;
        if (missing.length > 0) fail(`Give values for: ${missing.join(', ')}`);
        else if (!recipient) fail(c.channel === 'email' ? 'The loan has no email address' : 'The loan has no phone number');
        else
          toDecide.push({
            row: { ...base(loanId), recipient, subject: subject?.text ?? null, body: body.text, status: 'queued' },
            input: { companyId: c.companyId, loanId, channel: c.channel, to: recipient, sms: c.channel === 'sms' ? { text: body.text, dltTemplateId: t.dlt?.dlt_template_id ?? null } : undefined, actorId: c.createdBy },
            vars: merged,
          });
      }
    }
    const decisions = await decideMany(tx, toDecide.map((d) => d.input), now, contactFacts);
    const blockedHere: Record<string, number> = {};
    const allowed: Array<{ row: Row; vars: Record<string, string> }> = [];
    const blockedRows: Row[] = [];
    toDecide.forEach(({ row, vars }, n) => {
      const d = decisions[n];
      if (d.allowed) return void allowed.push({ row: { ...row, decisionId: d.decision_id }, vars });
      for (const r of d.reasons) blockedHere[r.code] = (blockedHere[r.code] ?? 0) + 1;
      blockedRows.push({ ...row, decisionId: d.decision_id, status: 'blocked', reasons: d.reasons.map((r) => ({ code: r.code, message: r.message })) });
    });
    if (pipe.failed) throw new EarlierBatchFailed();
    const handed = await handOver(ctx, allowed, now);
    const rows = [...handed.rows, ...blockedRows, ...failedRows];
    await insertMessages(tx, rows, handed.events);
    // Each decided loan's digital status, in one statement (a loan that failed before its decision keeps its own).
    await setManyLoanStatuses(tx, c.companyId, [...handed.rows, ...blockedRows].map((r) => ({ loanId: r.loanId, values: { digital_communication_status: r.status } })));
    const failedHandOver = handed.rows.filter((r) => r.status === 'failed').length;
    await previous;
    await ctx.beforeCommit?.();
    const [cur] = await tx
      .select({ status: cc.status, leaseOwner: cc.leaseOwner, processed: cc.processed, blockedByReason: cc.blockedByReason })
      .from(cc)
      .where(eq(cc.campaignId, c.campaignId))
      .for('update');
    if (!cur || cur.status !== 'in_process' || cur.leaseOwner !== ctx.runner || cur.processed !== offset) throw new LeaseLost();
    const blockedByReason = { ...cur.blockedByReason };
    for (const [code, n] of Object.entries(blockedHere)) blockedByReason[code] = (blockedByReason[code] ?? 0) + n;
    await tx
      .update(cc)
      .set({
        processed: offset + ids.length,
        sent: sql`${cc.sent} + ${handed.rows.length - failedHandOver}`,
        blocked: sql`${cc.blocked} + ${blockedRows.length}`,
        failed: sql`${cc.failed} + ${failedRows.length + failedHandOver}`,
        blockedByReason,
        leaseExpiresAt: new Date(now.getTime() + CAMPAIGN_LEASE_MS),
      })
      .where(eq(cc.campaignId, c.campaignId));
  });
}


/** Campaigns a stopped process left in_process, to queue again at start-up. */
export async function unfinishedCampaigns(db: Db): Promise<string[]> {
  return (await db.select({ id: communicationCampaigns.campaignId }).from(communicationCampaigns).where(eq(communicationCampaigns.status, 'in_process'))).map((r) => r.id);
}

/** Campaigns in_process whose lease expired (the process running them died): the sweep queues them again. */
export async function campaignsToResume(db: Db, now: Date): Promise<string[]> {
  const c = communicationCampaigns;
  return (await db.select({ id: c.campaignId }).from(c).where(and(eq(c.status, 'in_process'), lt(c.leaseExpiresAt, now)))).map((r) => r.id);
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
