/** Approval calls (issue 16) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { decideRequest, getRequest, listRequests, subjectTrail, type ApprovalRequestType } from '../../../domain/contracts/approval/requests';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';

const company = (companyId: string | null) => ({ company_id: companyId ?? undefined });

export function useInbox(companyId: string | null, view: 'to_decide' | 'mine' | 'all', type: ApprovalRequestType | undefined, page: number) {
  return useEndpoint(listRequests, { query: { ...company(companyId), view, request_type: type, page_number: page, page_size: 20 } }, { enabled: Boolean(companyId) });
}

export function useRequest(companyId: string | null, requestId: string | null) {
  return useEndpoint(getRequest, { params: { request_id: requestId ?? '' }, query: company(companyId) }, { enabled: Boolean(companyId && requestId) });
}

export function useTrail(companyId: string | null, type: ApprovalRequestType, subjectId: string) {
  return useEndpoint(subjectTrail, { query: { ...company(companyId), request_type: type, subject_id: subjectId } }, { enabled: Boolean(companyId && subjectId) });
}

/** Decides a request; refreshes the inbox, the request and every trail (an owning area's screen shows the outcome). */
export function useDecide() {
  const client = useQueryClient();
  return useEndpointMutation(decideRequest, {
    onSuccess: async () => {
      await Promise.all([listRequests, getRequest, subjectTrail].map((e) => client.invalidateQueries({ queryKey: [e.operation] })));
      await client.invalidateQueries();
    },
  });
}
