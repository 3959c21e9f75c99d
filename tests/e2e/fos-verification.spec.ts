/**
 * Visit verification and the FOS dashboard end to end (issue 5): the field executive fos@demo.in
 * records two flagged visits over the API (one 7 km from the address with a photo, one with a poor
 * GPS fix); their collection head manager@demo.in (Collection Head ← Area Manager ← Field
 * Executive in the reports-to tree) opens FOS Visits, is refused a rejection without a reason and
 * one with markup, rejects the far visit with a reason and approves the other with the A shortcut;
 * both leave the pending tab and show under rejected / approved with the reviewer. The executive
 * then sees the rejection and its reason on the loan's past visits. Last, the manager opens the FOS
 * Dashboard, picks this month, and each figure opened lists as many rows as it says.
 * Screenshots: fos-visits-desk.png, fos-visit-review-desk.png (1440x900), fos-dashboard-desk.png,
 * fos-dashboard-phone.png (390x844).
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MANAGER = 'Meera Joshi';

/** A plain street-grid tile, so the review map shows a map without reaching the internet. */
const TILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eeeae0"/>' +
  '<path d="M0 64H256M0 192H256M64 0V256M192 0V256" stroke="#fff" stroke-width="6"/><path d="M0 128H256M128 0V256" stroke="#fde68a" stroke-width="10"/></svg>';

interface RecordedVisit {
  visit_id: string;
  loan_id: string;
  flags: string[];
}

/** A JPEG made in the page (a house front), as the phone's camera would send it. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#87ceeb';
    g.fillRect(0, 0, 640, 300);
    g.fillStyle = '#6b8e23';
    g.fillRect(0, 300, 640, 180);
    g.fillStyle = '#d2b48c';
    g.fillRect(200, 180, 240, 180);
    g.fillStyle = '#8b4513';
    g.beginPath();
    g.moveTo(180, 180);
    g.lineTo(320, 90);
    g.lineTo(460, 180);
    g.fill();
    g.fillStyle = '#654321';
    g.fillRect(295, 270, 50, 90);
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Records two flagged visits as fos@demo.in through POST /api/fos/visits (multipart, Idempotency-Key). */
async function recordVisits(browser: Browser, baseURL: string): Promise<{ far: RecordedVisit; poorFix: RecordedVisit }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, 'fos@demo.in');
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  const headers = { authenticationtoken: uat ?? '', 'X-Company-ID': COMPANY };
  const request: APIRequestContext = page.request;
  const allocation = await (await request.get(`/api/fos/allocation?company_id=${COMPANY}`, { headers })).json();
  const located = (allocation.data.loans as Array<{ loan_id: string; allocation_month: string; latitude: number | null; longitude: number | null }>).filter(
    (l) => l.latitude !== null && l.longitude !== null,
  );
  // Loans the demo's past visits leave alone (it visits the first six).
  const [farLoan, nearLoan] = [located[20]!, located[21]!];
  const jpeg = await photo(page);
  const post = async (loan: typeof farLoan, offset: number, accuracy: number, remarks: string): Promise<RecordedVisit> => {
    const visit = {
      loan_id: loan.loan_id,
      allocation_month: loan.allocation_month,
      latitude: loan.latitude! + offset,
      longitude: loan.longitude! + offset,
      accuracy_m: accuracy,
      checked_in_at: new Date().toISOString(),
      person_met: 'Borrower',
      disposition: 'Customer Not Available',
      remarks,
    };
    const response = await request.post(`/api/fos/visits?company_id=${COMPANY}`, {
      headers: { ...headers, 'Idempotency-Key': `e2e-verify-${loan.loan_id}-${Date.now()}` },
      multipart: { visit: JSON.stringify(visit), photos: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    });
    expect(response.status()).toBe(200);
    const body = await response.json();
    return { visit_id: body.data.visit_id, loan_id: loan.loan_id, flags: body.data.flags };
  };
  const far = await post(farLoan, 0.045, 30, 'Door locked; neighbour says the family moved');
  const poorFix = await post(nearLoan, 0.0005, 400, 'Met the borrower at the shop');
  await context.close();
  return { far, poorFix };
}

