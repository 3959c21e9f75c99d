/**
 * Bulk operation calls (spec 2 tabs "import management" and "export management", spec 4 statuses,
 * spec 7 `/bulk/imports*`, recovery `/exports`, `/export/download`) and loan operations (tab "loan
 * operations", started from portfolio assignment too: `/bulk/loan-operations*`, spec 4 statuses and
 * termination), made from their endpoint definitions (src/web/lib/endpoint.ts). Every query
 * carries the company, so every key does.
 */
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ColumnMapping } from '../../../domain/portfolio/column-mapping';
import { createExport, listExports } from '../../../domain/contracts/bulk/exports';
import { createImport, getImport, listImports, previewImport, terminateImport } from '../../../domain/contracts/bulk/imports';
import { getLoanOperation, listLoanOperations, startLoanOperation, terminateLoanOperation, type CreateLoanOperationBody } from '../../../domain/contracts/bulk/loan-operations';
import type { BodyOf, QueryOf } from '../../../domain/contracts/endpoint';
import type { AgentType } from '../../../domain/bulk/loan-operations';
import { FINAL_STATUSES } from '../../../domain/bulk/termination';
import { call, useEndpoint } from '../../lib/endpoint';

export const IMPORTS_PAGE_SIZE = 10;
/** Spec 9: exports are listed 10 to a page by default. */
export const EXPORTS_PAGE_SIZE = 10;
/** How often a running import, export or loan operation is asked for its progress, ms. */
export const POLL_MS = 1000;

/** The company as a query parameter (absent until the shell knows it; such queries are disabled). */
const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });

/** True once an import or export has ended (spec 4 final statuses); it is no longer polled. */
export function isFinalStatus(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** `POST /bulk/imports/preview`: stores the file and answers its headers and a suggested mapping. */
export function useImportPreview(companyId: string | null) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(previewImport, { query: company(companyId), form });
    },
  });
}

/** `POST /bulk/imports`: starts importing a previewed file into an allocation month. */
export function useStartImport(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, month, mapping }: { fileId: string; month: string; mapping: ColumnMapping }) => {
      const form = new FormData();
      form.append('file_id', fileId);
      form.append('allocation_month', month);
      form.append('mapping', JSON.stringify(mapping));
      return call(createImport, { query: company(companyId), form });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: [listImports.operation] }),
  });
}

/** `GET /bulk/imports/{id}`, polled every second until the import reaches a final status. */
export function useImport(companyId: string | null, id: string | null) {
  return useEndpoint(
    getImport,
    { params: { id: id ?? '' }, query: company(companyId) },
    { enabled: Boolean(companyId && id), refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : POLL_MS) },
  );
}

/** `GET /bulk/imports`, newest first; refreshed while any listed import is still running. */
export function useImports(companyId: string | null, pageNumber: number) {
  return useEndpoint(
    listImports,
    { query: { ...company(companyId), page_number: pageNumber, page_size: IMPORTS_PAGE_SIZE } },
    {
      enabled: Boolean(companyId),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.imports.some((i) => !isFinalStatus(i.status)) ? POLL_MS * 3 : false),
    },
  );
}

/** `POST /bulk/imports/{id}/terminate`. */
export function useTerminateImport(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(terminateImport, { params: { id }, query: company(companyId) }),
    onSettled: () => void client.invalidateQueries({ queryKey: [getImport.operation] }),
  });
}

export interface ExportsQuery {
  page_number: number;
  status?: QueryOf<typeof listExports>['status'];
  start_date?: string;
  end_date?: string;
}

/** `GET /recovery/exports`; refreshed while any listed export is not final. */
export function useExports(companyId: string | null, query: ExportsQuery) {
  return useEndpoint(
    listExports,
    { query: { ...company(companyId), page_size: EXPORTS_PAGE_SIZE, ...query } },
    {
      enabled: Boolean(companyId),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.exports.some((e) => !isFinalStatus(e.status)) ? POLL_MS * 2 : false),
    },
  );
}

/** What an export is asked with: the month, the format and optionally the loans list's filters and search. */
export type CreateExportInput = BodyOf<typeof createExport>;

/** `POST /recovery/exports`: queues a loan export of a month (optionally the loans list's filters). */
export function useCreateExport(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExportInput) => call(createExport, { query: company(companyId), body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: [listExports.operation] }),
  });
}

/** Spec 9: bulk lists show 10 to a page by default. */
export const LOAN_OPERATIONS_PAGE_SIZE = 10;

/** `GET /bulk/loan-operations/{id}`, polled every second until the operation reaches a final status. */
export function useLoanOperation(companyId: string | null, id: string | null) {
  return useEndpoint(
    getLoanOperation,
    { params: { id: id ?? '' }, query: company(companyId) },
    { enabled: Boolean(companyId && id), refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : POLL_MS) },
  );
}

/** A finished list is still refreshed this often, ms, so operations started elsewhere (another tab, a colleague) appear. */
const IDLE_LIST_POLL_MS = 15_000;

/** `GET /bulk/loan-operations`, newest first, 10 to a page; refreshed every 2 s while any listed one is running. */
export function useLoanOperations(companyId: string | null, pageNumber: number) {
  return useEndpoint(
    listLoanOperations,
    { query: { ...company(companyId), page_number: pageNumber, page_size: LOAN_OPERATIONS_PAGE_SIZE } },
    {
      enabled: Boolean(companyId),
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.operations.some((o) => !isFinalStatus(o.status)) ? POLL_MS * 2 : IDLE_LIST_POLL_MS),
    },
  );
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
      const query = company(companyId);
      if (input.kind === 'json') return call(startLoanOperation, { query, body: input.body });
      const form = new FormData();
      form.append('operation_type', 'allocate_loans_via_excel');
      form.append('allocation_month', input.allocation_month);
      if (input.agent_type) form.append('agent_type', input.agent_type);
      form.append('file', input.file);
      return call(startLoanOperation, { query, form });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: [listLoanOperations.operation] }),
  });
}

/** `POST /bulk/loan-operations/{id}/terminate` (refused with 409 'Failed to terminate operation'). */
export function useTerminateLoanOperation(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(terminateLoanOperation, { params: { id }, query: company(companyId) }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [getLoanOperation.operation] });
      void client.invalidateQueries({ queryKey: [listLoanOperations.operation] });
    },
  });
}
