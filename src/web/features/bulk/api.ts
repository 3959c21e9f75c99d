/**
 * Bulk operation calls (spec 2 tabs "import management" and "export management", spec 4 statuses,
 * spec 7 `/bulk/imports*`, recovery `/exports`, `/export/download`). Every key carries the company.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnMapping } from '../../../domain/portfolio/column-mapping';
import type { ExportRecord, ImportPreview, ImportRecord } from '../../../domain/contracts/bulk';
import type { LoanFilter } from '../../../domain/contracts/portfolio';
import { FINAL_STATUSES } from '../../../domain/bulk/termination';
import { api } from '../../lib/api';

export const IMPORTS_PAGE_SIZE = 10;
/** Spec 9: exports are listed 10 to a page by default. */
export const EXPORTS_PAGE_SIZE = 10;
/** How often a running import or export is asked for its progress, ms. */
export const POLL_MS = 1000;

/** True once an import or export has ended (spec 4 final statuses); it is no longer polled. */
export function isFinalStatus(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** `POST /bulk/imports/preview`: stores the file and answers its headers and a suggested mapping. */
export function useImportPreview(companyId: string | null) {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return api.post<ImportPreview>('bulk/imports/preview', { searchParams: { company_id: companyId }, body });
    },
  });
}

/** `POST /bulk/imports`: starts importing a previewed file into an allocation month. */
export function useStartImport(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, month, mapping }: { fileId: string; month: string; mapping: ColumnMapping }) => {
      const body = new FormData();
      body.append('file_id', fileId);
      body.append('allocation_month', month);
      body.append('mapping', JSON.stringify(mapping));
      return api.post<ImportRecord>('bulk/imports', { searchParams: { company_id: companyId }, body });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['imports', companyId] }),
  });
}

/** `GET /bulk/imports/:id`, polled every second until the import reaches a final status. */
export function useImport(companyId: string | null, id: string | null) {
  return useQuery({
    queryKey: ['import', companyId, id],
    queryFn: ({ signal }) => api.get<ImportRecord>(`bulk/imports/${encodeURIComponent(id ?? '')}`, { searchParams: { company_id: companyId }, signal }),
    enabled: Boolean(companyId && id),
    refetchInterval: (query) => (query.state.data && isFinalStatus(query.state.data.status) ? false : POLL_MS),
  });
}

/** `GET /bulk/imports`, newest first; refreshed while any listed import is still running. */
export function useImports(companyId: string | null, pageNumber: number) {
  return useQuery({
    queryKey: ['imports', companyId, pageNumber],
    queryFn: ({ signal }) =>
      api.get<{ imports: ImportRecord[]; total: number }>('bulk/imports', {
        searchParams: { company_id: companyId, page_number: pageNumber, page_size: IMPORTS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.imports.some((i) => !isFinalStatus(i.status)) ? POLL_MS * 3 : false),
  });
}

/** `POST /bulk/imports/:id/terminate`. */
export function useTerminateImport(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ImportRecord>(`bulk/imports/${encodeURIComponent(id)}/terminate`, { searchParams: { company_id: companyId } }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['import', companyId] }),
  });
}

/** Saves a Blob under `fileName` through a temporary link (downloads need the auth headers, so no plain href). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads `/api/<path>` with the auth headers and saves it; `fallbackName` when the server names none. */
export async function downloadFile(path: string, searchParams: Record<string, string | null>, fallbackName: string): Promise<void> {
  const { blob, fileName } = await api.download(path, { searchParams });
  saveBlob(blob, fileName ?? fallbackName);
}

export interface ExportsQuery {
  page_number: number;
  status?: string;
  start_date?: string;
  end_date?: string;
}

/** `GET /recovery/exports`; refreshed while any listed export is not final. */
export function useExports(companyId: string | null, query: ExportsQuery) {
  return useQuery({
    queryKey: ['exports', companyId, query],
    queryFn: ({ signal }) =>
      api.get<{ exports: ExportRecord[]; total: number }>('recovery/exports', {
        searchParams: { company_id: companyId, page_size: EXPORTS_PAGE_SIZE, ...query },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.exports.some((e) => !isFinalStatus(e.status)) ? POLL_MS * 2 : false),
  });
}

export interface CreateExportInput {
  allocation_month: string;
  format: 'xlsx' | 'csv';
  filters: LoanFilter[];
  search?: string;
}

/** `POST /recovery/exports`: queues a loan export of a month (optionally the loans list's filters). */
export function useCreateExport(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExportInput) => api.post<ExportRecord>('recovery/exports', { searchParams: { company_id: companyId }, json: body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['exports', companyId] }),
  });
}
