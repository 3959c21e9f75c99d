/**
 * Reading the outbox's bodies back for the screens (issue 4: a queued visit shows on its card, a
 * queued receipt is cash held, a queued deposit takes its receipts off the undeposited list).
 * An item's kind types its body: the body its endpoint takes (src/offline/outbox-endpoints.ts).
 */
import type { OutboxItem } from '../../../offline/db';
import type { OutboxKind } from '../../../offline/outbox-endpoints';

/** Queued items of one kind, oldest first; their `body` is typed by the kind. */
export function queuedOf<K extends OutboxKind>(items: readonly OutboxItem[], kind: K): Array<Extract<OutboxItem, { kind: K }>> {
  return items.filter((item): item is Extract<OutboxItem, { kind: K }> => item.kind === kind);
}

/** loan_id → disposition of its newest queued visit. */
export function queuedDispositions(items: readonly OutboxItem[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const { body } of queuedOf(items, 'visit')) out.set(body.loan_id, body.disposition);
  return out;
}

/** Receipt numbers already in a queued deposit (not to be offered again). */
export function queuedDepositReceipts(items: readonly OutboxItem[]): Set<string> {
  return new Set(queuedOf(items, 'deposit').flatMap(({ body }) => body.receipt_numbers));
}
