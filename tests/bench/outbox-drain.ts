/**
 * Benchmark of the outbox drain (issue 4 "Benchmarks"; prints figures, not a pass/fail test):
 * `npx tsx tests/bench/outbox-drain.ts [--visits 500] [--photo-kb 50] [--throttle [--mbps 1.6] [--rtt 150]] [--chaos]`.
 *
 * 1. Starts the real server (fresh PGlite, or a throw-away database of DATABASE_URL's server) and
 *    signs in as fos@demo.in; reads the executive's allocation (GET /api/fos/allocation).
 * 2. In Debian's Chromium, on a same-origin page of the server, runs the real src/offline code
 *    (bundled from tests/bench/outbox-bench-entry.ts): saves the session, makes one ~50 KB JPEG
 *    on a canvas, and queues N visits through `enqueue('visit', …)` (multipart `visit` + `photos`)
 *    spread over the allocated loans. Queuing holds the drain's Web Lock, so nothing is sent yet.
 * 3. Times `drainOutbox()` (one item at a time, as on the phone) until the outbox is empty:
 *    seconds and items/s, and the photo megabytes moved.
 * 4. Checks the server holds exactly N visits (GET /api/fos/visits?loan_id= for each loan used).
 * `--chaos` puts the chaos proxy (tests/e2e/chaos-proxy.ts) between the browser and the server and
 * cycles, every second, through 500s on every 3rd POST, connections cut after the server committed
 * on every 4th, and 300 ms delays: the drain then includes the retries and backoffs, and the server
 * must still hold each visit exactly once. Try it with fewer visits (`--visits 100 --chaos`).
 * `--throttle` (issue 18, what `npm run bench:field` runs) puts the same proxy in front as a phone's
 * slow link: 1.6 Mbps each way shared by all connections and 150 ms added per request (and per new
 * connection), `--mbps` / `--rtt` to change it. Shaped in the proxy, not by CDP, whose throttling
 * misses service worker fetches. Only the drain is timed on the slow link (queuing is local).
 * 5. The phone's memory while draining: the page's JS heap (CDP Performance.getMetrics
 *    JSHeapUsedSize) and the renderer process's resident memory (/proc/<pid>/status VmRSS of the
 *    browser's renderer processes), sampled every 250 ms: before, peak and at the end, in MB.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import path from 'node:path';
import type { CDPSession } from '@playwright/test';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import type { AllocationResponse, VisitRecord } from '../../src/domain/contracts/field/visits';
import type * as benchEntry from './outbox-bench-entry';
import { startChaosProxy } from '../e2e/chaos-proxy';
import type { ChaosProxy } from '../e2e/chaos-proxy';
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, apiSignIn, envelopeData, startBenchServer } from './bench-server';

type OutboxBench = typeof benchEntry;

const { values } = parseArgs({
  options: {
    visits: { type: 'string', default: '500' },
    'photo-kb': { type: 'string', default: '50' },
    chaos: { type: 'boolean', default: false },
    throttle: { type: 'boolean', default: false },
    mbps: { type: 'string', default: '1.6' },
    rtt: { type: 'string', default: '150' },
  },
});
const VISITS = Number(values.visits);
const PHOTO_KB = Number(values['photo-kb']);
const LINK = values.throttle ? { mbps: Number(values.mbps), rttMs: Number(values.rtt) } : null;
const EMAIL = 'fos@demo.in';
const COMPANY = 'demo-lender-in';

/** The src/offline bundle as one classic script defining `outboxBench`. */
async function bundleOffline(): Promise<string> {
  const out = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    build: { write: false, minify: false, emptyOutDir: false, lib: { entry: path.join(ROOT, 'tests/bench/outbox-bench-entry.ts'), formats: ['iife'], name: 'outboxBench' } },
  });
  const first = Array.isArray(out) ? out[0] : out;
  if (!('output' in first)) throw new Error('unexpected vite build result');
  return first.output[0].code;
}

/** Switches the proxy's mode every second while the drain runs; returns a stop function. */
function cycleChaos(proxy: ChaosProxy): () => void {
  const match = /^POST \/api\/fos\//;
  const modes = [() => proxy.setMode('fail500', { every: 3, match }), () => proxy.setMode('dropAfterCommit', { every: 4, match }), () => proxy.setMode('slow', { delayMs: 300, match })];
  let n = 0;
  modes[0]();
  const timer = setInterval(() => modes[++n % modes.length](), 1_000);
  return () => {
    clearInterval(timer);
    proxy.setMode('pass');
  };
}

const MB = 1048576;

