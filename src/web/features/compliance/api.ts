/** Compliance calls (issue 13) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { checkContact, grantOverride, listOverrides } from '../../../domain/contracts/compliance/check';
import { addDnd, dndUploadErrorFile, listDnd, listDndUploads, removeDnd, uploadDnd } from '../../../domain/contracts/compliance/dnd';
import { addDltTemplate, addHoliday, getComplianceRules, listDltTemplates, listHolidays, removeDltTemplate, removeHoliday, updateComplianceRules } from '../../../domain/contracts/compliance/rules';
import type { Endpoint } from '../../../domain/contracts/endpoint';
import { endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { saveDownload } from '../../lib/save-download';

export const companyInput = (companyId: string | null) => ({ query: { company_id: companyId ?? undefined } });

export function useRules(companyId: string | null) {
  return useEndpoint(getComplianceRules, companyInput(companyId), { enabled: Boolean(companyId) });
}

export function useUpdateRules(companyId: string | null) {
  const client = useQueryClient();
  return useEndpointMutation(updateComplianceRules, { onSuccess: (rules) => client.setQueryData(endpointKey(getComplianceRules, companyInput(companyId)), rules) });
}

export function useHolidays(companyId: string | null, year: number) {
  return useEndpoint(listHolidays, { query: { company_id: companyId ?? undefined, year } }, { enabled: Boolean(companyId) });
}

/** A mutation that refreshes the given reads when it succeeds. */
function useRefreshing<E extends Endpoint>(e: E, operations: string[]) {
  const client = useQueryClient();
  return useEndpointMutation(e, { onSuccess: () => Promise.all(operations.map((op) => client.invalidateQueries({ queryKey: [op] }))) });
}

export const useAddHoliday = () => useRefreshing(addHoliday, [listHolidays.operation]);
export const useRemoveHoliday = () => useRefreshing(removeHoliday, [listHolidays.operation]);

export function useDnd(companyId: string | null, page: number, search: string) {
  return useEndpoint(listDnd, { query: { company_id: companyId ?? undefined, page_number: page, page_size: 20, search: search || undefined } }, { enabled: Boolean(companyId) });
}
export function useDndUploads(companyId: string | null) {
  // Polled while an upload's job is writing it, for its progress.
  return useEndpoint(listDndUploads, companyInput(companyId), { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.uploads.some((u) => u.status === 'in_process') ? 1500 : false) });
}
export const useAddDnd = () => useRefreshing(addDnd, [listDnd.operation]);
export const useRemoveDnd = () => useRefreshing(removeDnd, [listDnd.operation]);
export const useUploadDnd = () => useRefreshing(uploadDnd, [listDnd.operation, listDndUploads.operation]);

export const useCheck = () => useEndpointMutation(checkContact);

/** Saves an upload's error file (its values that are not phone numbers, with the reason). */
export function downloadDndErrors(companyId: string | null, uploadId: string) {
  return saveDownload(dndUploadErrorFile, { params: { upload_id: uploadId }, query: { company_id: companyId ?? undefined } }, `dnd-upload-${uploadId}-errors.csv`);
}

export function useDltTemplates(companyId: string | null) {
  return useEndpoint(listDltTemplates, companyInput(companyId), { enabled: Boolean(companyId) });
}
export const useAddDltTemplate = () => useRefreshing(addDltTemplate, [listDltTemplates.operation]);
export const useRemoveDltTemplate = () => useRefreshing(removeDltTemplate, [listDltTemplates.operation]);

export function useOverrides(companyId: string | null) {
  return useEndpoint(listOverrides, companyInput(companyId), { enabled: Boolean(companyId) });
}
export const useGrantOverride = () => useRefreshing(grantOverride, [listOverrides.operation]);
