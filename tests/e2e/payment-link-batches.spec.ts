/**
 * Payment links in bulk (issue 15 "in bulk: links for a filtered set of loans as a durable job"):
 * from the loans list a collection manager narrows the month's loans, opens "Send payment links"
 * (the selection handed over), starts a batch by SMS with the standard text, and the batch page
 * shows the job's progress and counts — every link created, every SMS blocked by the compliance
 * check (no DLT template) with that reason — and each loan's link. SMS is chosen because its
 * refusal does not depend on the hour the suite runs at. Desk (1440×900) and phone (390×844).
 */
import { formatMinor } from '../../src/domain/common/money';
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const SEARCH = 'LN0000019';
const SHOTS = '/tmp/shots/pay3';
mkdirSync(SHOTS, { recursive: true });

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

test('a manager sends payment links to the filtered loans and follows the batch', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  const headers = await apiHeaders(page);
  const gateway = await page.request.put(`/api/payment/settings/payment_gateway?company_id=${COMPANY}`, { headers, data: { pg_vendor: 'cashfree', merchant_id: 'CF-DEMO', api_key: 'cf-demo-app-id', api_secret: 'cf-demo-client-secret' } });
  expect(gateway.ok(), await gateway.text()).toBe(true);

  // The loans list, narrowed by a search: its count is the batch's size.
  await page.goto(`/app/customer-loans?company_id=${COMPANY}`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(SEARCH);
  await expect(page.getByTestId('loans-total')).toHaveText(/^\d+ loans?$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const total = Number((await page.getByTestId('loans-total').textContent())?.match(/\d+/)?.[0]);
  expect(total).toBeGreaterThan(1);
  expect(total).toBeLessThan(20);
  await page.getByTestId('loans-send-links').click();

  await expect(page).toHaveURL(/\/app\/payment-link-batches\?/);
  await expect(page.getByRole('heading', { name: 'Payment links in bulk', level: 1 })).toBeVisible();
  await expect(page.getByTestId('batch-search')).toHaveValue(SEARCH);
  // Each loan's own dues (the default rule); a fixed amount is one choice away.
  await expect(page.getByTestId('batch-rule')).toHaveValue('dues');
  await expect(page.getByTestId('batch-amount')).toHaveCount(0);
  await page.getByTestId('batch-rule').selectOption('fixed');
  await expect(page.getByTestId('batch-amount')).toBeVisible();
  await page.getByTestId('batch-rule').selectOption('dues');
  await page.getByTestId('batch-via').selectOption('sms');
  await page.getByTestId('batch-expiry').selectOption('10080');
  await page.screenshot({ path: `${SHOTS}/batch-form-1440.png`, fullPage: true });
  await page.getByTestId('batch-submit').click();

  // The batch page: progress to 100 %, the counts, and the loans with why each SMS was blocked.
  await expect(page).toHaveURL(/batch_id=/);
  await expect(page.getByText('Completed', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('batch-total')).toHaveText(String(total));
  await expect(page.getByTestId('batch-created')).toHaveText(String(total));
  await expect(page.getByTestId('batch-blocked')).toHaveText(String(total));
  await expect(page.getByTestId('batch-sent')).toHaveText('0');
  await expect(page.getByTestId('batch-failed')).toHaveText('0');
  await expect(page.getByTestId('batch-progress')).toContainText('100%');
  await expect(page.getByTestId('batch-items-status')).toHaveValue('blocked');
  const items = page.getByTestId('batch-item');
  await expect(items).toHaveCount(total);
  await expect(items.first()).toContainText('An SMS in India needs a registered DLT template');
  await expect(items.first()).toContainText(SEARCH);
  const link = items.first().getByTestId('batch-item-link');
  await expect(link).toHaveAttribute('href', /^https?:\/\//);
  await expect(page.getByRole('button', { name: 'Download the blocked and failed loans of this batch' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-detail-1440.png`, fullPage: true });
  await page.screenshot({ path: artifact('payment-link-batch-1440.png') });

  // The loan itself shows the link the batch made.
  // Each loan's link is of its own dues, shown on its row.
  const loanId = (await items.first().getByRole('link').first().textContent()) ?? '';
  const batchId = new URL(page.url()).searchParams.get('batch_id');
  const listed = (await (await page.request.get(`/api/payment/link-batches/${batchId}/items?company_id=${COMPANY}&page_size=100`, { headers })).json()).data.items as { loan_id: string; amount_minor: number | null }[];
  const own = listed.find((i) => i.loan_id === loanId)?.amount_minor;
  expect(own).toBeGreaterThan(0);
  await expect(items.first()).toContainText(formatMinor(own!, 'INR'));
  const links = await page.request.get(`/api/payment/links?company_id=${COMPANY}&loan_id=${loanId}`, { headers });
  const made = (await links.json()).data.links as { amount_minor: number; sent_via: string }[];
  expect(made.some((l) => l.amount_minor === own && l.sent_via === 'sms')).toBe(true);

  // Back to the list of batches: this one, completed.
  await page.getByRole('link', { name: 'All batches' }).click();
  await expect(page.getByTestId('batch-row').first()).toContainText(`${total} of ${total} loans done`);
  await page.screenshot({ path: `${SHOTS}/batch-list-1440.png`, fullPage: true });

  // On a phone: cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('batch-card').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-list-390.png`, fullPage: true });
  await page.getByTestId('batch-card').first().getByRole('link').first().click();
  await expect(page.getByTestId('batch-item-card').first()).toContainText('Blocked');
  await page.screenshot({ path: `${SHOTS}/batch-detail-390.png`, fullPage: true });
  await page.getByRole('link', { name: 'All batches' }).click();
  await page.getByTestId('batch-new').click();
  await expect(page.getByTestId('batch-rule')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/batch-form-390.png`, fullPage: true });
});
