/**
 * User management calls of the user service (spec 7 `/users/filter`, `/company/users`,
 * `/profiles`, `/roles`, `/reports/users`), from the endpoint definitions of
 * src/domain/contracts/users and src/domain/contracts/auth/reports.ts. Every call names the
 * company; writes refetch the lists they change (keys start with the list's operation).
 */
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { userReport } from '../../../domain/contracts/auth/reports';
import type { UserReportType } from '../../../domain/contracts/auth/reports';
import type { CreateUserBody } from '../../../domain/contracts/users/company-users';
import {
  USER_FILTERS,
  activateCompanyUser,
  createCompanyUser,
  deactivateCompanyUser,
  listCompanyUsers,
  updateCompanyUser,
  userFilters,
} from '../../../domain/contracts/users/company-users';
import type { ProfileBody } from '../../../domain/contracts/users/profiles';
import { createProfile, listProfiles, updateProfile } from '../../../domain/contracts/users/profiles';
import type { RoleBody } from '../../../domain/contracts/users/roles';
import { createRole, listRoles, updateRole } from '../../../domain/contracts/users/roles';
import type { Endpoint, QueryOf } from '../../../domain/contracts/endpoint';
import { call, useEndpoint } from '../../lib/endpoint';

export const USERS_PAGE_SIZE = 10;

/** What the user management screen asks of the list: a page, a search and the filters (comma lists). */
export type UsersQuery = Omit<NonNullable<QueryOf<typeof listCompanyUsers>>, 'company_id' | 'page_size' | 'include_inactive'> & { page_number: number };

const inCompany = (companyId: string | null) => ({ company_id: companyId ?? undefined });

/** Refetches the reads of the given endpoints (their keys start with the operation). */
function useRefetch(...endpoints: Endpoint[]) {
  const client = useQueryClient();
  return () => {
    for (const e of endpoints) void client.invalidateQueries({ queryKey: [e.operation] });
  };
}

/** A page of the company's users, inactive ones included, keeping the last page while the next loads. */
export function useUsers(companyId: string | null, query: UsersQuery) {
  return useEndpoint(
    listCompanyUsers,
    { query: { ...inCompany(companyId), page_size: USERS_PAGE_SIZE, include_inactive: 'true', ...query } },
    { enabled: Boolean(companyId), placeholderData: keepPreviousData },
  );
}

/** The distinct professions, teams and locations of the company's users (`data.filters`). */
export function useUserFilters(companyId: string | null) {
  return useEndpoint(userFilters, { query: { ...inCompany(companyId), filters: USER_FILTERS.join(',') } }, { enabled: Boolean(companyId) });
}

/** Creates (no id) or updates (id) a user; the password is only sent on create. */
export function useSaveUser(companyId: string | null) {
  const refetch = useRefetch(listCompanyUsers, userFilters);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateUserBody }) => {
      const query = inCompany(companyId);
      if (!id) return call(createCompanyUser, { query, body });
      const { password: _password, ...update } = body;
      return call(updateCompanyUser, { params: { id }, query, body: update });
    },
    onSuccess: refetch,
  });
}

/** Deactivates or activates a user of the company. */
export function useSetUserActive(companyId: string | null) {
  const refetch = useRefetch(listCompanyUsers);
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => call(active ? activateCompanyUser : deactivateCompanyUser, { params: { id }, query: inCompany(companyId) }),
    onSuccess: refetch,
  });
}

/** The company's permission profiles. */
export function useProfiles(companyId: string | null) {
  return useEndpoint(listProfiles, { query: inCompany(companyId) }, { enabled: Boolean(companyId) });
}

/** Creates (no id) or replaces (id) a profile. */
export function useSaveProfile(companyId: string | null) {
  const refetch = useRefetch(listProfiles);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProfileBody }) => {
      const query = inCompany(companyId);
      return id ? call(updateProfile, { params: { id }, query, body }) : call(createProfile, { query, body });
    },
    onSuccess: refetch,
  });
}

/** The company's roles. */
export function useRoles(companyId: string | null) {
  return useEndpoint(listRoles, { query: inCompany(companyId) }, { enabled: Boolean(companyId) });
}

/** Creates (no id) or edits (id) a role. */
export function useSaveRole(companyId: string | null) {
  const refetch = useRefetch(listRoles);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RoleBody }) => {
      const query = inCompany(companyId);
      return id ? call(updateRole, { params: { id }, query, body }) : call(createRole, { query, body });
    },
    onSuccess: refetch,
  });
}

/** One page of a user report, keeping the last page while the next loads. */
export function useUserReport(companyId: string | null, reportType: UserReportType, pageNumber: number) {
  return useEndpoint(
    userReport,
    { query: { ...inCompany(companyId), report_type: reportType, page_number: pageNumber, page_size: USERS_PAGE_SIZE } },
    { enabled: Boolean(companyId), placeholderData: keepPreviousData },
  );
}
