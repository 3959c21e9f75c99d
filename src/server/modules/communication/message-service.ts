/**
 * Sending one message and keeping its status (issue 13 "Communication"): the template rendered
 * for the loan, the compliance decision (`decide()`, written on the loan's timeline), then either
 * the row stored blocked with the reasons or handed to the channel's provider; receipts move the
 * status forward only (domain/communication/status.ts) and are all kept as delivery events.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { MessageRecord } from '../../../domain/contracts/communication/messages';
import type { ChatrStatus } from '../../../domain/communication/chat';
import { renderTemplate } from '../../../domain/communication/render';
import type { MessageChannel, MessageStatus } from '../../../domain/communication/status';
import { advanceStatus } from '../../../domain/communication/status';
import type { ReasonLang } from '../../../domain/compliance/reasons';
import type { ContactPurpose } from '../../../domain/compliance/rules';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../http/errors';
import { decide } from '../compliance/queries';
import { loanContactFacts, maskedValuesOfLoan, setLoanStatuses } from '../portfolio/queries';
import { loanVariablesOf, NO_LOAN } from './loan-variables';
import type { ChannelProvider, ProviderMessage } from './providers/types';
import { communicationDeliveryEvents, communicationMessages } from './schema';
import { providerFor } from './settings-service';
import type { SecretKeys } from '../../security/secret-box';
import { templateRow } from './template-service';

type MessageRow = typeof communicationMessages.$inferSelect;

/** All but the last 4 characters hidden: lists show whose, never the number. */
export const maskedRecipient = (v: string | null) => (v === null ? null : v.length > 4 ? `${'*'.repeat(Math.min(v.length - 4, 8))}${v.slice(-4)}` : '****');

export function toMessageRecord(r: MessageRow): MessageRecord {
  return {
    message_id: r.messageId,
    loan_id: r.loanId,
    channel: r.channel,
    template_id: r.templateId,
    template_name: r.templateName,
    to: maskedRecipient(r.recipient),
    subject: r.subject,
    attachment: r.attachment ?? null,
    text: r.body,
    status: r.status,
    reasons: r.reasons as MessageRecord['reasons'],
    error: r.error,
    provider: r.provider,
    provider_message_id: r.providerMessageId,
    campaign_id: r.campaignId,
    direction: r.direction,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    read_at: r.readAt?.toISOString() ?? null,
  };
}

/**
 * Messages as a caller may read them (spec 3 masking, per caller like the loan screens): for a
 * caller without access_unmasked_data, each of the loan's masked personal values quoted in a text
 * or subject (a borrower's name rendered into a template) is replaced by its masked form.
 */
export async function messagesForCaller(db: DbOrTx, companyId: string, loanId: string, unmasked: boolean, records: MessageRecord[]): Promise<MessageRecord[]> {
  if (unmasked || records.length === 0) return records;
  const pairs = await maskedValuesOfLoan(db, companyId, loanId, false);
  if (pairs.length === 0) return records;
  const mask = (text: string) => pairs.reduce((out, [clear, masked]) => out.split(clear).join(masked), text);
  return records.map((r) => ({ ...r, text: mask(r.text), subject: r.subject === null ? null : mask(r.subject) }));
}

/**
 * A document sent with an email (an attachment) or a WhatsApp message (a document message);
 * an SMS cannot carry one. `bytes` is the file itself (a caller holding a stored file reads it first).
 */
export interface MessageAttachment {
  fileName: string;
  /** MIME type, e.g. 'application/pdf'. */
  contentType: string;
  bytes: Buffer;
}

/** Largest document a message carries (bytes): within Gmail's 25 MB and WhatsApp's 100 MB limits, with base64 overhead. */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;

