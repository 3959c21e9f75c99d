/**
 * One adapter per payment gateway (issue 15 "Gateways: each vendor's documented protocol, behind
 * one adapter"). An adapter builds the vendor's create-link request, verifies the vendor's webhook
 * on the raw bytes it was signed over, and (for the local sandbox only) signs a webhook the way the
 * vendor does. Amounts cross this boundary as integer minor units (paise); each adapter converts
 * to the vendor's own unit (Cashfree and Easebuzz: rupees with 2 decimals; PhonePe: paise).
 */

import type { PgVendor } from '../../../../domain/contracts/payments/links';
export type { PgVendor };

/** A company's credentials for one gateway, decrypted (never logged, never answered). */
export interface GatewayCredentials {
  /** Cashfree: app id owner; Easebuzz: merchant id; PhonePe: merchantId (checked against callbacks). */
  merchantId: string;
  /** Cashfree x-client-id; Easebuzz key. */
  apiKey?: string;
  /** Cashfree x-client-secret. */
  apiSecret?: string;
  /** Easebuzz salt; PhonePe v1 salt key. */
  saltKey?: string;
  /** PhonePe v1 salt index ('1'). */
  saltIndex?: string;
  /** Webhook secrets, current first, then the one before the last rotation (Cashfree signs with it). */
  webhookSecrets: string[];
  /** PhonePe v2 webhook username and password (Authorization = SHA256(username:password)). */
  webhookUsername?: string;
  webhookPassword?: string;
}

/** What we ask a gateway for: one payment link. */
export interface LinkSpec {
  /** Our link id, reused as the vendor's link_id / txnid / merchantTransactionId (≤ 35 chars, [A-Za-z0-9_-]). */
  linkId: string;
  amountMinor: number;
  currency: 'INR';
  purpose: string;
  customer: { name: string; phone: string; email: string };
  expiresAt: Date;
  partial: boolean;
  /** Our webhook URL for this company and vendor. */
  notifyUrl: string;
  /** Where the borrower's browser returns after paying. */
  returnUrl: string;
  notes: Record<string, string>;
}

/** An HTTP request to a vendor, fully built (headers signed), so a transport only sends it. */
export interface OutboundRequest {
  method: 'POST';
  /** Path below the vendor's base URL ('/pg/links'). */
  path: string;
  headers: Record<string, string>;
  /** The exact bytes to send. */
  body: string;
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
}

/** A verified gateway event, in our terms. */
export interface GatewayEvent {
  /** The vendor's event identity: a repeat of the same id is a duplicate delivery. */
  eventId: string;
  /** Our link id as the vendor echoes it. */
  linkId: string;
  /** SUCCESS: money moved; FAILED: an attempt failed (the link stays as it was). */
  outcome: 'SUCCESS' | 'FAILED';
  /** The vendor's id of this payment (unique per payment). */
  paymentId: string;
  /** This payment's amount, minor units. */
  amountMinor: number;
  /** 'upi' | 'netbanking' | 'card' | … lower-cased as the vendor reports it. */
  channel: string;
}

export type Verification = { ok: true; event: GatewayEvent } | { ok: false; reason: 'signature' | 'timestamp' | 'merchant' | 'malformed' };

/** Headers as Fastify gives them (lower-case names). */
export type Headers = Record<string, string | string[] | undefined>;

/** What the local sandbox makes a gateway send: one payment attempt on a link. */
export interface SandboxPayment {
  linkId: string;
  amountMinor: number;
  /** The link's full amount (Cashfree reports both). */
  linkAmountMinor: number;
  /** Already paid on the link before this payment. */
  paidBeforeMinor: number;
  outcome: 'SUCCESS' | 'FAILED';
  paymentId: string;
  channel: string;
}

