/**
 * Payment links sent from a loan (issue 15 "Collecting", e2e at desk size): on the loan profile an
 * agent sends a payment link by WhatsApp (the local provider delivers it through the compliance
 * check), the borrower opens the link on a phone and pays with UPI in the local gateway sandbox,
 * and the loan profile then shows the link paid. An SMS without a DLT template is refused, and the
 * dialog says why. A supervisor's override keeps the WhatsApp send independent of the hour the
 * suite runs at (the override is used only when a timing rule would refuse it).
 */
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const LOAN = 'LN00000083';

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

test('an agent sends a payment link from a loan, the borrower pays in the sandbox, the loan shows it paid', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  const headers = await apiHeaders(page);
  const gateway = await page.request.put(`/api/payment/settings/payment_gateway?company_id=${COMPANY}`, { headers, data: { pg_vendor: 'cashfree', merchant_id: 'CF-DEMO', api_key: 'cf-demo-app-id', api_secret: 'cf-demo-client-secret' } });
  expect(gateway.ok(), await gateway.text()).toBe(true);
  const override = await page.request.post(`/api/compliance/overrides?company_id=${COMPANY}`, { headers, data: { loan_id: LOAN, channel: 'whatsapp', reason: 'Borrower asked for the link on WhatsApp' } });
  expect(override.ok(), await override.text()).toBe(true);

  await page.goto(`/app/customer/loan-details?company_id=${COMPANY}&loan_id=${LOAN}`);
  const card = page.getByTestId('payment-links');
  await expect(card.getByRole('heading', { name: 'Payment links' })).toBeVisible();
  await expect(card.getByText('No payment link for this loan yet.')).toBeVisible();

  // An SMS with the standard text has no DLT registration: refused, and the dialog says why.
  await card.getByTestId('send-payment-link').click();
  const dialog = page.getByRole('dialog', { name: 'Send payment link' });
  await dialog.getByTestId('link-amount').fill('500');
  await dialog.getByTestId('link-via').selectOption('sms');
  await expect(dialog.getByText(/An SMS needs a template registered for DLT/)).toBeVisible();
  await dialog.getByTestId('link-submit').click();
  await expect(dialog.getByTestId('link-result')).toContainText('The link was created but not sent to the borrower');
  await expect(dialog.getByTestId('link-not-sent')).toContainText('An SMS in India needs a registered DLT template');
  await page.screenshot({ path: artifact('payment-link-blocked-1440.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('payment-link')).toHaveCount(1);
  await expect(card.getByTestId('link-message-status').first()).toHaveText('blocked');

  // By WhatsApp: created and delivered by the local provider.
  await card.getByTestId('send-payment-link').click();
  await dialog.getByTestId('link-amount').fill('1,500');
  await dialog.getByTestId('link-via').selectOption('whatsapp');
  await page.screenshot({ path: artifact('payment-link-dialog-1440.png') });
  await dialog.getByTestId('link-submit').click();
  await expect(page.getByText('Payment link created and sent')).toBeVisible();
  const row = card.getByTestId('payment-link').first();
  await expect(row.getByTestId('link-status')).toHaveText('Active');
  await expect(row.getByTestId('link-message-status')).toHaveText('delivered');
  await expect(row).toContainText('Rs 1,500');

  // The borrower opens the link on a phone and pays with UPI in the local sandbox.
  const links = await page.request.get(`/api/payment/links?company_id=${COMPANY}&loan_id=${LOAN}`, { headers });
  const url = (await links.json()).data.links[0].url as string;
  const phone = await context.newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(url);
  await expect(phone.getByRole('heading', { name: 'Pay Rs 1,500' })).toBeVisible();
  await expect(phone.getByText('Local gateway sandbox')).toBeVisible();
  await phone.screenshot({ path: artifact('payment-link-sandbox-390.png') });
  await phone.getByRole('button', { name: 'Pay with UPI' }).click();
  await expect(phone.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await phone.screenshot({ path: artifact('payment-link-paid-390.png') });
  await phone.close();

  // The loan profile shows the link paid.
  await page.reload();
  const paid = page.getByTestId('payment-links').getByTestId('payment-link').first();
  await expect(paid.getByTestId('link-status')).toHaveText('Paid');
  await expect(paid.getByTestId('link-paid')).toHaveText('Rs 1,500');
  await page.screenshot({ path: artifact('payment-link-profile-1440.png'), fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('payment-link-profile-390.png'), fullPage: true });
});
