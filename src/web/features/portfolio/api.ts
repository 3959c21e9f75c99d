/**
 * Portfolio calls of the recovery service (spec 7 recovery `/variables`, `/filters/config`,
 * `/loans`, `/saved/filters`, `/loan-details/{id}`, `/loan/activity/{id}`, `/loan/remarks/{id}`,
 * `/customer/profile/{id}`). Every key carries the company.
 */
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityEvent,
  CustomerProfile,
  FilterGroup,
  LoanDetails,
  LoanFilter,
  LoansPage,
  SavedFilter,
  Variable,
} from '../../../domain/contracts/portfolio';
import { api } from '../../lib/api';

/** Rows fetched per request while scrolling the loans table. */
export const LOANS_PAGE_SIZE = 100;

export function useVariables(companyId: string | null) {
  return useQuery({
    queryKey: ['variables', companyId],
    queryFn: () => api.get<{ variables: Variable[] }>('recovery/variables', { searchParams: { company_id: companyId } }),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });
}

export function useFilterConfig(companyId: string | null) {
  return useQuery({
    queryKey: ['filter-config', companyId],
    queryFn: () => api.get<{ groups: FilterGroup[] }>('recovery/filters/config', { searchParams: { company_id: companyId } }),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });
}

/** What selects the loans shown: month (null = the latest), search, filters and sort. */
export interface LoansSelection {
  allocation_month: string | null;
  search: string;
  filters: LoanFilter[];
  sort_by: string | null;
  sort_order: 'asc' | 'desc';
}

function loansParams(companyId: string | null, selection: LoansSelection, pageNumber: number, pageSize: number) {
  return {
    company_id: companyId,
    allocation_month: selection.allocation_month,
    search: selection.search || undefined,
    filters: selection.filters.length > 0 ? JSON.stringify(selection.filters) : undefined,
    sort_by: selection.sort_by,
    sort_order: selection.sort_by ? selection.sort_order : undefined,
    page_number: pageNumber,
    page_size: pageSize,
  };
}

const loansKey = (companyId: string | null, selection: LoansSelection, pageNumber: number, pageSize: number) =>
  ['loans', companyId, selection, pageNumber, pageSize] as const;

/** One page of `GET /recovery/loans` (first page also answers total and the months). */
export function useLoansPage(companyId: string | null, selection: LoansSelection, pageNumber: number, pageSize = LOANS_PAGE_SIZE) {
  return useQuery({
    queryKey: loansKey(companyId, selection, pageNumber, pageSize),
    queryFn: ({ signal }) => api.get<LoansPage>('recovery/loans', { searchParams: loansParams(companyId, selection, pageNumber, pageSize), signal }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

/**
 * The pages of `GET /recovery/loans` that cover the visible rows of the virtualised table.
 * @param pageNumbers 1-based pages to load (those of the visible rows)
 * @returns the loaded pages by page number; pages still loading are absent
 */
export function useLoanPages(companyId: string | null, selection: LoansSelection, pageNumbers: readonly number[]): Map<number, LoansPage> {
  const results = useQueries({
    queries: pageNumbers.map((page) => ({
      queryKey: loansKey(companyId, selection, page, LOANS_PAGE_SIZE),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<LoansPage>('recovery/loans', { searchParams: loansParams(companyId, selection, page, LOANS_PAGE_SIZE), signal }),
      enabled: Boolean(companyId),
      staleTime: 60_000,
    })),
  });
  const pages = new Map<number, LoansPage>();
  results.forEach((result, index) => {
    if (result.data) pages.set(pageNumbers[index], result.data);
  });
  return pages;
}

export function useSavedFilters(companyId: string | null) {
  return useQuery({
    queryKey: ['saved-filters', companyId],
    queryFn: () => api.get<{ saved_filters: SavedFilter[] }>('recovery/saved/filters', { searchParams: { company_id: companyId } }),
    enabled: Boolean(companyId),
  });
}

export type SavedFilterChange =
  | { kind: 'create'; filter_name: string; filters: LoanFilter[] }
  | { kind: 'rename'; filter_id: string; filter_name: string }
  | { kind: 'delete'; filter_id: string };

/** Creates, renames or deletes a saved filter (`POST`/`PATCH`/`DELETE /recovery/saved/filters`). */
export function useChangeSavedFilter(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: SavedFilterChange) => {
      const searchParams = { company_id: companyId };
      switch (change.kind) {
        case 'create':
          return api.post<SavedFilter>('recovery/saved/filters', { searchParams, json: { filter_name: change.filter_name, filters: change.filters } });
        case 'rename':
          return api.patch<SavedFilter>('recovery/saved/filters', { searchParams, json: { filter_id: change.filter_id, filter_name: change.filter_name } });
        default:
          return api.delete<unknown>('recovery/saved/filters', { searchParams: { ...searchParams, filter_id: change.filter_id } });
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['saved-filters', companyId] }),
  });
}

export function useLoanDetails(companyId: string | null, loanId: string | null, month: string | null) {
  return useQuery({
    queryKey: ['loan-details', companyId, loanId, month],
    queryFn: ({ signal }) =>
      api.get<LoanDetails>(`recovery/loan-details/${encodeURIComponent(loanId ?? '')}`, { searchParams: { company_id: companyId, allocation_month: month }, signal }),
    enabled: Boolean(companyId && loanId),
    retry: false,
  });
}

export function useActivity(companyId: string | null, loanId: string | null) {
  return useQuery({
    queryKey: ['loan-activity', companyId, loanId],
    queryFn: ({ signal }) =>
      api.get<{ events: ActivityEvent[]; total: number }>(`recovery/loan/activity/${encodeURIComponent(loanId ?? '')}`, { searchParams: { company_id: companyId }, signal }),
    enabled: Boolean(companyId && loanId),
    retry: false,
  });
}

export function useAddRemark(companyId: string | null, loanId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { remark: string; allocation_month?: string }) =>
      api.post<unknown>(`recovery/loan/remarks/${encodeURIComponent(loanId ?? '')}`, { searchParams: { company_id: companyId }, json: body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['loan-activity', companyId, loanId] });
      void client.invalidateQueries({ queryKey: ['loans', companyId] });
    },
  });
}

export function useCustomerProfile(companyId: string | null, customerId: string | null) {
  return useQuery({
    queryKey: ['customer-profile', companyId, customerId],
    queryFn: ({ signal }) =>
      api.get<CustomerProfile>(`recovery/customer/profile/${encodeURIComponent(customerId ?? '')}`, { searchParams: { company_id: companyId }, signal }),
    enabled: Boolean(companyId && customerId),
    retry: false,
  });
}
