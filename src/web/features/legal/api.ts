/** Legal notice calls (issue 17) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { approveTemplate, createBatch, createTemplate, getBatch, listBatches, listTemplates, updateDispatch, type BatchRecord } from '../../../domain/contracts/legal/notices';
import { createCase, getCase, legalCalendar, legalPortfolio, listAdvocates, listCases, recordAcknowledgment, recordCost, recordHearing, updateCase, uploadCaseDocument, type ProcessType } from '../../../domain/contracts/legal/cases';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';

const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });
const running = (b: Pick<BatchRecord, 'status'>) => b.status === 'in_progress';

export function useTemplates(companyId: string | null) {
  return useEndpoint(listTemplates, { query: company(companyId) }, { enabled: Boolean(companyId) });
}

/** The batches, polled every 2 s while one runs. */
export function useBatches(companyId: string | null, page: number) {
  return useEndpoint(
    listBatches,
    { query: { ...company(companyId), page_number: page, page_size: 10 } },
    { enabled: Boolean(companyId), refetchInterval: (q) => (q.state.data?.batches.some(running) ? 2000 : false) },
  );
}

/** One batch with its notices, polled every 2 s while it runs. */
export function useBatch(companyId: string | null, batchId: string | null) {
  return useEndpoint(
    getBatch,
    { params: { batch_id: batchId ?? '' }, query: company(companyId) },
    { enabled: Boolean(companyId && batchId), refetchInterval: (q) => (q.state.data && running(q.state.data) ? 2000 : false) },
  );
}

export function useCreateBatch() {
  const client = useQueryClient();
  return useEndpointMutation(createBatch, { onSuccess: () => client.invalidateQueries({ queryKey: [listBatches.operation] }) });
}

export function useUpdateDispatch() {
  const client = useQueryClient();
  return useEndpointMutation(updateDispatch, { onSuccess: () => client.invalidateQueries({ queryKey: [getBatch.operation] }) });
}

export function useCases(companyId: string | null, processType: ProcessType, page: number) {
  return useEndpoint(listCases, { query: { ...company(companyId), process_type: processType, page_number: page, page_size: 20 } }, { enabled: Boolean(companyId) });
}

export function useAdvocates(companyId: string | null) {
  return useEndpoint(listAdvocates, { query: company(companyId) }, { enabled: Boolean(companyId) });
}

export function useCreateCase() {
  const client = useQueryClient();
  return useEndpointMutation(createCase, { onSuccess: () => client.invalidateQueries({ queryKey: [listCases.operation] }) });
}

export function useUpdateCase() {
  const client = useQueryClient();
  return useEndpointMutation(updateCase, { onSuccess: () => client.invalidateQueries({ queryKey: [listCases.operation] }) });
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useEndpointMutation(createTemplate, { onSuccess: () => client.invalidateQueries({ queryKey: [listTemplates.operation] }) });
}

export function useApproveTemplate() {
  const client = useQueryClient();
  return useEndpointMutation(approveTemplate, { onSuccess: () => client.invalidateQueries({ queryKey: [listTemplates.operation] }) });
}

/** One case with its hearings, costs and documents. */
export function useCase(companyId: string | null, caseId: string | null) {
  return useEndpoint(getCase, { params: { case_id: caseId ?? '' }, query: company(companyId) }, { enabled: Boolean(companyId && caseId) });
}

/** Changes to a case's history refresh the case, the lists, the calendar and the portfolio. */
function useCaseWrite<E extends typeof recordHearing | typeof recordCost | typeof uploadCaseDocument | typeof recordAcknowledgment>(definition: E) {
  const client = useQueryClient();
  return useEndpointMutation(definition, {
    onSuccess: () => {
      for (const op of [getCase, listCases, legalCalendar, legalPortfolio]) void client.invalidateQueries({ queryKey: [op.operation] });
    },
  });
}
export const useRecordHearing = () => useCaseWrite(recordHearing);
export const useRecordCost = () => useCaseWrite(recordCost);
export const useUploadCaseDocument = () => useCaseWrite(uploadCaseDocument);
/** Records an acknowledgment of the debt (restarts the loan's cases' limitation). */
export const useRecordAcknowledgment = () => useCaseWrite(recordAcknowledgment);

export function useCalendar(companyId: string | null, from: string, to: string) {
  return useEndpoint(legalCalendar, { query: { ...company(companyId), from, to } }, { enabled: Boolean(companyId) });
}

export function useLegalPortfolio(companyId: string | null) {
  return useEndpoint(legalPortfolio, { query: company(companyId) }, { enabled: Boolean(companyId) });
}
