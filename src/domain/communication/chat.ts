/**
 * Two-way WhatsApp chat (issue 13 "two-way chat for WhatsApp replies (spec's ChatR: `chatr_status`
 * on the loan), with an agent replying inside the 24-hour session window").
 *
 * WhatsApp Business rules (Meta's Cloud API "customer service window"): a free-form session
 * message may be sent only within 24 hours of the customer's last message; after that only an
 * approved template may open the conversation again. The window is computed here, on both sides,
 * so the screen and the server agree on when the reply box closes.
 */

/** Length of WhatsApp's customer service window (hours, after the borrower's last message). */
export const WHATSAPP_SESSION_HOURS = 24;

/** Longest WhatsApp text body (characters, Cloud API limit). */
export const CHAT_TEXT_MAX = 4096;

/**
 * `chatr_status` values kept on the loan (spec 3 status fields per loan; the spec names the
 * field, not its values): the borrower wrote and waits for an answer, an agent answered.
 */
export const CHATR_STATUSES = ['customer_replied', 'agent_replied'] as const;
export type ChatrStatus = (typeof CHATR_STATUSES)[number];

/** Refusal when the window is shut (409), also shown beside the disabled reply box. */
export const SESSION_CLOSED_MESSAGE = 'The 24-hour WhatsApp session has ended: send an approved template to write again';

export interface SessionWindow {
  /** True while a free-form reply may go. */
  open: boolean;
  /** ISO instant the window closes (or closed); null when the borrower never wrote. */
  closes_at: string | null;
  /** ISO instant of the borrower's last message, or null. */
  last_inbound_at: string | null;
}

/**
 * The session window after the borrower's last inbound WhatsApp message.
 * @param lastInboundAt instant of the borrower's last message, or null
 * @param now the current instant
 */
export function sessionWindow(lastInboundAt: Date | null, now: Date): SessionWindow {
  if (!lastInboundAt) return { open: false, closes_at: null, last_inbound_at: null };
  const closes = new Date(lastInboundAt.getTime() + WHATSAPP_SESSION_HOURS * 3_600_000);
  return { open: now.getTime() < closes.getTime(), closes_at: closes.toISOString(), last_inbound_at: lastInboundAt.toISOString() };
}
