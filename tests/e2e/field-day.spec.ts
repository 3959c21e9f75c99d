/**
 * The field day's evening (issue 12 "The field day"), on a 390x844 phone behind the chaos proxy
 * (tests/e2e/chaos-proxy.ts) in front of a server of this file's own:
 * - reloaded offline, the shell comes from the cached profile: bottom navigation, company name and
 *   on-duty switch are there, and stay when the network returns, without a reload;
 * - after a reload the sync bar counts the waiting items, also when the page's token is one whose
 *   profile never came (a sign-in on a bad network): it reads the outbox the drain sends;
 * - sign-in succeeds on a network that drops half the API requests, within a bounded time.
 * Screenshots of the offline shell go to tests/e2e/.artifacts (field-day-*.png).
 */
import { expect, test, type Page } from '@playwright/test';
import { startChaosProxy, type ChaosProxy } from './chaos-proxy';
import { phoneContext, shot, NASHIK } from './field-phone';
import { DEMO_PASSWORD, signIn } from './helpers';
import { startOwnServer, type OwnServer } from './own-server';

const PORT = Number(process.env.E2E_FIELD_DAY_PORT ?? 8799);
const SERVER = `http://localhost:${PORT}`;
const API = /^(GET|POST|PUT|PATCH|DELETE) \/api\//;

let server: OwnServer | null = null;
let proxy: ChaosProxy;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer(PORT, {}, 200_000);
  proxy = await startChaosProxy({ target: SERVER });
});

test.afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});

/** Records a "Door Locked" visit of the first loan not yet visited (queued when offline). */
async function recordDoorLocked(page: Page): Promise<void> {
  await expect(page.getByRole('list', { name: 'Loans to visit today' })).toHaveAttribute('aria-busy', 'false');
  const card = page.getByTestId('visit-card').filter({ hasText: 'Not visited yet' }).filter({ hasNot: page.getByTestId('queued-visit') }).first();
  // The form opens inside the app (the list routes its cards' links), not as a new page load.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await card.getByRole('link', { name: /^Record visit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record visit' })).toBeVisible();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  await expect(page.getByTestId('check-in-position')).toBeVisible();
  await page.getByTestId('person-met').selectOption('No one');
  await page.getByTestId('disposition').selectOption('Door Locked');
  await page.getByRole('button', { name: 'Save visit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
}

/** The shell's chrome a field executive needs: bottom navigation with My visits, company, duty switch. */
async function expectWholeShell(page: Page): Promise<void> {
  await expect(page.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('bottom-nav').getByRole('link')).not.toHaveCount(1);
  await expect(page.getByTestId('company-name')).toContainText(/\S/);
  await expect(page.getByTestId('duty-switch')).toBeVisible();
}

test('reloaded offline, the shell comes from the cached profile, counts the waiting visits and stays whole back online', async ({ browser }) => {
  test.setTimeout(240_000);
  proxy.setMode('pass');
  const context = await phoneContext(browser);
  await context.setGeolocation(NASHIK);
  const page = await context.newPage();
  await signIn(page, 'fos@demo.in', undefined, proxy.url);
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' }).click();
  await expect(page.getByTestId('visit-card').first()).toBeVisible({ timeout: 30_000 });
  await expectWholeShell(page);
  const company = (await page.getByTestId('company-name').textContent()) ?? '';
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  // No network at all: the page is offline and the proxy refuses every connection.
  proxy.setMode('refuse');
  await context.setOffline(true);
  await recordDoorLocked(page);
  await recordDoorLocked(page);
  await expect(page.getByTestId('sync-pending')).toHaveText('2 items waiting to sync');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible({ timeout: 20_000 });
  await expectWholeShell(page);
  await expect(page.getByTestId('company-name')).toHaveText(company);
  await expect(page.getByTestId('sync-pending')).toHaveText('2 items waiting to sync');
  await shot(page, 'field-day-offline-shell.png');
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Home' }).click();
  await expectWholeShell(page);
  await shot(page, 'field-day-offline-home.png');
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' }).click();

  // A token whose profile never came (signed in again on a bad network, then the network went):
  // the bar still counts the outbox the drain sends.
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  await page.evaluate(() => localStorage.setItem('uat', 'a-token-whose-profile-never-came'));
  await page.reload();
  await expect(page.getByTestId('sync-pending')).toHaveText('2 items waiting to sync', { timeout: 20_000 });
  await page.evaluate((t) => localStorage.setItem('uat', t ?? ''), token);
  await page.reload();
  await expectWholeShell(page);

  // The network returns: the outbox drains and the shell stays whole, with no reload.
  proxy.setMode('pass');
  await context.setOffline(false);
  await expect(page.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 60_000 });
  await expectWholeShell(page);
  await expect(page.getByTestId('shell-load-error')).toHaveCount(0, { timeout: 20_000 });
  await context.close();
});

test('signs in on networks that drop half the API requests, within 30 s each time', async ({ browser }) => {
  test.setTimeout(180_000);
  // Half the API requests refused at random (two draws), every second one refused, every second
  // one cut after the server answered (the sign-in itself then made a session the phone never saw).
  const networks: Array<{ name: string; mode: 'refuse' | 'dropAfterCommit'; opts: { fraction?: number; seed?: number; every?: number } }> = [
    { name: 'half refused, draw 3', mode: 'refuse', opts: { fraction: 0.5, seed: 3 } },
    { name: 'half refused, draw 7', mode: 'refuse', opts: { fraction: 0.5, seed: 7 } },
    { name: 'every second refused', mode: 'refuse', opts: { every: 2 } },
    { name: 'every second answer lost', mode: 'dropAfterCommit', opts: { every: 2 } },
  ];
  for (const network of networks) {
    proxy.setMode('pass');
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${proxy.url}/login`);
    await expect(page.getByLabel('Email')).toBeVisible();
    proxy.resetStats();
    proxy.setMode(network.mode, { match: API, ...network.opts });
    const started = Date.now();
    await page.getByLabel('Email').fill('fos@demo.in');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/app(\/|\?|$)/, { timeout: 30_000 });
    await expect(page.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' })).toBeVisible({ timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(proxy.stats.refused + proxy.stats.dropped, network.name).toBeGreaterThan(1);
    await context.close();
  }
  proxy.setMode('pass');
});
