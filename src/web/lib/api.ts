/**
 * The API client: the one ky wrapper the app uses (spec 7, spec 8).
 *
 * Every call carries `authenticationtoken` (the stored `uat`) and `X-Company-ID` (the URL's
 * `company_id`), answers are unwrapped from the `{success, message, data}` envelope, and failures
 * are classified by `classifyFailure` and applied once here: session-expired flag, permission
 * modal, blocking 521 message, IP toast. Callers get an `ApiError` carrying the message to show.
 *
 * Flaky networks (issue 12: a phone network dropping half the requests): reads (GET, HEAD) and
 * calls marked `retry` (sign-in) are tried again on a network failure, a timeout or a 502/503/504,
 * up to RETRY.limit more times with a short growing wait; other writes never, since a lost answer
 * may hide a stored write (the field outbox replays its writes with an Idempotency-Key instead).
 * Every HTTP answer is announced to `onServerAnswer` listeners (the field outbox ends its backoff).
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import { ApiError, classifyFailure, type ApiFailure } from './api-errors';
import { RETRY } from './plain-call';
import { currentCompanyId, session } from './store';
import { toaster } from './toaster';

/** Thrown by `api.*` on any failure; `failure.message` is ready to show (api-errors.ts). */
export { ApiError };

/** Where the API is served: every path of lib/endpoint.ts's `apiPath` is below it. */
export const API_BASE = '/api';

/** Retries of a retryable call: attempts after the first, waits (ms) 400, 800, 1600, statuses (shared with plain-call.ts). */
export { RETRY };

const answerListeners = new Set<() => void>();

/** Calls `listener` after every HTTP answer from the server (any status). Returns the unsubscribe. */
export function onServerAnswer(listener: () => void): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

const http = ky.create({
  prefixUrl: API_BASE,
  retry: 0,
  timeout: 30_000,
  hooks: {
    afterResponse: [
      () => {
        for (const listener of answerListeners) listener();
      },
    ],
    beforeRequest: [
      (request) => {
        if (session.uat) request.headers.set('authenticationtoken', session.uat);
        const companyId = currentCompanyId();
        if (companyId) request.headers.set('X-Company-ID', companyId);
      },
    ],
  },
});

/** Applies a failure's app-wide effect (spec 8). Errors of kind 'error' are left to the caller. */
function report(failure: ApiFailure): void {
  switch (failure.kind) {
    case 'session_expired':
      if (session.uat) session.sessionExpired = true;
      break;
    case 'permission':
      session.missingPermission = failure.missingPermission ?? null;
      break;
    case 'blocked':
      session.blockingMessage = failure.message;
      break;
    case 'ip_blocked':
      toaster.create({ type: 'error', title: failure.message });
      break;
    default:
      break;
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  searchParams?: Query;
  json?: unknown;
  /** Multipart body (file uploads); the browser sets the boundary header. */
  body?: FormData;
  signal?: AbortSignal;
  /** Try again on a network failure (default: GET and HEAD only); see the module comment. */
  retry?: boolean;
  /** Extra request headers (an idempotent write's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** ky's retry option of one call. */
function retryOf(method: string, wanted: boolean | undefined) {
  const retry = wanted ?? (method === 'GET' || method === 'HEAD');
  if (!retry) return 0;
  return {
    limit: RETRY.limit,
    methods: [method.toLowerCase()],
    statusCodes: [...RETRY.statusCodes],
    afterStatusCodes: [],
    retryOnTimeout: true,
    delay: (attempt: number) => RETRY.firstDelayMs * 2 ** (attempt - 1),
  };
}

function cleanQuery(query: Query | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  return out;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.clone().json();
  } catch {
    return undefined;
  }
}

/**
 * Calls `/api/<path>` and returns the envelope's `message` and `data`.
 * @param path below /api without a leading slash, e.g. `user/company/users`
 * @throws ApiError for HTTP errors, envelopes with success false, network failures and aborts
 */
async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<{ message: string; data: T }> {
  let failure: ApiFailure;
  try {
    const response = await http(path, { method, searchParams: cleanQuery(options.searchParams), json: options.json, body: options.body, signal: options.signal, retry: retryOf(method, options.retry), headers: options.headers });
    const body = (await readBody(response)) as { success?: boolean; message?: string; data?: T } | undefined;
    if (body && body.success !== false) return { message: body.message ?? '', data: body.data as T };
    failure = classifyFailure({ status: response.status, path, body });
  } catch (error) {
    if (error instanceof HTTPError) {
      failure = classifyFailure({ status: error.response.status, path, body: await readBody(error.response) });
    } else if (error instanceof TimeoutError) {
      failure = classifyFailure({ status: null, path });
    } else if (error instanceof DOMException && error.name === 'AbortError') {
      failure = classifyFailure({ status: null, path, aborted: true });
    } else {
      failure = classifyFailure({ status: null, path });
    }
  }
  report(failure);
  throw new ApiError(failure);
}

async function request<T>(method: string, path: string, options?: RequestOptions): Promise<T> {
  return (await send<T>(method, path, options)).data;
}

/** The file name of a Content-Disposition header, or null. */
function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/**
 * GETs a file (error files, exports) with the auth headers, since a plain link cannot carry them.
 * @returns the body as a Blob and the server's file name (Content-Disposition), null when absent
 * @throws ApiError like the other calls
 */
async function download(path: string, options: RequestOptions = {}): Promise<{ blob: Blob; fileName: string | null }> {
  let failure: ApiFailure;
  try {
    const response = await http(path, { method: 'GET', searchParams: cleanQuery(options.searchParams), signal: options.signal, timeout: 120_000 });
    return { blob: await response.blob(), fileName: attachmentName(response.headers.get('content-disposition')) };
  } catch (error) {
    if (error instanceof HTTPError) failure = classifyFailure({ status: error.response.status, path, body: await readBody(error.response) });
    else failure = classifyFailure({ status: null, path, aborted: error instanceof DOMException && error.name === 'AbortError' });
  }
  report(failure);
  throw new ApiError(failure);
}

/** The API client. Paths are below /api, without a leading slash. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
  /** Any method (the endpoint client, lib/endpoint.ts). */
  request: <T>(method: string, path: string, options?: RequestOptions) => request<T>(method, path, options),
  /** Any method, resolving with the envelope's message and data. */
  send: <T>(method: string, path: string, options?: RequestOptions) => send<T>(method, path, options),
  /** GET that resolves with the envelope's message (for answers whose message is the point). */
  message: async (path: string, options?: RequestOptions) => (await send<unknown>('GET', path, options)).message,
  download,
};

/** The message to show for any thrown value (ApiError or not). */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.failure.message;
  return 'Something went wrong';
}