export interface SendInput {
  companyId: string;
  loanId: string;
  channel: MessageChannel;
  /** A communication template of the company (its channel must be `channel`). Either this or `content`. */
  templateId?: string | null;
  /**
   * A text the calling area wrote (payment link, notice cover note), rendered like a template
   * (`{{name}}` from the loan's variables and `variables`); `subject` is required for an email.
   * An SMS without a template has no DLT registration: where DLT applies, compliance refuses it.
   */
  content?: { name: string; text: string; subject?: string | null; /** Sent as written: `{{…}}` is not a variable (an agent's chat reply). */ verbatim?: boolean } | null;
  variables: Record<string, string>;
  to?: string;
  actorId: string | null;
  lang?: ReasonLang;
  campaignId?: string | null;
  /** Email and WhatsApp only (400 for an SMS). */
  attachment?: MessageAttachment | null;
  /** Why the borrower is contacted (compliance; default 'payment'). */
  purpose?: ContactPurpose;
  /** A value the rendered text must hold (a payment link's URL), else 400 with `problem`. */
  mustContain?: { text: string; problem: string };
}

/** WhatsApp template names are lowercase with underscores (Meta's rule); ours is derived from the template's name. */
const waTemplateName = (name: string) => name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'template';

/** What is sent: the template's or the caller's text, before rendering. */
async function sourceOf(db: DbOrTx, input: SendInput) {
  if (input.templateId) {
    const t = await templateRow(db, input.companyId, input.templateId);
    if (t.channel !== input.channel) throw badRequest(`The template is for ${t.channel}, not ${input.channel}`);
    return { templateId: t.templateId as string | null, name: t.name, body: t.body, subject: t.subject, dlt: t.dlt ?? null, language: t.language as string | null, verbatim: false };
  }
  if (!input.content) throw badRequest('Give a template or a text');
  if (input.channel === 'email' && !input.content.subject) throw badRequest('An email needs a subject');
  return { templateId: null, name: input.content.name, body: input.content.text, subject: input.channel === 'email' ? (input.content.subject ?? null) : null, dlt: null, language: null, verbatim: input.content.verbatim === true };
}

/** How a message reaches its provider: the keys that open the stored credentials, or a provider given (tests, benches). */
export interface SendVia {
  keys: SecretKeys;
  provider?: ChannelProvider;
}

/**
 * Sends one message to a loan's borrower (or `to`) through the compliance decision: the one path
 * behind POST /communication/messages, campaigns and other areas (`sendToBorrower` in queries.ts).
 * Runs inside `db` (the caller's transaction: the idempotent request's, or a campaign's per loan).
 * @param via `keys` open the company's stored provider credentials (the app's config);
 *   `provider` is a test/bench seam replacing the company's provider for the channel
 * @returns the stored message: blocked (with reasons), failed (provider error), or sent/delivered
 * @throws 404 loan or template; 400 a template of another channel, missing variables, no recipient,
 *   a document on an SMS or over MAX_ATTACHMENT_BYTES
 */
