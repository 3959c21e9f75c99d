/** Settlement calls (issue 16) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { getSettlement, listSettlementExports, listSettlements, proposeSettlement, startSettlementExport, type SettlementStatus, type SettlementType } from '../../../domain/contracts/settlements/settlements';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';

const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });

export function useSettlements(companyId: string | null, filters: { status?: SettlementStatus; settlement_type?: SettlementType; loan_id?: string }, page: number) {
  return useEndpoint(listSettlements, { query: { ...company(companyId), ...filters, page_number: page, page_size: 20 } }, { enabled: Boolean(companyId) });
}

export function useSettlement(companyId: string | null, settlementId: string | null) {
  return useEndpoint(getSettlement, { params: { settlement_id: settlementId ?? '' }, query: company(companyId) }, { enabled: Boolean(companyId && settlementId) });
}

export function usePropose() {
  const client = useQueryClient();
  return useEndpointMutation(proposeSettlement, { onSuccess: () => client.invalidateQueries({ queryKey: [listSettlements.operation] }) });
}

/** The exports, polled every 2 s while one is In-Progress. */
export function useExports(companyId: string | null, enabled: boolean) {
  return useEndpoint(listSettlementExports, { query: company(companyId) }, { enabled: Boolean(companyId) && enabled, refetchInterval: (q) => (q.state.data?.exports.some((e) => e.status === 'In-Progress') ? 2000 : false) });
}

export function useStartExport() {
  const client = useQueryClient();
  return useEndpointMutation(startSettlementExport, { onSuccess: () => client.invalidateQueries({ queryKey: [listSettlementExports.operation] }) });
}

