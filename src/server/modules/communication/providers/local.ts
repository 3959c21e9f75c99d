/**
 * The local provider (`local-provider`): nothing leaves the machine. It records each message it was
 * handed (the last 1,000, for the demo and tests) and answers a delivery receipt at once, so the
 * demo shows the whole life of a message: queued → sent → delivered. A document is recorded with
 * the message by name, type, size and SHA-256 (not its bytes: a thousand PDFs would fill memory).
 * Like an Indian SMS provider's client reference (custom ref), our message id is its idempotency
 * key: a message handed over again under an id it already accepted (a campaign batch resumed after
 * its process died before committing) is answered with the first outcome and not recorded again.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { ChannelProvider, ProviderMessage, SendOutcome } from './types';

const KEEP = 1000;
/** Message ids remembered as accepted (the oldest forgotten first): a campaign of 100,000 and more. */
const REFERENCES = 250_000;

/** A message as the local provider keeps it: the document by its facts, not its bytes. */
export type RecordedMessage = ProviderMessage & { document: { fileName: string; contentType: string; sizeBytes: number; sha256: string } | null };

export class LocalProvider implements ChannelProvider {
  readonly name = 'local-provider';
  /** What was handed over, oldest first (the last 1,000 at least, at most 2,000). */
  readonly recorded: RecordedMessage[] = [];
  /** How many distinct messages were accepted (repeats of a message id not counted). */
  accepted = 0;
  private readonly outcomes = new Map<string, SendOutcome>();

  async send(message: ProviderMessage): Promise<SendOutcome> {
    const seen = this.outcomes.get(message.messageId);
    if (seen) return seen;
    const a = message.attachment;
    this.recorded.push({
      ...message,
      attachment: null,
      document: a ? { fileName: a.fileName, contentType: a.contentType, sizeBytes: a.bytes.length, sha256: createHash('sha256').update(a.bytes).digest('hex') } : null,
    });
    // Trimmed in steps of KEEP, not one at a time (a shift of 1,000 entries per message was ~1 s per 100,000).
    if (this.recorded.length >= 2 * KEEP) this.recorded.splice(0, this.recorded.length - KEEP);
    const outcome: SendOutcome = { provider: this.name, providerMessageId: `local-${randomUUID()}`, status: 'sent', receipts: ['delivered'] };
    this.accepted += 1;
    this.outcomes.set(message.messageId, outcome);
    if (this.outcomes.size > REFERENCES) this.outcomes.delete(this.outcomes.keys().next().value!);
    return outcome;
  }
}

/** One local provider per process (all companies). */
export const localProvider = new LocalProvider();
