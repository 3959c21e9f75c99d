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
}

/** Every port, as ModuleDeps carries them. */
export interface Ports {
  positions: PositionsPort;
  accountMessages: AccountMessagesPort;
}