/** Resident memory of a process in bytes (Linux /proc), 0 when it has gone. */
function rssBytes(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

interface MemorySample {
  heap: number;
  /** Resident bytes of each renderer process, in `renderers` order. */
  rss: number[];
}

/**
 * Samples the page's JS heap (CDP) and the renderers' resident memory every `everyMs` until stopped.
 * The renderer ids come from the browser's SystemInfo.getProcessInfo; which one is the page's is not
 * told, so each is followed and the largest is reported as the page's (the others are spare or idle).
 */
async function sampleMemory(page: CDPSession, browserCdp: CDPSession, everyMs = 250) {
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
  const renderers = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
  await page.send('Performance.enable');
  const samples: MemorySample[] = [];
  const take = async () => {
    const { metrics } = await page.send('Performance.getMetrics');
    const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    samples.push({ heap, rss: renderers.map(rssBytes) });
  };
  await take();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (!stopped) await take().catch(() => undefined);
    }
  })();
  return {
    renderers,
    /** Stops sampling; returns before / peak / end in bytes. */
    async stop() {
      stopped = true;
      await loop;
      await take();
      const last = samples.at(-1)!;
      // The page's renderer: the one with the highest peak.
      const peaks = renderers.map((_, i) => Math.max(...samples.map((x) => x.rss[i] ?? 0)));
      const page = peaks.indexOf(Math.max(...peaks));
      return {
        samples: samples.length,
        heap: { start: samples[0].heap, peak: Math.max(...samples.map((x) => x.heap)), end: last.heap },
        rss: { pid: renderers[page] ?? 0, start: samples[0].rss[page] ?? 0, peak: peaks[page] ?? 0, end: last.rss[page] ?? 0, others: peaks.filter((_, i) => i !== page) },
      };
    },
  };
}

