/**
 * The field management loop end to end (issue 5 "Tests": "a manager assigns loans, the executive's
 * phone (a second browser context) sees them, records a visit, and the manager's map and
 * verification queue show it"). The demo collection head manager@demo.in (profile Manager; Field
 * Executive reports to Area Manager, which reports to Collection Head) assigns one loan to
 * fos@demo.in (Ganesh Shinde) on Portfolio Assignment; the executive's phone, whose day was
 * downloaded before, refreshes My visits and finds it, stands at the address and records a Door
 * Locked visit without a photo; the manager's Field Force Tracking shows the executive at the
 * check-in with the visit in today's trail, and FOS Visits holds it pending with the no-photo flag.
 * Screenshot: field-management-queue-desk.png (1440x900).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { AllocationResponse } from '../../src/domain/contracts/field/visits';
import { artifact, signIn } from './helpers';
import { tilePng } from './tile-server';

const COMPANY = 'demo-lender-in';
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EXECUTIVE = 'Ganesh Shinde';

/** Map tiles drawn by the test (no internet here), whatever host MAP_TILE_URL names. */
async function serveTiles(context: BrowserContext): Promise<void> {
  await context.route(/\/\d+\/\d+\/\d+\.png(\?.*)?$/, async (route) => {
    if (new URL(route.request().url()).pathname.startsWith('/api/')) return route.continue();
    const m = /\/(\d+)\/(\d+)\/(\d+)\.png/.exec(route.request().url());
    await route.fulfill({ status: 200, contentType: 'image/png', body: tilePng(Number(m?.[2] ?? 0), Number(m?.[3] ?? 0)) });
  });
}

/** GET over the page's own session (the stored `uat`), unwrapping the envelope. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  const res = await page.request.get(path, { headers: { authenticationtoken: uat ?? '', 'X-Company-ID': COMPANY } });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Today in the company's zone (India), as the trail's date picker shows it. */
function companyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

test('a manager assigns a loan; the executive visits it; the manager sees it on the map and in the verification queue', async ({ browser }) => {
  test.setTimeout(300_000);

  // ---- the executive's phone downloads the day before the manager changes it
  const phoneContext = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, permissions: ['geolocation'], geolocation: { latitude: 18.52, longitude: 73.86, accuracy: 15 } });
  await serveTiles(phoneContext);
  const phone = await phoneContext.newPage();
  await signIn(phone, 'fos@demo.in');
  await phone.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' }).click();
  await expect(phone.getByTestId('visit-card').first()).toBeVisible({ timeout: 30_000 });
  const held = new Set((await apiGet<AllocationResponse>(phone, `/api/fos/allocation?company_id=${COMPANY}`)).loans.map((l) => l.loan_id));

  // ---- the manager assigns one loan the executive does not hold
  const deskContext = await browser.newContext({ viewport: DESK });
  await serveTiles(deskContext);
  const desk = await deskContext.newPage();
  await signIn(desk, 'manager@demo.in');
  await desk.getByTestId('side-menu').getByRole('link', { name: 'Portfolio Assignment' }).click();
  await expect(desk.getByRole('tab', { name: 'Assign' })).toHaveAttribute('aria-selected', 'true');
  const assign = desk.getByRole('tabpanel', { name: 'Assign' });
  await expect(assign.getByTestId('assign-loan-row').first()).toBeVisible({ timeout: 30_000 });
  const drawn = await assign.getByTestId('assign-loan-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-loan-id') ?? ''));
  const loanId = drawn.find((id) => id && !held.has(id));
  expect(loanId, 'a loan fos@demo.in does not hold').toBeTruthy();
  await assign.getByRole('checkbox', { name: `Select loan ${loanId}` }).check({ force: true });
  await expect(assign.getByTestId('selected-count')).toContainText('1 loan selected');
  await assign.getByPlaceholder('Search by name, email, mobile or employee id').fill('Ganesh');
  await assign.getByTestId('agent-option').filter({ hasText: EXECUTIVE }).click();
  await assign.getByRole('button', { name: /^Assign 1 loan/ }).click();
  await desk.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
  const operation = assign.getByTestId('operation-progress').first();
  await expect(operation.getByTestId('status-badge')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(operation.getByTestId('operation-success')).toHaveText('1');

  // ---- the phone picks the loan up on its next sync and records a visit at the address
  await phone.getByRole('button', { name: 'Refresh allocation' }).click();
  const card = phone.locator(`[data-testid="visit-card"][data-loan-id="${loanId}"]`);
  await expect(card).toHaveCount(1, { timeout: 30_000 });
  const loan = (await apiGet<AllocationResponse>(phone, `/api/fos/allocation?company_id=${COMPANY}`)).loans.find((l) => l.loan_id === loanId)!;
  expect(loan.latitude).not.toBeNull();
  await phoneContext.setGeolocation({ latitude: loan.latitude!, longitude: loan.longitude!, accuracy: 15 });
  // Opened afresh, as after walking to the door: the day list's own fix (taken where the executive
  // stood before) is not the check-in.
  const form = (await card.getByRole('link', { name: /^Record visit/ }).getAttribute('href'))!;
  await phone.waitForTimeout(16_000);
  await phone.goto(form);
  await expect(phone.getByRole('heading', { level: 1, name: 'Record visit' })).toBeVisible();
  await expect(phone.getByTestId('check-in-position')).toContainText(loan.latitude!.toFixed(5));
  await phone.getByTestId('person-met').selectOption('No one');
  await phone.getByTestId('disposition').selectOption('Door Locked');
  await phone.getByLabel('Remarks').fill('Door locked at noon, neighbour not home');
  await phone.getByRole('button', { name: 'Save visit' }).click();
  await expect(phone.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  await expect(phone.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 60_000 });

  // ---- the manager's map: the executive at the check-in, the visit in today's trail
  await desk.getByTestId('side-menu').getByRole('link', { name: 'Field Force Tracking' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Field Force Tracking' })).toBeVisible();
  const row = desk.getByTestId('executive-row').filter({ hasText: EXECUTIVE });
  await expect(row).toHaveAttribute('data-freshness', 'fresh', { timeout: 30_000 });
  await row.click();
  await expect(desk.getByTestId('selected-position')).toContainText(`${loan.latitude!.toFixed(5)}, ${loan.longitude!.toFixed(5)}`);
  await desk.getByTestId('open-trail').click();
  await expect(desk.getByTestId('trail-date')).toHaveValue(companyToday());
  const visit = desk.getByTestId('timeline-visit').filter({ hasText: `Loan ${loanId}` });
  await expect(visit).toContainText('Door Locked', { timeout: 20_000 });
  await expect(visit).toContainText('To verify');

  // ---- the verification queue: pending, flagged for the missing photo
  await desk.getByTestId('side-menu').getByRole('link', { name: 'FOS Visits' }).click();
  await expect(desk.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');
  const queued = desk.getByTestId('verification-queue').locator('[data-visit-id]').filter({ hasText: loanId! });
  await expect(queued).toHaveCount(1, { timeout: 20_000 });
  await expect(queued).toContainText('No photo');
  await queued.click();
  const panel = desk.getByTestId('review-panel');
  await expect(panel).toContainText(loanId!);
  await expect(panel.getByTestId('visit-fields')).toContainText('Door locked at noon, neighbour not home');
  await desk.screenshot({ path: artifact('field-management-queue-desk.png') });

  await deskContext.close();
  await phoneContext.close();
});