export async function sendMessage(db: DbOrTx, input: SendInput, now: Date, via: SendVia): Promise<MessageRecord> {
  const attachment = input.attachment ?? null;
  if (attachment && input.channel === 'sms') throw badRequest('An SMS cannot carry a document; send it by email or WhatsApp');
  if (attachment && (attachment.bytes.length === 0 || attachment.bytes.length > MAX_ATTACHMENT_BYTES)) throw badRequest(`A document must have 1 byte to ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`);
  const t = await sourceOf(db, input);
  const [vars, facts] = await Promise.all([loanVariablesOf(db, input.companyId, input.loanId, now), loanContactFacts(db, input.companyId, input.loanId)]);
  if (!facts) throw badRequest(NO_LOAN);
  const merged = { ...vars, ...input.variables };
  const body = t.verbatim ? { text: t.body, missing: [] as string[] } : renderTemplate(t.body, merged);
  const subject = t.subject ? renderTemplate(t.subject, merged) : null;
  const missing = [...new Set([...body.missing, ...(subject?.missing ?? [])])];
  if (missing.length > 0) throw badRequest(`Give values for: ${missing.join(', ')}`);
  if (input.mustContain && !body.text.includes(input.mustContain.text)) throw badRequest(input.mustContain.problem);
  const kind = input.channel === 'email' ? 'email' : 'phone';
  const recipient = input.to ?? facts.contacts.find((c) => c.role === 'borrower' && c.kind === kind)?.value ?? null;
  if (!recipient) throw badRequest(input.channel === 'email' ? 'The loan has no email address' : 'The loan has no phone number');

  const decision = await decide(
    db,
    {
      companyId: input.companyId,
      loanId: input.loanId,
      channel: input.channel,
      to: recipient,
      sms: input.channel === 'sms' ? { text: body.text, dltTemplateId: t.dlt?.dlt_template_id ?? null } : undefined,
      actorId: input.actorId,
      lang: input.lang,
      purpose: input.purpose,
    },
    now,
  );
  const base = {
    companyId: input.companyId,
    loanId: input.loanId,
    channel: input.channel,
    templateId: t.templateId,
    templateName: t.name,
    recipient,
    subject: subject?.text ?? null,
    body: body.text,
    attachment: attachment ? { file_name: attachment.fileName, content_type: attachment.contentType, size_bytes: attachment.bytes.length } : null,
    decisionId: decision.decision_id,
    campaignId: input.campaignId ?? null,
    actorId: input.actorId,
    createdAt: now,
  };
  if (!decision.allowed) {
    const [row] = await db
      .insert(communicationMessages)
      .values({ ...base, status: 'blocked', reasons: decision.reasons.map((r) => ({ code: r.code, message: r.message })) })
      .returning();
    await keepDigitalStatus(db, row);
    return toMessageRecord(row);
  }
  const [queued] = await db.insert(communicationMessages).values({ ...base, status: 'queued' }).returning();
  let row: MessageRow;
  try {
    const adapter = via.provider ?? (await providerFor(db, via.keys, input.companyId, input.channel));
    const outcome = await adapter.send({
      messageId: queued.messageId,
      companyId: input.companyId,
      channel: input.channel,
      to: recipient,
      text: body.text,
      subject: subject?.text ?? null,
      dlt: t.dlt,
      whatsappTemplate: whatsappTemplateOf(input.channel, t, merged),
      attachment: input.channel === 'sms' ? null : attachment,
    });
    [row] = await db
      .update(communicationMessages)
      .set({ status: outcome.status, provider: outcome.provider, providerMessageId: outcome.providerMessageId, sentAt: outcome.status === 'sent' ? now : null })
      .where(eq(communicationMessages.messageId, queued.messageId))
      .returning();
    for (const receipt of outcome.receipts) row = (await applyReceipt(db, row, receipt, receipt, outcome.provider, now)) ?? row;
  } catch (err) {
    [row] = await db
      .update(communicationMessages)
      .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
      .where(eq(communicationMessages.messageId, queued.messageId))
      .returning();
  }
  await keepDigitalStatus(db, row);
  return toMessageRecord(row);
}

/**
 * Keeps the loan's `digital_communication_status` (spec 3) at the status of its latest outbound
 * message: written when a message is stored and when a receipt moves the latest one forward.
 */
async function keepDigitalStatus(db: DbOrTx, row: MessageRow): Promise<void> {
  if (row.direction !== 'outbound') return;
  const [newer] = await db
    .select({ id: communicationMessages.messageId })
    .from(communicationMessages)
    .where(and(eq(communicationMessages.companyId, row.companyId), eq(communicationMessages.loanId, row.loanId), eq(communicationMessages.direction, 'outbound'), gt(communicationMessages.createdAt, row.createdAt)))
    .limit(1);
  if (!newer) await setLoanStatuses(db, row.companyId, row.loanId, null, { digital_communication_status: row.status });
}

/** Messages of the company by id (others' ids and unknown ids are left out). */
export async function messagesById(db: DbOrTx, companyId: string, messageIds: readonly string[]): Promise<Map<string, MessageRecord>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(communicationMessages)
    .where(and(eq(communicationMessages.companyId, companyId), inArray(communicationMessages.messageId, [...new Set(messageIds)])));
  return new Map(rows.map((r) => [r.messageId, toMessageRecord(r)]));
}

/** A WhatsApp message's approved template (name, language, parameters in order), or null: another channel, or a text without template. */
export function whatsappTemplateOf(channel: MessageChannel, t: { templateId: string | null; name: string; language: string | null; body: string }, vars: Record<string, string>): ProviderMessage['whatsappTemplate'] {
  if (channel !== 'whatsapp' || !t.templateId || !t.language) return null;
  return { name: waTemplateName(t.name), language: t.language, parameters: Object.keys(vars).length ? placeholderValues(t.body, vars) : [] };
}

