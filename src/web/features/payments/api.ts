/** Payments calls (issue 15) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { getGatewaySettings, putGatewaySettings } from '../../../domain/contracts/payments/settings';
import { endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';

export const companyInput = (companyId: string | null) => ({ query: { company_id: companyId ?? undefined } });

export function useGateways(companyId: string | null) {
  return useEndpoint(getGatewaySettings, companyInput(companyId), { enabled: Boolean(companyId) });
}

export function usePutGateway(companyId: string | null) {
  const client = useQueryClient();
  return useEndpointMutation(putGatewaySettings, { onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(getGatewaySettings, companyInput(companyId)) }) });
}
