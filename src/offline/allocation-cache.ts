/**
 * The cached allocation (issue 4 "Offline behaviour": the executive's allocated loans copied into
 * IndexedDB when online so the whole day can be planned and recorded offline). Owns the `allocation`
 * table and the meta rows executive:<company>, allocation_synced_at:<company> and
 * allocation_currency:<company>.
 */
import type { AllocatedLoan, AllocationResponse } from '../domain/contracts/field/visits';
import { META_KEYS, fieldDb, fieldTx, getMeta, putMeta } from './db';
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
 * Fetches the allocation (the caller's GET /api/fos/allocation) and replaces that executive's rows
 * of the company in one transaction, with the executive, currency and sync time in meta. When the
 * fetch fails (offline) the previous copy stays untouched and the error is rethrown.
 * @param fetchAllocation returns the parsed response (the web's API client).
 * @throws whatever fetchAllocation throws; IndexedDB errors (storage full).
 */
export async function refreshAllocation(fetchAllocation: () => Promise<AllocationResponse>, companyId: string): Promise<void> {
  const res = await fetchAllocation();
  const userId = res.executive.user_id;
  const rows: AllocationRow[] = res.loans.map((l) => ({ ...l, company_id: companyId, user_id: userId }));
  await fieldTx(['allocation', 'meta'], 'readwrite', async (tx) => {
    const allocation = tx.objectStore('allocation');
    const meta = tx.objectStore('meta');
    for (const key of await allocation.index('user_id').getAllKeys(userId)) {
      if (key[0] === companyId) await allocation.delete(key);
    }
    // A loan reallocated from another executive on this phone moves to this one (same primary key).
    await Promise.all(rows.map((row) => allocation.put(row)));
    await putMeta(meta, META_KEYS.executive(companyId), { user_id: userId, name: res.executive.name, executive_code: res.executive.executive_code } satisfies OfflineExecutive);
    await putMeta(meta, META_KEYS.allocationSyncedAt(companyId), res.synced_at);
    await putMeta(meta, META_KEYS.allocationCurrency(companyId), res.currency);
  });
}

/**
 * The cached allocation of a user in a company, in the server's order (rows sorted by priority
 * then loan id; the screens re-sort by distance). Empty with nulls when never synced.
 */
export async function cachedAllocation(userId: string, companyId: string): Promise<CachedAllocation> {
  const db = await fieldDb();
  const [all, executive, syncedAt, currency] = await Promise.all([
    db.getAllFromIndex('allocation', 'user_id', userId),
    getMeta<OfflineExecutive>(META_KEYS.executive(companyId)),
    getMeta<string>(META_KEYS.allocationSyncedAt(companyId)),
    getMeta<AllocationCurrency>(META_KEYS.allocationCurrency(companyId)),
  ]);
  const loans = all
    .filter((r) => r.company_id === companyId)
    .sort((a, b) => a.priority - b.priority || a.loan_id.localeCompare(b.loan_id))
    .map(({ company_id: _c, user_id: _u, ...loan }) => loan);
  const own = executive && executive.user_id === userId ? executive : null;
  return { loans, executive: own, syncedAt: own ? syncedAt : null, currency: own ? currency : null };
}

/** One cached loan of the user's allocation in the company, or null when it is not in it. */
export async function cachedLoan(userId: string, companyId: string, loanId: string): Promise<AllocatedLoan | null> {
  const row = await (await fieldDb()).get('allocation', [companyId, loanId]);
  if (!row || row.user_id !== userId) return null;
  const { company_id: _c, user_id: _u, ...loan } = row;
  return loan;
}
