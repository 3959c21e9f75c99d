/**
 * Payment links (issue 15 "Collecting"): created on the company's gateway through its adapter
 * (or, with the local sandbox on, pointing at the sandbox's hosted checkout), read, listed by
 * loan, cancelled. A link past its expiry and not fully paid reads EXPIRED. Loans are read
 * through portfolio's queries.ts only; a link is sent to the borrower through communication's
 * queries.ts (`sendToBorrower`: the compliance check, DLT, the company's provider), never here.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { CreatePaymentLinkBody, LinkSendChannel, PaymentLinkRecord, PaymentLinksPage, PaymentLinkStatus } from '../../../domain/contracts/payments/links';
import type { PaymentLinkOutcome } from '../../../domain/contracts/payments/links.schema';
import { formatMinor } from '../../../domain/common/money';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { messagesOf, sendToBorrower, type MessageRecord } from '../communication/queries';
import { loanContactFacts } from '../portfolio/queries';
import { GATEWAY_HOSTS, GATEWAYS, sendToVendor } from './gateways';
import type { LinkSpec, OutboundRequest, PgVendor } from './gateways/types';
import type { PaymentLinkRow } from './schema';
import { paymentGatewayCredentials, paymentLinks } from './schema';
import { createShortLink } from './short-links';
import { credentialsOf } from './settings-service';
import { settingsSectionOf } from './settings-sections-service';

/** Sends a built vendor request and answers the hosted checkout URL (the live transport, or a test's). */
export type GatewayTransport = (vendor: PgVendor, request: OutboundRequest) => Promise<string>;

/** The live transport: the vendor's documented create call over HTTPS. @throws AppError 502 when the vendor refuses */
export const liveTransport: GatewayTransport = async (vendor, request) => {
  const json = await sendToVendor(vendor, request);
  const url =
    vendor === 'cashfree'
      ? json?.link_url
      : vendor === 'easebuzz'
        ? json?.status === 1 && typeof json.data === 'string' ? `${GATEWAY_HOSTS.easebuzz}/pay/${json.data}` : undefined
        : (json?.data as { instrumentResponse?: { redirectInfo?: { url?: unknown } } } | undefined)?.instrumentResponse?.redirectInfo?.url;
  if (typeof url !== 'string') throw new AppError(502, 'The payment gateway refused the link');
  return url;
};

/** The origin the caller reached us at (behind a proxy with TRUST_PROXY: the forwarded one). */
export function originOf(req: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return `${req.protocol}://${req.host}`;
}

