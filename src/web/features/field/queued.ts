/**
 * Reading the outbox's bodies back for the screens (issue 4: a queued visit shows on its card, a
 * queued receipt is cash held, a queued deposit takes its receipts off the undeposited list).
 * The bodies are the wire bodies the screens queued (contracts/field.ts), so they are read through
 * the same shapes.
 */
import type { DepositBody, ReceiptBody, VisitBody } from '../../../domain/contracts/field';
import type { OutboxItem } from '../../../offline/db';

/** Queued items of one kind with their typed bodies, oldest first. */
export function queuedOf<K extends 'visit' | 'receipt' | 'deposit'>(
  items: readonly OutboxItem[],
  kind: K,
): Array<{ item: OutboxItem; body: K extends 'visit' ? VisitBody : K extends 'receipt' ? ReceiptBody : DepositBody }> {
  return items.filter((item) => item.kind === kind).map((item) => ({ item, body: item.body as never }));
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
