/**
 * The inbox of gateway link webhooks (issue 15 "npm run bench": 10,000 webhooks 32 in flight,
 * p99 < 50 ms; "every payment posts once to its loan").
 *
 * A verified link event is acknowledged as soon as its row in payment_gateway_events is durable:
 * outcome 'received', the verified event in `event`, its arrival order in `seq`. Concurrent
 * webhooks share that INSERT (group commit; a repeat of an event id, stored before or in the same
 * statement, is a duplicate). The payment then posts from that row, not in the webhook's request:
 * this process's drain claims the waiting events in `seq` order (FOR UPDATE SKIP LOCKED, so
 * processes share the work and none posts an event twice) and posts up to WEBHOOK_INBOX_POST_MAX
 * of them in ONE transaction — their links locked in one statement in link id order, each event
 * posted by webhook-posting.ts, the loans' dues lowered once per company just before the commit.
 * The drain starts when an event is accepted, when the process is ready (events a stopped process
 * left) and every WEBHOOK_INBOX_SWEEP_MS (events another process left).
 *
 * Why: posting (payment, timeline, link, outgoing webhooks, dues, the month's counts) is several
 * statements and row locks per event; in the request it made a burst of webhooks queue behind one
 * another (p99 ~160 ms at 32 in flight on 2 cores). The gateway only needs to know we have the
 * event; it retries until we answer 2xx, and we answer 2xx only once the event cannot be lost.
 *
 * Owns: the per-process queue of verified events waiting for their INSERT and the drain.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgVendor } from '../../../domain/contracts/payments/links';
import type { Db, DbOrTx } from '../../db/client';
import { insertRowsAsJsonSql, rowsOf, textArrayLiteral } from '../../db/sql-helpers';
import type { JobContext } from '../../http/area';
import type { ModuleDeps } from '../../http/deps';
import { companyCurrencySql } from '../companies/queries';
import { applyLoanPayments, type LoanPaymentPosted } from '../portfolio/queries';
import type { GatewayEvent } from './gateways/types';
import { kickDeliveries } from './outgoing-webhooks';
import { seenBeforeSql } from './reconciliation';
import { paymentGatewayEvents, paymentLinks } from './schema';
import { postVerifiedEvent, type EventPosting, type LinkFacts } from './webhook-posting';

/** One verified link event of a company's gateway, received at `now`. */
export interface EventJob {
  companyId: string;
  vendor: PgVendor;
  event: GatewayEvent;
  now: Date;
}

/** What accepting an event answered: stored for posting, or seen before. */
export type Acceptance = 'received' | 'duplicate';

/** Events accepted per INSERT at most. */
export const WEBHOOK_ACCEPT_MAX = 128;
/** Events posted per transaction at most. */
export const WEBHOOK_INBOX_POST_MAX = 128;
/** Posting yields to answering while an INSERT of accepted events runs, waits, or ended less than this ago (ms). */
export const WEBHOOK_INBOX_YIELD_MS = 10;
/** The longest posting yields at a time (ms), so it keeps going under a steady stream of webhooks. */
export const WEBHOOK_INBOX_YIELD_MAX_MS = 1_000;
/**
 * How long a posting round may take while webhooks are arriving (ms): its size follows the last
 * round's time per event (PostgreSQL here ~2–4 ms an event: ~8 events; PGlite, one connection
 * that answering waits for, ~1–2).
 */
export const WEBHOOK_INBOX_BUSY_ROUND_MS = 25;
/** How long a posting round may take otherwise (ms), at most WEBHOOK_INBOX_POST_MAX events. */
export const WEBHOOK_INBOX_ROUND_MS = 250;
/** Failed attempts (each rolled back) after which an event stays in the inbox for a person (logged each time). */
export const WEBHOOK_INBOX_MAX_ATTEMPTS = 5;
/** How often a process looks for events another (stopped) process accepted and did not post (ms). */
export const WEBHOOK_INBOX_SWEEP_MS = 60_000;

/**
 * `unnest(…)`'s arguments: one text[] per field of `jobs` (an array, not json_to_recordset, so the
 * planner knows how many rows and probes the primary key per event instead of hashing the table).
 */
const arraysOf = (jobs: readonly EventJob[], ...fields: ((j: EventJob, i: number) => string)[]) => sql.join(fields.map((f) => sql`${textArrayLiteral(jobs.map(f))}::text[]`), sql`, `);
const keyFields = [(j: EventJob) => j.companyId, (j: EventJob) => j.vendor, (j: EventJob) => j.event.eventId];

