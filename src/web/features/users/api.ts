/**
 * User management calls of the user service (spec 7 `/users/filter`, `/company/users`,
 * `/profiles`, `/roles`, `/reports/users`). Every key carries the company.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyUser, CreateUserBody, Profile, Role } from '../../../domain/contracts/users';
import type { PermissionsMap, UserSearchKey } from '../../../domain/users/permissions';
import { api } from '../../lib/api';

export const USERS_PAGE_SIZE = 10;

export interface UsersQuery {
  page_number: number;
  search_type?: UserSearchKey;
  search_value?: string;
  professions?: string;
  teams?: string;
  locations?: string;
}

interface UsersPage {
  users: CompanyUser[];
  total: number;
  page_number: number;
  page_size: number;
}

export function useUsers(companyId: string | null, query: UsersQuery) {
  return useQuery({
    queryKey: ['users', companyId, query],
    queryFn: ({ signal }) =>
      api.get<UsersPage>('user/company/users', {
        searchParams: { company_id: companyId, page_size: USERS_PAGE_SIZE, include_inactive: 'true', ...query },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}

export interface UserFilterOptions {
  professions?: string[];
  teams?: string[];
  locations?: string[];
}

export function useUserFilters(companyId: string | null) {
  return useQuery({
    queryKey: ['user-filters', companyId],
    queryFn: () =>
      api.get<{ filters: UserFilterOptions }>('user/users/filter', { searchParams: { company_id: companyId, filters: 'professions,teams,locations' } }),
    enabled: Boolean(companyId),
  });
}

function useInvalidate(key: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [key] });
}

export type UserFormBody = CreateUserBody;

/** Creates (no id) or updates (id) a user; the password is only sent on create. */
export function useSaveUser(companyId: string | null) {
  const invalidate = useInvalidate('users');
  const invalidateFilters = useInvalidate('user-filters');
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: UserFormBody }) => {
      const searchParams = { company_id: companyId };
      if (id) {
        const { password: _password, ...update } = body;
        return api.put<{ user_details: CompanyUser }>(`user/company/users/${encodeURIComponent(id)}`, { searchParams, json: update });
      }
      return api.post<{ user_details: CompanyUser }>('user/company/users', { searchParams, json: body });
    },
    onSuccess: () => {
      void invalidate();
      void invalidateFilters();
    },
  });
}

export function useSetUserActive(companyId: string | null) {
  const invalidate = useInvalidate('users');
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.patch<{ user_details: CompanyUser }>(`user/company/users/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`, {
        searchParams: { company_id: companyId },
      }),
    onSuccess: () => void invalidate(),
  });
}

export function useProfiles(companyId: string | null) {
  return useQuery({
    queryKey: ['profiles', companyId],
    queryFn: () => api.get<{ profiles: Profile[] }>('user/profiles', { searchParams: { company_id: companyId } }),
    enabled: Boolean(companyId),
  });
}

export interface ProfileFormBody {
  profile_name: string;
  description: string | null;
  permissions: PermissionsMap;
}

export function useSaveProfile(companyId: string | null) {
  const invalidate = useInvalidate('profiles');
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProfileFormBody }) => {
      const searchParams = { company_id: companyId };
      return id
        ? api.put<Profile>(`user/profiles/${encodeURIComponent(id)}`, { searchParams, json: body })
        : api.post<Profile>('user/profiles', { searchParams, json: body });
    },
    onSuccess: () => void invalidate(),
  });
}

export function useRoles(companyId: string | null) {
  return useQuery({
    queryKey: ['roles', companyId],
    queryFn: () => api.get<{ roles: Role[] }>('user/roles', { searchParams: { company_id: companyId } }),
    enabled: Boolean(companyId),
  });
}

export interface RoleFormBody {
  role_name: string;
  description: string | null;
  reports_to_role_id: string | null;
}

export function useSaveRole(companyId: string | null) {
  const invalidate = useInvalidate('roles');
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RoleFormBody }) => {
      const searchParams = { company_id: companyId };
      return id
        ? api.put<Role>(`user/roles/${encodeURIComponent(id)}`, { searchParams, json: body })
        : api.post<Role>('user/roles', { searchParams, json: body });
    },
    onSuccess: () => void invalidate(),
  });
}

export interface UserReportPage {
  report_type: string;
  columns: string[];
  rows: Array<Record<string, string | number | boolean | null>>;
  total: number;
  page_number: number;
  page_size: number;
}

export function useUserReport(companyId: string | null, reportType: string, pageNumber: number) {
  return useQuery({
    queryKey: ['user-report', companyId, reportType, pageNumber],
    queryFn: ({ signal }) =>
      api.get<UserReportPage>('user/reports/users', {
        searchParams: { company_id: companyId, report_type: reportType, page_number: pageNumber, page_size: USERS_PAGE_SIZE },
        signal,
      }),
    enabled: Boolean(companyId),
    placeholderData: keepPreviousData,
  });
}
