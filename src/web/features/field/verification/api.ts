/**
 * Calls of the field-visit verification screen (issue 5 "Visit verification"; spec 2 field-visit
 * verification, label FOS Visits) on their endpoint definitions (contracts/field/verification.ts;
 * src/web/lib/endpoint.ts): the queue (`verificationQueue`), a reviewer's decision (`decideVisit`)
 * with the visit taken out of the pending list at once (visit photos: visit-photos.tsx),
 * and the executives a reviewer may filter by. Keys carry the company.
 */
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { lastPositions } from '../../../../domain/contracts/field/tracking';
import { decideVisit, verificationQueue } from '../../../../domain/contracts/field/verification';
import { listVisits } from '../../../../domain/contracts/field/visits';
import { mergeStatuses, withoutVisit, type QueuePage } from './queue-model';
import type { VerificationDecision } from '../../../../domain/field/verification';
import type { VisitFlag } from '../../../../domain/field/geo';
import type { PermissionsMap } from '../../../../domain/users/permissions';
import { listCompanyUsers } from '../../../../domain/contracts/users/company-users';
import { call, can, endpointKey, useEndpointMutation, type CallInput } from '../../../lib/endpoint';

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

/** The queue's key: the endpoint's operation, the company, the screen's filters (the 'all' tab is no one read). */
const QUEUE_KEY = verificationQueue.operation;

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
        call(verificationQueue, { query: { company_id: companyId ?? undefined, ...rest, status: one, page_number: page, page_size: size }, signal });
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
 * `POST /api/fos/verification/visits/{visit_id}` with `{decision, reason}` (decisionInput). Optimistic: the visit
 * leaves the cached pending lists before the answer; a refusal puts them back. Every queue is
 * refetched afterwards (the decided visit now belongs to another tab).
 * @throws ApiError (to the caller's onError) e.g. 'A reason is required to reject a visit'
 */
export function useDecideVisit(companyId: string | null) {
  const client = useQueryClient();
  return useEndpointMutation<typeof decideVisit, { snapshot: Snapshot }>(decideVisit, {
    onMutate: async ({ params }) => {
      const visitId = params?.visit_id ?? '';
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
      void client.invalidateQueries({ queryKey: endpointKey(listVisits, { query: { company_id: companyId ?? undefined } }) });
    },
  });
}

/** The decision call of a visit: approve, or reject with a reason (trimmed; sent only when not blank). */
export function decisionInput(companyId: string | null, visitId: string, decision: VerificationDecision, reason: string): CallInput<typeof decideVisit> {
  return { params: { visit_id: visitId }, query: { company_id: companyId ?? undefined }, body: reason.trim() ? { decision, reason: reason.trim() } : { decision } };
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
  const tracking = can(lastPositions, permissions);
  const users = can(listCompanyUsers, permissions);
  return useQuery({
    queryKey: ['fos-executive-options', companyId, tracking, users],
    queryFn: async ({ signal }): Promise<ExecutiveOption[]> => {
      let list: ExecutiveOption[] = [];
      if (tracking) {
        list = (await call(lastPositions, { query: { company_id: companyId ?? undefined }, signal })).executives;
      } else if (users) {
        list = (await call(listCompanyUsers, { query: { company_id: companyId ?? undefined, professions: 'field executive', page_size: 500 }, signal })).users;
      }
      return list.map(({ user_id, name }) => ({ user_id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
    enabled: Boolean(companyId) && (tracking || users),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