const keyOf = (j: Pick<EventJob, 'companyId' | 'vendor'> & { event: { eventId: string } }) => `${j.companyId}\u0000${j.vendor}\u0000${j.event.eventId}`;

/**
 * Stores `jobs`' event rows in ONE INSERT, in their order of arrival (which `seq` keeps), outcome
 * 'received'. A FAILED event is stored without its event_outcome until it is posted, so a success
 * posted before it is not taken for a success after a failure. @returns each job's acceptance, at
 * its index (a repeat of an event id — stored before or earlier in `jobs` — is a duplicate)
 */
export async function acceptEvents(db: DbOrTx, jobs: readonly EventJob[]): Promise<Acceptance[]> {
  const first = new Map<string, EventJob>();
  for (const j of jobs) if (!first.has(keyOf(j))) first.set(keyOf(j), j);
  // An event id stored before is left out by a plain read (`seen`) rather than by the unique
  // index alone: ON CONFLICT would wait for the drain's transaction that is updating that very row
  // (its outcome), which made a repeat wait out a whole posting round. A NOT EXISTS on
  // json_to_recordset (planned for 100 rows) hashed the whole table every INSERT: the keys go in
  // as arrays (arraysOf).
  const rows = [...first.values()];
  const statement = insertRowsAsJsonSql(
    paymentGatewayEvents,
    rows.map((j) => ({
      companyId: j.companyId,
      pgVendor: j.vendor,
      eventId: j.event.eventId,
      linkId: j.event.linkId,
      outcome: 'received',
      event: j.event,
      gatewayPaymentId: j.event.paymentId,
      eventOutcome: j.event.outcome === 'SUCCESS' ? ('SUCCESS' as const) : null,
      receivedAt: j.now,
    })),
    {
      where: sql`not exists (select 1 from seen where seen.c = r.company_id and seen.v = r.pg_vendor and seen.e = r.event_id)`,
      conflictTarget: [paymentGatewayEvents.companyId, paymentGatewayEvents.pgVendor, paymentGatewayEvents.eventId],
      returning: sql`company_id as "companyId", pg_vendor as "pgVendor", event_id as "eventId"`,
    },
  );
  const inserted = statement
    ? rowsOf<{ companyId: string; pgVendor: string; eventId: string }>(
        await db.execute(sql`with seen as (
          select g.company_id as c, g.pg_vendor as v, g.event_id as e
          from unnest(${arraysOf(rows, ...keyFields)}) as k(c, v, e)
          join ${paymentGatewayEvents} g on g.company_id = k.c and g.pg_vendor = k.v and g.event_id = k.e
        ) ${statement}`),
      )
    : [];
  const fresh = new Set(inserted.map((r) => keyOf({ companyId: r.companyId, vendor: r.pgVendor as PgVendor, event: r })));
  return jobs.map((j) => (fresh.delete(keyOf(j)) ? 'received' : 'duplicate'));
}

/**
 * Posts `jobs` — events of the inbox this transaction has claimed (locked, outcome 'received') —
 * in their order, and sets each event's outcome. @returns each job's posting, at its index
 */
