/**
 * Two-way WhatsApp chat (issue 13 ChatR; spec module "WhatsApp ChatR"): a loan's conversation,
 * the agent's free-form reply inside WhatsApp's 24-hour customer service window, and the list of
 * conversations. Inbound messages arrive through the WhatsApp webhook (webhook-service.ts) and land
 * on the loan by phone; a reply goes through sendMessage, so the compliance decision, the provider
 * and the message's status are the same as any other message's.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChatSummary, ChatThread } from '../../../domain/contracts/communication/chat';
import type { MessageRecord } from '../../../domain/contracts/communication/messages';
import { SESSION_CLOSED_MESSAGE, sessionWindow, type ChatrStatus } from '../../../domain/communication/chat';
import type { ReasonLang } from '../../../domain/compliance/reasons';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import { conflict, notFound } from '../../http/errors';
import { loanMessageFacts, setLoanStatuses } from '../portfolio/queries';
import { NO_LOAN } from './loan-variables';
import { maskedRecipient, sendMessage, toMessageRecord, type SendVia } from './message-service';
import { communicationMessages } from './schema';

/** Most messages a thread answers (the latest ones). */
const THREAD_LIMIT = 200;

/** `chatr_status` as the conversation shows it: who wrote last, once the borrower has written at all. */
function chatrOf(messages: readonly MessageRecord[]): ChatrStatus | null {
  if (!messages.some((m) => m.direction === 'inbound')) return null;
  return messages[messages.length - 1].direction === 'inbound' ? 'customer_replied' : 'agent_replied';
}

/** The borrower's last WhatsApp message on the loan (when, and the number it came from), or null. */
async function lastInbound(db: DbOrTx, companyId: string, loanId: string): Promise<{ at: Date; from: string | null } | null> {
  const [row] = await db
    .select({ at: communicationMessages.createdAt, from: communicationMessages.recipient })
    .from(communicationMessages)
    .where(and(eq(communicationMessages.companyId, companyId), eq(communicationMessages.loanId, loanId), eq(communicationMessages.channel, 'whatsapp'), eq(communicationMessages.direction, 'inbound')))
    .orderBy(desc(communicationMessages.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * GET /communication/chat?loan_id=: the loan's WhatsApp messages oldest first (the last 200),
 * the session window after the borrower's last message, and `chatr_status`.
 * @throws 404 NO_LOAN when the company has no such loan
 */
export async function chatThread(db: DbOrTx, companyId: string, loanId: string, now: Date): Promise<ChatThread> {
  if (!(await loanMessageFacts(db, companyId, loanId))) throw notFound(NO_LOAN);
  // One after the other: inside the company wall's transaction both share one connection.
  const rows = await db
    .select()
    .from(communicationMessages)
    .where(and(eq(communicationMessages.companyId, companyId), eq(communicationMessages.loanId, loanId), eq(communicationMessages.channel, 'whatsapp')))
    .orderBy(desc(communicationMessages.createdAt), desc(communicationMessages.messageId))
    .limit(THREAD_LIMIT);
  const last = await lastInbound(db, companyId, loanId);
  const messages = rows.reverse().map(toMessageRecord);
  return { loan_id: loanId, messages, window: sessionWindow(last?.at ?? null, now), chatr_status: chatrOf(messages) };
}

export interface ChatReplyInput {
  companyId: string;
  loanId: string;
  text: string;
  actorId: string;
  lang?: ReasonLang;
}

/**
 * POST /communication/chat/replies: the agent's text as a WhatsApp session message to the number
 * the borrower wrote from, through the compliance decision; `chatr_status` becomes
 * 'agent_replied' unless the message was blocked or failed. Runs in the caller's transaction.
 * @returns the stored message (sent, delivered, failed, or blocked with reasons)
 * @throws 404 NO_LOAN; 409 SESSION_CLOSED_MESSAGE when the 24-hour window is shut or never opened
 */
export async function sendChatReply(db: DbOrTx, input: ChatReplyInput, now: Date, via: SendVia): Promise<MessageRecord> {
  if (!(await loanMessageFacts(db, input.companyId, input.loanId))) throw notFound(NO_LOAN);
  const last = await lastInbound(db, input.companyId, input.loanId);
  if (!last?.from || !sessionWindow(last.at, now).open) throw conflict(SESSION_CLOSED_MESSAGE);
  const message = await sendMessage(
    db,
    {
      companyId: input.companyId,
      loanId: input.loanId,
      channel: 'whatsapp',
      // The agent's words go as written: braces are not template variables here.
      content: { name: 'Chat reply', text: input.text, verbatim: true },
      variables: {},
      to: last.from,
      actorId: input.actorId,
      lang: input.lang,
    },
    now,
    via,
  );
  if (message.status !== 'blocked' && message.status !== 'failed') await setLoanStatuses(db, input.companyId, input.loanId, null, { chatr_status: 'agent_replied' satisfies ChatrStatus });
  return message;
}

/**
 * GET /communication/chats: the company's WhatsApp conversations (loans whose borrower wrote at
 * least once), those waiting for an agent first, then latest first; at most 100.
 * @param waiting only those whose last message is the borrower's
 */
export async function listChats(db: DbOrTx, companyId: string, waiting: boolean, now: Date): Promise<ChatSummary[]> {
  const rows = rowsOf<{ loan_id: string; body: string; direction: 'inbound' | 'outbound'; created_at: Date | string; last_inbound_at: Date | string; from: string | null }>(
    await db.execute(sql`
      with inbound as (
        select loan_id, max(created_at) as last_inbound_at
        from communication_messages
        where company_id = ${companyId} and channel = 'whatsapp' and direction = 'inbound'
        group by loan_id
      ), latest as (
        select distinct on (m.loan_id) m.loan_id, m.body, m.direction, m.created_at, i.last_inbound_at,
          (select r.recipient from communication_messages r
            where r.company_id = ${companyId} and r.loan_id = m.loan_id and r.channel = 'whatsapp' and r.direction = 'inbound'
            order by r.created_at desc limit 1) as "from"
        from communication_messages m join inbound i on i.loan_id = m.loan_id
        where m.company_id = ${companyId} and m.channel = 'whatsapp'
        order by m.loan_id, m.created_at desc, m.message_id desc
      )
      select * from latest
      ${waiting ? sql`where direction = 'inbound'` : sql``}
      order by (direction = 'inbound') desc, created_at desc
      limit 100`),
  );
  return rows.map((r) => {
    const at = new Date(r.created_at);
    return {
      loan_id: r.loan_id,
      from: maskedRecipient(r.from),
      last_text: r.body.length > 200 ? `${r.body.slice(0, 199)}…` : r.body,
      last_direction: r.direction,
      last_at: at.toISOString(),
      window: sessionWindow(new Date(r.last_inbound_at), now),
      chatr_status: r.direction === 'inbound' ? 'customer_replied' : 'agent_replied',
    };
  });
}