/** The status a reader sees: an unpaid or part-paid link past its expiry is EXPIRED. */
export function statusAt(row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>, now: Date): PaymentLinkStatus {
  return (row.status === 'ACTIVE' || row.status === 'PARTIALLY_PAID') && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

/** The part of a message a link shows: its status and, when blocked, why. */
function linkMessage(m: MessageRecord | undefined): PaymentLinkRecord['message'] {
  if (!m) return null;
  return { message_id: m.message_id, status: m.status, reasons: m.reasons, error: m.error, to: m.to, sent_at: m.sent_at, delivered_at: m.delivered_at };
}

/** Rows as records, each with the current state of the message that carried it. */
async function linkRecords(db: DbOrTx, companyId: string, rows: PaymentLinkRow[], now: Date): Promise<PaymentLinkRecord[]> {
  const messages = await messagesOf(db, companyId, rows.flatMap((r) => (r.messageId ? [r.messageId] : [])));
  return rows.map((r) => linkRecord(r, now, r.messageId ? messages.get(r.messageId) : undefined));
}

export function linkRecord(row: PaymentLinkRow, now: Date, message?: MessageRecord): PaymentLinkRecord {
  return {
    link_id: row.linkId,
    loan_id: row.loanId,
    allocation_month: row.allocationMonth,
    pg_vendor: row.pgVendor,
    amount_minor: row.amountMinor,
    paid_minor: row.paidMinor,
    currency: row.currency,
    purpose: row.purpose,
    partial: row.partial,
    status: statusAt(row, now),
    url: row.url,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    sent_via: row.sentVia,
    message: linkMessage(message),
  };
}

/** The standard wording of a link sent without a template ({{…}} filled from the loan and the link). */
export const LINK_MESSAGE = {
  name: 'Payment link',
  subject: 'Payment link for loan {{loan_id}}',
  text: 'Dear {{borrower_name}}, please pay {{link_amount}} for loan {{loan_id}} at {{payment_link}} (valid until {{link_expiry}}).',
};

/**
 * Sends a created link to its loan's borrower through communication's compliance check, in `tx`,
 * and records on the link how and by which message. A blocked or failed message is recorded too.
 * @throws AppError 400/404 from communication (template, variables, no recipient)
 */
async function sendLink(tx: DbOrTx, row: PaymentLinkRow, via: LinkSendChannel, opts: { userId: string; templateId?: string; lang: 'en' | 'hi' | 'id'; now: Date; origin: string; keys: LinkContext['config'] }): Promise<PaymentLinkRecord> {
  // An SMS carries the short link: a DLT variable holds at most 30 characters, a checkout URL more.
  const code = via === 'sms' ? await createShortLink(tx, { companyId: row.companyId, linkId: row.linkId, url: row.url, expiresAt: row.expiresAt }, opts.now) : null;
  const url = code ? `${opts.origin}/p/${code}` : row.url;
  const sent = await sendToBorrower(
    tx,
    {
      companyId: row.companyId,
      loanId: row.loanId,
      channel: via,
      templateId: opts.templateId ?? null,
      content: opts.templateId ? null : LINK_MESSAGE,
      variables: { payment_link: url, ...(code ? { payment_code: code } : {}), link_amount: formatMinor(row.amountMinor, row.currency), link_expiry: row.expiresAt.toISOString().slice(0, 10) },
      mustContain: code ? { text: code, problem: 'The template does not hold {{payment_link}} or {{payment_code}}' } : { text: row.url, problem: 'The template does not hold {{payment_link}}' },
      actorId: opts.userId,
      lang: opts.lang,
      purpose: 'payment',
    },
    opts.now,
    { keys: opts.keys },
  );
  const [updated] = await tx.update(paymentLinks).set({ sentVia: via, messageId: sent.message.message_id, updatedAt: opts.now }).where(eq(paymentLinks.linkId, row.linkId)).returning();
  return linkRecord(updated, opts.now, sent.message);
}

export interface LinkContext {
  config: Pick<AppConfig, 'paymentCredentialsKey' | 'production' | 'paymentSandbox'>;
  /** The server's public origin ('https://ops.example.com'), for the webhook and return URLs. */
  origin: string;
  transport: GatewayTransport;
  now: Date;
}

/**
 * Creates a link for a loan's latest allocation month.
 * @throws AppError 400 when the gateway is not configured or does not offer partial payments; 404 'Loan not found'; 502 when the vendor refuses
 */
export async function createLink(tx: DbOrTx, ctx: LinkContext, companyId: string, userId: string, body: CreatePaymentLinkBody, origin?: LinkOrigin): Promise<PaymentLinkRecord> {
  if (body.template_id && !body.send_via) throw badRequest('A template is used only when the link is sent (send_via)');
  const vendor = body.pg_vendor;
  const adapter = GATEWAYS[vendor];
  const creds = await credentialsOf(tx, ctx.config, companyId, vendor);
  if (!creds) throw badRequest(`Payment gateway ${vendor} is not configured`);
  if (body.partial && !adapter.supportsPartial) throw badRequest(`Partial payments are not offered by ${vendor} links`);
  const loan = await loanContactFacts(tx, companyId, body.loan_id);
  if (!loan) throw notFound('Loan not found');
  // Defaults the lender configured (spec 3 payment_link_configurations) fill what the caller left out.
  const defaults = await settingsSectionOf(tx, companyId, 'payment_link_configurations');
  const partial = body.partial ?? (defaults.partial_payments_allowed === 'true' && adapter.supportsPartial);
  const expiryMinutes = body.expiry_minutes ?? defaults.default_expiry_days * 24 * 60;
  const linkId = `pl_${randomBytes(12).toString('hex')}`;
  const phone = loan.contacts.find((c) => c.role === 'borrower' && c.kind === 'phone')?.value ?? '';
  const email = loan.contacts.find((c) => c.role === 'borrower' && c.kind === 'email')?.value ?? '';
  const spec: LinkSpec = {
    linkId,
    amountMinor: body.amount_minor,
    currency: 'INR',
    purpose: body.purpose ?? (defaults.default_purpose || 'Loan repayment'),
    customer: { name: `Loan ${loan.loanId}`, phone, email },
    expiresAt: new Date(ctx.now.getTime() + expiryMinutes * 60_000),
    partial,
    notifyUrl: `${ctx.origin}/api/payment/webhooks/${vendor}/${companyId}`,
    returnUrl: `${ctx.origin}/payment/return/${linkId}`,
    notes: { loan_id: loan.loanId, allocation_month: loan.allocationMonth },
  };
  const request = adapter.createLinkRequest(creds, spec);
  const url = ctx.config.paymentSandbox ? `${ctx.origin}/api/payment/sandbox/gateway/${linkId}` : await ctx.transport(vendor, request);
  const [row] = await tx
    .insert(paymentLinks)
    .values({
      linkId,
      companyId,
      loanId: loan.loanId,
      allocationMonth: loan.allocationMonth,
      pgVendor: vendor,
      amountMinor: spec.amountMinor,
      purpose: spec.purpose,
      partial: spec.partial,
      status: 'ACTIVE',
      url,
      expiresAt: spec.expiresAt,
      createdBy: userId,
      originKind: origin?.kind ?? null,
      originId: origin?.id ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  if (body.send_via) return sendLink(tx, row, body.send_via, { userId, templateId: body.template_id, lang: body.lang ?? 'en', now: ctx.now, origin: ctx.origin, keys: ctx.config });
  return linkRecord(row, ctx.now);
}

/** The sentence the server says of a created link: created, sent, or why not sent. */
export function linkSentence(link: PaymentLinkRecord): string {
  const m = link.message;
  if (!m) return 'Payment link created';
  if (m.status === 'blocked') return `Payment link created but not sent: ${m.reasons.map((r) => r.message).join('; ')}`;
  if (m.status === 'failed') return `Payment link created but not sent: ${m.error ?? 'the provider failed'}`;
  return 'Payment link created and sent';
}

/** Where an agent asked for a link with another write: a field visit or a call's disposition. */
export interface LinkOrigin {
  kind: 'visit' | 'call';
  id: string;
}

function outcomeOf(link: PaymentLinkRecord, channel: LinkSendChannel): PaymentLinkOutcome {
  const m = link.message;
  return { link_id: link.link_id, amount_minor: link.amount_minor, channel, sent: Boolean(m && m.status !== 'blocked' && m.status !== 'failed'), message: linkSentence(link), reasons: m?.reasons ?? [] };
}

/**
 * Sends a loan's borrower a payment link asked with another write (issue 15: a call's disposition,
 * a field visit), inside that write's transaction `tx`: on the company's first active gateway (by
 * name), through communication's compliance check, remembering `origin` (one link per origin: asked
 * again, the first link's outcome is answered). Never throws for the link's own problems (no
 * gateway, no number, vendor refused): those are undone in a savepoint and answered as an outcome
 * with link_id null, so the visit or disposition still stands.
 */
export async function sendLinkFrom(
  tx: DbOrTx,
  ctx: LinkContext,
  companyId: string,
  userId: string,
  ask: { loanId: string; amountMinor: number; channel: LinkSendChannel; lang: 'en' | 'hi' | 'id'; origin: LinkOrigin },
): Promise<PaymentLinkOutcome> {
  const [earlier] = await tx
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.originKind, ask.origin.kind), eq(paymentLinks.originId, ask.origin.id)));
  if (earlier) return outcomeOf((await linkRecords(tx, companyId, [earlier], ctx.now))[0], earlier.sentVia ?? ask.channel);
  const none = (message: string): PaymentLinkOutcome => ({ link_id: null, amount_minor: ask.amountMinor, channel: ask.channel, sent: false, message, reasons: [] });
  const [gateway] = await tx
    .select({ vendor: paymentGatewayCredentials.pgVendor })
    .from(paymentGatewayCredentials)
    .where(and(eq(paymentGatewayCredentials.companyId, companyId), eq(paymentGatewayCredentials.isActive, true)))
    .orderBy(asc(paymentGatewayCredentials.pgVendor))
    .limit(1);
  if (!gateway) return none('Payment link not created: no payment gateway is configured');
  try {
    const link = await tx.transaction((sp) =>
      createLink(sp, ctx, companyId, userId, { loan_id: ask.loanId, amount_minor: ask.amountMinor, pg_vendor: gateway.vendor, send_via: ask.channel, lang: ask.lang }, ask.origin),
    );
    return outcomeOf(link, ask.channel);
  } catch (err) {
    if (err instanceof AppError && (err.statusCode < 500 || err.statusCode === 502)) return none(`Payment link not created: ${err.message}`);
    throw err;
  }
}

