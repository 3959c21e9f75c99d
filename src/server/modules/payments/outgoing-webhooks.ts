/**
 * Outgoing webhooks to the lender's own systems (issue 15; spec 3 webhook_configurations): the
 * company's endpoints and their signing secrets (sealed, answered once), events queued as rows of
 * payment_webhook_deliveries in the SAME transaction as the change they report (so an event is
 * never sent for a rollback and never lost after a commit), and delivered after the commit by the
 * `payments-outgoing-webhooks` job (kicked once per burst) and a sweep for retries: signed
 * HMAC-SHA256 over `timestamp.body`, 10 s timeout, retried after 1 min, 5 min, 30 min, 2 h, 12 h,
 * then failed. The scheme is SIGNATURE_SCHEME in the contract.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { OutgoingWebhookEvent, WebhookConfigurationBody, WebhookConfigurationRecord, WebhookConfigurationWithSecret, WebhookDeliveriesPage, WebhookDeliveriesQuery, WebhookDeliveryRecord } from '../../../domain/contracts/payments/webhook-configurations';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/queue';
import type { JobContext } from '../../http/area';
import { open, seal, type SecretKeys } from '../../security/secret-box';
import { rowsOf } from '../../db/sql-helpers';
import type { PaymentWebhookDeliveryRow } from './schema';
import { paymentWebhookDeliveries, paymentWebhookEndpoints } from './schema';

export const OUTGOING_WEBHOOK_QUEUE = 'payments-outgoing-webhooks';
/** Waits before the 2nd…6th attempt (ms); after the last one the delivery is failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a receiver has to answer (ms). */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed delivery is not claimed again for this long (ms): a process that died mid-send is retried after it. */
const LEASE_MS = 60_000;
const EXCERPT_CHARS = 500;

type EndpointRow = typeof paymentWebhookEndpoints.$inferSelect;
const contextOf = (companyId: string, endpointId: string) => `${companyId}|webhook|${endpointId}`;

