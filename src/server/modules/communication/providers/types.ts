/**
 * A channel provider behind an adapter (issue 13): SMS (Exotel's DLT-compliant HTTP API),
 * WhatsApp (Meta's WhatsApp Cloud API), email (SMTP), or the local provider used by default and in
 * the demo. The message row is written first; the adapter only carries the text to the provider.
 */
import type { DltFields } from '../../../../domain/contracts/communication/templates';
import type { MessageChannel, MessageStatus } from '../../../../domain/communication/status';

export interface ProviderMessage {
  /**
   * Our message id (sent along as the provider's reference: Exotel CustomField, SMTP header); the
   * same on a repeat of the message (a campaign batch handed over again), so a provider that honours
   * a client reference (the local provider does) accepts it once.
   */
  messageId: string;
  companyId: string;
  channel: MessageChannel;
  /** Number (any format the loan holds) or email address. */
  to: string;
  text: string;
  subject: string | null;
  /** SMS: its DLT registration (India). */
  dlt: DltFields | null;
  /** WhatsApp: the approved template's name and language and its body parameters in order. */
  whatsappTemplate: { name: string; language: string; parameters: string[] } | null;
  /** Email: an attachment; WhatsApp: a document (the template's document header, or a document message). Never on an SMS. */
  attachment?: { fileName: string; contentType: string; bytes: Buffer } | null;
}

export interface SendOutcome {
  provider: string;
  providerMessageId: string;
  /** What the provider acknowledged: 'sent' (accepted) normally. */
  status: Extract<MessageStatus, 'sent' | 'queued'>;
  /** Receipts the provider produced at once (the local provider delivers immediately). */
  receipts: Array<Extract<MessageStatus, 'delivered' | 'read' | 'failed'>>;
}

export interface ChannelProvider {
  readonly name: string;
  /** Hands one message to the provider. @throws ProviderError when the provider refuses it */
  send(message: ProviderMessage): Promise<SendOutcome>;
}

/** The provider refused or could not be reached; the message is stored failed with this text. */
export class ProviderError extends Error {}
