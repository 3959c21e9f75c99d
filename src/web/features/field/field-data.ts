/**
 * What the field screens read from the phone (issue 4 "Offline behaviour"): the cached allocation,
 * the outbox, and the allocation refresh when online. Reads that follow the stores' changes
 * (useOfflineRead), so a visit queued or sent anywhere (another tab, the service worker's drain)
 * shows at once.
 */
import { useQuery } from '@tanstack/react-query';
import type { AllocatedLoan, AllocationResponse } from '../../../domain/contracts/field/visits';
import { refreshAllocation, cachedAllocation, cachedLoan, downloadedAllocation, type CachedAllocation } from '../../../offline/allocation-cache';
import { META_KEYS, getMeta, setMeta } from '../../../offline/db';
import type { OutboxItem } from '../../../offline/db';
import { alignReceiptSequence, outboxItems } from '../../../offline/outbox';
import { afterFirstPaint } from '../../lib/idle';
import { session } from '../../lib/store';
import { takeWarm } from '../../lib/warm';
import { useOfflineRead } from '../../lib/use-offline-read';
import { DEFAULT_TILE_URL, fetchPublicConfig } from '../../lib/public-config';
import { fetchAllocation, fetchReceipts } from './api';

/** The allocation's rows and its meta facts (executive, sync time, currency). */
const ALLOCATION_STORES = ['allocation', 'meta'] as const;

/**
 * The cached allocation of the user in the company; undefined while reading. A download this page
 * already holds is the first value, so the day list renders it without waiting for IndexedDB.
 */
export function useCachedAllocation(userId: string | null, companyId: string | null): CachedAllocation | undefined {
  return useOfflineRead(
    () => (userId && companyId ? cachedAllocation(userId, companyId) : Promise.resolve({ loans: [], executive: null, syncedAt: null, currency: null })),
    [userId, companyId],
    ALLOCATION_STORES,
    userId && companyId ? downloadedAllocation(userId, companyId) : undefined,
  );
}

/** One cached loan (null when not in the user's allocation), undefined while reading. */
export function useCachedLoan(userId: string | null, companyId: string | null, loanId: string | null): AllocatedLoan | null | undefined {
  return useOfflineRead(() => (userId && companyId && loanId ? cachedLoan(userId, companyId, loanId) : Promise.resolve(null)), [userId, companyId, loanId], ['allocation']);
}

/** The user's outbox items in the company, oldest first; undefined while reading. */
export function useOutbox(userId: string | null, companyId: string | null): OutboxItem[] | undefined {
  return useOfflineRead(() => (userId && companyId ? outboxItems(userId, companyId) : Promise.resolve([])), [userId, companyId], ['outbox']);
}

/** The allocation warm.js downloaded for this company and token, taken once; null when there is none (lib/warm.ts). */
function takeWarmAllocation(companyId: string): Promise<AllocationResponse> | null {
  return takeWarm<AllocationResponse>('__roWarmAllocation', companyId, () => fetchAllocation(companyId));
}

/** Allocation downloads in flight, by company: one request however many callers ask at once. */
const inflight = new Map<string, Promise<void>>();

/**
 * Downloads the signed-in user's allocation in the company into IndexedDB (GET /api/fos/allocation),
 * joining a download already in flight for the company.
 * @throws ApiError when the server refuses or cannot be reached (the cached copy stays)
 */
export function refreshAllocationOnce(companyId: string): Promise<void> {
  let running = inflight.get(companyId);
  if (!running) {
    running = refreshAllocation(() => takeWarmAllocation(companyId) ?? fetchAllocation(companyId), companyId).finally(() => inflight.delete(companyId));
    inflight.set(companyId, running);
  }
  return running;
}

/**
 * Starts the allocation download of the company in the page's URL at once, without waiting for the
 * profile (the server answers the token's own allocation): on a first visit the day list then
 * waits for one round trip instead of two (issue 4 LCP). Failures are left to the screen's refresh.
 */
export function startAllocationDownload(): void {
  // Signed out, the route sends the user to sign in: no request that would answer 401.
  if (typeof window === 'undefined' || !navigator.onLine || !session.uat) return;
  const companyId = new URLSearchParams(window.location.search).get('company_id');
  if (companyId) refreshAllocationOnce(companyId).catch(() => undefined);
}

/** Key of the allocation refresh (a download into IndexedDB, not one read): the shell invalidates it after a sync. */
export const ALLOCATION_REFRESH_KEY = 'fos-allocation-refresh';

/**
 * Copies the allocation into IndexedDB when online (at most every 5 minutes per company and user; the
 * query is shared by the shell and the screens). Offline it fails quietly: the cached copy stays.
 */
export function useAllocationRefresh(userId: string | null, companyId: string | null, enabled = true) {
  return useQuery({
    queryKey: [ALLOCATION_REFRESH_KEY, companyId, userId],
    queryFn: async () => {
      await refreshAllocationOnce(companyId!);
      // The receipts' request waits until the day list has painted, not to compete with it (issue 18).
      afterFirstPaint(() => void alignWithServerReceipts(companyId!).catch(() => undefined));
      return Date.now();
    },
    enabled: enabled && Boolean(userId && companyId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The executive's receipts on the server raise this phone's receipt sequence (src/offline/outbox.ts). */
async function alignWithServerReceipts(companyId: string): Promise<void> {
  const { receipts } = await fetchReceipts(companyId);
  await alignReceiptSequence(companyId, receipts.map((r) => r.receipt_number));
}

const TILE_URL_KEY = 'map_tile_url';

/**
 * The map tile URL template (GET /api/public-config `map_tile_url`), kept in IndexedDB meta so the
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
  return useOfflineRead(
    async () => {
      const [lastSyncAt, drainError] = await Promise.all([getMeta<string>(META_KEYS.lastSyncAt), getMeta<string>(META_KEYS.lastDrainError)]);
      return { lastSyncAt, drainError };
    },
    [],
    ['meta'],
  );
}
