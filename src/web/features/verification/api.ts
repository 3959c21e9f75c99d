/**
 * Calls of the field-visit verification screen (issue 5 "Visit verification"; spec 2 field-visit
 * verification, label FOS Visits): the queue (`GET /api/fos/verification/visits`), a reviewer's
 * decision (`POST /api/fos/verification/visits/{visit_id}`) with the visit taken out of the pending
 * list at once, visit photos as Blobs (they need the auth headers), the map tile URL, and the
 * executives a reviewer may filter by. Keys carry the company.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { VerificationQueue, VisitRecord } from '../../../domain/contracts/field';
import { mergeStatuses, withoutVisit, type QueuePage } from './queue-model';
import type { VerificationDecision } from '../../../domain/field/verification';
import type { VisitFlag } from '../../../domain/field/geo';
import { hasPermission, type PermissionsMap } from '../../../domain/users/permissions';
import { api } from '../../lib/api';
import { fetchPublicConfig } from '../auth/api';

/** The tabs of the screen: the queue first (issue 5), then the decided visits, then everything. */
export const VERIFICATION_TABS = ['pending', 'approved', 'rejected', 'all'] as const;
export type VerificationTab = (typeof VERIFICATION_TABS)[number];

export const QUEUE_PAGE_SIZE = 20;

/** The screen's filters; dates are the check-in's company day, 'YYYY-MM-DD'. */
export interface QueueFilters {
  status: VerificationTab;
  flag?: VisitFlag;
  user_id?: string;
  from?: string;
  to?: string;
  page_number: number;
}

const QUEUE_KEY = 'fos-verification-queue';

/** The server's largest page (pagingQuery), used to gather the 'all' tab. */
const ALL_PAGE_SIZE = 500;

/**
 * `GET /api/fos/verification/visits`: one page of visits of the executives the caller may verify
 * (pending oldest first; decided ones latest decision first). The 'all' tab gathers the three
 * statuses (mergeStatuses).
 */
export function useVerificationQueue(companyId: string | null, filters: QueueFilters) {
  return useQuery({
    queryKey: [QUEUE_KEY, companyId, filters],
    queryFn: async ({ signal }): Promise<QueuePage> => {
      const { status, page_number, ...rest } = filters;
      const get = (one: Exclude<VerificationTab, 'all'>, page: number, size: number) =>
        api.get<VerificationQueue>('fos/verification/visits', { searchParams: { company_id: companyId, ...rest, status: one, page_number: page, page_size: size }, signal });
      if (status !== 'all') return get(status, page_number, QUEUE_PAGE_SIZE);
      const lists = await Promise.all((['pending', 'approved', 'rejected'] as const).map((one) => get(one, 1, ALL_PAGE_SIZE)));
      return mergeStatuses(lists, page_number, QUEUE_PAGE_SIZE);
    },
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

/** The queue as it was before an optimistic change, to put back when the server refuses it. */
type Snapshot = Array<[QueryKey, QueuePage | undefined]>;

/**
 * `POST /api/fos/verification/visits/{visit_id}` with `{decision, reason}`. Optimistic: the visit
 * leaves the cached pending lists before the answer; a refusal puts them back. Every queue is
 * refetched afterwards (the decided visit now belongs to another tab).
 * @throws ApiError (to the caller's onError) e.g. 'A reason is required to reject a visit'
 */
export function useDecideVisit(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ visitId, decision, reason }: { visitId: string; decision: VerificationDecision; reason: string }) =>
      api.post<VisitRecord>(`fos/verification/visits/${encodeURIComponent(visitId)}`, {
        searchParams: { company_id: companyId },
        json: reason.trim() ? { decision, reason: reason.trim() } : { decision },
      }),
    onMutate: async ({ visitId }) => {
      const filter = { queryKey: [QUEUE_KEY, companyId] };
      await client.cancelQueries(filter);
      const snapshot: Snapshot = client.getQueriesData<QueuePage>(filter);
      for (const [key, queue] of snapshot) {
        const status = (key[2] as QueueFilters | undefined)?.status;
        if (queue && status === 'pending') client.setQueryData<QueuePage>(key, withoutVisit(queue, visitId));
      }
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, queue] of context?.snapshot ?? []) client.setQueryData(key, queue);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [QUEUE_KEY, companyId] });
      // The executive's past-visit lists show the outcome (field/past-visits.tsx).
      void client.invalidateQueries({ queryKey: ['fos-visits', companyId] });
    },
  });
}

/**
 * A visit photo as a Blob. `url` is what the API lists (`/api/fos/visits/{id}/photos/{n}`); a plain
 * <img src> cannot carry the auth headers, so it is fetched and kept in the query cache.
 */
export function useVisitPhoto(companyId: string | null, url: string | null) {
  return useQuery({
    queryKey: ['fos-visit-photo', companyId, url],
    queryFn: async ({ signal }) => (await api.download(url!.replace(/^\/?api\//, ''), { searchParams: { company_id: companyId }, signal })).blob,
    enabled: Boolean(companyId && url),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The configured map tile URL template (GET /api/public-config), the OSM default when it fails. */
export function useTileUrl() {
  return useQuery({
    queryKey: ['public-config', 'map_tile_url'],
    queryFn: async () => {
      try {
        return (await fetchPublicConfig()).map_tile_url;
      } catch {
        return DEFAULT_TILE_URL;
      }
    },
    staleTime: 60 * 60_000,
  });
}

export interface ExecutiveOption {
  user_id: string;
  name: string;
}

/**
 * The executives to filter by: those of the caller's reports-to scope (`GET
 * /api/fos/tracking/last-positions`, with fos › field_force_tracking read), else the company's field
 * executives (`GET /api/user/company/users`, with user management › users read), else none.
 */
export function useExecutiveOptions(companyId: string | null, permissions: PermissionsMap | undefined) {
  const tracking = hasPermission(permissions, { module: 'fos', action: 'field_force_tracking', access: 'read' });
  const users = hasPermission(permissions, { module: 'User Management Module', action: 'users', access: 'read' });
  return useQuery({
    queryKey: ['fos-executive-options', companyId, tracking, users],
    queryFn: async ({ signal }): Promise<ExecutiveOption[]> => {
      let list: ExecutiveOption[] = [];
      if (tracking) {
        const data = await api.get<{ executives: ExecutiveOption[] }>('fos/tracking/last-positions', { searchParams: { company_id: companyId }, signal });
        list = data.executives;
      } else if (users) {
        const data = await api.get<{ users: ExecutiveOption[] }>('user/company/users', {
          searchParams: { company_id: companyId, professions: 'field executive', page_size: 500 },
          signal,
        });
        list = data.users;
      }
      return list.map(({ user_id, name }) => ({ user_id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled: Boolean(companyId) && (tracking || users),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
