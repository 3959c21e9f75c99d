/** Schemas of the two-way WhatsApp chat (issue 13 ChatR). Behind ./chat.ts. */
import { z } from 'zod';
import { CHAT_TEXT_MAX, CHATR_STATUSES } from '../../communication/chat';
import { companyQuery } from '../envelope';
import { messageRecord } from './messages.schema';

export const sessionWindow = z.object({
  /** True while a free-form reply may go (24 h after the borrower's last message). */
  open: z.boolean(),
  closes_at: z.string().nullable(),
  last_inbound_at: z.string().nullable(),
});

export const chatQuery = companyQuery.extend({ loan_id: z.string().trim().min(1).max(100) });

/** One loan's WhatsApp conversation, oldest first (the last 200 messages). */
export const chatThread = z.object({
  loan_id: z.string(),
  messages: z.array(messageRecord),
  window: sessionWindow,
  chatr_status: z.enum(CHATR_STATUSES).nullable(),
});
export type ChatThread = z.infer<typeof chatThread>;

/** `POST /api/communication/chat/replies`: the agent's free-form answer inside the session window. */
export const chatReplyBody = z.object({
  loan_id: z.string().trim().min(1).max(100),
  text: z.string().trim().min(1, 'Write a reply').max(CHAT_TEXT_MAX),
  /** Language of the refusal reasons. */
  lang: z.enum(['en', 'hi', 'id']).default('en'),
});
export type ChatReplyBody = z.infer<typeof chatReplyBody>;

export const chatsQuery = companyQuery.extend({
  /** Only conversations whose borrower wrote last (they wait for an agent). */
  waiting: z.enum(['true', 'false']).optional(),
});

/** A conversation in the chats list: the loan, its last message and the window. */
export const chatSummary = z.object({
  loan_id: z.string(),
  /** The borrower's number, all but the last 4 characters hidden. */
  from: z.string().nullable(),
  last_text: z.string(),
  last_direction: z.enum(['outbound', 'inbound']),
  last_at: z.string(),
  window: sessionWindow,
  chatr_status: z.enum(CHATR_STATUSES).nullable(),
});
export const chatsResponse = z.object({ chats: z.array(chatSummary) });
export type ChatSummary = z.infer<typeof chatSummary>;