test('a manager verifies flagged visits, and each dashboard figure lists its rows', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { far, poorFix } = await recordVisits(browser, baseURL!);
  expect(far.flags).toContain('too_far');
  expect(poorFix.flags).toEqual(['poor_accuracy']);

  await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TILE_SVG }));
  await page.setViewportSize(DESK);
  await signIn(page, 'manager@demo.in');
  await page.getByTestId('side-menu').getByRole('link', { name: 'FOS Visits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'FOS Visits' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');

  const queue = page.getByTestId('verification-queue');
  const farRow = queue.locator(`[data-visit-id="${far.visit_id}"]`);
  const poorRow = queue.locator(`[data-visit-id="${poorFix.visit_id}"]`);
  await expect(farRow).toBeVisible();
  await expect(farRow).toContainText('Too far');
  await expect(poorRow).toContainText('Poor GPS accuracy');
  const pendingBefore = Number(await page.getByTestId('pending-count').textContent());
  expect(pendingBefore).toBeGreaterThanOrEqual(2);
  // The first visit of the queue opens for review on a desk.
  await expect(page.getByTestId('review-panel')).toBeVisible();
  await expect(page.getByTestId('review-panel').getByText('Loading…')).toHaveCount(0);
  await page.screenshot({ path: artifact('fos-visits-desk.png') });

  // The review: flags with their reasons, the map, the photo (fetched with the auth headers).
  await farRow.click();
  const panel = page.getByTestId('review-panel');
  await expect(panel).toContainText(far.loan_id);
  await expect(panel.getByTestId('flag-reasons')).toContainText(/Checked in \d+(\.\d)? km from the address area \(allowed: 3\.0 km\)/);
  await expect(panel.getByTestId('visit-review-map')).toBeVisible();
  await expect(panel.getByTestId('visit-photos').locator('img')).toHaveCount(1);
  await expect(panel.getByTestId('visit-fields')).toContainText('Door locked; neighbour says the family moved');
  await page.screenshot({ path: artifact('fos-visit-review-desk.png') });

  // Rejecting needs a reason, and markup is refused (spec 5); nothing leaves the queue.
  await panel.getByTestId('reject-visit').click();
  await expect(panel.getByTestId('decision-problem')).toHaveText('Give a reason to reject this visit.');
  await expect(panel.getByTestId('decision-reason')).toBeFocused();
  await panel.getByTestId('decision-reason').fill('<b>far</b>');
  await panel.getByTestId('reject-visit').click();
  await expect(panel.getByTestId('decision-problem')).toHaveText('The reason must not contain markup tags.');
  await expect(farRow).toBeVisible();

  const reason = 'Checked in 7 km away from the address; revisit with a photo of the door';
  await panel.getByTestId('decision-reason').fill(reason);
  await panel.getByTestId('reject-visit').click();
  await expect(page.getByText(/Visit of .+ rejected/)).toBeVisible();
  await expect(farRow).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveText(String(pendingBefore - 1));

  // Approve the other with the keyboard shortcut A (shown on the button).
  await poorRow.click();
  await expect(panel).toContainText(poorFix.loan_id);
  await expect(panel.getByTestId('approve-visit')).toContainText('A');
  await poorRow.focus();
  await page.keyboard.press('a');
  const undoBanner = page.getByTestId('decision-undo');
  await expect(undoBanner).toHaveAttribute('aria-live', 'polite');
  await expect(undoBanner.getByText(/Visit of .+ approved/)).toBeVisible();
  await expect(poorRow).toHaveCount(0);
  await expect(page.getByTestId('pending-count')).toHaveText(String(pendingBefore - 2));
  // One key press approves, so it can be undone (issue 12): U (or the banner's button) puts the
  // visit back, nothing was sent; the decision is sent after the undo window or on leaving.
  await page.keyboard.press('u');
  await expect(poorRow).toBeVisible();
  await expect(poorRow).toBeFocused();
  await expect(page.getByTestId('pending-count')).toHaveText(String(pendingBefore - 1));
  await expect(undoBanner).toContainText('undone');
  await page.keyboard.press('a');
  await expect(undoBanner.getByTestId('undo-decision')).toBeVisible();
  await expect(poorRow).toHaveCount(0);
  // Left alone, the approval is sent when the window closes (8 s).
  await expect(undoBanner.getByTestId('undo-decision')).toHaveCount(0, { timeout: 12_000 });

  // Decided visits sit under their tab with the reviewer, the time and the reason.
  await page.getByRole('tab', { name: 'Rejected' }).click();
  await queue.locator(`[data-visit-id="${far.visit_id}"]`).click();
  await expect(panel.getByTestId('decision-info')).toContainText(`Rejected by ${MANAGER} on`);
  await expect(panel.getByTestId('decision-info')).toContainText(reason);
  await expect(panel.getByTestId('approve-visit')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Approved' }).click();
  await queue.locator(`[data-visit-id="${poorFix.visit_id}"]`).click();
  await expect(panel.getByTestId('decision-info')).toContainText(`Approved by ${MANAGER} on`);

  // The executive sees the outcome on the loan's past visits (field app, phone).
  const field = await browser.newContext({ baseURL, viewport: PHONE });
  const fieldPage = await field.newPage();
  await signIn(fieldPage, 'fos@demo.in');
  await fieldPage.goto(`/app/customer/visit-details?company_id=${COMPANY}&loan_id=${encodeURIComponent(far.loan_id)}`);
  const pastRow = fieldPage.getByTestId('past-visit-row').filter({ hasText: 'Door locked; neighbour says the family moved' });
  await expect(pastRow.getByTestId('verification-status')).toHaveText('Rejected');
  await expect(pastRow.getByTestId('rejection-reason')).toHaveText(`Rejected by ${MANAGER}: ${reason}`);
  await field.close();

  // The FOS dashboard: this month; a figure's rows number as many as the figure.
  await page.getByTestId('side-menu').getByRole('link', { name: 'FOS Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'FOS Dashboard' })).toBeVisible();
  await page.getByTestId('preset-this_month').click();
  await expect(page.getByTestId('preset-this_month')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('dashboard-charts')).toBeVisible();
  const visitsTile = page.getByTestId('tile-visits_made');
  await expect(visitsTile).toBeVisible();
  const visitsMade = Number(await visitsTile.getAttribute('data-figure'));
  // The demo's past visits of this month plus the two recorded here.
  expect(visitsMade).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: artifact('fos-dashboard-desk.png'), fullPage: true });

  const drawer = page.getByTestId('drill-drawer');
  for (const name of ['visits_made', 'coverage', 'amount_collected']) {
    const tile = page.getByTestId(`tile-${name}`);
    const figure = Number(await tile.getAttribute('data-figure'));
    await tile.click();
    await expect(drawer.getByTestId('drill-summary')).toHaveAttribute('data-total', String(figure));
    await expect(drawer.getByTestId('drill-row')).toHaveCount(Math.min(figure, 25));
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  }
  // The two visits recorded here are among the rows of visits made, with a link to the loan.
  await visitsTile.click();
  await expect(drawer.getByRole('link', { name: far.loan_id })).toHaveAttribute('href', new RegExp(`loan_id=${far.loan_id}`));
  await page.keyboard.press('Escape');

  // A cell of the executives table narrows to that executive.
  const row = page.getByTestId('executives-table-row').filter({ hasText: 'Ganesh Shinde' });
  const cell = row.locator('[data-metric="visits_made"]');
  const own = Number(await cell.textContent());
  await cell.click();
  await expect(drawer.getByTestId('drill-summary')).toHaveAttribute('data-total', String(own));
  await expect(drawer.getByRole('heading', { name: 'Visits made · Ganesh Shinde' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
  await expect(page.getByTestId('tile-visits_made')).toBeVisible();
  await page.screenshot({ path: artifact('fos-dashboard-phone.png') });
});
