/**
 * A campaign batch's writes towards the provider and the message log (issue 13 campaigns; see
 * runCampaign in campaign-service.ts): the hand-over of the allowed messages under their stable
 * ids, and the message rows with their receipts in one statement.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { insertRowsAsJsonSql } from '../../db/sql-helpers';
import { receiptStamps, whatsappTemplateOf } from './message-service';
import type { ChannelProvider, SendOutcome } from './providers/types';
import { communicationDeliveryEvents, communicationMessages, type communicationCampaigns } from './schema';
import type { templateRow } from './template-service';

type CampaignRow = typeof communicationCampaigns.$inferSelect;
type MessageRow = typeof communicationMessages.$inferSelect;

/** Messages handed to the provider at a time (its HTTP API's calls in flight). */
const HANDOVER_IN_FLIGHT = 16;

type TemplateRow = Awaited<ReturnType<typeof templateRow>>;

/** What every batch of one run shares: the campaign, its template (or why it cannot be used), the company, the provider. */
export interface CampaignContext {
  c: CampaignRow;
  runner: string;
  template: TemplateRow | null;
  /** The template is gone or of another channel: every loan fails with this. */
  templateProblem: string | null;
  company: { country: string; currency: 'INR' | 'IDR' };
  provider: ChannelProvider | null;
  /** The company's provider cannot be built (settings incomplete): every hand-over fails with this. */
  providerProblem: string | null;
  /** CampaignRunOptions.beforeCommit. */
  beforeCommit?: () => void | Promise<void>;
}

export type Row = typeof communicationMessages.$inferInsert;

/**
 * The batch's message rows and their receipts in one statement (the receipts' insert reads the
 * messages' CTE): one round trip, and a receipt only for a message this statement inserted. The
 * unique (campaign, loan) key: a loan never gets a second message, whatever replays.
 */
export async function insertMessages(tx: DbOrTx, rows: readonly Row[], events: ReadonlyArray<typeof communicationDeliveryEvents.$inferInsert>): Promise<void> {
  const m = communicationMessages;
  const messages = insertRowsAsJsonSql(m, rows, { conflictTarget: [m.campaignId, m.loanId], returning: sql`${sql.identifier(m.messageId.name)}` });
  if (!messages) return;
  const receipts = insertRowsAsJsonSql(communicationDeliveryEvents, events, { where: sql`r.message_id in (select message_id from m)` });
  await tx.execute(receipts ? sql`with m as (${messages}) ${receipts}` : messages);
}

/**
 * Hands the batch's allowed messages to the provider (HANDOVER_IN_FLIGHT at a time) under their
 * message ids, and answers each row in its final state: status, provider ids and stamps after the
 * receipts the provider gave at once (kept as delivery events), or failed with the provider's error.
 */
export async function handOver(ctx: CampaignContext, allowed: ReadonlyArray<{ row: Row; vars: Record<string, string> }>, now: Date): Promise<{ rows: Row[]; events: Array<typeof communicationDeliveryEvents.$inferInsert> }> {
  const { c } = ctx;
  const t = ctx.template;
  const rows: Row[] = new Array(allowed.length);
  const events: Array<typeof communicationDeliveryEvents.$inferInsert> = [];
  const one = async ({ row, vars }: { row: Row; vars: Record<string, string> }): Promise<Row> => {
    if (!ctx.provider) return { ...row, status: 'failed', error: ctx.providerProblem ?? 'No provider' };
    let outcome: SendOutcome;
    try {
      outcome = await ctx.provider.send({
        messageId: row.messageId!,
        companyId: c.companyId,
        channel: c.channel,
        to: row.recipient ?? '',
        text: row.body,
        subject: row.subject ?? null,
        dlt: t?.dlt ?? null,
        whatsappTemplate: t ? whatsappTemplateOf(c.channel, t, vars) : null,
        attachment: null,
      });
    } catch (err) {
      return { ...row, status: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    let state: Pick<MessageRow, 'status' | 'sentAt' | 'deliveredAt' | 'readAt' | 'error'> = { status: outcome.status, sentAt: outcome.status === 'sent' ? now : null, deliveredAt: null, readAt: null, error: null };
    for (const receipt of outcome.receipts) {
      state = { ...state, ...(receiptStamps(state, receipt, receipt, now) ?? {}) };
      events.push({ companyId: c.companyId, messageId: row.messageId!, status: receipt, providerStatus: receipt, source: outcome.provider, occurredAt: now });
    }
    return { ...row, ...state, provider: outcome.provider, providerMessageId: outcome.providerMessageId };
  };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < allowed.length; i = next++) rows[i] = await one(allowed[i]);
  };
  await Promise.all(Array.from({ length: Math.min(HANDOVER_IN_FLIGHT, allowed.length) }, worker));
  return { rows, events };
}
