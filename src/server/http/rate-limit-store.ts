/**
 * A store for @fastify/rate-limit kept in the database (kernel; issue 12), so the per-IP limit of
 * the public routes and the per-account / per-OTP-recipient limits (rate-limits.ts) are counted
 * across every API process on one database: many copies behind a load balancer cannot be used to
 * multiply the allowed guesses. Works on PGlite and PostgreSQL; no Redis.
 *
 * Each hit is one atomic upsert on `rate_limit_counters` (rate-limit-schema.ts): a new key or an
 * expired window starts at 1 with a fresh window, otherwise the count goes up; the database's clock
 * decides, so processes with skewed clocks agree. Expired rows are deleted now and then.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/sql-helpers';
import { rateLimitCounters } from './rate-limit-schema';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** What the plugin passes to `child` for a route (`routeInfo` names it) or a `createRateLimit` limiter. */
interface ChildParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** How often one process deletes windows that ended (ms). */
const SWEEP_EVERY_MS = 60_000;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * The store class for `app.register(rateLimit, { store: databaseRateLimitStore(db) })`: the plugin
 * instantiates it, then takes one child per limited route (its counters are namespaced by method
 * and URL, like the in-memory store's per-route maps) and per `createRateLimit` limiter (no route:
 * the limiter's key carries its name).
 */
export function databaseRateLimitStore(db: Db) {
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    // Best effort: a failed sweep only leaves rows a later one removes.
    db.delete(rateLimitCounters)
      .where(sql`${rateLimitCounters.expiresAt} < now()`)
      .catch(() => undefined);
  };

  return class DatabaseRateLimitStore {
    private readonly namespace: string;

    // `object`: the plugin passes its options (constructor) or a route's merged options (child).
    constructor(params: object = {}) {
      const route = (params as ChildParams).routeInfo;
      this.namespace = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
    }

    /** Counts one hit for `key` in a window of `timeWindow` ms; answers the count and the window's ms left. */
    incr(key: string, cb: Callback, timeWindow: number): void {
      const keyHash = hashOf(this.namespace + key);
      const window = sql`now() + ${timeWindow} * interval '1 millisecond'`;
      db.execute(sql`
        insert into rate_limit_counters as c (key_hash, hits, expires_at) values (${keyHash}, 1, ${window})
        on conflict (key_hash) do update set
          hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
          expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
        returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::float8 as ttl`)
        .then((res) => {
          const [row] = rowsOf<{ hits: number; ttl: number }>(res);
          cb(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          sweep();
        })
        .catch((err: unknown) => cb(err instanceof Error ? err : new Error(String(err))));
    }

    /** The count and ms left of `key`'s live window without counting (0, 0 when none). */
    read(key: string, cb: Callback): void {
      const keyHash = hashOf(this.namespace + key);
      db.execute(sql`
        select hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::float8 as ttl
        from rate_limit_counters where key_hash = ${keyHash} and expires_at > now()`)
        .then((res) => {
          const [row] = rowsOf<{ hits: number; ttl: number }>(res);
          cb(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        })
        .catch((err: unknown) => cb(err instanceof Error ? err : new Error(String(err))));
    }

    child(params: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params);
    }
  };
}
