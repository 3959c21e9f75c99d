/**
 * The desk's live events (issue 14; GET /api/calling/events, Server-Sent Events read with fetch
 * streaming, src/web/lib/sse-reader.ts): each `call` event is the caller's call as it now is and
 * goes straight into the call's cached read (the dialer panel redraws without polling); `live` is a
 * supervisor's live view. While the stream is down the reads fall back to polling (api.ts), and
 * after a reconnection they are read again (events may have been missed).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { getCall } from '../../../domain/contracts/calling/calls';
import type { CallRecord } from '../../../domain/contracts/calling/calls';
import { supervisorLive } from '../../../domain/contracts/calling/campaigns';
import { callingEvents, currentCall } from '../../../domain/contracts/calling/dialer';
import { API_BASE } from '../../lib/api';
import { apiPath, endpointKey } from '../../lib/endpoint';
import { type LiveStatus, runLiveStream } from '../../lib/sse-reader';
import { session } from '../../lib/store';
import { companyInput } from './api';

/**
 * Opens the stream of the company; `onCall` gets every pushed call, `onMoved` the id of a call that
 * went to another agent (`call_moved`: it rang here unanswered). @returns the stream's status
 */
export function useCallingEvents(companyId: string | null, onCall: (call: CallRecord) => void, onMoved: (callId: string) => void = () => undefined): LiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const callback = useRef(onCall);
  const movedCallback = useRef(onMoved);
  useEffect(() => {
    callback.current = onCall;
    movedCallback.current = onMoved;
  });
  useEffect(() => {
    if (!companyId) {
      setStatus('stopped');
      return;
    }
    const controller = new AbortController();
    const input = companyInput(companyId);
    void runLiveStream({
      url: `${API_BASE}/${apiPath(callingEvents)}?${new URLSearchParams({ company_id: companyId }).toString()}`,
      headers: () => {
        const headers: Record<string, string> = { 'X-Company-ID': companyId };
        if (session.uat) headers.authenticationtoken = session.uat;
        return headers;
      },
      onMessage: (message) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        if (message.event === 'call') {
          const call = data as CallRecord;
          client.setQueryData(endpointKey(getCall, { params: { call_id: call.call_id }, ...input }), call);
          callback.current(call);
        } else if (message.event === 'call_moved') {
          const callId = (data as { call_id: string }).call_id;
          // No longer this agent's: neither the call's read nor the desk's current call holds it.
          client.removeQueries({ queryKey: endpointKey(getCall, { params: { call_id: callId }, ...input }) });
          void client.invalidateQueries({ queryKey: [currentCall.operation] });
          movedCallback.current(callId);
        } else if (message.event === 'live') {
          client.setQueryData(endpointKey(supervisorLive, input), data);
        }
      },
      onStatus: (next, info) => {
        if (controller.signal.aborted) return;
        setStatus(next);
        if (next === 'live' && info?.reconnected) {
          for (const op of [currentCall.operation, getCall.operation, supervisorLive.operation]) void client.invalidateQueries({ queryKey: [op] });
        }
      },
      signal: controller.signal,
    });
    return () => controller.abort();
  }, [companyId, client]);
  return status;
}
