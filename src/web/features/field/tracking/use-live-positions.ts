/**
 * The live positions of the tracking screen (issue 5 "Live updates": positionStream, GET
 * /api/fos/tracking/stream, Server-Sent Events read with fetch streaming, sse-reader.ts). Keeps the
 * newest `position` event per executive; events are applied at most once a second, so a team of
 * thousands pinging every few minutes redraws the map once a second, not once per event.
 */
import { useEffect, useRef, useState } from 'react';
import { positionStream, type PositionEvent } from '../../../../domain/contracts/field/tracking';
import { API_BASE } from '../../../lib/api';
import { apiPath } from '../../../lib/endpoint';
import { session } from '../../../lib/store';
import { runLiveStream, type LiveStatus } from '../../../lib/sse-reader';

/** Events are gathered for this long before the screen redraws (ms). */
const APPLY_EVERY_MS = 1_000;

export interface LivePositions {
  status: LiveStatus;
  /** The newest live position per user_id since the screen opened. */
  live: ReadonlyMap<string, PositionEvent>;
}

function isPositionEvent(value: unknown): value is PositionEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.user_id === 'string' && typeof v.latitude === 'number' && typeof v.longitude === 'number' && typeof v.recorded_at === 'string';
}

/**
 * Opens the stream of the company while `enabled`.
 * @param onEvents called with each applied batch (e.g. to refresh an open trail of one of them)
 * @param onReconnected called when the stream is back after a drop: events may have been missed
 */
export function useLivePositions(companyId: string | null, enabled: boolean, onEvents: (events: PositionEvent[]) => void, onReconnected: () => void): LivePositions {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [live, setLive] = useState<ReadonlyMap<string, PositionEvent>>(() => new Map());
  const callbacks = useRef({ onEvents, onReconnected });
  useEffect(() => {
    callbacks.current = { onEvents, onReconnected };
  });

  useEffect(() => {
    setLive(new Map());
    if (!companyId || !enabled) {
      setStatus('stopped');
      return;
    }
    const controller = new AbortController();
    let buffer: PositionEvent[] = [];
    const flush = setInterval(() => {
      if (buffer.length === 0) return;
      const events = buffer;
      buffer = [];
      setLive((prev) => {
        const next = new Map(prev);
        for (const e of events) {
          const had = next.get(e.user_id);
          if (!had || Date.parse(e.recorded_at) >= Date.parse(had.recorded_at)) next.set(e.user_id, e);
        }
        return next;
      });
      callbacks.current.onEvents(events);
    }, APPLY_EVERY_MS);
    void runLiveStream({
      url: `${API_BASE}/${apiPath(positionStream)}?${new URLSearchParams({ company_id: companyId }).toString()}`,
      headers: () => {
        const headers: Record<string, string> = { 'X-Company-ID': companyId };
        if (session.uat) headers.authenticationtoken = session.uat;
        return headers;
      },
      onMessage: (message) => {
        if (message.event !== 'position') return;
        try {
          const parsed: unknown = JSON.parse(message.data);
          if (isPositionEvent(parsed)) buffer.push(parsed);
        } catch {
          // A malformed event is skipped; the periodic refresh corrects the map.
        }
      },
      onStatus: (next, info) => {
        if (controller.signal.aborted) return;
        setStatus(next);
        if (next === 'live' && info?.reconnected) callbacks.current.onReconnected();
        // A refused stream (401 / 403): let the regular API call raise the session or permission alarm.
        if (next === 'stopped' && info?.httpStatus) callbacks.current.onReconnected();
      },
      signal: controller.signal,
    });
    return () => {
      controller.abort();
      clearInterval(flush);
    };
  }, [companyId, enabled]);

  return { status, live };
}
