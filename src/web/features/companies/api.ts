/**
 * Company calls of the user service (spec 7 `/companies`, `/company`, `/company/permissions`),
 * from the endpoint definitions of src/domain/contracts. Keys carry the company so switching
 * company refetches.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getCompany, listCompanies, updateCompany } from '../../../domain/contracts/companies/companies';
import { myPermissions } from '../../../domain/contracts/users/permissions';
import { call, endpointKey, useEndpoint, useEndpointMutation } from '../../lib/endpoint';
import { takeWarm, warmSettled } from '../../lib/warm';
import type { ResponseOf } from '../../../domain/contracts/endpoint';

/** Companies the caller is assigned to (first 100: enough for the switcher). */
export function useCompanies(enabled: boolean) {
  return useEndpoint(listCompanies, { query: { page_number: 1, page_size: 100 } }, { enabled, staleTime: 5 * 60_000 });
}

/** The permissions the caller's profile grants in `companyId`. */
export function usePermissions(companyId: string | null) {
  const input = { query: { company_id: companyId ?? undefined, simplified: 'true' as const } };
  // The day list's first paint takes warm.js's download when there is one (issue 18; lib/warm.ts).
  const fetchOwn = (signal: AbortSignal) => call(myPermissions, { ...input, signal });
  return useQuery({
    queryKey: endpointKey(myPermissions, input),
    queryFn: ({ signal }) => takeWarm('__roWarmPermissions', companyId, () => fetchOwn(signal)) ?? fetchOwn(signal),
    initialData: () => (companyId ? warmSettled<ResponseOf<typeof myPermissions>>('__roWarmPermissions', companyId) : undefined),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });
}

/** The query of a company-scoped call (the header carries the company too). */
export const companyInput = (companyId: string | null) => ({ query: { company_id: companyId ?? undefined } });

/** The full settings of the current company. */
export function useCompany(companyId: string | null) {
  return useEndpoint(getCompany, companyInput(companyId), { enabled: Boolean(companyId) });
}

/** `PUT /company` (needs User Management Module › company_settings write): `mutate({ query, body })`. */
export function useUpdateCompany(companyId: string | null) {
  const client = useQueryClient();
  return useEndpointMutation(updateCompany, {
    onSuccess: (company) => {
      client.setQueryData(endpointKey(getCompany, companyInput(companyId)), company);
      void client.invalidateQueries({ queryKey: [listCompanies.operation] });
    },
  });
}