/** The values of the body's placeholders in order of first use (WhatsApp's {{1}}, {{2}}…). */
function placeholderValues(body: string, vars: Record<string, string>): string[] {
  const out: string[] = [];
  for (const m of body.matchAll(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/gi)) out.push(vars[m[1]] ?? '');
  return out;
}

/**
 * What a receipt changes on a message (pure): the status moved forward (`advanceStatus`) and
 * sent_at, delivered_at, read_at, error stamped; null when the status does not move.
 */
export function receiptStamps(row: Pick<MessageRow, 'status' | 'sentAt' | 'deliveredAt'>, status: MessageStatus, providerStatus: string | null, at: Date): Partial<MessageRow> | null {
  const next = advanceStatus(row.status, status);
  if (next === row.status) return null;
  const stamps: Partial<MessageRow> = { status: next };
  if (next === 'delivered' || next === 'read') stamps.deliveredAt = row.deliveredAt ?? at;
  if (next === 'read') stamps.readAt = at;
  if (!row.sentAt && next !== 'failed') stamps.sentAt = at;
  if (next === 'failed') stamps.error = providerStatus ? `The provider reported: ${providerStatus}` : 'The provider reported a failure';
  return stamps;
}

/**
 * Records a receipt for `row` and moves its status forward (`advanceStatus`); stamps sent_at,
 * delivered_at, read_at. @returns the updated row
 */
export async function applyReceipt(db: DbOrTx, row: MessageRow, status: MessageStatus, providerStatus: string | null, source: string, at: Date): Promise<MessageRow> {
  await db.insert(communicationDeliveryEvents).values({ companyId: row.companyId, messageId: row.messageId, status, providerStatus, source, occurredAt: at });
  const stamps = receiptStamps(row, status, providerStatus, at);
  if (!stamps) return row;
  const [updated] = await db.update(communicationMessages).set(stamps).where(eq(communicationMessages.messageId, row.messageId)).returning();
  await keepDigitalStatus(db, updated);
  return updated;
}

/** The company's message a provider names by its id, or null. */
export async function messageByProviderId(db: DbOrTx, companyId: string, provider: string, providerMessageId: string): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(communicationMessages)
    .where(and(eq(communicationMessages.companyId, companyId), eq(communicationMessages.provider, provider), eq(communicationMessages.providerMessageId, providerMessageId)))
    .limit(1);
  return row ?? null;
}

/** GET /communication/messages?loan_id=: newest first (at most 200). */
export async function listMessages(db: DbOrTx, companyId: string, loanId: string, channel?: MessageChannel): Promise<MessageRecord[]> {
  const where = [eq(communicationMessages.companyId, companyId), eq(communicationMessages.loanId, loanId)];
  if (channel) where.push(eq(communicationMessages.channel, channel));
  const rows = await db.select().from(communicationMessages).where(and(...where)).orderBy(desc(communicationMessages.createdAt), desc(communicationMessages.messageId)).limit(200);
  return rows.map(toMessageRecord);
}

/**
 * An inbound message (a WhatsApp reply) stored on the loan; status 'delivered' (it reached us).
 * The loan's `chatr_status` becomes 'customer_replied' (issue 13 ChatR: it waits for an agent).
 */
export async function recordInbound(db: DbOrTx, companyId: string, loanId: string, channel: MessageChannel, from: string, text: string, provider: string, providerMessageId: string, at: Date): Promise<void> {
  if (await messageByProviderId(db, companyId, provider, providerMessageId)) return; // Meta retries a notification
  await db.insert(communicationMessages).values({ companyId, loanId, channel, direction: 'inbound', recipient: from, body: text, status: 'delivered', provider, providerMessageId, createdAt: at, deliveredAt: at });
  if (channel === 'whatsapp') await setLoanStatuses(db, companyId, loanId, null, { chatr_status: 'customer_replied' satisfies ChatrStatus });
}
