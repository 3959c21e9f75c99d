/**
 * What held PGlite's one connection during a timed window (BENCH_TRACE=1 in a bench): every
 * exclusive query and transaction with its wait for the connection and its hold, labelled by the
 * first application frame of its caller; garbage-collection pauses and the event loop's delay.
 * Used by callback-to-screen.ts to find what made its burst p95 swing between runs (issue 14).
 * Timestamps are `performance.timeOrigin + performance.now()` (comparable across worker threads).
 */
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';

const now = () => performance.timeOrigin + performance.now();

/** One use of the connection: asked at, got it at, gave it back at (ms), and who. */
export interface Hold {
  kind: 'query' | 'tx';
  asked: number;
  got: number;
  done: number;
  who: string;
}

type Exclusive = <T>(fn: () => Promise<T>) => Promise<T>;
interface PgliteLocks {
  _runExclusiveQuery: Exclusive;
  _runExclusiveTransaction: Exclusive;
}

/** The first frame of the caller inside src/ (or tests/), e.g. `status-callbacks.ts:64`. */
function caller(): string {
  const lines = (new Error().stack ?? '').split('\n').slice(3);
  const own = lines.find((l) => /\/src\/server\//.test(l) && !/\/db\/client\.ts/.test(l)) ?? lines.find((l) => /\/tests\//.test(l) && !/pglite-trace/.test(l));
  const m = own ? /\/([^/]+\.ts):(\d+)/.exec(own) : null;
  return m ? `${m[1]}:${m[2]}` : 'pglite/drizzle';
}

/**
 * Starts recording on `client` (a PGlite instance) until the returned stop() is called.
 * @returns stop(): the holds, GC pauses ({ at, ms, kind }) and event-loop delay percentiles (ms)
 */
export function tracePglite(client: unknown) {
  const locks = client as PgliteLocks;
  const holds: Hold[] = [];
  const wrap = (kind: Hold['kind'], original: Exclusive): Exclusive =>
    function <T>(fn: () => Promise<T>) {
      const asked = now();
      const who = caller();
      return original.call<PgliteLocks, [() => Promise<T>], Promise<T>>(locks, async () => {
        const got = now();
        try {
          return await fn();
        } finally {
          holds.push({ kind, asked, got, done: now(), who });
        }
      });
    };
  const q = locks._runExclusiveQuery;
  const t = locks._runExclusiveTransaction;
  locks._runExclusiveQuery = wrap('query', q);
  locks._runExclusiveTransaction = wrap('tx', t);
  const gcs: { at: number; ms: number; kind: number }[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ at: performance.timeOrigin + e.startTime, ms: e.duration, kind: ((e as unknown as { detail?: { kind?: number } }).detail)?.kind ?? 0 });
  });
  obs.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return () => {
    locks._runExclusiveQuery = q;
    locks._runExclusiveTransaction = t;
    obs.disconnect();
    loop.disable();
    return { holds, gcs, loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
  };
}

/** A short report of a window starting at `t0`: the longest holds and the connection's busy time per caller. */
export function describeTrace(trace: ReturnType<ReturnType<typeof tracePglite>>, t0: number, label: string): string {
  const rel = (x: number) => (x - t0).toFixed(0);
  const byWho = new Map<string, { n: number; held: number; waited: number }>();
  for (const h of trace.holds) {
    const s = byWho.get(`${h.kind} ${h.who}`) ?? { n: 0, held: 0, waited: 0 };
    s.n += 1;
    s.held += h.done - h.got;
    s.waited += h.got - h.asked;
    byWho.set(`${h.kind} ${h.who}`, s);
  }
  const lines = [`--- trace: ${label} (t=0 at the burst's first POST) ---`];
  lines.push(`event loop delay p99 ${trace.loopP99.toFixed(1)} ms, max ${trace.loopMax.toFixed(1)} ms; GC pauses ${trace.gcs.length}, total ${trace.gcs.reduce((a, g) => a + g.ms, 0).toFixed(0)} ms, longest ${Math.max(0, ...trace.gcs.map((g) => g.ms)).toFixed(1)} ms`);
  for (const [who, s] of [...byWho].sort((a, b) => b[1].held - a[1].held).slice(0, 12)) lines.push(`  ${who}: ${s.n}× held ${s.held.toFixed(0)} ms, waited ${s.waited.toFixed(0)} ms`);
  lines.push('  longest holds:');
  for (const h of [...trace.holds].sort((a, b) => b.done - b.got - (a.done - a.got)).slice(0, 8)) lines.push(`    ${h.kind} ${h.who} asked ${rel(h.asked)} got ${rel(h.got)} held ${(h.done - h.got).toFixed(0)} ms`);
  for (const g of trace.gcs.filter((g) => g.ms > 20)) lines.push(`    GC kind ${g.kind} at ${rel(g.at)} for ${g.ms.toFixed(0)} ms`);
  return lines.join('\n');
}