/** `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`: what X-RecoveryOps-Signature carries. `timestamp` in Unix seconds. */
export function signDelivery(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;
const PRIVATE = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|\[f[cd]|\[fe80)/i;

/**
 * Refuses a URL that would make the server call itself (its own host and port, or a loopback
 * address on its port) and, in production, any loopback or private address.
 * @param serverHost the Host the request reached us at (`host[:port]`)
 * @throws AppError 400
 */
export function assertEndpointUrl(url: string, serverHost: string, config: Pick<AppConfig, 'port' | 'production'>): void {
  const u = new URL(url);
  const self = URL.canParse(`http://${serverHost}`) ? new URL(`http://${serverHost}`) : null;
  const host = u.hostname.toLowerCase();
  // A Host without a port is the default port of whichever scheme reached us (TLS may end at a proxy).
  const samePort = self && (self.port ? portOf(u) === self.port : portOf(u) === '80' || portOf(u) === '443');
  if ((self && host === self.hostname.toLowerCase() && samePort) || (LOOPBACK.test(host) && portOf(u) === String(config.port))) {
    throw badRequest('The webhook URL must not point at this server');
  }
  if (config.production && (LOOPBACK.test(host) || PRIVATE.test(host))) throw badRequest('The webhook URL must be a public address');
}

function recordOf(row: EndpointRow): WebhookConfigurationRecord {
  return {
    endpoint_id: row.endpointId,
    url: row.url,
    events: row.events as OutgoingWebhookEvent[],
    is_active: row.isActive ? 'true' : 'false',
    description: row.description,
    secret_last4: row.secretLast4,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function endpointOf(db: DbOrTx, companyId: string, endpointId: string): Promise<EndpointRow> {
  const [row] = await db.select().from(paymentWebhookEndpoints).where(and(eq(paymentWebhookEndpoints.companyId, companyId), eq(paymentWebhookEndpoints.endpointId, endpointId)));
  if (!row) throw notFound('Webhook endpoint not found');
  return row;
}

/** The company's endpoints, oldest first (no secret). */
export async function listEndpoints(db: DbOrTx, companyId: string): Promise<WebhookConfigurationRecord[]> {
  const rows = await db.select().from(paymentWebhookEndpoints).where(eq(paymentWebhookEndpoints.companyId, companyId)).orderBy(paymentWebhookEndpoints.createdAt);
  return rows.map(recordOf);
}

const eventsOf = (body: WebhookConfigurationBody) => [...new Set(body.events)];

/** A new endpoint with a fresh secret, answered once. @throws AppError 400 (assertEndpointUrl) */
export async function createEndpoint(db: DbOrTx, config: SecretKeys & Pick<AppConfig, 'port'>, companyId: string, body: WebhookConfigurationBody, serverHost: string, now: Date): Promise<WebhookConfigurationWithSecret> {
  assertEndpointUrl(body.url, serverHost, config);
  const endpointId = randomUUID();
  const secret = newSecret();
  const [row] = await db
    .insert(paymentWebhookEndpoints)
    .values({ endpointId, companyId, url: body.url, events: eventsOf(body), isActive: (body.is_active ?? 'true') === 'true', description: body.description || null, secretEnc: seal(config, contextOf(companyId, endpointId), secret), secretLast4: secret.slice(-4), createdAt: now, updatedAt: now })
    .returning();
  return { ...recordOf(row), secret };
}

/** Changes URL, events, flag and description (the secret stays). @throws AppError 404, 400 */
export async function updateEndpoint(db: DbOrTx, config: Pick<AppConfig, 'port' | 'production'>, companyId: string, endpointId: string, body: WebhookConfigurationBody, serverHost: string, now: Date): Promise<WebhookConfigurationRecord> {
  await endpointOf(db, companyId, endpointId);
  assertEndpointUrl(body.url, serverHost, config);
  const [row] = await db
    .update(paymentWebhookEndpoints)
    .set({ url: body.url, events: eventsOf(body), isActive: (body.is_active ?? 'true') === 'true', description: body.description || null, updatedAt: now })
    .where(and(eq(paymentWebhookEndpoints.companyId, companyId), eq(paymentWebhookEndpoints.endpointId, endpointId)))
    .returning();
  return recordOf(row);
}

/** A new secret, answered once; deliveries from now on (retries included) are signed with it. @throws AppError 404 */
export async function rotateEndpointSecret(db: DbOrTx, config: SecretKeys, companyId: string, endpointId: string, now: Date): Promise<WebhookConfigurationWithSecret> {
  await endpointOf(db, companyId, endpointId);
  const secret = newSecret();
  const [row] = await db
    .update(paymentWebhookEndpoints)
    .set({ secretEnc: seal(config, contextOf(companyId, endpointId), secret), secretLast4: secret.slice(-4), updatedAt: now })
    .where(and(eq(paymentWebhookEndpoints.companyId, companyId), eq(paymentWebhookEndpoints.endpointId, endpointId)))
    .returning();
  return { ...recordOf(row), secret };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
function deliveryOf(d: PaymentWebhookDeliveryRow): WebhookDeliveryRecord {
  return {
    delivery_id: d.deliveryId,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType as OutgoingWebhookEvent,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    response_excerpt: d.responseExcerpt,
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    last_attempt_at: iso(d.lastAttemptAt),
    created_at: d.createdAt.toISOString(),
  };
}

/** An endpoint's delivery log, newest first. @throws AppError 404 */
export async function listDeliveries(db: DbOrTx, companyId: string, endpointId: string, query: WebhookDeliveriesQuery): Promise<WebhookDeliveriesPage> {
  await endpointOf(db, companyId, endpointId);
  const page = query.page_number;
  const size = query.page_size;
  const where = and(eq(paymentWebhookDeliveries.companyId, companyId), eq(paymentWebhookDeliveries.endpointId, endpointId), query.status ? eq(paymentWebhookDeliveries.status, query.status) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(paymentWebhookDeliveries).where(where).orderBy(desc(paymentWebhookDeliveries.createdAt), desc(paymentWebhookDeliveries.deliveryId)).limit(size).offset((page - 1) * size),
    db.select({ total: count() }).from(paymentWebhookDeliveries).where(where),
  ]);
  return { deliveries: rows.map(deliveryOf), total: Number(total), page_number: page, page_size: size };
}

/** Sends a delivery again now with a fresh count of attempts (same event id and body). @throws AppError 404 */
export async function resendDelivery(db: DbOrTx, companyId: string, endpointId: string, deliveryId: string, now: Date): Promise<WebhookDeliveryRecord> {
  const [row] = await db
    .update(paymentWebhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(and(eq(paymentWebhookDeliveries.companyId, companyId), eq(paymentWebhookDeliveries.endpointId, endpointId), eq(paymentWebhookDeliveries.deliveryId, deliveryId)))
    .returning();
  if (!row) throw notFound('Webhook delivery not found');
  return deliveryOf(row);
}

/** One event to queue: the body is built here once and sent byte for byte on every attempt. */
export interface OutgoingEvent {
  type: OutgoingWebhookEvent;
  data: Record<string, unknown>;
}

/** The JSON rows (event_id, event_type, payload) for outgoingInsertSql: event ids are `evt_<uuid>`. */
export function outgoingRows(companyId: string, events: readonly OutgoingEvent[], now: Date): string {
  return JSON.stringify(
    events.map((e) => {
      const id = `evt_${randomUUID()}`;
      return { event_id: id, event_type: e.type, payload: JSON.stringify({ id, type: e.type, created_at: now.toISOString(), company_id: companyId, data: e.data }) };
    }),
  );
}

/**
 * An INSERT of one delivery per (event, active endpoint of the company subscribed to it), to fold
 * into a statement the caller runs anyway (a CTE) — no round trip of its own; `when` (a boolean
 * SQL) gates it on the caller's own outcome, e.g. "a payment was inserted". Returns 1 per row.
 */
export function outgoingInsertSql(companyId: string, rowsJson: string, now: Date, when: SQL = sql`true`): SQL {
  return sql`insert into ${paymentWebhookDeliveries} (company_id, endpoint_id, event_id, event_type, payload, next_attempt_at, created_at)
    select ep.company_id, ep.endpoint_id, e.event_id, e.event_type, e.payload, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from ${paymentWebhookEndpoints} ep
    join jsonb_to_recordset(${rowsJson}::jsonb) as e(event_id text, event_type text, payload text) on ep.events @> jsonb_build_array(e.event_type)
    where ep.company_id = ${companyId} and ep.is_active and ${when}
    returning 1`;
}

/** Queues `events` for the company's subscribed endpoints in `db` (the caller's transaction). @returns deliveries queued */
export async function queueOutgoingEvents(db: DbOrTx, companyId: string, events: readonly OutgoingEvent[], now: Date): Promise<number> {
  if (events.length === 0) return 0;
  const res = await db.execute(sql`with q as (${outgoingInsertSql(companyId, outgoingRows(companyId, events, now), now)}) select count(*)::int as n from q`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

const kicked = new WeakSet<JobQueue>();
/**
 * Asks the job queue to deliver what is due, once per burst (call it after the commit that queued
 * deliveries; never awaited by a request). Deliveries are rows already: a lost kick is caught by the sweep.
 */
export function kickDeliveries(jobs: JobQueue, onError: (err: unknown) => void = () => undefined): void {
  if (kicked.has(jobs)) return;
  kicked.add(jobs);
  setImmediate(() => {
    kicked.delete(jobs);
    if (jobs.running) jobs.send(OUTGOING_WEBHOOK_QUEUE, {}).catch(onError);
  });
}

/** What one round of deliverDue did. */
export interface DeliveryRound {
  attempted: number;
  delivered: number;
  retrying: number;
  failed: number;
}

type Send = typeof fetch;

/**
 * Sends the deliveries due at `now` (up to `limit`, in parallel): claims them (a lease, so another
 * process skips them), signs each with its endpoint's current secret, POSTs with a 10 s timeout and
 * no redirects, and records the answer: 2xx delivered; otherwise the next attempt after
 * RETRY_DELAYS_MS, or failed after MAX_ATTEMPTS. An endpoint switched off fails its deliveries.
 */
export async function deliverDue(db: DbOrTx, config: SecretKeys, now: Date, opts: { limit?: number; send?: Send } = {}): Promise<DeliveryRound> {
  const limit = opts.limit ?? 50;
  const send = opts.send ?? fetch;
  const claimed = rowsOf<{ delivery_id: string }>(
    await db.execute(sql`
      update ${paymentWebhookDeliveries} d set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz, attempts = d.attempts + 1, last_attempt_at = ${now.toISOString()}::timestamptz
      where d.delivery_id in (
        select delivery_id from ${paymentWebhookDeliveries}
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at limit ${limit} for update skip locked)
      returning d.delivery_id`),
  );
  const round: DeliveryRound = { attempted: claimed.length, delivered: 0, retrying: 0, failed: 0 };
  if (claimed.length === 0) return round;
  const rows = await db
    .select({ d: paymentWebhookDeliveries, ep: paymentWebhookEndpoints })
    .from(paymentWebhookDeliveries)
    .innerJoin(paymentWebhookEndpoints, eq(paymentWebhookEndpoints.endpointId, paymentWebhookDeliveries.endpointId))
    .where(sql`${paymentWebhookDeliveries.deliveryId} in (${sql.join(claimed.map((c) => sql`${c.delivery_id}`), sql`, `)})`);
  await Promise.all(
    rows.map(async ({ d, ep }) => {
      const answer = ep.isActive ? await post(send, ep, d, config, now) : { code: null, excerpt: null, error: 'Endpoint switched off' };
      const ok = answer.code !== null && answer.code >= 200 && answer.code < 300;
      const giveUp = !ok && (!ep.isActive || d.attempts >= MAX_ATTEMPTS);
      const status = ok ? 'delivered' : giveUp ? 'failed' : 'pending';
      round[ok ? 'delivered' : giveUp ? 'failed' : 'retrying'] += 1;
      const next = status === 'pending' ? new Date(now.getTime() + RETRY_DELAYS_MS[Math.min(d.attempts, RETRY_DELAYS_MS.length) - 1]) : null;
      await db
        .update(paymentWebhookDeliveries)
        .set({ status, lastStatusCode: answer.code, lastError: answer.error, responseExcerpt: answer.excerpt, nextAttemptAt: next })
        .where(eq(paymentWebhookDeliveries.deliveryId, d.deliveryId));
    }),
  );
  return round;
}

/** One signed POST; never throws (a timeout or refusal is an answer without a code). */
async function post(send: Send, ep: EndpointRow, d: PaymentWebhookDeliveryRow, config: SecretKeys, now: Date): Promise<{ code: number | null; excerpt: string | null; error: string | null }> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const secret = open(config, contextOf(ep.companyId, ep.endpointId), ep.secretEnc);
    const res = await send(ep.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'RecoveryOps-Webhooks/1',
        'x-recoveryops-event': d.eventType,
        'x-recoveryops-event-id': d.eventId,
        'x-recoveryops-delivery': d.deliveryId,
        'x-recoveryops-timestamp': String(timestamp),
        'x-recoveryops-signature': signDelivery(secret, timestamp, d.payload),
      },
      body: d.payload,
    });
    const text = await res.text().catch(() => '');
    return { code: res.status, excerpt: text.slice(0, EXCERPT_CHARS) || null, error: null };
  } catch (err) {
    const e = err as Error;
    return { code: null, excerpt: null, error: e.name === 'TimeoutError' ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : `Not delivered: ${(e.cause as Error | undefined)?.message ?? e.message}`.slice(0, 200) };
  }
}

/** How often due retries are looked for (ms), besides the kicks after commits. */
const SWEEP_MS = 30_000;

/** Registers the delivery job and the retry sweep (the payments area's `jobs`). */
export function workOutgoingWebhooks(ctx: JobContext): void {
  let timer: NodeJS.Timeout | null = null;
  const drain = async () => {
    // Rounds until fewer than a full round were due (bounded: a burst larger than this waits for the next kick or sweep).
    for (let i = 0; i < 20; i += 1) if ((await deliverDue(ctx.db, ctx.config, ctx.clock.now())).attempted < 50) return;
  };
  ctx.jobs.work(OUTGOING_WEBHOOK_QUEUE, () => drain().catch((err: unknown) => ctx.log.error({ err }, 'outgoing webhooks not delivered')));
  ctx.onReady(() => {
    timer = setInterval(() => void drain().catch((err: unknown) => ctx.log.error({ err }, 'outgoing webhook sweep failed')), SWEEP_MS);
    timer.unref();
  });
  ctx.onClose(() => {
    if (timer) clearInterval(timer);
  });
}
