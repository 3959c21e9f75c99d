/**
 * The verification queue as the screen holds it (issue 5 "Visit verification"): the 'all' tab
 * gathered from the per-status lists, and a decided visit taken out of a cached pending page
 * (optimistic removal). Pure, for the unit tests.
 */
import type { VerificationQueue } from '../../../../domain/contracts/field/verification';
import { DEFAULT_RECEIPT_DEPOSIT_DAYS } from '../../../../domain/field/verification';

/** A page of the queue; `truncated` when the 'all' tab could not gather every visit of a status. */
export type QueuePage = VerificationQueue & { truncated?: boolean };

/**
 * The 'all' tab from the three status lists (the API lists one status at a time): newest check-in
 * first, then paged here. Each list holds at most its first 500 visits, so `truncated` says when a
 * status has more than that.
 */
export function mergeStatuses(queues: readonly VerificationQueue[], pageNumber: number, pageSize: number): QueuePage {
  const all = queues.flatMap((q) => q.visits).sort((a, b) => b.visit.checked_in_at.localeCompare(a.visit.checked_in_at) || b.visit.visit_id.localeCompare(a.visit.visit_id));
  return {
    visits: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    total: all.length,
    page_number: pageNumber,
    page_size: pageSize,
    truncated: queues.some((q) => q.total > q.visits.length),
    receipt_deposit_days: queues[0]?.receipt_deposit_days ?? DEFAULT_RECEIPT_DEPOSIT_DAYS,
  };
}

/**
 * Takes a decided visit out of every cached pending page (total one less), so the reviewer sees the
 * next visit at once; pure over the cache entries for the unit test.
 */
export function withoutVisit(queue: QueuePage, visitId: string): QueuePage {
  const visits = queue.visits.filter((item) => item.visit.visit_id !== visitId);
  if (visits.length === queue.visits.length) return queue;
  return { ...queue, visits, total: Math.max(0, queue.total - 1) };
}