export interface GatewayAdapter {
  readonly vendor: PgVendor;
  /** Partial payments on one link (Cashfree Payment Links only). */
  readonly supportsPartial: boolean;
  /** The credentials the adapter cannot work without (names of GatewayCredentials fields). */
  readonly requires: readonly (keyof GatewayCredentials)[];
  /** The vendor's create-link request. */
  createLinkRequest(creds: GatewayCredentials, link: LinkSpec): OutboundRequest;
  /**
   * Verifies a webhook on its raw bytes with the company's credentials (constant-time compares).
   * Never throws: a body it cannot read is `malformed`.
   */
  verifyWebhook(raw: Buffer, headers: Headers, creds: GatewayCredentials, now: Date): Verification;
  /** The local sandbox's webhook for a payment, signed as the vendor signs it. */
  signWebhook(creds: GatewayCredentials, payment: SandboxPayment, now: Date): { headers: Record<string, string>; body: Buffer };
  /** Mandates (eNACH / UPI Autopay), when the vendor's mandate API is wired (Cashfree Subscriptions). */
  readonly mandates?: MandateAdapter;
}

/** What we ask a gateway for: a mandate for a loan's EMI (an ON_DEMAND plan we present debits on). */
export interface MandateSpec {
  /** Our mandate id, the vendor's subscription_id. */
  mandateId: string;
  mode: 'enach' | 'upi_autopay';
  emiMinor: number;
  maxMinor: number;
  customer: { name: string; phone: string; email: string };
  /** 'YYYY-MM-DD' (India). */
  firstDebitDate: string;
  expiresAt: Date;
  returnUrl: string;
  notes: Record<string, string>;
}

/** One debit to present on a mandate: our debit id is the vendor's payment_id. */
export interface DebitSpec {
  mandateId: string;
  debitId: string;
  amountMinor: number;
  /** 'YYYY-MM-DD'. */
  dueDate: string;
}

/** A verified mandate event, in our terms. */
export type MandateEvent = {
  /** The vendor's event identity: a repeat is a duplicate delivery. */
  eventId: string;
  mandateId: string;
  /** The vendor's time of the event (orders status changes). */
  at: Date;
} & (
  | { kind: 'status'; status: string }
  | { kind: 'auth'; outcome: 'SUCCESS' | 'FAILED'; reason: string | null }
  | { kind: 'debit'; debitId: string; gatewayPaymentId: string; amountMinor: number; outcome: 'SUCCESS' | 'FAILED' | 'CANCELLED'; reason: string | null; channel: string }
);

export type MandateVerification = { ok: true; event: MandateEvent } | { ok: false; reason: 'signature' | 'timestamp' | 'malformed' };

/** What the local sandbox makes a gateway send about a mandate. */
export type SandboxMandateEvent =
  | { kind: 'status'; mandateId: string; status: string; at: Date }
  | { kind: 'auth'; mandateId: string; outcome: 'SUCCESS' | 'FAILED'; reason: string | null; paymentId: string }
  | { kind: 'debit'; mandateId: string; debitId: string; gatewayPaymentId: string; amountMinor: number; outcome: 'SUCCESS' | 'FAILED'; reason: string | null; mode: 'enach' | 'upi_autopay' };

export interface MandateAdapter {
  /** The vendor's create-mandate request. */
  createRequest(creds: GatewayCredentials, spec: MandateSpec): OutboundRequest;
  /** The vendor's request presenting one debit. */
  chargeRequest(creds: GatewayCredentials, debit: DebitSpec): OutboundRequest;
  /** The vendor's request cancelling a mandate. */
  cancelRequest(creds: GatewayCredentials, mandateId: string): OutboundRequest;
  /** Verifies a mandate webhook on its raw bytes (constant-time compares); never throws. */
  verifyWebhook(raw: Buffer, headers: Headers, creds: GatewayCredentials, now: Date): MandateVerification;
  /** The local sandbox's mandate webhook, signed as the vendor signs it. */
  signWebhook(creds: GatewayCredentials, event: SandboxMandateEvent, now: Date): { headers: Record<string, string>; body: Buffer };
}

/** Rupees with exactly 2 decimals from paise, as Cashfree and Easebuzz write amounts ('1234.50'). */
export function rupees(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Paise from a vendor's rupee amount ('1234.5', 1234.5, '1234.50'), exactly; null when not an amount. */
export function paiseOf(value: unknown): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** The one value of a header (the first when repeated). */
export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