const script = await bundleOffline();
const server = await startBenchServer();
const proxy = values.chaos || LINK ? await startChaosProxy({ target: server.base }) : null;
const origin = proxy?.url ?? server.base;
try {
  const token = await apiSignIn(server.base, EMAIL);
  const headers = { authenticationtoken: token, 'x-company-id': COMPANY };
  const allocation = await envelopeData<AllocationResponse>(await fetch(`${server.base}/api/fos/allocation?company_id=${COMPANY}`, { headers }));
  if (allocation.loans.length === 0) throw new Error(`${EMAIL} has no allocated loans`);
  const loans = allocation.loans.map((l) => ({ loan_id: l.loan_id, allocation_month: l.allocation_month, latitude: l.latitude, longitude: l.longitude }));
  console.log(`server ${server.base} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), ${EMAIL}: ${loans.length} allocated loans`);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    // bypassCSP: the bundle is added as an inline script to a page the server serves with a CSP.
    const context = await browser.newContext({ bypassCSP: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${origin}/api/health`);
    await page.addScriptTag({ content: script });
    const queued = await page.evaluate(
      async ({ token, company, userId, loans, visits, photoKb }) => {
        const bench = (window as unknown as { outboxBench: OutboxBench }).outboxBench;
        await bench.saveOfflineSession({ token, company_id: company, user_id: userId });
        // One JPEG of about photoKb KB: noise compresses badly, so grow the canvas until it is big enough.
        let photo: Blob | null = null;
        for (let edge = 120; edge < 2000; edge = Math.round(edge * 1.15)) {
          const canvas = new OffscreenCanvas(edge, Math.round(edge * 0.75));
          const ctx = canvas.getContext('2d')!;
          const img = ctx.createImageData(canvas.width, canvas.height);
          for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : (Math.random() * 256) | 0;
          ctx.putImageData(img, 0, 0);
          photo = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 });
          if (photo.size >= photoKb * 1024) break;
        }
        const t0 = performance.now();
        // Hold the drain lock while queuing so enqueue's own drain request finds it taken.
        await navigator.locks.request(bench.DRAIN_LOCK, async () => {
          for (let n = 0; n < visits; n++) {
            const loan = loans[n % loans.length];
            await bench.enqueue('visit', {
              body: {
                loan_id: loan.loan_id,
                allocation_month: loan.allocation_month,
                latitude: loan.latitude,
                longitude: loan.longitude,
                accuracy_m: 12,
                checked_in_at: new Date().toISOString(),
                person_met: 'No one',
                disposition: 'Door Locked',
                remarks: `bench visit ${n + 1}`,
              },
              files: [{ name: `door-${n + 1}.jpg`, type: 'image/jpeg', blob: photo! }],
              loanId: loan.loan_id,
              summary: `Visit ${n + 1}`,
            });
          }
        });
        return { count: await (await bench.fieldDb()).count('outbox'), photoBytes: photo!.size, queueMs: performance.now() - t0 };
      },
      { token, company: COMPANY, userId: allocation.executive.user_id, loans, visits: VISITS, photoKb: PHOTO_KB },
    );
    console.log(`queued ${queued.count} visits with a ${(queued.photoBytes / 1024).toFixed(1)} KB photo each in ${(queued.queueMs / 1000).toFixed(2)} s`);

    const memory = await sampleMemory(await context.newCDPSession(page), await browser.newBrowserCDPSession());
    if (LINK) {
      proxy!.setLink(LINK);
      console.log(`link: ${LINK.mbps} Mbps each way, ${LINK.rttMs} ms round trip per request (chaos proxy's link shape)`);
    }
    proxy?.resetStats();
    const stopChaos = values.chaos && proxy ? cycleChaos(proxy) : () => undefined;
    const drained = await page.evaluate(async () => {
      const bench = (window as unknown as { outboxBench: OutboxBench }).outboxBench;
      const t0 = performance.now();
      let sent = 0;
      let failed = 0;
      let rounds = 0;
      for (;;) {
        const r = await bench.drainOutbox();
        rounds += 1;
        sent += r.sent;
        failed += r.failed;
        if (r.remaining === 0 || r.stoppedBy === 'unauthorized' || rounds > 5_000) break;
        // Wait for the oldest item's backoff, as the page's wake-up timer does.
        const first = await (await bench.fieldDb()).transaction('outbox').store.openCursor();
        const next = first?.value.next_attempt_at ?? Date.now();
        await new Promise((resolve) => setTimeout(resolve, Math.max(50, next - Date.now())));
      }
      const failures = (await (await bench.fieldDb()).getAll('outbox')).filter((i) => i.status === 'failed').slice(0, 3).map((i) => `${i.last_status} ${i.last_error}`);
      return { ms: performance.now() - t0, sent, failed, rounds, left: await (await bench.fieldDb()).count('outbox'), failures };
    });
    stopChaos();
    const mem = await memory.stop();
    const seconds = drained.ms / 1000;
    const photoMb = (drained.sent * queued.photoBytes) / MB;
    console.log(
      `drained ${drained.sent} visits (${drained.failed} refused, ${drained.left} left, ${drained.rounds} drain run(s)) in ${seconds.toFixed(2)} s: ${(drained.sent / seconds).toFixed(1)} visits/s, ${photoMb.toFixed(1)} MB of photos, ${(photoMb / seconds).toFixed(2)} MB/s`,
    );
    if (proxy) console.log(`  moved through the proxy: ${(proxy.stats.bytesUp / MB).toFixed(1)} MB up, ${(proxy.stats.bytesDown / MB).toFixed(2)} MB down, ${proxy.stats.total} requests`);
    const mb = (n: number) => (n / MB).toFixed(1);
    console.log(
      `  memory while draining (${mem.samples} samples): page JS heap ${mb(mem.heap.start)} MB before, peak ${mb(mem.heap.peak)} MB, end ${mb(mem.heap.end)} MB; page's renderer RSS (pid ${mem.rss.pid}) ${mb(mem.rss.start)} MB before, peak ${mb(mem.rss.peak)} MB, end ${mb(mem.rss.end)} MB (other renderers' peaks: ${mem.rss.others.map(mb).join(', ') || 'none'} MB)`,
    );
    if (drained.failures.length) console.log(`  refused: ${drained.failures.join(' | ')}`);
    if (values.chaos && proxy) {
      const st = proxy.stats;
      console.log(`  chaos proxy: ${st.total} requests, ${st.failed500} answered 500, ${st.dropped} cut after the server committed, ${st.delayed} delayed 300 ms`);
    }
    await context.close();
  } finally {
    await browser.close();
  }

  let onServer = 0;
  for (const loanId of new Set(loans.slice(0, VISITS).map((l) => l.loan_id))) {
    const res = await envelopeData<{ visits: VisitRecord[] }>(await fetch(`${server.base}/api/fos/visits?company_id=${COMPANY}&loan_id=${encodeURIComponent(loanId)}`, { headers }));
    onServer += res.visits.filter((v) => v.remarks.startsWith('bench visit ')).length;
  }
  console.log(`server holds ${onServer} bench visits (expected exactly ${VISITS}): ${onServer === VISITS ? 'ok' : 'MISMATCH'}`);
  if (onServer !== VISITS) process.exitCode = 1;
} finally {
  await proxy?.close();
  await server.stop();
}
