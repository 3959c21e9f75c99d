/**
 * The precached shell (issue 2 "PWA"): after a first visit, the server stops and a reload still
 * brings up the app from the service worker. Runs its own server instance so stopping it does
 * not disturb the other tests.
 */
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { artifact, signIn } from './helpers';

const PORT = Number(process.env.E2E_OFFLINE_PORT ?? 8797);
const BASE = `http://localhost:${PORT}`;

async function waitForHealth(timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(`${BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server on ${PORT} did not start`);
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    // Signal the whole group: npx → tsx → node.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
}

let server: ChildProcess | null = null;

test.afterEach(async () => {
  if (server) await stopServer(server);
  server = null;
});

test('a signed-in user reloading with the server gone still gets the app shell', async ({ page }) => {
  test.setTimeout(180_000);
  server = spawn('npx', ['tsx', 'tests/e2e/start-server.ts'], { env: { ...process.env, PORT: String(PORT) }, stdio: 'ignore', detached: true });
  await waitForHealth(150_000);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${BASE}/login`);
  await signIn(page, 'admin@demo.in', undefined, BASE);
  await expect(page.getByTestId('company-name')).toHaveText('Sahyadri Finance Ltd');
  // The worker installs on the first visit; wait until it is active (precache complete).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const appUrl = page.url();

  await stopServer(server);
  server = null;
  await expect(fetch(`${BASE}/api/health`)).rejects.toThrow();

  await page.goto(appUrl);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('shell-load-error')).toContainText('The server cannot be reached');
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await page.screenshot({ path: artifact('offline-shell-desk.png') });
});