export async function postClaimedEvents(tx: DbOrTx, jobs: readonly EventJob[]): Promise<EventPosting[]> {
  // The batch's links locked at once in link id order (the order every batch takes them in), read
  // with the facts of their payments: an event alone on its link and payment posts from these
  // (postVerifiedEvent's `pre`), one statement instead of two.
  const pre = new Map<string, LinkFacts>();
  const count = (f: (j: EventJob) => string) => jobs.reduce((m, j) => m.set(f(j), (m.get(f(j)) ?? 0) + 1), new Map<string, number>());
  const perLink = count((j) => `${j.companyId}\u0000${j.event.linkId}`);
  const perPayment = count((j) => `${j.companyId}\u0000${j.vendor}\u0000${j.event.paymentId}`);
  const companies = [...new Set(jobs.map((j) => j.companyId))].sort();
  for (const companyId of companies) {
    const mine = jobs.filter((j) => j.companyId === companyId);
    const links = await tx
      .select({ link: paymentLinks })
      .from(paymentLinks)
      .where(and(eq(paymentLinks.companyId, companyId), inArray(paymentLinks.linkId, [...new Set(mine.map((j) => j.event.linkId))])))
      .orderBy(paymentLinks.linkId)
      .for('update');
    const alone = mine.filter((j) => perLink.get(`${companyId}\u0000${j.event.linkId}`) === 1 && perPayment.get(`${companyId}\u0000${j.vendor}\u0000${j.event.paymentId}`) === 1);
    if (alone.length === 0) continue;
    const facts = rowsOf<{ vendor: string; pid: string; failed: boolean; seen: boolean; currency: string }>(
      await tx.execute(sql`
      select p.vendor, p.pid,
        exists (select 1 from ${paymentGatewayEvents} g where g.company_id = ${companyId} and g.pg_vendor = p.vendor and g.gateway_payment_id = p.pid and g.event_outcome = 'FAILED') as failed,
        ${seenBeforeSql(companyId, 'online', sql`p.vendor || ':' || p.pid`)} as seen,
        ${companyCurrencySql(companyId)} as currency
      from json_to_recordset(${JSON.stringify(alone.map((j) => ({ vendor: j.vendor, pid: j.event.paymentId })))}::json) as p(vendor text, pid text)`),
    );
    const factOf = new Map(facts.map((f) => [`${f.vendor}\u0000${f.pid}`, f]));
    for (const j of alone) {
      const f = factOf.get(`${j.vendor}\u0000${j.event.paymentId}`);
      if (!f) continue;
      const link = links.find((l) => l.link.linkId === j.event.linkId && l.link.pgVendor === j.vendor)?.link;
      pre.set(keyOf(j), { link, failed: Boolean(f.failed), seen: Boolean(f.seen), currency: f.currency });
    }
  }
  const results: EventPosting[] = [];
  const dues = new Map<string, LoanPaymentPosted[]>();
  for (const j of jobs) {
    const e = j.event;
    if (e.outcome === 'FAILED') {
      await tx
        .update(paymentGatewayEvents)
        .set({ eventOutcome: 'FAILED' })
        .where(and(eq(paymentGatewayEvents.companyId, j.companyId), eq(paymentGatewayEvents.pgVendor, j.vendor), eq(paymentGatewayEvents.eventId, e.eventId)));
    }
    const r = await postVerifiedEvent(tx, j.companyId, j.vendor, e, j.now, pre.get(keyOf(j)));
    if (r.paid) (dues.get(j.companyId) ?? dues.set(j.companyId, []).get(j.companyId)!).push(r.paid);
    results.push({ outcome: r.outcome, queued: r.queued });
  }
  // Every claimed event leaves the inbox: the outcome its posting set, or — where posting had
  // nothing to write (a failure, a payment seen under another event id) — its result's.
  await tx.execute(sql`
    update ${paymentGatewayEvents} g set outcome = r.outcome
    from unnest(${arraysOf(jobs, ...keyFields, (_, i) => results[i].outcome)}) as r(c, v, e, outcome)
    where g.company_id = r.c and g.pg_vendor = r.v and g.event_id = r.e and g.outcome = 'received'`);
  // Last, so the loans' rows (and their month's counts) stay locked only until the commit.
  for (const [companyId, paid] of dues) await applyLoanPayments(tx, companyId, paid);
  return results;
}

type Waiting = { companyId: string; pgVendor: string; eventId: string; event: GatewayEvent; receivedAt: Date };

const claimSql = (where: ReturnType<typeof sql>, limit: number) => sql`
  select company_id as "companyId", pg_vendor as "pgVendor", event_id as "eventId", event, received_at as "receivedAt"
  from ${paymentGatewayEvents}
  where outcome = 'received' and post_attempts < ${WEBHOOK_INBOX_MAX_ATTEMPTS} and ${where}
  order by seq limit ${limit}
  for update skip locked`;

const jobOf = (w: Waiting): EventJob => ({ companyId: w.companyId, vendor: w.pgVendor as PgVendor, event: w.event, now: new Date(w.receivedAt) });

/** Counts a failed (rolled back) attempt to post `w` and reports it. */
async function failedAttempt(db: Db, w: Waiting, err: unknown, onError: (err: unknown, eventId: string) => void): Promise<void> {
  onError(err, w.eventId);
  await db
    .update(paymentGatewayEvents)
    .set({ postAttempts: sql`${paymentGatewayEvents.postAttempts} + 1` })
    .where(and(eq(paymentGatewayEvents.companyId, w.companyId), eq(paymentGatewayEvents.pgVendor, w.pgVendor), eq(paymentGatewayEvents.eventId, w.eventId)));
}

