/**
 * Portfolio assignment calls (issue 5; spec 2 "portfolio assignment"): the territory suggestion
 * (`/allocation/suggestions`) and the agents a manager may assign to (the users area's company users,
 * by profession), both from their endpoint definitions. The loan operations it starts are the bulk area's
 * (`bulk/public.ts`). Every key carries the company.
 */
import { keepPreviousData, useMutation } from '@tanstack/react-query';
import { suggestAssignment } from '../../../domain/contracts/allocation/suggestions';
import type { BodyOf } from '../../../domain/contracts/endpoint';
import { listCompanyUsers } from '../../../domain/contracts/users/company-users';
import type { AgentType } from '../../../domain/bulk/loan-operations';
import { call, useEndpoint } from '../../lib/endpoint';

/** Agents listed per search in the agent picker (a search narrows a longer team). */
export const AGENTS_PAGE_SIZE = 50;

/** The profession whose users hold loans of an agent type (domain agentTypeOf, read backwards). */
export const AGENT_PROFESSION: Record<AgentType, string> = { fos: 'field executive', telecaller: 'telecalling' };

/** `POST /allocation/suggestions`: a proposal of who visits which loan (nothing is written). */
export function useSuggestAllocation(companyId: string | null) {
  return useMutation({
    mutationFn: (body: BodyOf<typeof suggestAssignment>) =>
      call(suggestAssignment, { query: { company_id: companyId ?? undefined }, body }),
  });
}

/**
 * Active users of one profession matching `search` (name, email, mobile, user id, employee id),
 * the first AGENTS_PAGE_SIZE by name: the people loans can be assigned to.
 */
export function useAgents(companyId: string | null, profession: string, search: string) {
  return useEndpoint(
    listCompanyUsers,
    { query: { company_id: companyId ?? undefined, professions: profession, search_value: search || undefined, page_size: AGENTS_PAGE_SIZE, page_number: 1 } },
    { enabled: Boolean(companyId), placeholderData: keepPreviousData, staleTime: 60_000 },
  );
}
