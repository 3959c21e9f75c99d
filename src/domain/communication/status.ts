/**
 * A message's life (issue 13): queued → sent → delivered → read, or failed; blocked when the
 * compliance decision refused it (never handed to a provider). Receipts arrive out of order
 * (a 'read' before its 'delivered'), so a status only moves forward.
 */

export const MESSAGE_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed', 'blocked'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_CHANNELS = ['sms', 'whatsapp', 'email'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const TEMPLATE_LANGUAGES = ['en', 'hi', 'id'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

const RANK: Record<MessageStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4, blocked: 5 };

/**
 * The status after a receipt saying `next`: forward moves only (sent → delivered → read); a
 * failure after delivery is ignored; blocked and failed are final; a 'read' implies delivered.
 */
export function advanceStatus(current: MessageStatus, next: MessageStatus): MessageStatus {
  if (current === 'blocked' || current === 'failed') return current;
  if (next === 'blocked') return current;
  if (next === 'failed') return current === 'delivered' || current === 'read' ? current : 'failed';
  return RANK[next] > RANK[current] ? next : current;
}
