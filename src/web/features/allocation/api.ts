/**
 * Portfolio assignment calls (issue 5; spec 2 "portfolio assignment" and bulk tab "loan
 * operations"; spec 4 loan operation statuses and termination): loan operations of the bulk
 * service (`/bulk/loan-operations*`), the territory suggestion (`/allocation/suggestions`) and the
 * agents a manager may assign to (`/user/company/users` by profession). Every key carries the company.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AllocationSuggestion, AllocationSuggestionBody } from '../../../domain/contracts/allocation';
import type { CreateLoanOperationBody, LoanOperationRecord } from '../../../domain/contracts/bulk';
import type { CompanyUser } from '../../../domain/contracts/users';
import type { AgentType } from '../../../domain/bulk/loan-operations';
import { api } from '../../lib/api';
import { isFinalStatus } from '../bulk/api';

/** Spec 9: bulk lists show 10 to a page by default. */
export const LOAN_OPERATIONS_PAGE_SIZE = 10;
/** How often a running operation is asked for its progress, ms. */
export const OPERATION_POLL_MS = 1000;
/** Agents listed per search in the agent picker (a search narrows a longer team). */
export const AGENTS_PAGE_SIZE = 50;

/** The profession whose users hold loans of an agent type (domain agentTypeOf, read backwards). */
export const AGENT_PROFESSION: Record<AgentType, string> = { fos: 'field executive', telecaller: 'telecalling' };

/** `GET /bulk/loan-operations/:id`, polled every second until the operation reaches a final status. */
export function useLoanOperation(companyId: string | null, id: string | null) {
  return useQuery({
    queryKey: ['loan-operation', companyId, id],
    queryFn: ({ signal }) => api.get<LoanOperationRecord>(`bulk/loan-operations/${encodeURIComponent(id ?? '')}`, { searchParams: { company_id: companyId }, signal }),
    enabled: Boolean(companyId && id),
    refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : OPERATION_POLL_MS),
  });
}

/** A finished list is still refreshed this often, ms, so operations started elsewhere (another tab, a colleague) appear. */
const IDLE_LIST_POLL_MS = 15_000;

/** `GET /bulk/loan-operations`, newest first, 10 to a page; refreshed every 2 s while any listed one is running. */
export function useLoanOperations(companyId: string | null, pageNumber: number) {
  return useQuery({
    queryKey: ['loan-operations', companyId, pageNumber],
    queryFn: ({ signal }) =>
      api.get<{ operations: LoanOperationRecord[]; total: number }>('bulk/loan-operations', {
        searchParams: { company_id: companyId, page_number: pageNumber, page_size: LOAN_OPERATIONS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.operations.some((o) => !isFinalStatus(o.status)) ? OPERATION_POLL_MS * 2 : IDLE_LIST_POLL_MS),
  });
}

/** A loan operation to start: the JSON body, or an "allocate via excel" file. */
export type LoanOperationInput =
  | { kind: 'json'; body: CreateLoanOperationBody }
  | { kind: 'file'; file: File; allocation_month: string; agent_type?: AgentType };

/** `POST /bulk/loan-operations` (JSON, or multipart for a file); answers the queued operation. */
export function useStartLoanOperation(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoanOperationInput) => {
      const searchParams = { company_id: companyId };
      if (input.kind === 'json') return api.post<LoanOperationRecord>('bulk/loan-operations', { searchParams, json: input.body });
      const body = new FormData();
      body.append('operation_type', 'allocate_loans_via_excel');
      body.append('allocation_month', input.allocation_month);
      if (input.agent_type) body.append('agent_type', input.agent_type);
      body.append('file', input.file);
      return api.post<LoanOperationRecord>('bulk/loan-operations', { searchParams, body });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['loan-operations', companyId] }),
  });
}

/** `POST /bulk/loan-operations/:id/terminate` (refused with 409 'Failed to terminate operation'). */
export function useTerminateLoanOperation(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<LoanOperationRecord>(`bulk/loan-operations/${encodeURIComponent(id)}/terminate`, { searchParams: { company_id: companyId } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['loan-operation', companyId] });
      void client.invalidateQueries({ queryKey: ['loan-operations', companyId] });
    },
  });
}

/** `POST /allocation/suggestions`: a proposal of who visits which loan (nothing is written). */
export function useSuggestAllocation(companyId: string | null) {
  return useMutation({
    mutationFn: (body: Omit<AllocationSuggestionBody, 'only_unallocated'> & { only_unallocated?: boolean }) =>
      api.post<AllocationSuggestion>('allocation/suggestions', { searchParams: { company_id: companyId }, json: body }),
  });
}

/**
 * Active users of one profession matching `search` (name, email, mobile, user id, employee id),
 * the first AGENTS_PAGE_SIZE by name: the people loans can be assigned to.
 */
export function useAgents(companyId: string | null, profession: string, search: string) {
  return useQuery({
    queryKey: ['agents', companyId, profession, search],
    queryFn: ({ signal }) =>
      api.get<{ users: CompanyUser[]; total: number }>('user/company/users', {
        searchParams: { company_id: companyId, professions: profession, search_value: search || undefined, page_size: AGENTS_PAGE_SIZE, page_number: 1 },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
