/**
 * The cached allocation (issue 4 "Offline behaviour": the executive's allocated loans copied into
 * IndexedDB when online so the whole day can be planned and recorded offline). Owns the `allocation`
 * table and the meta rows executive:<company>, allocation_synced_at:<company> and
 * allocation_currency:<company>.
 */
import type { AllocatedLoan, AllocationResponse } from '../domain/contracts/field/visits';
import { compareCodeUnits } from '../domain/common/compare';
import { META_KEYS, announceLocalChange, fieldDb, fieldTx, getMeta, onFieldChange, putMeta } from './db';
import type { AllocationRow, OfflineExecutive } from './db';

export type AllocationCurrency = 'INR' | 'IDR';

/** What the field screens read when planning the day. */
export interface CachedAllocation {
  loans: AllocatedLoan[];
  executive: OfflineExecutive | null;
  /** Server time of the allocation copy (ISO), or null when never synced. */
  syncedAt: string | null;
  currency: AllocationCurrency | null;
}

/**
 * What this context last downloaded, by `<company>\u0000<user>`, exactly as the next read of
 * IndexedDB would answer it: the day list shows a download at once instead of after writing 40
 * rows and reading them back (issue 18 TBT). Only refreshAllocation writes the allocation and its
 * meta rows, so the copy stays true until another context (tab, service worker) writes them.
 */
const downloaded = new Map<string, CachedAllocation>();
const downloadKey = (companyId: string, userId: string) => `${companyId}\u0000${userId}`;
let watching = false;

function forgetDownloadsOfCompany(companyId: string): void {
  for (const key of downloaded.keys()) if (key.startsWith(`${companyId}\u0000`)) downloaded.delete(key);
}

/**
 * Fetches the allocation (the caller's GET /api/fos/allocation) and replaces that executive's rows
 * of the company in one transaction, with the executive, currency and sync time in meta. This
 * context's readers (cachedAllocation, cachedLoan) see the download as soon as it has arrived,
 * before the write commits. When the fetch fails (offline) the previous copy stays untouched and
 * the error is rethrown; when the write fails the readers go back to what IndexedDB holds.
 * @param fetchAllocation returns the parsed response (the web's API client).
 * @throws whatever fetchAllocation throws; IndexedDB errors (storage full).
 */
export async function refreshAllocation(fetchAllocation: () => Promise<AllocationResponse>, companyId: string): Promise<void> {
  if (!watching) {
    watching = true;
    // Another context's refreshAllocation writes both stores in one transaction; its meta-only
    // writes (the drain's sync time) leave the allocation as it was.
    onFieldChange((stores, remote) => {
      if (remote && stores.has('allocation')) downloaded.clear();
    });
  }
  const res = await fetchAllocation();
  const userId = res.executive.user_id;
  const executive: OfflineExecutive = { user_id: userId, name: res.executive.name, executive_code: res.executive.executive_code };
  // A loan reallocated from another executive on this phone moves to this one (same primary key):
  // another user's copy of this company is no longer what IndexedDB will hold.
  forgetDownloadsOfCompany(companyId);
  downloaded.set(downloadKey(companyId, userId), { loans: inPlanOrder(res.loans), executive, syncedAt: res.synced_at, currency: res.currency });
  announceLocalChange(['allocation', 'meta']);
  const rows: AllocationRow[] = res.loans.map((l) => ({ ...l, company_id: companyId, user_id: userId }));
  try {
    await fieldTx(['allocation', 'meta'], 'readwrite', async (tx) => {
      const allocation = tx.objectStore('allocation');
      const meta = tx.objectStore('meta');
      for (const key of await allocation.index('user_id').getAllKeys(userId)) {
        if (key[0] === companyId) await allocation.delete(key);
      }
      await Promise.all(rows.map((row) => allocation.put(row)));
      await putMeta(meta, META_KEYS.executive(companyId), executive);
      await putMeta(meta, META_KEYS.allocationSyncedAt(companyId), res.synced_at);
      await putMeta(meta, META_KEYS.allocationCurrency(companyId), res.currency);
    });
  } catch (err) {
    forgetDownloadsOfCompany(companyId);
    announceLocalChange(['allocation', 'meta']);
    throw err;
  }
}

/** The server's order: priority, then loan id by code units (no collator: the first localeCompare of a page builds ICU's, ~50 ms on a phone). */
function inPlanOrder<L extends { priority: number; loan_id: string }>(loans: L[]): L[] {
  return [...loans].sort((a, b) => a.priority - b.priority || compareCodeUnits(a.loan_id, b.loan_id));
}

/** What this context has downloaded of the user's allocation in the company, without waiting: undefined when nothing yet (read IndexedDB). */
export function downloadedAllocation(userId: string, companyId: string): CachedAllocation | undefined {
  return downloaded.get(downloadKey(companyId, userId));
}

/**
 * The cached allocation of a user in a company, in the server's order (rows sorted by priority
 * then loan id; the screens re-sort by distance). Empty with nulls when never synced.
 */
export async function cachedAllocation(userId: string, companyId: string): Promise<CachedAllocation> {
  const fresh = downloadedAllocation(userId, companyId);
  if (fresh) return fresh;
  const db = await fieldDb();
  const [all, executive, syncedAt, currency] = await Promise.all([
    db.getAllFromIndex('allocation', 'user_id', userId),
    getMeta<OfflineExecutive>(META_KEYS.executive(companyId)),
    getMeta<string>(META_KEYS.allocationSyncedAt(companyId)),
    getMeta<AllocationCurrency>(META_KEYS.allocationCurrency(companyId)),
  ]);
  const loans = inPlanOrder(all.filter((r) => r.company_id === companyId)).map(({ company_id: _c, user_id: _u, ...loan }) => loan);
  const own = executive && executive.user_id === userId ? executive : null;
  return { loans, executive: own, syncedAt: own ? syncedAt : null, currency: own ? currency : null };
}

/** One cached loan of the user's allocation in the company, or null when it is not in it. */
export async function cachedLoan(userId: string, companyId: string, loanId: string): Promise<AllocatedLoan | null> {
  const fresh = downloadedAllocation(userId, companyId);
  if (fresh) return fresh.loans.find((l) => l.loan_id === loanId) ?? null;
  const row = await (await fieldDb()).get('allocation', [companyId, loanId]);
  if (!row || row.user_id !== userId) return null;
  const { company_id: _c, user_id: _u, ...loan } = row;
  return loan;
}
