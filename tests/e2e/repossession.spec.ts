/**
 * Repossession on the agent's phone (issue 16 "at phone size: a repossession step recorded offline
 * and synced once"): fos@demo.in, the demo's repossession agent, opens the repossession screen on a
 * 390x844 phone while online (the assigned cases are copied to the phone), loses the network, records
 * the repossession itself — place, outcome, condition checklist, odometer, belongings, a photo — and
 * sees it queued; back online, the outbox sends it and the server has the step exactly once. Then
 * the desk's /app/repossession-tracking shows it. Screenshots at 390x844 and 1440x900.
 *
 * "No network" is the chaos proxy refusing every connection as well as `context.setOffline(true)`:
 * setOffline does not cut the service worker's own fetches (tests/e2e/field-offline.spec.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { startChaosProxy, type ChaosProxy } from './chaos-proxy';
import { jpegFixture, NASHIK, outboxCount, phoneContext, shot } from './field-phone';
import { signIn } from './helpers';

const COMPANY = 'demo-lender-in';
let proxy: ChaosProxy;
let server: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }) => {
  server = baseURL!;
  proxy = await startChaosProxy({ target: server });
});
test.afterAll(async () => proxy?.close());

interface Step {
  step_id: string;
  step: string;
  odometer_km: number | null;
  belongings: string[];
  photo_count: number;
  latitude: number | null;
  longitude: number | null;
}
interface Case {
  case_id: string;
  loan_id: string;
  stage: string;
  status: string;
  steps: Step[];
}

/** The API as the signed-in user, straight to the server (not through the proxy). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  const res = await fetch(`${server}${path}`, { headers: { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('a repossession step recorded offline on the phone is synced once', async ({ browser }) => {
  test.setTimeout(180_000);
  proxy.setMode('pass');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await signIn(page, 'fos@demo.in', undefined, proxy.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${proxy.url}/app/repossession-steps`);
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession' })).toBeVisible();
  const card = page.getByTestId('rs-case').filter({ hasText: 'Bajaj Pulsar' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByTestId('rs-stage')).toHaveText('Police intimated');
  const [demo] = (await apiGet<{ cases: Case[] }>(page, `/api/repossession/my-cases?company_id=${COMPANY}`)).cases.filter((c) => c.stage === 'police_intimated');
  const stepsBefore = demo.steps.length;
  await card.click();
  await expect(page.getByRole('heading', { name: 'Next step: Repossession' })).toBeVisible();
  const photo = await jpegFixture(page);

  // No network at all.
  proxy.setMode('refuse');
  await context.setOffline(true);

  // The phone's GPS fix (granted by the phone context) goes with the step; the save never waits for it.
  await expect(page.getByTestId('rs-gps')).toContainText('will be sent with the step');
  await page.getByTestId('rs-place').fill('Dwarka Circle, Nashik');
  await page.getByTestId('rs-outcome').selectOption('success');
  await page.getByLabel('Body without damage').check();
  await page.getByLabel('Keys received').check();
  await page.getByTestId('rs-odometer').fill('23810');
  await page.getByLabel('Belongings found (one per line)').fill('Helmet\nRain cover');
  await page.getByTestId('rs-photos').setInputFiles({ name: 'IMG_0101.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('1 photo(s)')).toBeVisible();
  await shot(page, 'repossession-step-form-390.png', true);
  await page.getByTestId('rs-save').click();
  await expect(page.getByTestId('rs-saved')).toBeVisible();
  await expect(page.getByTestId('rs-queued')).toHaveCount(1);
  // The queued step moves the case on: the next step's form is ready offline.
  await expect(card.getByTestId('rs-stage')).toHaveText('Repossessed');
  await expect(page.getByRole('heading', { name: 'Next step: Police intimation (after)' })).toBeVisible();
  await shot(page, 'repossession-queued-390.png');
  expect(await outboxCount(page)).toBe(1);

  // A reload with no network still opens the screen from the phone.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Repossession' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('rs-queued')).toHaveCount(1);

  // Still nothing on the server.
  let server1 = (await apiGet<{ cases: Case[] }>(page, `/api/repossession/my-cases?company_id=${COMPANY}`)).cases.find((c) => c.case_id === demo.case_id)!;
  expect(server1.steps.length).toBe(stepsBefore);

  // Back online: the outbox drains, the step reaches the server once.
  proxy.setMode('pass');
  await context.setOffline(false);
  await expect.poll(() => outboxCount(page), { timeout: 60_000 }).toBe(0);
  server1 = (await apiGet<{ cases: Case[] }>(page, `/api/repossession/my-cases?company_id=${COMPANY}`)).cases.find((c) => c.case_id === demo.case_id)!;
  const recorded = server1.steps.filter((s) => s.step === 'repossession');
  expect(recorded).toHaveLength(1);
  expect(recorded[0]).toMatchObject({ odometer_km: 23810, belongings: ['Helmet', 'Rain cover'], photo_count: 1 });
  expect(recorded[0].latitude).toBeCloseTo(NASHIK.latitude, 3);
  expect(recorded[0].longitude).toBeCloseTo(NASHIK.longitude, 3);
  expect(server1).toMatchObject({ stage: 'repossessed', status: 'success' });
  await expect(page.getByTestId('rs-queued')).toHaveCount(0);
  await shot(page, 'repossession-synced-390.png');
  await context.close();
});

test('the desk tracks the repossession with chassis and engine masked for a manager', async ({ browser }) => {
  for (const [size, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signIn(page, 'manager@demo.in');
    await page.goto('/app/repossession-tracking');
    await expect(page.getByRole('heading', { level: 1, name: 'Repossession Tracking' })).toBeVisible();
    const row = page.getByTestId('repo-row').filter({ hasText: 'Bajaj Pulsar' });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('MD2A11CZ5NWK20431');
    await row.getByRole('button', { name: 'Open' }).click();
    await expect(page.getByTestId('repo-panel')).toBeVisible();
    await expect(page.getByTestId('repo-step').first()).toBeVisible();
    // The step recorded on the phone: its GPS and its photo, opened in the viewer.
    const taken = page.getByTestId('repo-step').filter({ has: page.getByTestId('step-photos') }).last();
    await expect(taken.getByTestId('step-gps')).toContainText(`GPS ${NASHIK.latitude.toFixed(5)}`);
    await shot(page, `repossession-tracking-${size}.png`, true);
    await taken.getByRole('button', { name: 'Open photo 1 of 1' }).click();
    const viewer = page.getByTestId('step-photo-viewer');
    await expect(viewer.getByRole('img', { name: 'Photo 1 of 1' })).toBeVisible();
    await shot(page, `repossession-photo-${size}.png`);
    await viewer.getByRole('button', { name: 'Close' }).click();
    await page.goto('/app/change-request');
    await expect(page.getByRole('heading', { level: 1, name: 'Change Requests' })).toBeVisible();
    await expect(page.getByTestId('cr-row').first()).toBeVisible();
    await shot(page, `change-requests-${size}.png`, true);
    await context.close();
  }
});
