/**
 * Benchmark of the outbox drain (issue 4 "Benchmarks"; prints figures, not a pass/fail test):
 * `npx tsx tests/bench/outbox-drain.ts [--visits 500] [--photo-kb 50] [--chaos]`.
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
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import type { AllocationResponse, VisitRecord } from '../../src/domain/contracts/field/visits';
import type * as benchEntry from './outbox-bench-entry';
import { startChaosProxy } from '../e2e/chaos-proxy';
import type { ChaosProxy } from '../e2e/chaos-proxy';
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, apiSignIn, envelopeData, startBenchServer } from './bench-server';

type OutboxBench = typeof benchEntry;

const { values } = parseArgs({ options: { visits: { type: 'string', default: '500' }, 'photo-kb': { type: 'string', default: '50' }, chaos: { type: 'boolean', default: false } } });
const VISITS = Number(values.visits);
const PHOTO_KB = Number(values['photo-kb']);
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

const script = await bundleOffline();
const server = await startBenchServer();
const proxy = values.chaos ? await startChaosProxy({ target: server.base }) : null;
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

    const stopChaos = proxy ? cycleChaos(proxy) : () => undefined;
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
    const seconds = drained.ms / 1000;
    console.log(
      `drained ${drained.sent} visits (${drained.failed} refused, ${drained.left} left, ${drained.rounds} drain run(s)) in ${seconds.toFixed(2)} s: ${(drained.sent / seconds).toFixed(1)} visits/s, ${((drained.sent * queued.photoBytes) / 1048576 / seconds).toFixed(2)} MB/s of photos`,
    );
    if (drained.failures.length) console.log(`  refused: ${drained.failures.join(' | ')}`);
    if (proxy) {
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
