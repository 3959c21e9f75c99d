/** Calling desk calls (issue 14) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { isLive } from '../../../domain/calling/call-states';
import {
  callingQueue,
  endBreak,
  endCall,
  getAgentStatus,
  getCall,
  getCallingSettings,
  loanCallDetails,
  myReminders,
  recordDisposition,
  startBreak,
  startCall,
} from '../../../domain/contracts/calling/calls';
import { useEndpoint, useEndpointMutation } from '../../lib/endpoint';

export const companyInput = (companyId: string | null) => ({ query: { company_id: companyId ?? undefined } });

/** How often a live call is read again (the provider's callbacks move it on the server). */
export const CALL_POLL_MS = 1000;

export const useCallingSettings = (companyId: string | null) => useEndpoint(getCallingSettings, companyInput(companyId), { enabled: Boolean(companyId) });
export const useQueue = (companyId: string | null) => useEndpoint(callingQueue, companyInput(companyId), { enabled: Boolean(companyId) });
export const useReminders = (companyId: string | null) => useEndpoint(myReminders, companyInput(companyId), { enabled: Boolean(companyId), refetchInterval: 60_000 });
export const useAgentStatus = (companyId: string | null) => useEndpoint(getAgentStatus, companyInput(companyId), { enabled: Boolean(companyId) });
export const useCallDetails = (companyId: string | null, loanId: string | null) =>
  useEndpoint(loanCallDetails, { params: { loan_id: loanId ?? '' }, ...companyInput(companyId) }, { enabled: Boolean(companyId && loanId) });

/** The call, read every CALL_POLL_MS while it is live. */
export const useCall = (companyId: string | null, callId: string | null) =>
  useEndpoint(getCall, { params: { call_id: callId ?? '' }, ...companyInput(companyId) }, { enabled: Boolean(companyId && callId), refetchInterval: (q) => (q.state.data && !isLive(q.state.data.state) ? false : CALL_POLL_MS) });

/** A mutation that refreshes the given reads when it succeeds. */
function useRefreshing<E extends Parameters<typeof useEndpointMutation>[0]>(e: E, operations: string[]) {
  const client = useQueryClient();
  return useEndpointMutation(e, { onSuccess: () => Promise.all(operations.map((op) => client.invalidateQueries({ queryKey: [op] }))) });
}

export const useStartCall = () => useRefreshing(startCall, [callingQueue.operation, getAgentStatus.operation]);
export const useEndCall = () => useRefreshing(endCall, [getCall.operation]);
export const useRecordDisposition = () => useRefreshing(recordDisposition, [loanCallDetails.operation, callingQueue.operation, myReminders.operation, getCall.operation, getAgentStatus.operation]);
export const useStartBreak = () => useRefreshing(startBreak, [getAgentStatus.operation]);
export const useEndBreak = () => useRefreshing(endBreak, [getAgentStatus.operation]);
