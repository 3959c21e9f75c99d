/**
 * Issue 13's e2e list: "a campaign runs with progress" — an admin starts a WhatsApp campaign to
 * twelve loans from /app/communication and follows it to Completed with every loan counted
 * (sent, or blocked by the contact rules when the real clock is outside the hours). And the
 * compliance settings page's bulk and registry screens: a DND upload runs as a job to completed
 * with its error file of bad numbers; a DLT template is registered; an override is granted.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

test('a campaign runs with progress to completed, every loan counted', async ({ page }) => {
  await signIn(page, 'admin@demo.in');
  const headers = await apiHeaders(page);
  const tpl = await page.request.post(`/api/communication/templates?company_id=${COMPANY}`, { headers, data: { name: 'Campaign reminder', channel: 'whatsapp', language: 'en', body: 'Hello {{borrower_name}}, {{amount_due}} is due on loan {{loan_id}}.' } });
  expect(tpl.ok()).toBe(true);
  const loans = Array.from({ length: 12 }, (_, i) => `LN000001${String(i + 10).padStart(2, '0')}`);

  await page.goto(`/app/communication?company_id=${COMPANY}`);
  await page.getByRole('tab', { name: 'Campaigns' }).click();
  const form = page.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Campaign name').fill('November reminder');
  await form.getByRole('combobox').selectOption({ label: 'Campaign reminder · WhatsApp · en' });
  await form.getByRole('textbox', { name: /Loan ids/i }).fill(loans.join('\n'));
  await form.getByRole('button', { name: 'Start campaign' }).click();

  const row = page.getByTestId('campaign-row').filter({ hasText: 'November reminder' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('progressbar')).toBeVisible();
  await expect(row.getByTestId('campaign-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(row).toContainText('12 of 12 loans');
  const counts = (await row.getByText(/sent · \d+ blocked · \d+ failed/).textContent()) ?? '';
  const [sent, blocked, failed] = (counts.match(/\d+/g) ?? []).map(Number);
  expect(sent + blocked + failed).toBe(12);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('campaign-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('campaign-390.png'), fullPage: true });
});

test('compliance settings: a DND upload runs to completed with its error file; a DLT template and an override are recorded', async ({ page }) => {
  await signIn(page, 'admin@demo.in');
  await page.goto(`/app/compliance?company_id=${COMPANY}`);
  await page.getByRole('tab', { name: 'DND list' }).click();
  const csv = ['mobile', '9000011111', '+91 90000 22222', 'call me', '9000011111', '12'].join('\n');
  await page.locator('input[type="file"]').setInputFiles({ name: 'dnd-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const upload = page.getByTestId('dnd-upload').filter({ hasText: 'dnd-e2e.csv' });
  await expect(upload).toContainText('completed', { timeout: 30_000 });
  await expect(upload).toContainText('dnd-e2e.csv: 2 added, 1 already listed, 2 invalid');
  const [download] = await Promise.all([page.waitForEvent('download'), upload.getByRole('button', { name: 'Download error file' }).click()]);
  const errors = await readFile((await download.path())!, 'utf8');
  expect(errors.trim().split('\n')).toEqual(['row,value,reason', '4,call me,Enter a phone number (7 to 15 digits)', '6,12,Enter a phone number (7 to 15 digits)']);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('compliance-dnd-1440.png'), fullPage: true });

  await page.getByRole('tab', { name: 'DLT templates' }).click();
  const dlt = page.getByRole('form', { name: 'Register template' });
  await dlt.getByLabel('DLT content template ID').fill('1107160000000000777');
  await dlt.getByLabel('Principal entity ID').fill('1101234567890');
  await dlt.getByLabel('Sender header').fill('RCVOPS');
  await dlt.getByLabel('Registered text').fill('Dear {#var#}, pay {#var#} today. - RCVOPS');
  await dlt.getByRole('button', { name: 'Register template' }).click();
  await expect(page.getByTestId('dlt-template').filter({ hasText: '1107160000000000777' })).toContainText('Dear {#var#}, pay {#var#} today. - RCVOPS');
  await page.screenshot({ path: artifact('compliance-dlt-1440.png'), fullPage: true });

  await page.getByRole('tab', { name: 'Overrides' }).click();
  const grant = page.getByRole('form', { name: 'Grant override' });
  await grant.getByLabel('Loan ID').fill('LN00000123');
  await grant.getByLabel('Channel').selectOption('sms');
  await grant.getByLabel('Reason').fill('Borrower asked for a call-back by SMS after hours');
  await grant.getByRole('button', { name: 'Grant override' }).click();
  const granted = page.getByTestId('override').filter({ hasText: 'LN00000123' });
  await expect(granted).toContainText('Borrower asked for a call-back by SMS after hours');
  await expect(granted).toContainText('Not used');
  await page.screenshot({ path: artifact('compliance-overrides-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('compliance-overrides-390.png'), fullPage: true });
});
