/** Repossession calls (issue 16) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import {
  assignRepossession,
  bulkRepossessionStatus,
  getRepossession,
  initiateRepossession,
  listRepossessionAgents,
  listRepossessions,
  recordYard,
  requestRelease,
  type RepossessionStage,
  type RepossessionStatus,
} from '../../../domain/contracts/repossession/cases';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';

const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });

export function useCases(companyId: string | null, filter: { stage?: RepossessionStage; status?: RepossessionStatus; page: number }) {
  return useEndpoint(listRepossessions, { query: { ...company(companyId), stage: filter.stage, status: filter.status, page_number: filter.page, page_size: 20 } }, { enabled: Boolean(companyId) });
}

export function useCase(companyId: string | null, caseId: string | null) {
  return useEndpoint(getRepossession, { params: { case_id: caseId ?? '' }, query: company(companyId) }, { enabled: Boolean(companyId && caseId) });
}

export function useAgents(companyId: string | null) {
  return useEndpoint(listRepossessionAgents, { query: company(companyId) }, { enabled: Boolean(companyId) });
}

/** The mutations: each refreshes the list and the open case. */
export function useRepoMutations() {
  const client = useQueryClient();
  const onSuccess = () => Promise.all([client.invalidateQueries({ queryKey: [listRepossessions.operation] }), client.invalidateQueries({ queryKey: [getRepossession.operation] })]);
  return {
    initiate: useEndpointMutation(initiateRepossession, { onSuccess }),
    assign: useEndpointMutation(assignRepossession, { onSuccess }),
    yard: useEndpointMutation(recordYard, { onSuccess }),
    release: useEndpointMutation(requestRelease, { onSuccess }),
    bulk: useEndpointMutation(bulkRepossessionStatus, { onSuccess }),
  };
}
