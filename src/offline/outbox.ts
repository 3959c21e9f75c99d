/**
 * The screens' side of the outbox (issue 4 "Offline behaviour"; ARCHITECTURE "Offline field app"):
 * putting writes into the IndexedDB `outbox` store, listing them, retrying a failed one, and the receipt
 * numbers made on the phone. Sending them is the drain, split like enketo's offline queue:
 * outbox-store.ts (the table), connection.ts (one request), queue.ts (the order), triggers.ts (when
 * the page drains).
 */
import { formatReceiptNumber, parseReceiptNumber } from '../domain/field/receipt-number';
import { META_KEYS, fieldDb, fieldTx, getMeta } from './db';
import type { OfflineExecutive, OfflineSession, OutboxFile, OutboxItem, OutboxItemOf } from './db';
import type { OutboxBody, OutboxKind } from './outbox-endpoints';

/** What a screen hands to `enqueue` with the kind: the endpoint's body (typed by the kind), files, the loan, a line for the sync bar. */
export interface EnqueueInput<K extends OutboxKind> {
  body: OutboxBody<K>;
  /** Files for the endpoint's file field (its only one: fileField), e.g. a visit's photos. */
  files?: Array<Omit<OutboxFile, 'field'>>;
  loanId: string | null;
  summary: string;
}

/**
 * Asks for a drain (triggers.ts), whose code (the queue, the connection, the endpoint requests) is
 * loaded with the first write or the shell's first drain, not with the first screen (issue 18).
 */
function requestDrain(): void {
  void import('./triggers').then(({ requestDrain: drain }) => drain(), () => undefined);
}

/** Thrown by `enqueue` when no session was saved (the user is signed out). */
export class NoOfflineSessionError extends Error {
  constructor() {
    super('Sign in again to record field work');
    this.name = 'NoOfflineSessionError';
  }
}

/**
 * Stores a write of `kind` in the outbox with a fresh Idempotency-Key (uuid), for the signed-in user
 * and company of the saved session, then asks for a drain. The drain sends it to the kind's
 * endpoint (outbox-endpoints.ts). Resolves once the item is safely in IndexedDB, whether or not the
 * network is up: it never throws for network reasons.
 * @throws NoOfflineSessionError when no session was saved (saveOfflineSession); RangeError for files
 *   of a kind whose endpoint takes none; IndexedDB errors when the browser refuses the write (storage
 *   full: QuotaExceededError).
 */
export async function enqueue<K extends OutboxKind>(kind: K, input: EnqueueInput<K>): Promise<OutboxItemOf<K>> {
  const s = await getMeta<OfflineSession>(META_KEYS.session);
  if (!s) throw new NoOfflineSessionError();
  // Every endpoint definition the outbox sends (repossession's too) loads with the first write, not
  // with the sync bar that lists and retries items on the day list (issue 18).
  const { fileField, legacyRequestFields } = await import('./outbox-endpoints');
  const now = Date.now();
  const item: OutboxItemOf<K> = {
    idempotency_key: crypto.randomUUID(),
    user_id: s.user_id,
    company_id: s.company_id,
    kind,
    ...legacyRequestFields(kind),
    body: input.body,
    files: input.files?.length ? input.files.map((f) => ({ ...f, field: fileField(kind) })) : [],
    loan_id: input.loanId,
    summary: input.summary,
    created_at: new Date(now).toISOString(),
    attempts: 0,
    next_attempt_at: now,
    status: 'pending',
    last_error: null,
    last_status: null,
  };
  item.id = await fieldTx(['outbox'], 'readwrite', (tx) => tx.store.add(item as OutboxItem));
  requestDrain();
  return item;
}

/**
 * Puts a failed (or backing-off) item back in line to be sent now: status 'pending', due now, and
 * asks for a drain. The item keeps its Idempotency-Key, so a retry can never double the write.
 * Does nothing when the item is gone (already sent).
 */
export async function retryItem(id: number): Promise<void> {
  const changed = await fieldTx(['outbox'], 'readwrite', async (tx) => {
    const item = await tx.store.get(id);
    if (item) await tx.store.put({ ...item, status: 'pending', next_attempt_at: Date.now() });
    return item !== undefined;
  });
  if (changed) requestDrain();
}

/** The user's outbox items in a company, oldest first (pending, sending and failed). */
export async function outboxItems(userId: string, companyId: string): Promise<OutboxItem[]> {
  const items = await (await fieldDb()).getAllFromIndex('outbox', '[user_id+company_id]', [userId, companyId]);
  return items.sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
}

/**
 * The next receipt number of an executive on this phone, e.g. 'FE0012-000124' (issue 4 "Receipt":
 * executive code + sequence, unique without the network). Increments the per-company, per-code
 * sequence in one IndexedDB transaction, so two receipts made at once never share a number, and
 * the sequence survives reloads and restarts.
 * @throws Error when the executive code is empty (formatReceiptNumber).
 */
export async function nextReceiptNumber(companyId: string, executiveCode: string): Promise<string> {
  const key = META_KEYS.receiptSequence(companyId, executiveCode);
  const sequence = await fieldTx(['meta'], 'readwrite', async (tx) => {
    const current = (await tx.store.get(key))?.value;
    const next = (typeof current === 'number' && Number.isFinite(current) ? current : 0) + 1;
    await tx.store.put({ key, value: next });
    return next;
  });
  return formatReceiptNumber(executiveCode, sequence);
}

/**
 * Raises this phone's receipt sequence of the company's executive to the highest sequence among
 * `serverNumbers` (the executive's receipt numbers the server holds, GET /api/fos/receipts), so a
 * new phone, a cleared browser or a second device never makes a number the server already holds
 * (it would be refused as taken). Never lowers it: receipts still in the outbox keep their numbers.
 * Numbers of another executive code are ignored. Does nothing before the allocation (with the
 * executive) was first cached.
 */
export async function alignReceiptSequence(companyId: string, serverNumbers: readonly string[]): Promise<void> {
  const executive = await getMeta<OfflineExecutive>(META_KEYS.executive(companyId));
  if (!executive) return;
  const code = executive.executive_code.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
  let highest = 0;
  for (const number of serverNumbers) {
    const parsed = parseReceiptNumber(number);
    if (parsed && parsed.executiveCode === code) highest = Math.max(highest, parsed.sequence);
  }
  if (highest === 0) return;
  const key = META_KEYS.receiptSequence(companyId, executive.executive_code);
  await fieldTx(['meta'], 'readwrite', async (tx) => {
    const current = (await tx.store.get(key))?.value;
    if (typeof current !== 'number' || current < highest) await tx.store.put({ key, value: highest });
  });
}
