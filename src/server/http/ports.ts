/**
 * Ports (kernel; docs/decisions/007-area-kernel.md): the rare service one area needs of another
 * that sits *after* it in the dependency order, declared here and provided by the owning area's
 * front door (`defineArea({ provides })`), so the area graph stays acyclic.
 */
import type { DbOrTx } from '../db/client';
import type { OutboundMessage } from '../messaging/provider';

/**
 * Field executives' last known positions (provided by the field area's tracking; read by the
 * allocation area's territory suggestion, which the field area itself depends on).
 */
export interface PositionsPort {
  /** The last position of each of `userIds` that has one, decimal degrees. */
  lastPositions(db: DbOrTx, companyId: string, userIds: readonly string[]): Promise<Map<string, { lat: number; lng: number }>>;
}

/**
 * Messages to a user of the platform — sign-in OTPs, email-change codes (issue 13 "The OTP messages
 * of sign-in move onto this area"): provided by the communication area, used by auth and users,
 * which come before it.
 */
export interface AccountMessagesPort {
  /**
   * Records the message in message_outbox (secrets left out) and hands it to the email provider of
   * `message.companyId` when that company chose one (SMTP), else to the platform's provider.
   * Never throws for a provider failure: the outbox row says it. @returns the outbox row id
   */
  send(message: OutboundMessage): Promise<number>;
  /**
   * A sign-in OTP (issue 13): by email (the company's email provider or the platform's) and, when
   * the user has a mobile, by SMS through the company's SMS adapter with its DLT registration
   * (domain/communication/otp.ts: no contact hours, no DND; DLT refused before the provider).
   * Each message is recorded in message_outbox with the code masked. Never throws for a provider
   * failure or a refusal: the answer and the rows say it.
   */
  sendOtp(message: OtpMessage): Promise<OtpDelivery>;
}

/** A sign-in OTP to send (AccountMessagesPort.sendOtp). */
export interface OtpMessage {
  /** The user's first active company; null for the platform's own users. */
  companyId: string | null;
  email: string;
  mobile: string | null;
  /** The user's preferred language (en, hi, id) for the SMS text; null: the company's default. */
  language: string | null;
  /** The 6-digit code (a secret: never stored in clear). */
  code: string;
  /** Minutes the code lives. */
  minutes: number;
}

/** What became of a sign-in OTP on each channel. */
export interface OtpDelivery {
  email: 'sent' | 'failed';
  /** null: the user has no mobile. blocked: refused before the provider (`smsRefusal` says why). */
  sms: 'sent' | 'failed' | 'blocked' | null;
  smsRefusal: string | null;
}

/** Every port, as ModuleDeps carries them. */
export interface Ports {
  positions: PositionsPort;
  accountMessages: AccountMessagesPort;
}
