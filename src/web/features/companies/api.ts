/**
 * Company calls of the user service (spec 7 `/companies`, `/company`, `/company-type`,
 * `/company/permissions`). Keys carry the company so switching company refetches.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanySettings, CompanySummary } from '../../../domain/contracts/companies';
import type { CompanyPermissions } from '../../../domain/contracts/users';
import { api } from '../../lib/api';

interface CompaniesPage {
  companies: CompanySummary[];
  total: number;
  page_number: number;
  page_size: number;
}

/** Companies the caller is assigned to (first 100: enough for the switcher). */
export function useCompanies(enabled: boolean) {
  return useQuery({
    queryKey: ['companies'],
    queryFn: () => api.get<CompaniesPage>('user/companies', { searchParams: { page_number: 1, page_size: 100 } }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The permissions the caller's profile grants in `companyId`. */
export function usePermissions(companyId: string | null) {
  return useQuery({
    queryKey: ['permissions', companyId],
    queryFn: () => api.get<CompanyPermissions>('user/company/permissions', { searchParams: { company_id: companyId, simplified: true } }),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });
}

/** The full settings of the current company. */
export function useCompany(companyId: string | null) {
  return useQuery({
    queryKey: ['company', companyId],
    queryFn: () => api.get<Company>('user/company', { searchParams: { company_id: companyId } }),
    enabled: Boolean(companyId),
  });
}

/** `PUT /company` (needs User Management Module › company_settings write). */
export function useUpdateCompany(companyId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CompanySettings>) => api.put<Company>('user/company', { searchParams: { company_id: companyId }, json: body }),
    onSuccess: (company) => {
      client.setQueryData(['company', companyId], company);
      void client.invalidateQueries({ queryKey: ['companies'] });
    },
  });
}
