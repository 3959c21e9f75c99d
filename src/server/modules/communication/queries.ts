/**
 * What other areas may use of the communication area (docs/decisions/007-area-kernel.md): send one
 * message to a loan's borrower through the same path POST /communication/messages takes — the
 * template or the caller's text rendered with the loan's variables, the compliance decision
 * (written on the loan's timeline, allowed or blocked), DLT for an SMS, the company's provider
 * (local, Exotel, WhatsApp Cloud API, SMTP), the message row with its status — and read the
 * status of messages sent that way. Never the tables themselves.
 *
 * ```ts
 * const r = await sendToBorrower(idempotency.tx, { companyId, loanId, channel: 'email', actorId: user.userId,
 *   content: { name: 'Payment link', subject: 'Pay loan {{loan_id}}', text: 'Pay here: {{payment_link}}' },
 *   variables: { payment_link: url }, attachment: { fileName: 'notice.pdf', contentType: 'application/pdf', bytes } }, clock.now(), { keys: deps.config });
 * if (r.outcome === 'blocked') … // r.reasons: [{ code, message }] in `lang`
 * ```
 */
import type { MessageChannel, MessageRecord } from '../../../domain/contracts/communication/messages';
import type { DbOrTx } from '../../db/client';
import { messagesById, sendMessage, type MessageAttachment, type SendInput, type SendVia } from './message-service';

export type { MessageAttachment, MessageChannel, MessageRecord, SendVia };
export { MAX_ATTACHMENT_BYTES } from './message-service';

/** One message to a loan's borrower, as another area asks for it (a template, or its own text). */
export type BorrowerMessage = Omit<SendInput, 'campaignId'>;

/**
 * What became of it: `sent` (handed to the provider: queued, sent or already delivered),
 * `blocked` (the compliance decision refused it; `reasons` say why, nothing reached a provider) or
 * `failed` (the provider refused it; `message.error` says why). The message is stored either way.
 */
export interface BorrowerMessageOutcome {
  outcome: 'sent' | 'blocked' | 'failed';
  message: MessageRecord;
  reasons: MessageRecord['reasons'];
}

/**
 * Sends one message to a loan's borrower (issue 13: payment links of issue 15, notices of issue 17,
 * settlement letters) through the compliance check. Runs inside `db`: pass the caller's transaction
 * (`idempotency.tx`) so the decision, the message and the caller's own rows commit together.
 * @param via `{ keys: deps.config }` (opens the company's provider credentials); `provider` a test seam
 * @throws AppError 404 'No loan details found' / 'Template not found'; 400 a template of another
 *   channel, missing variables, no number or email on the loan, a document on an SMS or over
 *   MAX_ATTACHMENT_BYTES, an email without a subject
 */
export async function sendToBorrower(db: DbOrTx, message: BorrowerMessage, now: Date, via: SendVia): Promise<BorrowerMessageOutcome> {
  const m = await sendMessage(db, message, now, via);
  return { outcome: m.status === 'blocked' ? 'blocked' : m.status === 'failed' ? 'failed' : 'sent', message: m, reasons: m.reasons };
}

/**
 * Why a message did not go, in the user's words: the compliance reasons of a blocked one, the
 * provider's error of a failed one ('The provider failed' when it gave none); [] when sent.
 */
export function notSentReasons(r: BorrowerMessageOutcome): string[] {
  if (r.outcome === 'blocked') return r.reasons.map((x) => x.message);
  if (r.outcome === 'failed') return [r.message.error ?? 'The provider failed'];
  return [];
}

/**
 * The current state of messages sent earlier (delivery receipts move them on after the send), by
 * message id; ids of another company or unknown are absent from the map.
 */
export async function messagesOf(db: DbOrTx, companyId: string, messageIds: readonly string[]): Promise<Map<string, MessageRecord>> {
  return messagesById(db, companyId, messageIds);
}
