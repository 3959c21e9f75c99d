/**
 * Server-Sent Events over fetch streaming (kernel: issue 5 live positions, issue 14 calling desk events; contracts/field.ts
 * `tracking/stream`): EventSource cannot send the `authenticationtoken` and `X-Company-ID` headers
 * every API call carries, so the stream is read with fetch and parsed here.
 *
 * `createSseParser` parses the event stream (eventsource-parser). `runLiveStream` keeps one stream
 * open: it reconnects with exponential backoff (from the server's `retry`, doubling to a minute,
 * with jitter), treats 45 s without a byte (the server sends a comment every 15 s) as a dead
 * connection, and stops for good on 401 / 403.
 * No React; the hooks are field/tracking/use-live-positions.ts and calling/use-calling-events.ts.
 */
import { createParser } from 'eventsource-parser';

/** One dispatched event. `event` defaults to 'message'. */
export interface SseMessage {
  event: string;
  data: string;
  /** The event's id, '' when it has none. */
  id: string;
}

export interface SseParser {
  /** Feeds decoded text; dispatches every complete event in it. */
  push(chunk: string): void;
}

/**
 * An incremental event-stream parser (eventsource-parser, the WHATWG rules: line ends CRLF, LF or
 * CR split anywhere across chunks, `:` comments, `data` lines joined with '\n', blank line
 * dispatches).
 * @param onMessage called once per dispatched event
 * @param onRetry called with the reconnection time (ms) when the stream sets one
 */
export function createSseParser(onMessage: (message: SseMessage) => void, onRetry?: (ms: number) => void): SseParser {
  const parser = createParser({
    onEvent: (e) => onMessage({ event: e.event || 'message', data: e.data, id: e.id ?? '' }),
    onRetry: (ms) => onRetry?.(ms),
  });
  return { push: (chunk) => parser.feed(chunk) };
}

/** What the live stream is doing, for the "Live" / "Reconnecting" indicator. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface LiveStreamOptions {
  url: string;
  /** Headers of each (re)connection, read anew each time (the token may change). */
  headers: () => Record<string, string>;
  onMessage: (message: SseMessage) => void;
  /**
   * Status changes. `reconnected` is true on a 'live' that follows a dropped stream (events may
   * have been missed: re-read the current state); `httpStatus` comes with 'stopped'.
   */
  onStatus: (status: LiveStatus, info?: { reconnected?: boolean; httpStatus?: number }) => void;
  /** Aborting ends the stream for good. */
  signal: AbortSignal;
  fetchImpl?: typeof fetch;
  /** First reconnection wait until the server says otherwise (ms). */
  retryMs?: number;
  /** Longest reconnection wait (ms). */
  maxRetryMs?: number;
  /** A connection silent for this long is treated as dead (ms). */
  idleTimeoutMs?: number;
  /** Waits (tests pass a fake). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

/** The wait before reconnection `attempt` (1-based): retry × 2^(attempt-1), ≤ max, ±20 % jitter. */
export function reconnectDelay(attempt: number, retryMs: number, maxRetryMs: number, random: () => number = Math.random): number {
  const raw = Math.min(maxRetryMs, retryMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

/**
 * Keeps the event stream at `url` open until `signal` aborts or the server answers 401 / 403
 * (then 'stopped' with that status: reconnecting would not help). Resolves when it ends; never
 * rejects.
 */
export async function runLiveStream(options: LiveStreamOptions): Promise<void> {
  const { signal } = options;
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? wait;
  const maxRetryMs = options.maxRetryMs ?? 60_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  let retryMs = options.retryMs ?? 3_000;
  let attempt = 0;
  let everLive = false;

  while (!signal.aborted) {
    if (attempt === 0 && !everLive) options.onStatus('connecting');
    const connection = new AbortController();
    const abortConnection = () => connection.abort();
    signal.addEventListener('abort', abortConnection);
    let idle: ReturnType<typeof setTimeout> | null = null;
    const touch = () => {
      if (idle !== null) clearTimeout(idle);
      idle = setTimeout(() => connection.abort(), idleTimeoutMs);
    };
    try {
      touch();
      const res = await fetchImpl(options.url, { headers: { Accept: 'text/event-stream', ...options.headers() }, signal: connection.signal, cache: 'no-store' });
      if (res.status === 401 || res.status === 403) {
        options.onStatus('stopped', { httpStatus: res.status });
        return;
      }
      if (!res.ok || !res.body) throw new Error(`stream answered ${res.status}`);
      options.onStatus('live', { reconnected: everLive });
      everLive = true;
      attempt = 0;
      const parser = createSseParser(options.onMessage, (ms) => {
        retryMs = ms;
      });
      const reader = res.body.getReader();
      // An abort (idle time-out, unmount) must end a pending read whatever the fetch does with its body.
      const cancel = () => void reader.cancel().catch(() => undefined);
      if (connection.signal.aborted) cancel();
      else connection.signal.addEventListener('abort', cancel);
      const decoder = new TextDecoder();
      for (;;) {
        touch();
        const { done, value } = await reader.read();
        if (done) break;
        parser.push(decoder.decode(value, { stream: true }));
      }
      parser.push(decoder.decode());
    } catch {
      // Network error, abort, idle time-out or a non-2xx answer: reconnect below.
    } finally {
      if (idle !== null) clearTimeout(idle);
      signal.removeEventListener('abort', abortConnection);
    }
    if (signal.aborted) break;
    attempt += 1;
    options.onStatus('reconnecting');
    await sleep(reconnectDelay(attempt, retryMs, maxRetryMs, options.random), signal);
  }
  options.onStatus('stopped');
}
