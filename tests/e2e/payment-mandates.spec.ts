/**
 * eNACH mandates (issue 15, e2e at desk and phone size): on a loan's profile an agent sets up an
 * eNACH mandate for the EMI, the borrower authorises it in the local gateway sandbox on a phone,
 * the card shows it active; a debit presented now bounces at the bank (the card shows the bank's
 * reason), is presented again and succeeds, and the loan's payments card shows the mandate debit.
 * The mandates page lists it.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const LOAN = 'LN00000087';

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

test('an agent sets up an eNACH mandate, the borrower authorises it, a bounced debit is presented again and posts', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  const gateway = await page.request.put(`/api/payment/settings/payment_gateway?company_id=${COMPANY}`, { headers: await apiHeaders(page), data: { pg_vendor: 'cashfree', merchant_id: 'CF-DEMO', api_key: 'cf-demo-app-id', api_secret: 'cf-demo-client-secret' } });
  expect(gateway.ok(), await gateway.text()).toBe(true);

  await page.goto(`/app/customer/loan-details?company_id=${COMPANY}&loan_id=${LOAN}`);
  const card = page.getByTestId('loan-mandates');
  await expect(card.getByRole('heading', { name: 'Mandate (eNACH / UPI Autopay)' })).toBeVisible();
  await expect(card.getByText('No mandate for this loan.')).toBeVisible();
  await card.getByTestId('set-up-mandate').click();
  const dialog = page.getByRole('dialog', { name: 'Set up mandate' });
  await dialog.getByTestId('mandate-mode').selectOption('enach');
  await dialog.getByTestId('mandate-emi').fill('12,500');
  await dialog.getByTestId('mandate-day').fill('5');
  await dialog.getByTestId('mandate-months').fill('12');
  await page.screenshot({ path: artifact('mandate-dialog-1440.png') });
  await dialog.getByTestId('mandate-submit').click();
  await expect(page.getByText('Mandate created: the borrower authorises it next')).toBeVisible();
  await expect(card.getByTestId('mandate-status')).toHaveText('Awaiting authorisation');
  await expect(card).toContainText('Rs 12,500 on day 5');
  await expect(card.getByTestId('set-up-mandate')).toHaveCount(0);

  // The borrower opens the authorisation page on a phone and authorises in the sandbox.
  const authUrl = (await card.getByTestId('mandate-auth-link').getAttribute('href'))!;
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(authUrl);
  await expect(phone.getByText('Local gateway sandbox')).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Authorise eNACH mandate' })).toBeVisible();
  await phone.getByRole('button', { name: 'Authorise mandate' }).click();
  await expect(phone.getByRole('heading', { name: 'Mandate authorised' })).toBeVisible();

  await page.reload();
  await expect(card.getByTestId('mandate-status')).toHaveText('Active');
  await card.getByTestId('mandate-present').click();
  await expect(page.getByText('Debit presented', { exact: true })).toBeVisible();
  await expect(card.getByTestId('mandate-debit')).toHaveCount(1);
  await expect(card.getByTestId('mandate-debit').first()).toContainText('With the bank');

  // The bank bounces it.
  await phone.goto(authUrl);
  await phone.getByRole('button', { name: 'Bounce: insufficient funds' }).click();
  await expect(phone.getByRole('heading', { name: 'Debit bounced' })).toBeVisible();
  await page.reload();
  const bounced = card.getByTestId('mandate-debit').first();
  await expect(bounced).toContainText('Bounced');
  await expect(bounced.getByTestId('debit-reason')).toHaveText('Insufficient funds');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('mandate-card-bounced-1440.png'), fullPage: true });

  // Presented again, and this time it goes through.
  await bounced.getByTestId('debit-retry').click();
  await expect(card.getByTestId('mandate-debit')).toHaveCount(2);
  await phone.goto(authUrl);
  await phone.getByRole('button', { name: 'Debit succeeds' }).click();
  await expect(phone.getByRole('heading', { name: 'Debit succeeded' })).toBeVisible();
  await page.reload();
  await expect(card.getByTestId('mandate-debit').first()).toContainText('Debited');
  const payments = page.getByTestId('loan-payments');
  await expect(payments.getByTestId('loan-payment').filter({ hasText: 'Mandate debit' })).toContainText('Rs 12,500');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('mandate-card-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('mandate-card-390.png') });

  // The mandates page lists it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/app/payment-mandates?company_id=${COMPANY}`);
  await expect(page.getByRole('heading', { name: 'Mandates' })).toBeVisible();
  const row = page.getByTestId('mandate-row').filter({ hasText: LOAN });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Debited');
  await page.screenshot({ path: artifact('mandates-page-1440.png'), fullPage: true });
  await page.getByTestId('mandates-status').selectOption('CANCELLED');
  await expect(page.getByText('No mandate with this status.')).toBeVisible();
  await page.getByTestId('mandates-status').selectOption('');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: LOAN })).toBeVisible();
  await page.screenshot({ path: artifact('mandates-page-390.png'), fullPage: true });
});

test('the payments dashboard shows collections by day, source, channel, gateway and bucket', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.goto(`/app/payments-dashboard?company_id=${COMPANY}`);
  await expect(page.getByRole('heading', { name: 'Payments dashboard' })).toBeVisible();
  // The demo's online payments and the mandate debit above fall in the last 30 days.
  await expect(page.getByTestId('dashboard-total')).toContainText('Rs');
  await expect(page.getByTestId('dashboard-by-day')).toBeVisible();
  await expect(page.getByTestId('dashboard-by-source').getByTestId('dashboard-slice').filter({ hasText: 'Mandate debit' })).toContainText('Rs 12,500');
  await expect(page.getByTestId('dashboard-by-gateway').getByTestId('dashboard-slice').filter({ hasText: 'Cashfree' })).toBeVisible();
  await expect(page.getByTestId('dashboard-by-bucket').getByTestId('dashboard-slice').first()).toBeVisible();
  await page.screenshot({ path: artifact('payments-dashboard-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('dashboard-by-channel')).toBeVisible();
  await page.screenshot({ path: artifact('payments-dashboard-390.png'), fullPage: true });
  // A range with nothing in it says so.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('dashboard-from').fill('2020-01-01');
  await page.getByTestId('dashboard-to').fill('2020-01-31');
  await expect(page.getByText('Nothing was collected in these days.')).toBeVisible();
});
