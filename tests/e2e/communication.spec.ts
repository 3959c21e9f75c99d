/**
 * Communication (issue 13): on a loan's messages screen an agent picks a WhatsApp template, sees
 * the text the borrower would get, and sends. Outside the contact hours the message is refused
 * with the rule's reason shown; with a supervisor's override the same send goes through the local
 * provider and shows Delivered. The contact window is narrowed around the real clock (the law only
 * allows narrowing), then restored.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const LOAN = 'LN00000077';

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

/** A one-hour window of the legal 08:00–19:00 IST that does not contain the present IST time. */
function windowWithoutNow(): { contact_start: string; contact_end: string } {
  const ist = new Date(Date.now() + 330 * 60_000);
  const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
  return minutes >= 12 * 60 ? { contact_start: '08:00', contact_end: '09:00' } : { contact_start: '18:00', contact_end: '19:00' };
}

test('an agent sends a template message from a loan: refused outside hours with the reason, delivered with an override', async ({ page }) => {
  await signIn(page, 'admin@demo.in');
  const headers = await apiHeaders(page);
  const tpl = await page.request.post(`/api/communication/templates?company_id=${COMPANY}`, { headers, data: { name: 'Payment reminder', channel: 'whatsapp', language: 'en', body: 'Hello {{borrower_name}}, {{amount_due}} is due on loan {{loan_id}}.' } });
  expect(tpl.ok()).toBe(true);
  const narrowed = await page.request.put(`/api/compliance/rules?company_id=${COMPANY}`, { headers, data: windowWithoutNow() });
  expect(narrowed.ok()).toBe(true);
  try {
    await page.goto(`/app/customer/communication?company_id=${COMPANY}&loan_id=${LOAN}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Loan messages' })).toBeVisible();
    await expect(page.getByText('No messages for this loan yet.')).toBeVisible();

    await page.getByTestId('send-channel').selectOption('whatsapp');
    await page.getByTestId('send-template').selectOption({ label: 'Payment reminder · en' });
    await expect(page.getByTestId('preview')).toContainText(`is due on loan ${LOAN}.`);
    await expect(page.getByTestId('preview')).toContainText(/Rs [\d,]+/);

    await page.getByTestId('send-message').click();
    await expect(page.getByTestId('send-result')).toContainText('Not sent: the compliance check blocked this message');
    const blocked = page.getByTestId('message').first();
    await expect(blocked.getByTestId('message-status')).toHaveText('Blocked');
    await expect(blocked.getByTestId('blocked-reasons')).toContainText(/Contact is allowed only between \d\d:00 and \d\d:00 IST; it is \d\d:\d\d for the borrower/);

    // A supervisor allows one message outside the hours; the same send is now delivered by the local provider.
    const override = await page.request.post(`/api/compliance/overrides?company_id=${COMPANY}`, { headers, data: { loan_id: LOAN, channel: 'whatsapp', reason: 'Borrower asked for the amount by message' } });
    expect(override.ok()).toBe(true);
    await page.getByTestId('send-message').click();
    await expect(page.getByTestId('send-result')).toContainText('Message sent.');
    const delivered = page.getByTestId('message').first();
    await expect(delivered.getByTestId('message-status')).toHaveText('Delivered');
    await expect(delivered).toContainText(`is due on loan ${LOAN}.`);
    await expect(page.getByTestId('message')).toHaveCount(2);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: artifact('communication-loan-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: artifact('communication-loan-390.png'), fullPage: true });

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('link', { name: 'Communication' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Communication' })).toBeVisible();
    await expect(page.getByText('Payment reminder', { exact: true })).toBeVisible();
    await page.screenshot({ path: artifact('communication-1440.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: artifact('communication-390.png'), fullPage: true });
  } finally {
    await page.request.put(`/api/compliance/rules?company_id=${COMPANY}`, { headers, data: { contact_start: '08:00', contact_end: '19:00' } });
  }
});
