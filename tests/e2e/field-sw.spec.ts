/**
 * The field app's service worker (issue 4 "Offline behaviour"), in Debian's Chromium with the real
 * built worker:
 * - Background Sync: an outbox item put in IndexedDB by a page that runs no drain of its own is
 *   sent by the worker when the 'recovery-outbox' sync fires, and leaves the outbox only then.
 * - Map tiles seen online come from the worker's cache when the tile server is gone.
 * Runs its own server with MAP_TILE_URL on a local tile server (the worker's fetches obey the CSP of
 * sw.js, whose connect-src names the configured tile origin); sign-in is the API's, the session
 * seeded the way the login page stores it (src/web/lib/store.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AllocationResponse, VisitRecord } from '../../src/domain/contracts/field/visits';
import { apiSignIn, envelopeData, seedStoredSession } from '../bench/bench-server';
import { outboxCount } from './field-phone';

const COMPANY = 'demo-lender-in';
const EMAIL = 'fos@demo.in';
/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

const PORT = Number(process.env.E2E_FIELD_SW_PORT ?? 8799);
const BASE = `http://localhost:${PORT}`;

let server: ChildProcess | null = null;
let tiles: http.Server;
let tileBase = '';
let tileHits = 0;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tiles = http.createServer((_req, res) => {
    tileHits += 1;
    res.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    res.end(PNG);
  });
  await new Promise<void>((r) => tiles.listen(0, '127.0.0.1', r));
  tileBase = `http://127.0.0.1:${(tiles.address() as AddressInfo).port}`;
  server = spawn('npx', ['tsx', 'tests/e2e/start-server.ts'], {
    env: { ...process.env, PORT: String(PORT), MAP_TILE_URL: `${tileBase}/{z}/{x}/{y}.png` },
    stdio: 'ignore',
    detached: true,
  });
  const end = Date.now() + 150_000;
  while (!(await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false))) {
    if (Date.now() > end) throw new Error(`server on ${PORT} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.pid) {
    const exited = new Promise((r) => server!.once('exit', r));
    // Signal the whole group: npx → tsx → node.
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (tiles.listening) await new Promise((r) => tiles.close(r));
});

async function signedInWithWorker(page: Page, baseURL: string, token: string): Promise<void> {
  await seedStoredSession(page, baseURL, token, EMAIL);
  await page.goto(`${baseURL}/app/visit-details?company_id=${COMPANY}`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test('the service worker sends the outbox on Background Sync, with no page draining', async ({ page }) => {
  test.setTimeout(90_000);
  const base = BASE;
  const token = await apiSignIn(base, EMAIL);
  const headers = { authenticationtoken: token, 'x-company-id': COMPANY };
  const allocation = await envelopeData<AllocationResponse>(await fetch(`${base}/api/fos/allocation?company_id=${COMPANY}`, { headers }));
  const loan = allocation.loans[0];
  await signedInWithWorker(page, base, token);

  // A page of the origin with no app code: nothing here drains; only the worker can send.
  await page.goto(`${base}/api/health`);
  const remarks = `sent by the worker ${Date.now()}`;
  await page.evaluate(
    async ({ token, company, userId, loan, remarks }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('recovery-field');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const canvas = new OffscreenCanvas(64, 48);
      canvas.getContext('2d')!.fillRect(0, 0, 64, 48);
      const photo = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.7 });
      const tx = db.transaction(['meta', 'outbox'], 'readwrite');
      tx.objectStore('meta').put({ key: 'session', value: { token, company_id: company, user_id: userId } });
      tx.objectStore('outbox').add({
        idempotency_key: crypto.randomUUID(),
        user_id: userId,
        company_id: company,
        kind: 'visit',
        method: 'POST',
        path: '/api/fos/visits',
        json_field: 'visit',
        body: {
          loan_id: loan.loan_id,
          allocation_month: loan.allocation_month,
          latitude: loan.latitude,
          longitude: loan.longitude,
          accuracy_m: 10,
          checked_in_at: new Date().toISOString(),
          person_met: 'No one',
          disposition: 'Door Locked',
          remarks,
        },
        files: [{ field: 'photos', name: 'door.jpg', type: 'image/jpeg', blob: photo }],
        loan_id: loan.loan_id,
        summary: 'Visit',
        created_at: new Date().toISOString(),
        attempts: 0,
        next_attempt_at: Date.now(),
        status: 'pending',
        last_error: null,
        last_status: null,
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      const reg = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } };
      await reg.sync.register('recovery-outbox');
    },
    { token, company: COMPANY, userId: allocation.executive.user_id, loan, remarks },
  );

  await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
  const visits = await envelopeData<{ visits: VisitRecord[] }>(await fetch(`${base}/api/fos/visits?company_id=${COMPANY}&loan_id=${encodeURIComponent(loan.loan_id)}`, { headers }));
  const mine = visits.visits.filter((v) => v.remarks === remarks);
  expect(mine).toHaveLength(1);
  expect(mine[0].photo_urls).toHaveLength(1);
});

test('map tiles seen online are served from the worker cache when the tile server is gone', async ({ page }) => {
  test.setTimeout(90_000);
  const token = await apiSignIn(BASE, EMAIL);
  await signedInWithWorker(page, BASE, token);
  // The first load installed the worker; a reload puts the page under its control.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  const tile = `${tileBase}/12/2890/1821.png`;
  const loadTile = (url: string) =>
    page.evaluate(
      (src) =>
        new Promise<boolean>((resolve) => {
          const img = new Image();
          img.crossOrigin = 'anonymous';
          img.onload = () => resolve(true);
          img.onerror = () => resolve(false);
          img.src = src;
        }),
      url,
    );
  const hitsBefore = tileHits;
  expect(await loadTile(tile)).toBe(true);
  expect(tileHits).toBe(hitsBefore + 1);
  await expect.poll(() => page.evaluate(async (u) => Boolean(await (await caches.open('map-tiles')).match(u)), tile)).toBe(true);
  // Only tile paths are kept: no API answer is in the tile cache.
  expect(await page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).some((r) => r.url.includes('/api/')))).toBe(false);

  // The tile server is gone: a fresh page still shows the tile seen before, from the cache.
  await new Promise((r) => tiles.close(r));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(await loadTile(tile)).toBe(true);
  // A tile never seen online cannot be shown.
  expect(await loadTile(`${tileBase}/12/2891/1821.png`)).toBe(false);
  expect(tileHits).toBe(hitsBefore + 1);
});
