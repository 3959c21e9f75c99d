/**
 * The precached shell (issue 2 "PWA"): after a first visit, the server stops and a reload still
 * brings up the app from the service worker. Runs its own server instance so stopping it does
 * not disturb the other tests.
 */
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';
import { startOwnServer, type OwnServer } from './own-server';

const PORT = Number(process.env.E2E_OFFLINE_PORT ?? 8797);
const BASE = `http://localhost:${PORT}`;

let server: OwnServer | null = null;

test.afterEach(async () => {
  await server?.stop();
  server = null;
});

test('a signed-in user reloading with the server gone still gets the app shell', async ({ page }) => {
  test.setTimeout(180_000);
  server = await startOwnServer(PORT);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${BASE}/login`);
  await signIn(page, 'admin@demo.in', undefined, BASE);
  await expect(page.getByTestId('company-name')).toHaveText('Sahyadri Finance Ltd');
  // The worker installs on the first visit; wait until it is active (precache complete).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const appUrl = page.url();

  await server.stop();
  server = null;
  await expect(fetch(`${BASE}/api/health`)).rejects.toThrow();

  await page.goto(appUrl);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('shell-load-error')).toContainText('The server cannot be reached');
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await page.screenshot({ path: artifact('offline-shell-desk.png') });
});
