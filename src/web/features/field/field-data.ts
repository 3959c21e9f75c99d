/**
 * What the field screens read from the phone (issue 4 "Offline behaviour"): the cached allocation,
 * the outbox, and the allocation refresh when online. Live Dexie queries (dexie-react-hooks), so a
 * visit queued or sent anywhere (another tab, the service worker's drain) shows at once.
 */
import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import type { AllocatedLoan, ReceiptRecord } from '../../../domain/contracts/field';
import { parseReceiptNumber } from '../../../domain/field/receipt-number';
import { refreshAllocation, cachedAllocation, type CachedAllocation } from '../../../offline/allocation-cache';
import { META_KEYS, fieldDb, getMeta, setMeta } from '../../../offline/db';
import type { OfflineExecutive, OutboxItem } from '../../../offline/db';
import { outboxItems } from '../../../offline/outbox';
import { api } from '../../lib/api';
import { fetchPublicConfig } from '../auth/api';
import { fetchAllocation } from './api';

/** The cached allocation of the user in the company; undefined while reading. */
export function useCachedAllocation(userId: string | null, companyId: string | null): CachedAllocation | undefined {
  return useLiveQuery(
    () => (userId && companyId ? cachedAllocation(userId, companyId) : Promise.resolve({ loans: [], executive: null, syncedAt: null, currency: null })),
    [userId, companyId],
  );
}

/** One cached loan (null when not in the user's allocation), undefined while reading. */
export function useCachedLoan(userId: string | null, companyId: string | null, loanId: string | null): AllocatedLoan | null | undefined {
  return useLiveQuery(async () => {
    if (!userId || !companyId || !loanId) return null;
    const row = await fieldDb.allocation.get([companyId, loanId]);
    if (!row || row.user_id !== userId) return null;
    const { company_id: _c, user_id: _u, ...loan } = row;
    return loan;
  }, [userId, companyId, loanId]);
}

/** The user's outbox items in the company, oldest first; undefined while reading. */
export function useOutbox(userId: string | null, companyId: string | null): OutboxItem[] | undefined {
  return useLiveQuery(() => (userId && companyId ? outboxItems(userId, companyId) : Promise.resolve([])), [userId, companyId]);
}

/**
 * Copies the allocation into Dexie when online (at most every 5 minutes per company and user; the
 * query is shared by the shell and the screens). Offline it fails quietly: the cached copy stays.
 */
export function useAllocationRefresh(userId: string | null, companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['fos-allocation-refresh', companyId, userId],
    queryFn: async () => {
      await refreshAllocation(() => fetchAllocation(companyId!), companyId!);
      await alignReceiptSequence(companyId!).catch(() => undefined);
      return Date.now();
    },
    enabled: enabled && Boolean(userId && companyId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * Raises this phone's receipt sequence of the executive to the highest sequence among the
 * executive's receipts on the server (GET /api/fos/receipts), so a new phone, a cleared browser or
 * a second device never makes a number the server already holds (it would be refused as taken).
 * Never lowers it: receipts still in the outbox keep their numbers.
 */
export async function alignReceiptSequence(companyId: string): Promise<void> {
  const executive = await getMeta<OfflineExecutive>(META_KEYS.executive(companyId));
  if (!executive) return;
  const { receipts } = await api.get<{ receipts: ReceiptRecord[] }>('fos/receipts', { searchParams: { company_id: companyId } });
  const code = executive.executive_code.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
  let highest = 0;
  for (const r of receipts) {
    const parsed = parseReceiptNumber(r.receipt_number);
    if (parsed && parsed.executiveCode === code) highest = Math.max(highest, parsed.sequence);
  }
  if (highest === 0) return;
  const key = META_KEYS.receiptSequence(companyId, executive.executive_code);
  await fieldDb.transaction('rw', fieldDb.meta, async () => {
    const current = (await fieldDb.meta.get(key))?.value;
    if (typeof current !== 'number' || current < highest) await fieldDb.meta.put({ key, value: highest });
  });
}

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_URL_KEY = 'map_tile_url';

/**
 * The map tile URL template (GET /api/public-config `map_tile_url`), kept in Dexie meta so the
 * map still knows where its (service-worker cached) tiles come from offline.
 */
export function useMapTileUrl() {
  return useQuery({
    queryKey: ['map-tile-url'],
    queryFn: async () => {
      try {
        const url = (await fetchPublicConfig()).map_tile_url;
        await setMeta(TILE_URL_KEY, url);
        return url;
      } catch {
        return (await getMeta<string>(TILE_URL_KEY)) ?? DEFAULT_TILE_URL;
      }
    },
    staleTime: 60 * 60_000,
    retry: false,
  });
}

/** Last successful sync (ISO) and the drain's stop reason ('unauthorized' asks to sign in again). */
export function useSyncMeta(): { lastSyncAt: string | null; drainError: string | null } | undefined {
  return useLiveQuery(async () => {
    const [lastSyncAt, drainError] = await Promise.all([getMeta<string>(META_KEYS.lastSyncAt), getMeta<string>(META_KEYS.lastDrainError)]);
    return { lastSyncAt, drainError };
  }, []);
}
