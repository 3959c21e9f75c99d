/**
 * Two-way WhatsApp chat (issue 13; spec's WhatsApp ChatR module): a loan's conversation, the
 * agent's free-form reply inside the 24-hour session window, and the conversations waiting for
 * an answer. Endpoint definitions; zod schemas in ./chat.schema.ts. Permission: WhatsApp ChatR › chat.
 */
import type { PermissionRequirement } from '../../users/permissions';
import { endpoint } from '../endpoint';
import type { ChatReplyBody, ChatSummary, ChatThread } from './chat.schema';
export type { ChatReplyBody, ChatSummary, ChatThread };
export { CHAT_TEXT_MAX, SESSION_CLOSED_MESSAGE, sessionWindow } from '../../communication/chat';

const tags = ['communication'];
export const chatPermission = (access: 'read' | 'write') => ({ module: 'WhatsApp ChatR', action: 'chat', access }) as const satisfies PermissionRequirement;
const schema = () => import('./chat.schema');

/** GET /api/communication/chat?loan_id=: the loan's WhatsApp messages oldest first, the session window and `chatr_status`. */
export const getChat = endpoint({
  operation: 'communication.chat.get',
  method: 'GET',
  path: '/communication/chat',
  access: 'company',
  permission: chatPermission('read'),
  tags,
  summary: "A loan's WhatsApp conversation and whether a free-form reply may go",
  schemas: async () => ({ query: (await schema()).chatQuery, response: (await schema()).chatThread }),
});

/**
 * POST /api/communication/chat/replies: sends the agent's text as a WhatsApp session message
 * through the compliance decision (200 with the message: sent, failed or blocked and why).
 * Idempotent. @throws 404 loan; 409 SESSION_CLOSED_MESSAGE when 24 h have passed since the
 * borrower's last message (or they never wrote)
 */
export const sendChatReply = endpoint({
  operation: 'communication.chat.reply',
  method: 'POST',
  path: '/communication/chat/replies',
  access: 'company',
  permission: chatPermission('write'),
  idempotent: true,
  tags,
  summary: "An agent's free-form WhatsApp reply inside the 24-hour session window",
  schemas: async () => ({ query: (await import('../envelope')).companyQuery, body: (await schema()).chatReplyBody, response: (await import('./messages.schema')).messageRecord }),
});

/** GET /api/communication/chats: the company's WhatsApp conversations, latest first (`waiting=true`: the borrower wrote last). */
export const listChats = endpoint({
  operation: 'communication.chats.list',
  method: 'GET',
  path: '/communication/chats',
  access: 'company',
  permission: chatPermission('read'),
  tags,
  summary: 'WhatsApp conversations, those waiting for an agent first',
  schemas: async () => ({ query: (await schema()).chatsQuery, response: (await schema()).chatsResponse }),
});
