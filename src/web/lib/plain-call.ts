/**
 * Calling an endpoint with the browser's own `fetch`, for screens that work before the app's API
 * client (lib/api.ts: ky, ~14 KB gzipped with TanStack Query) is loaded: the sign-in page (issue 18).
 * Same rules as lib/api.ts for what a public call needs: the `{success, message, data}` envelope,
 * failures classified by api-errors.ts (the message to show), and on a flaky network (issue 12) a
 * read or a `retrySafe` endpoint tried again after a network failure, a time-out (30 s) or a
 * 502/503/504, up to RETRY.limit more times, waiting 400, 800, 1600 ms. Sends no session token or
 * company: for public endpoints only.
 */
import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '../../domain/contracts/endpoint';
import { pathOf } from '../../domain/contracts/endpoint';
import { ApiError, classifyFailure } from './api-errors';

/** Retries of a retryable call: attempts after the first, first wait (ms, doubling), statuses. */
export const RETRY = { limit: 3, firstDelayMs: 400, statusCodes: [502, 503, 504] } as const;
/** Time-out of one attempt (ms), as lib/api.ts. */
const TIMEOUT_MS = 30_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt: the answer, or null when none arrived (network failure or time-out). */
async function attempt(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    return null;
  }
}

/**
 * Calls a public endpoint (`/api<path>`) and resolves with the envelope's data.
 * @param path the endpoint's path below /api, with a leading slash (`/public-config`)
 * @throws ApiError (api-errors.ts) with the server's message, or 'Something went wrong' when none arrived
 */
export async function plainFetch<T>(method: string, path: string, options: { query?: Record<string, string>; body?: unknown; retry?: boolean } = {}): Promise<T> {
  const search = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const url = `/api${path}${search}`;
  const init: RequestInit = { method, headers: options.body === undefined ? undefined : { 'content-type': 'application/json' }, body: options.body === undefined ? undefined : JSON.stringify(options.body) };
  const retries = (options.retry ?? (method === 'GET' || method === 'HEAD')) ? RETRY.limit : 0;
  let response: Response | null;
  for (let n = 0; ; n += 1) {
    response = await attempt(url, init);
    const again = response === null || (RETRY.statusCodes as readonly number[]).includes(response.status);
    if (!again || n >= retries) break;
    await wait(RETRY.firstDelayMs * 2 ** n);
  }
  let body: unknown;
  if (response) body = await response.json().catch(() => undefined);
  const envelope = body as { success?: boolean; data?: T } | undefined;
  if (response?.ok && envelope && envelope.success !== false) return envelope.data as T;
  throw new ApiError(classifyFailure({ status: response?.status ?? null, path: path.slice(1), body }));
}

/** Calls a public endpoint from its definition (src/domain/contracts), retried when it is a read or `retrySafe`. */
export function plainCall<E extends Endpoint>(e: E, input: { query?: QueryOf<E>; body?: BodyOf<E> } = {}): Promise<ResponseOf<E>> {
  return plainFetch<ResponseOf<E>>(e.method, pathOf(e), { query: input.query as Record<string, string> | undefined, body: input.body, retry: e.retrySafe || undefined });
}
