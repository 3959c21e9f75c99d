/**
 * Payment links (issue 15 "Collecting"): created on the company's gateway through its adapter
 * (or, with the local sandbox on, pointing at the sandbox's hosted checkout), read, listed by
 * loan, cancelled. A link past its expiry and not fully paid reads EXPIRED. Loans are read
 * through portfolio's queries.ts only. Sending the link is the communication area's (not here).
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { CreatePaymentLinkBody, PaymentLinkRecord, PaymentLinksPage, PaymentLinkStatus } from '../../../domain/contracts/payments/links';
import { DEFAULT_LINK_EXPIRY_MINUTES } from '../../../domain/contracts/payments/links';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { loanContactFacts } from '../portfolio/queries';
import { GATEWAY_HOSTS, GATEWAYS } from './gateways';
import type { LinkSpec, OutboundRequest, PgVendor } from './gateways/types';
import type { PaymentLinkRow } from './schema';
import { paymentLinks } from './schema';
import { credentialsOf } from './settings-service';

/** Sends a built vendor request and answers the hosted checkout URL (the live transport, or a test's). */
export type GatewayTransport = (vendor: PgVendor, request: OutboundRequest) => Promise<string>;

/** The live transport: the vendor's documented create call over HTTPS. @throws AppError 502 when the vendor refuses */
export const liveTransport: GatewayTransport = async (vendor, request) => {
  const res = await fetch(`${GATEWAY_HOSTS[vendor]}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, 'content-type': request.contentType, accept: 'application/json' },
    body: request.body,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  const json = res?.ok ? ((await res.json().catch(() => null)) as Record<string, unknown> | null) : null;
  const url =
    vendor === 'cashfree'
      ? json?.link_url
      : vendor === 'easebuzz'
        ? json?.status === 1 && typeof json.data === 'string' ? `${GATEWAY_HOSTS.easebuzz}/pay/${json.data}` : undefined
        : (json?.data as { instrumentResponse?: { redirectInfo?: { url?: unknown } } } | undefined)?.instrumentResponse?.redirectInfo?.url;
  if (typeof url !== 'string') throw new AppError(502, 'The payment gateway refused the link');
  return url;
};

/** The status a reader sees: an unpaid or part-paid link past its expiry is EXPIRED. */
export function statusAt(row: Pick<PaymentLinkRow, 'status' | 'expiresAt'>, now: Date): PaymentLinkStatus {
  return (row.status === 'ACTIVE' || row.status === 'PARTIALLY_PAID') && row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : row.status;
}

export function linkRecord(row: PaymentLinkRow, now: Date): PaymentLinkRecord {
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
  };
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
export async function createLink(tx: DbOrTx, ctx: LinkContext, companyId: string, userId: string, body: CreatePaymentLinkBody): Promise<PaymentLinkRecord> {
  const vendor = body.pg_vendor;
  const adapter = GATEWAYS[vendor];
  const creds = await credentialsOf(tx, ctx.config, companyId, vendor);
  if (!creds) throw badRequest(`Payment gateway ${vendor} is not configured`);
  if (body.partial && !adapter.supportsPartial) throw badRequest(`Partial payments are not offered by ${vendor} links`);
  const loan = await loanContactFacts(tx, companyId, body.loan_id);
  if (!loan) throw notFound('Loan not found');
  const linkId = `pl_${randomBytes(12).toString('hex')}`;
  const phone = loan.contacts.find((c) => c.role === 'borrower' && c.kind === 'phone')?.value ?? '';
  const email = loan.contacts.find((c) => c.role === 'borrower' && c.kind === 'email')?.value ?? '';
  const spec: LinkSpec = {
    linkId,
    amountMinor: body.amount_minor,
    currency: 'INR',
    purpose: body.purpose ?? 'Loan repayment',
    customer: { name: `Loan ${loan.loanId}`, phone, email },
    expiresAt: new Date(ctx.now.getTime() + (body.expiry_minutes ?? DEFAULT_LINK_EXPIRY_MINUTES) * 60_000),
    partial: body.partial ?? false,
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
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning();
  return linkRecord(row, ctx.now);
}

/** One link of the company. @throws AppError 404 'Payment link not found' */
export async function getLink(db: DbOrTx, companyId: string, linkId: string, now: Date): Promise<PaymentLinkRecord> {
  const [row] = await db.select().from(paymentLinks).where(and(eq(paymentLinks.companyId, companyId), eq(paymentLinks.linkId, linkId)));
  if (!row) throw notFound('Payment link not found');
  return linkRecord(row, now);
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
  return { links: rows.map((r) => linkRecord(r, now)), total, page_number: q.page_number, page_size: q.page_size };
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
  return linkRecord(updated, now);
}
