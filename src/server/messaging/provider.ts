/**
 * Sending SMS and email through an adapter, with the message_outbox table as the record of what
 * was sent. Production plugs a real provider into `MessageProvider`; the default is
 * `LocalLogMessageProvider`, which only writes to the server log (README "Configuration").
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { maskEmail, maskMobile } from '../logging';
import { messageOutbox } from './schema';

export interface OutboundMessage {
  channel: 'sms' | 'email';
  recipient: string;
  /** Template name, e.g. `otp`. */
  template: string;
  body: string;
  /** An email's subject line (a provider that sends real email uses it; default 'Recovery Ops'). */
  subject?: string;
  /** Template variables, e.g. `{ otp }`; a provider may render its own text from them. */
  variables: Record<string, string>;
  /**
   * Names of the variables that are secrets (a one-time password, a confirmation code): the
   * provider delivers them, but the message_outbox record keeps the body with each value replaced
   * by `SECRET_PLACEHOLDER`, so reading the table gives no usable code (issue 12).
   */
  secrets?: readonly string[];
  companyId?: string | null;
  /** An SMS's DLT content template id, recorded with the message (issue 13 sign-in OTPs). */
  dltTemplateId?: string | null;
}

export interface MessageProvider {
  readonly name: string;
  /** Delivers one message; throws when the provider refuses it. */
  send(message: OutboundMessage): Promise<void>;
}

/**
 * Development provider: "sends" by logging. Outside production it is the only place an OTP is
 * ever logged (nothing leaves the machine, so a developer reads the code there); with
 * `revealCodes: false` (production, only with ALLOW_LOG_ONLY_MESSAGES) the code is not logged.
 */
export class LocalLogMessageProvider implements MessageProvider {
  readonly name = 'local-log';
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: { revealCodes: boolean } = { revealCodes: true },
  ) {}

  async send(message: OutboundMessage): Promise<void> {
    const to = message.channel === 'email' ? maskEmail(message.recipient) : maskMobile(message.recipient);
    if (message.template === 'otp' && this.options.revealCodes) this.log.info(`OTP for ${to}: ${message.variables.otp} (local provider)`);
    else if (message.secrets?.length && this.options.revealCodes) {
      const values = message.secrets.map((name) => `${name}=${message.variables[name]}`).join(' ');
      this.log.info(`Message "${message.template}" for ${to}: ${values} (local provider, not delivered)`);
    } else this.log.info(`Message "${message.template}" for ${to} (local provider, not delivered)`);
  }
}

export const LOG_ONLY_IN_PRODUCTION =
  'Refusing to start: NODE_ENV=production with the log-only message provider (OTPs would not be delivered). Plug in a real provider, or set ALLOW_LOG_ONLY_MESSAGES=true (README "Configuration").';

/** What the outbox record shows in place of a secret value. */
export const SECRET_PLACEHOLDER = '[secret]';

/** The body as message_outbox stores it: every secret variable's value replaced by SECRET_PLACEHOLDER. */
export function recordedBody(message: OutboundMessage): string {
  let body = message.body;
  for (const name of message.secrets ?? []) {
    const value = message.variables[name];
    if (value) body = body.split(value).join(SECRET_PLACEHOLDER);
  }
  return body;
}

/** The message_outbox row of a message (queued; secrets left out by `recordedBody`). */
const outboxRow = (message: OutboundMessage, providerName: string) => ({
  companyId: message.companyId ?? null,
  channel: message.channel,
  recipient: message.recipient,
  template: message.template,
  body: recordedBody(message),
  provider: providerName,
  dltTemplateId: message.dltTemplateId ?? null,
});

/**
 * Writes the message to message_outbox as queued (secrets left out: `recordedBody`), hands it to the provider and records the result
 * (sent with sent_at, or failed with the error). Never throws for a provider failure: the row says it.
 * @returns the outbox row id.
 */
export async function queueAndSend(db: Db, provider: MessageProvider, message: OutboundMessage): Promise<number> {
  const [row] = await db.insert(messageOutbox).values(outboxRow(message, provider.name)).returning({ id: messageOutbox.id });
  try {
    await provider.send(message);
    await db.update(messageOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(messageOutbox.id, row.id));
  } catch (err) {
    await db
      .update(messageOutbox)
      .set({ status: 'failed', error: err instanceof Error ? err.message : String(err) })
      .where(eq(messageOutbox.id, row.id));
  }
  return row.id;
}

/**
 * Records a message refused before any provider (status blocked, `reason` in error), secrets left
 * out like queueAndSend's. @returns the outbox row id
 */
export async function recordBlocked(db: Db, providerName: string, message: OutboundMessage, reason: string): Promise<number> {
  const [row] = await db
    .insert(messageOutbox)
    .values({ ...outboxRow(message, providerName), status: 'blocked', error: reason })
    .returning({ id: messageOutbox.id });
  return row.id;
}
