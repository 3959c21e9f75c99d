/**
 * The local provider (`local-provider`): nothing leaves the machine. It records each message it was
 * handed (the last 1,000, for the demo and tests) and answers a delivery receipt at once, so the
 * demo shows the whole life of a message: queued → sent → delivered.
 */
import { randomUUID } from 'node:crypto';
import type { ChannelProvider, ProviderMessage, SendOutcome } from './types';

const KEEP = 1000;

export class LocalProvider implements ChannelProvider {
  readonly name = 'local-provider';
  /** What was handed over, oldest first (at most 1,000). */
  readonly recorded: ProviderMessage[] = [];

  async send(message: ProviderMessage): Promise<SendOutcome> {
    this.recorded.push(message);
    if (this.recorded.length > KEEP) this.recorded.splice(0, this.recorded.length - KEEP);
    return { provider: this.name, providerMessageId: `local-${randomUUID()}`, status: 'sent', receipts: ['delivered'] };
  }
}

/** One local provider per process (all companies). */
export const localProvider = new LocalProvider();
