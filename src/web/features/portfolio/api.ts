/**
 * Portfolio calls of the recovery service (spec 7 recovery `/variables`, `/filters/config`,
 * `/loans`, `/saved/filters`, `/loan-details/{id}`, `/loan/activity/{id}`, `/loan/remarks/{id}`,
 * `/customer/profile/{id}`), made from their endpoint definitions (src/web/lib/endpoint.ts). Every
 * query carries the company, so every key does.
 */
import { keepPreviousData, useQueries, useQueryClient } from '@tanstack/react-query';
import type { LoanFilter } from '../../../domain/contracts/portfolio/filters';
import { listLoans, type LoansPage } from '../../../domain/contracts/portfolio/loans';
import { addRemark, customerProfile, loanActivity, loanDetails } from '../../../domain/contracts/portfolio/profiles';
import { createSavedFilter, deleteSavedFilter, listSavedFilters, updateSavedFilter } from '../../../domain/contracts/portfolio/saved-filters';
import { listVariables } from '../../../domain/contracts/portfolio/variables';
import { call, endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';

/** Rows fetched per request while scrolling the loans table. */
export const LOANS_PAGE_SIZE = 100;

/** The company as a query parameter (absent until the shell knows it; such queries are disabled). */
const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });

export function useVariables(companyId: string | null) {
  return useEndpoint(listVariables, { query: company(companyId) }, { enabled: Boolean(companyId), staleTime: 5 * 60_000 });
}

export { useFilterConfig } from '../../components/loan-filters-drawer';

/** What selects the loans shown: month (null = the latest), search, filters and sort. */
export interface LoansSelection {
  allocation_month: string | null;
  search: string;
  filters: LoanFilter[];
  sort_by: string | null;
  sort_order: 'asc' | 'desc';
}

function loansInput(companyId: string | null, selection: LoansSelection, pageNumber: number, pageSize: number) {
  return {
    query: {
      ...company(companyId),
      allocation_month: selection.allocation_month ?? undefined,
      search: selection.search || undefined,
      filters: selection.filters.length > 0 ? JSON.stringify(selection.filters) : undefined,
      sort_by: selection.sort_by ?? undefined,
      sort_order: selection.sort_by ? selection.sort_order : undefined,
      page_number: pageNumber,
      page_size: pageSize,
    },
  };
}

/** One page of `GET /recovery/loans` (first page also answers total and the months). */
export function useLoansPage(companyId: string | null, selection: LoansSelection, pageNumber: number, pageSize = LOANS_PAGE_SIZE) {
  return useEndpoint(listLoans, loansInput(companyId, selection, pageNumber, pageSize), { enabled: Boolean(companyId), placeholderData: keepPreviousData });
}

/**
 * The pages of `GET /recovery/loans` that cover the visible rows of the virtualised table.
 * @param pageNumbers 1-based pages to load (those of the visible rows)
 * @returns the loaded pages by page number; pages still loading are absent
 */
export function useLoanPages(companyId: string | null, selection: LoansSelection, pageNumbers: readonly number[]): Map<number, LoansPage> {
  const results = useQueries({
    queries: pageNumbers.map((page) => {
      const input = loansInput(companyId, selection, page, LOANS_PAGE_SIZE);
      return {
        queryKey: endpointKey(listLoans, input),
        queryFn: ({ signal }: { signal: AbortSignal }) => call(listLoans, { ...input, signal }),
        enabled: Boolean(companyId),
        staleTime: 60_000,
      };
    }),
  });
  const pages = new Map<number, LoansPage>();
  results.forEach((result, index) => {
    if (result.data) pages.set(pageNumbers[index], result.data);
  });
  return pages;
}

export function useSavedFilters(companyId: string | null) {
  return useEndpoint(listSavedFilters, { query: company(companyId) }, { enabled: Boolean(companyId) });
}

export type SavedFilterChange =
  | { kind: 'create'; filter_name: string; filters: LoanFilter[] }
  | { kind: 'rename'; filter_id: string; filter_name: string }
  | { kind: 'delete'; filter_id: string };

/**
 * Creates, renames or deletes a saved filter (`POST`/`PATCH`/`DELETE /recovery/saved/filters`).
 * @returns the mutation; its data is the saved filter (null after a delete)
 */
export function useChangeSavedFilter(companyId: string | null) {
  const client = useQueryClient();
  const create = useEndpointMutation(createSavedFilter);
  const rename = useEndpointMutation(updateSavedFilter);
  const remove = useEndpointMutation(deleteSavedFilter);
  const query = company(companyId);
  const mutate = (change: SavedFilterChange, handlers: { onSuccess: (answer: { filter_id: string } | null) => void; onError: (error: Error) => void }) => {
    const onSuccess = (answer: { filter_id: string } | null) => {
      void client.invalidateQueries({ queryKey: [listSavedFilters.operation] });
      handlers.onSuccess(answer);
    };
    const options = { onSuccess, onError: handlers.onError };
    if (change.kind === 'create') create.mutate({ query, body: { filter_name: change.filter_name, filters: change.filters } }, options);
    else if (change.kind === 'rename') rename.mutate({ query, body: { filter_id: change.filter_id, filter_name: change.filter_name } }, options);
    else remove.mutate({ query: { ...query, filter_id: change.filter_id } }, options);
  };
  return { mutate, isPending: create.isPending || rename.isPending || remove.isPending };
}

export function useLoanDetails(companyId: string | null, loanId: string | null, month: string | null) {
  return useEndpoint(
    loanDetails,
    { params: { loan_id: loanId ?? '' }, query: { ...company(companyId), allocation_month: month ?? undefined } },
    { enabled: Boolean(companyId && loanId), retry: false },
  );
}

export function useActivity(companyId: string | null, loanId: string | null) {
  return useEndpoint(loanActivity, { params: { loan_id: loanId ?? '' }, query: company(companyId) }, { enabled: Boolean(companyId && loanId), retry: false });
}

/** `POST /recovery/loan/remarks/{loan_id}`: `mutate({ params, query, body })`; the timeline and the loans list are refetched. */
export function useAddRemark() {
  const client = useQueryClient();
  return useEndpointMutation(addRemark, {
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [loanActivity.operation] });
      void client.invalidateQueries({ queryKey: [listLoans.operation] });
    },
  });
}

export function useCustomerProfile(companyId: string | null, customerId: string | null) {
  return useEndpoint(
    customerProfile,
    { params: { client_customer_id: customerId ?? '' }, query: company(companyId) },
    { enabled: Boolean(companyId && customerId), retry: false },
  );
}
