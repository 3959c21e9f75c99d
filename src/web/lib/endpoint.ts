/**
 * Calling endpoints from their definitions (kernel; docs/decisions/007-area-kernel.md): the path,
 * method and query come from the one definition in src/domain/contracts, and the answer is typed
 * by its response schema, so a screen never writes a path string or a field name of its own.
 *
 * `call(e, input)` sends through the one ky wrapper (lib/api.ts: headers, envelope, spec 8 error
 * mapping); `useEndpoint(e, input)` is its TanStack Query hook (key: the operation and the input),
 * `useEndpointMutation(e)` its mutation; `can(e, permissions)` says whether the menu and screens
 * may offer it. Imports no zod (the field route's first load stays small).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { QueryKey, UseMutationOptions, UseQueryOptions } from '@tanstack/react-query';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '../../domain/contracts/endpoint';
import { pathOf } from '../../domain/contracts/endpoint';
import { api } from './api';

export { can } from '../../domain/contracts/endpoint';

/** What a call sends: path parameters, query, and a JSON body or a multipart form. */
export interface CallInput<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /** A multipart body (uploads); the browser sets the boundary. */
  form?: FormData;
  signal?: AbortSignal;
  /** An idempotent endpoint's Idempotency-Key; default a fresh one per call (ky's retries of that call reuse it). */
  idempotencyKey?: string;
}

/** The Idempotency-Key header an idempotent endpoint needs (none for others). */
const keyHeaders = (e: Endpoint, key: string | undefined): Record<string, string> | undefined => (e.idempotent ? { 'Idempotency-Key': key ?? crypto.randomUUID() } : undefined);

type SearchParams = Record<string, string | number | boolean | undefined | null>;

/** The API path of `e` with `params` filled in, without the leading slash lib/api.ts expects. */
export function apiPath<E extends Endpoint>(e: E, params?: ParamsOf<E>): string {
  return pathOf(e, params as Record<string, string | number> | undefined).slice(1);
}

/**
 * Calls `e` and resolves with the envelope's data.
 * @throws ApiError (lib/api.ts) with the message to show
 */
export function call<E extends Endpoint>(e: E, input: CallInput<E> = {}): Promise<ResponseOf<E>> {
  return api.request<ResponseOf<E>>(e.method, apiPath(e, input.params), {
    searchParams: input.query as SearchParams | undefined,
    json: input.form ? undefined : input.body,
    body: input.form,
    signal: input.signal,
    retry: e.retrySafe || undefined,
    headers: keyHeaders(e, input.idempotencyKey),
  });
}

/** Like `call`, resolving with the envelope's message too (for answers whose message is the point). */
export function callWithMessage<E extends Endpoint>(e: E, input: CallInput<E> = {}): Promise<{ message: string; data: ResponseOf<E> }> {
  return api.send<ResponseOf<E>>(e.method, apiPath(e, input.params), {
    searchParams: input.query as SearchParams | undefined,
    json: input.form ? undefined : input.body,
    body: input.form,
    signal: input.signal,
    retry: e.retrySafe || undefined,
    headers: keyHeaders(e, input.idempotencyKey),
  });
}

/** GETs a file endpoint (exports, error files, documents) as a Blob with the server's file name. */
export function download<E extends Endpoint>(e: E, input: Pick<CallInput<E>, 'params' | 'query' | 'signal'> = {}) {
  return api.download(apiPath(e, input.params), { searchParams: input.query as SearchParams | undefined, signal: input.signal });
}

/** The query key of a read: the operation, then the parameters and query (invalidate by `[e.operation]`). */
export function endpointKey<E extends Endpoint>(e: E, input: Pick<CallInput<E>, 'params' | 'query'> = {}): QueryKey {
  return [e.operation, input.params ?? null, input.query ?? null];
}

/** A TanStack Query read of `e`. Pass `enabled: false` until the input is complete. */
export function useEndpoint<E extends Endpoint>(
  e: E,
  input: Pick<CallInput<E>, 'params' | 'query'>,
  options: Omit<UseQueryOptions<ResponseOf<E>, Error, ResponseOf<E>, QueryKey>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery({ queryKey: endpointKey(e, input), queryFn: ({ signal }) => call(e, { ...input, signal }), ...options });
}

/** A TanStack Query mutation of `e`; `mutate({ params, query, body | form })`. */
export function useEndpointMutation<E extends Endpoint, Context = unknown>(e: E, options: Omit<UseMutationOptions<ResponseOf<E>, Error, CallInput<E>, Context>, 'mutationFn'> = {}) {
  return useMutation({ mutationFn: (input: CallInput<E>) => call(e, input), ...options });
}