/** One link of the company. @throws AppError 404 'Payment link not found' */
export async function getLink(db: DbOrTx, companyId: string, linkId: string, now: Date): Promise<PaymentLinkRecord> {
  const [row] = await db.select().from(paymentLinks).where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, linkId)));
  if (!row) throw notFound('Payment link not found');
  return (await linkRecords(db, companyId, [row], now))[0];
}

/** The company's links, newest first, optionally of one loan. */
export async function listLinks(db: DbOrTx, companyId: string, q: { loan_id?: string; page_number: number; page_size: number }, now: Date): Promise<PaymentLinksPage> {
  const where = and(eq(paymentLinks.companyId, companyId), q.loan_id ? eq(paymentLinks.loanId, q.loan_id) : undefined);
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(where)
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.linkId))
    .limit(q.page_size)
    .offset((q.page_number - 1) * q.page_size);
  const [{ total }] = await db.select({ total: count() }).from(paymentLinks).where(where);
  return { links: await linkRecords(db, companyId, rows, now), total, page_number: q.page_number, page_size: q.page_size };
}

/**
 * Cancels an ACTIVE link (our side; the live gateway's cancel call is not made yet, so a borrower
 * holding the vendor's page could still pay: such a payment is still posted).
 * @throws AppError 404; 409 'Only an active link can be cancelled'
 */
export async function cancelLink(db: DbOrTx, companyId: string, linkId: string, now: Date): Promise<PaymentLinkRecord> {
  const [row] = await db.select().from(paymentLinks).where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, linkId)));
  if (!row) throw notFound('Payment link not found');
  if (statusAt(row, now) !== 'ACTIVE') throw conflict('Only an active link can be cancelled');
  const [updated] = await db
    .update(paymentLinks)
    .set({ status: 'CANCELLED', updatedAt: now })
    .where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, linkId), eq(paymentLinks.status, 'ACTIVE')))
    .returning();
  if (!updated) throw conflict('Only an active link can be cancelled');
  return (await linkRecords(db, companyId, [updated], now))[0];
}