/** What one posting round did. */
export interface InboxRound {
  /** Events claimed (0: the inbox had nothing this process could take). */
  claimed: number;
  /** Events whose posting failed alone (attempts counted; they stay in the inbox). */
  failed: number;
  /** Outgoing webhook deliveries were queued (kick the delivery job). */
  queued: boolean;
}

/**
 * Claims up to `limit` waiting events (oldest first) and posts them in ONE transaction. If that
 * transaction fails (a deadlock with another process, one bad event), each of the events is posted
 * in a transaction of its own, so one event's error is only its own: its attempts are counted and
 * `onError` hears of it. Safe to run in several processes at once.
 */
export async function postWaitingEvents(db: Db, limit = WEBHOOK_INBOX_POST_MAX, onError: (err: unknown, eventId: string) => void = () => undefined): Promise<InboxRound> {
  let claimed: Waiting[] = [];
  try {
    const results = await db.transaction(async (tx) => {
      claimed = rowsOf<Waiting>(await tx.execute(claimSql(sql`true`, limit)));
      return claimed.length ? postClaimedEvents(tx, claimed.map(jobOf)) : [];
    });
    return { claimed: claimed.length, failed: 0, queued: results.some((r) => r.queued) };
  } catch (err) {
    if (claimed.length === 0) throw err;
    if (claimed.length === 1) {
      await failedAttempt(db, claimed[0], err, onError);
      return { claimed: 1, failed: 1, queued: false };
    }
  }
  let failed = 0;
  let queued = false;
  for (const w of claimed) {
    try {
      const [r] = await db.transaction(async (tx) => {
        const mine = rowsOf<Waiting>(await tx.execute(claimSql(sql`company_id = ${w.companyId} and pg_vendor = ${w.pgVendor} and event_id = ${w.eventId}`, 1)));
        return mine.length ? postClaimedEvents(tx, mine.map(jobOf)) : [];
      });
      queued ||= Boolean(r?.queued);
    } catch (err) {
      failed++;
      await failedAttempt(db, w, err, onError);
    }
  }
  return { claimed: claimed.length, failed, queued };
}

/** The process's inbox over one database. */
export interface WebhookInbox {
  /**
   * Stores `job`'s event in the next INSERT (at once when none runs) and answers once that
   * committed; then the drain posts it. @throws the INSERT's error (the gateway retries on our 5xx)
   */
  accept(job: EventJob): Promise<Acceptance>;
  /** Starts the drain unless it runs (then it takes the new events before it stops). */
  kick(): void;
  /** Resolves when nothing waits for an INSERT and the drain has stopped (found the inbox empty). */
  settled(): Promise<void>;
  /** Stops taking work and waits for what runs (the server is closing). */
  stop(): Promise<void>;
}

const inboxes = new WeakMap<Db, WebhookInbox>();

/**
 * The process's inbox over `deps.db` (one per database: the webhook route, the sandbox and the
 * area's jobs share it). Accepted events kick the drain; posted payments that queued outgoing
 * webhooks kick their delivery job.
 */
export function webhookInboxOf(deps: Pick<ModuleDeps, 'db' | 'jobs'> & { log?: { error: (obj: object, msg: string) => void } }): WebhookInbox {
  const found = inboxes.get(deps.db);
  if (found) return found;
  const inbox = createWebhookInbox(deps.db, {
    onQueued: () => kickDeliveries(deps.jobs, (err) => deps.log?.error({ err }, 'outgoing webhook kick failed')),
    onError: (err, eventId) => deps.log?.error({ err, eventId }, 'gateway event not posted; it stays in the inbox'),
  });
  inboxes.set(deps.db, inbox);
  return inbox;
}

/** The inboxes of this process not stopped yet. */
const live = new Set<WebhookInbox>();

/** Waits until every inbox of this process has posted what it accepted (tests, the sandbox). */
export async function webhookInboxesSettled(): Promise<void> {
  await Promise.all([...live].map((i) => i.settled()));
}

