/** Calling desk calls (issue 14) from the endpoint definitions; keys carry the company so switching company refetches. */
import { useQueryClient } from '@tanstack/react-query';
import { isLive, newerCallRead } from '../../../domain/calling/call-states';
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
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import {
  addCallList,
  autodialLogin,
  autodialLogout,
  createCampaign,
  filterCallList,
  getAutodialSession,
  listCampaigns,
  setAgentStatus,
  supervisorAction,
  supervisorLive,
  updateCampaign,
} from '../../../domain/contracts/calling/campaigns';
import { currentCall } from '../../../domain/contracts/calling/dialer';
import { getSoftphone, reportSecondLegEvent, reportSoftphoneEvent, startSoftphoneCall } from '../../../domain/contracts/calling/softphone';
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

/**
 * How the desk reads a call: polled every CALL_POLL_MS while live unless the event stream pushes it;
 * a read that left before a pushed change and lands after it never puts the call back (an ended
 * call live again: the disposition form would not open; newerCallRead).
 */
export const callReadOptions = (pushed: boolean) => ({
  refetchInterval: (q: { state: { data?: CallRecord } }) => (pushed || (q.state.data && !isLive(q.state.data.state)) ? false : CALL_POLL_MS),
  structuralSharing: (cached: unknown, incoming: unknown) => newerCallRead(cached as CallRecord | undefined, incoming as CallRecord),
});
export const useCall = (companyId: string | null, callId: string | null, pushed = false) =>
  useEndpoint(getCall, { params: { call_id: callId ?? '' }, ...companyInput(companyId) }, { enabled: Boolean(companyId && callId), ...callReadOptions(pushed) });
/** How often the desk asks for its current call while the event stream is down (an inbound or predictive call still rings there). */
export const CURRENT_CALL_POLL_MS = 2000;
/** The caller's live call or the ended one awaiting its disposition (inbound and predictive calls come to the desk); read every CURRENT_CALL_POLL_MS only while the stream is down (`pushed` false). */
export const useCurrentCall = (companyId: string | null, pushed = false) =>
  useEndpoint(currentCall, companyInput(companyId), { enabled: Boolean(companyId), refetchInterval: pushed ? false : CURRENT_CALL_POLL_MS });


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

/** How often the supervisor's live view is read again. */
export const LIVE_POLL_MS = 2000;

export const useCampaigns = (companyId: string | null) => useEndpoint(listCampaigns, companyInput(companyId), { enabled: Boolean(companyId) });
export const useAutodialSession = (companyId: string | null) => useEndpoint(getAutodialSession, companyInput(companyId), { enabled: Boolean(companyId) });
/** The live view; pushed by the desk's event stream, polled every LIVE_POLL_MS only while the stream is down. */
export const useLiveStats = (companyId: string | null, enabled: boolean, pushed = false) =>
  useEndpoint(supervisorLive, companyInput(companyId), { enabled: Boolean(companyId) && enabled, refetchInterval: pushed ? false : LIVE_POLL_MS });

export const useCreateCampaign = () => useRefreshing(createCampaign, [listCampaigns.operation]);
export const useUpdateCampaign = () => useRefreshing(updateCampaign, [listCampaigns.operation]);
export const useFilterCallList = () => useEndpointMutation(filterCallList);
export const useAddCallList = () => useRefreshing(addCallList, [listCampaigns.operation]);
export const useAutodialLogin = () => useRefreshing(autodialLogin, [getAutodialSession.operation, callingQueue.operation, getCallingSettings.operation, listCampaigns.operation]);
export const useAutodialLogout = () => useRefreshing(autodialLogout, [getAutodialSession.operation, callingQueue.operation, getCallingSettings.operation]);
export const useSetAgentStatus = () => useRefreshing(setAgentStatus, [getAgentStatus.operation]);
export const useSupervisorAction = () => useRefreshing(supervisorAction, [supervisorLive.operation]);

export const useSoftphoneConfig = (companyId: string | null) => useEndpoint(getSoftphone, companyInput(companyId), { enabled: Boolean(companyId) });
export const useStartSoftphoneCall = () => useRefreshing(startSoftphoneCall, [callingQueue.operation, getAgentStatus.operation]);
/** Retried browser reports (a lost 'ended' would leave the call live on the server); replays are harmless. */
function useRetriedReport<E extends typeof reportSoftphoneEvent | typeof reportSecondLegEvent>(endpoint: E) {
  const client = useQueryClient();
  return useEndpointMutation(endpoint, { retry: 4, retryDelay: (n) => 500 * 2 ** n, onSuccess: () => client.invalidateQueries({ queryKey: [getCall.operation] }) });
}
/** The softphone's SIP events of the borrower's call, for the server. */
export const useReportSoftphoneEvent = () => useRetriedReport(reportSoftphoneEvent);
/** The agent's second softphone call (add call), for the server: a reloaded desk rebuilds both calls from it. */
export const useReportSecondLeg = () => useRetriedReport(reportSecondLegEvent);
