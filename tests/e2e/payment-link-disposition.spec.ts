/**
 * "Send payment link" from a call's disposition (issue 15): a telecaller ends a call, records a PTP
 * and ticks "Send payment link" (the amount follows the PTP amount), sends it by WhatsApp, and the
 * loan's payment links show the link. Supervisor overrides keep the call and the WhatsApp send
 * independent of the hour the suite runs at.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

test.use({ timezoneId: 'Asia/Kolkata' });
const COMPANY = 'demo-lender-in';

async function asAdmin(page: Page, loanId: string): Promise<void> {
  const context = await page.context().browser()!.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin@demo.in');
  const headers = { authenticationtoken: (await admin.evaluate(() => localStorage.getItem('uat'))) ?? '', 'x-company-id': COMPANY };
  const gateway = await admin.request.put(`/api/payment/settings/payment_gateway?company_id=${COMPANY}`, { headers, data: { pg_vendor: 'cashfree', merchant_id: 'CF-DEMO', api_key: 'cf-demo-app-id', api_secret: 'cf-demo-client-secret' } });
  expect(gateway.ok(), await gateway.text()).toBe(true);
  for (const channel of ['call', 'whatsapp']) {
    const res = await admin.request.post(`/api/compliance/overrides?company_id=${COMPANY}`, { headers, data: { loan_id: loanId, channel, reason: 'End-to-end test at any hour' } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await context.close();
}

test('a telecaller sends a payment link from the disposition form and the loan shows it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'telecaller@demo.in');
  await page.getByRole('link', { name: 'Calling desk' }).first().click();
  await expect(page.getByTestId('connection-state')).toHaveText('Connected');
  const row = page.getByTestId('queue-loan').first();
  const loanId = (await row.getAttribute('data-loan'))!;
  await asAdmin(page, loanId);

  await row.getByTestId('call-button').click();
  await expect(page.getByTestId('call-state')).toHaveText('On Call', { timeout: 15_000 });
  await page.getByTestId('end-call').click();
  await expect(page.getByTestId('call-state')).toHaveText('Call Ended');

  const in2Days = new Date(Date.now() + 330 * 60_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId('disposition-choice').selectOption('Promise to Pay');
  await page.getByTestId('ptp-date').fill(in2Days);
  await page.getByTestId('ptp-amount').fill('1750');
  await page.getByTestId('disposition-send-link').click();
  await expect(page.getByTestId('disposition-link-amount')).toHaveValue('1750');
  await expect(page.getByText('Link amount (Rs)')).toBeVisible();
  await page.getByTestId('disposition-link-channel').selectOption('whatsapp');
  await page.getByTestId('disposition-form').screenshot({ path: artifact('disposition-payment-link-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('disposition-form').scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('disposition-payment-link-390.png') });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('save-disposition').click();
  await expect(page.getByText('Disposition saved')).toBeVisible();
  await expect(page.getByText('Payment link sent')).toBeVisible();

  // The loan's payments show the link, sent by WhatsApp.
  const context = await page.context().browser()!.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await context.newPage();
  await signIn(admin, 'admin@demo.in');
  await admin.goto(`/app/customer/loan-details?company_id=${COMPANY}&loan_id=${loanId}`);
  const link = admin.getByTestId('payment-links').getByTestId('payment-link').first();
  await expect(link).toContainText('Rs 1,750');
  await expect(link.getByTestId('link-message-status')).toHaveText('delivered');
  await context.close();
});