/** An inbox over `db` (see webhookInboxOf, which keeps one per database). */
export function createWebhookInbox(db: Db, hooks: { onQueued?: () => void; onError?: (err: unknown, eventId: string) => void } = {}): WebhookInbox {
  type Entry = { job: EventJob; resolve: (r: Acceptance) => void; reject: (err: unknown) => void };
  const queue: Entry[] = [];
  /**
   * The INSERT loop while it runs. One at a time: what arrives meanwhile joins the next INSERT
   * (measured on 2 cores, posting held back: p99 41–69 ms with one, 64–76 with two, 95 with three).
   */
  let accepting: Promise<void> | null = null;
  let draining: Promise<void> | null = null;
  let again = false;
  /** When the latest INSERT of accepted events started or ended (performance.now(), ms). */
  let lastAcceptAt = -Infinity;
  /** The last posting round's time per event (ms); sizes the rounds posted while busy. */
  let msPerEvent = 3;
  let stopped = false;

  /** Webhooks are being answered: an INSERT runs or waits, or one ended less than WEBHOOK_INBOX_YIELD_MS ago. */
  const busy = () => accepting !== null || queue.length > 0 || performance.now() - lastAcceptAt < WEBHOOK_INBOX_YIELD_MS;
  const acceptNext = async () => {
    while (queue.length > 0) {
      lastAcceptAt = performance.now();
      const batch = queue.splice(0, WEBHOOK_ACCEPT_MAX);
      try {
        const answers = await acceptEvents(
          db,
          batch.map((e) => e.job),
        );
        lastAcceptAt = performance.now();
        kick();
        batch.forEach((e, i) => e.resolve(answers[i]));
      } catch (err) {
        // One bad row fails its statement: each event alone, so only its own webhook hears of it.
        if (batch.length === 1) batch[0].reject(err);
        else
          for (const e of batch)
            await acceptEvents(db, [e.job]).then(([r]) => {
              kick();
              e.resolve(r);
            }, e.reject);
      }
    }
  };
  function startAccepting() {
    accepting ??= acceptNext().finally(() => {
      accepting = null;
      // An event queued between the loop's last check and here found `accepting` still set.
      if (queue.length > 0) startAccepting();
    });
  }
  const drain = async () => {
    while (again && !stopped) {
      again = false;
      for (;;) {
        // Answers first: while webhooks keep arriving, posting waits (at most
        // WEBHOOK_INBOX_YIELD_MAX_MS at a time) and then posts a small round, so a burst is answered
        // at full speed and posted right after it; a trickle is posted at once.
        const waitedFrom = performance.now();
        while (!stopped && busy() && performance.now() - waitedFrom < WEBHOOK_INBOX_YIELD_MAX_MS) {
          await new Promise((resolve) => setTimeout(resolve, WEBHOOK_INBOX_YIELD_MS));
        }
        // A round takes about WEBHOOK_INBOX_BUSY_ROUND_MS while busy, WEBHOOK_INBOX_ROUND_MS else,
        // whatever the database's speed (a webhook arriving meanwhile may wait for it on PGlite).
        const limit = Math.max(1, Math.min(WEBHOOK_INBOX_POST_MAX, Math.floor((busy() ? WEBHOOK_INBOX_BUSY_ROUND_MS : WEBHOOK_INBOX_ROUND_MS) / msPerEvent)));
        const roundFrom = performance.now();
        const round = await postWaitingEvents(db, limit, hooks.onError).catch((err: unknown) => {
          hooks.onError?.(err, '(claim)');
          return { claimed: 0, failed: 0, queued: false };
        });
        if (round.claimed > 0) msPerEvent = (performance.now() - roundFrom) / round.claimed;
        if (round.queued) hooks.onQueued?.();
        if (round.claimed === 0 || stopped) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  };
  function kick() {
    if (stopped) return;
    again = true;
    draining ??= drain().finally(() => {
      draining = null;
      // A kick between the loop's last check and here found `draining` still set.
      if (again) kick();
    });
  }
  const inbox: WebhookInbox = {
    accept: (job) =>
      new Promise<Acceptance>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        startAccepting();
      }),
    kick,
    async settled() {
      while (accepting || draining) await (accepting ?? draining);
    },
    async stop() {
      stopped = true;
      live.delete(inbox);
      await inbox.settled();
    },
  };
  live.add(inbox);
  return inbox;
}

/**
 * The inbox's start-up and sweep (the area's jobs): posts what a stopped process accepted once
 * this one is ready, then looks again every WEBHOOK_INBOX_SWEEP_MS; waits for the drain on close.
 */
export function workWebhookInbox(ctx: Pick<JobContext, 'db' | 'jobs' | 'log' | 'onReady' | 'onClose'>): void {
  const inbox = webhookInboxOf(ctx);
  let timer: NodeJS.Timeout | null = null;
  ctx.onReady(() => {
    inbox.kick();
    timer = setInterval(() => inbox.kick(), WEBHOOK_INBOX_SWEEP_MS);
    timer.unref();
  });
  ctx.onClose(async () => {
    if (timer) clearInterval(timer);
    await inbox.stop();
  });
}
