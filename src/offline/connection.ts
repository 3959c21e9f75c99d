/**
 * The outbox's connection to the server (issue 4 "Offline behaviour"; enketo's connection): builds
 * the request of one outbox item from its kind's endpoint definition (issue 11; outbox-endpoints.ts:
 * method, path, JSON or multipart with its JSON field or text fields, files), sends it with the
 * session's headers and the item's Idempotency-Key under a timeout, and sorts the answer into sent,
 * unauthorized, retry later or refused. Knows nothing of IndexedDB or of the order of sending
 * (queue.ts); no DOM: used by the page and the service worker.
 */
import type { OfflineSession, OutboxFile, OutboxItem, OutboxItemOf } from './db';
import { OUTBOX_ENDPOINTS, isOutboxKind, outboxPath, type OutboxEndpoint } from './outbox-endpoints';

/** A send with no answer after this long (plus time for the body on a slow link) counts as a network failure. */
export const SEND_TIMEOUT_MS = 30_000;
/** Extra timeout per byte of body: 1 s per 16 KB, so photos over 2G (~128 kbit/s) are not cut off. */
const TIMEOUT_MS_PER_BYTE = 1_000 / 16_384;
/** Statuses that mean "try again later" besides 5xx: 408 timeout, 409 same key still running, 425, 429. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/** How `sendRequest` sends. */
export interface SendOptions {
  fetchImpl: typeof fetch;
  /** Base timeout, ms (grows with the body's size). */
  timeoutMs: number;
  /** Prefix for the endpoints' paths, e.g. 'http://127.0.0.1:8787'; '' for the same origin. */
  baseUrl: string;
}

/**
 * What became of one send: 'sent' (a 2xx), 'unauthorized' (401), 'retry' (5xx, 408, 409, 425, 429:
 * `status`; network error or timeout: status null and `offline`), 'failed' (any other status: the
 * server refused the item for good). `message` is the server's `message`, else a description.
 */
export type SendOutcome =
  | { kind: 'sent' }
  | { kind: 'unauthorized' }
  | { kind: 'retry'; status: number | null; message: string; offline: boolean }
  | { kind: 'failed'; status: number; message: string };

/**
 * One request of the outbox: the endpoint, the body it takes (typed where it is made: enqueue by
 * kind, the ping batch by `satisfies`; here it is only serialized), the files of its multipart
 * fields, the Idempotency-Key.
 */
export interface OutboxRequest {
  endpoint: OutboxEndpoint;
  body: unknown;
  files: readonly OutboxFile[];
  idempotencyKey: string;
}

/**
 * The request of a stored item (not a ping: pings go in batches, ping-batch.ts), by its `kind`
 * alone: items queued by an app version before issue 11 also carry `path` and `json_field`, which
 * are ignored, so they go where this version sends their kind. null for a kind this version does
 * not know (nothing to send it to).
 */
export function itemRequest(item: Exclude<OutboxItem, OutboxItemOf<'ping'>>): OutboxRequest | null {
  if (!isOutboxKind(item.kind)) return null;
  return { endpoint: OUTBOX_ENDPOINTS[item.kind], body: item.body, files: item.files, idempotencyKey: item.idempotency_key };
}

/**
 * The request body, as the endpoint takes it: a JSON body when it has no multipart form (files are
 * then not sent: no outbox endpoint takes both); else multipart with the body as JSON in the
 * definition's `multipart.json` field, or, without one, the body's properties as text fields (a
 * document's loan_id, allocation_month, …), then the files.
 */
function buildBody(req: OutboxRequest): { body: BodyInit; contentType: string | null; bytes: number } {
  const multipart = req.endpoint.multipart;
  if (!multipart || (multipart.alsoJson && req.files.length === 0)) {
    const json = JSON.stringify(req.body ?? {});
    return { body: json, contentType: 'application/json', bytes: json.length };
  }
  const form = new FormData();
  let bytes = 0;
  if (multipart.json !== undefined) {
    const json = JSON.stringify(req.body ?? {});
    form.append(multipart.json, json);
    bytes += json.length;
  } else if (isRecord(req.body)) {
    for (const [k, v] of Object.entries(req.body)) {
      if (v === null || v === undefined) continue;
      form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
    }
  }
  for (const f of req.files) {
    const blob = f.blob.type === f.type || !f.type ? f.blob : new Blob([f.blob], { type: f.type });
    form.append(f.field, blob, f.name);
    bytes += f.blob.size;
  }
  // The browser sets the multipart boundary itself.
  return { body: form, contentType: null, bytes };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

async function serverMessage(res: Response): Promise<string> {
  const body: unknown = await res.json().catch(() => null);
  if (isRecord(body) && typeof body.message === 'string' && body.message !== '') return body.message;
  return `The server answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
}

/**
 * Sends one outbox request (an item's, or a ping batch's) as the session's user: the endpoint's
 * method to baseUrl + '/api' + its path with the headers authenticationtoken, X-Company-ID, Idempotency-Key and
 * Accept JSON. Times out after `timeoutMs` + 1 s per 16 KB of body. Never throws for network
 * reasons: a failed or timed-out fetch is a 'retry' with `offline` true.
 */
export async function sendRequest(req: OutboxRequest, s: OfflineSession, opts: SendOptions): Promise<SendOutcome> {
  const { body, contentType, bytes } = buildBody(req);
  const headers: Record<string, string> = {
    authenticationtoken: s.token,
    'X-Company-ID': s.company_id,
    'Idempotency-Key': req.idempotencyKey,
    Accept: 'application/json',
  };
  if (contentType) headers['Content-Type'] = contentType;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs + bytes * TIMEOUT_MS_PER_BYTE);
  let res: Response;
  try {
    res = await opts.fetchImpl(`${opts.baseUrl}${outboxPath(req.endpoint)}`, { method: req.endpoint.method, headers, body, signal: controller.signal, credentials: 'same-origin' });
  } catch (err) {
    const timedOut = controller.signal.aborted;
    return { kind: 'retry', status: null, offline: true, message: timedOut ? 'No answer from the server (timed out)' : `Network error: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    clearTimeout(timer);
  }
  if (res.ok) {
    await res.arrayBuffer().catch(() => undefined);
    return { kind: 'sent' };
  }
  if (res.status === 401) return { kind: 'unauthorized' };
  const message = await serverMessage(res);
  if (res.status >= 500 || RETRYABLE_4XX.has(res.status)) return { kind: 'retry', status: res.status, message, offline: false };
  return { kind: 'failed', status: res.status, message };
}
