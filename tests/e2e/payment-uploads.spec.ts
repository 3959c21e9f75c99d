/**
 * The payments tab of bulk operations (issue 15, e2e at desk and phone size): a desk user uploads
 * a CSV of offline payments, follows the job to Completed with its counts (posted, to review,
 * already recorded, not readable), downloads the error file of the unreadable rows, and finds the
 * payment on the loan profile's payments card.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';

test('a desk user uploads offline payments and gets the error file of the bad rows', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.goto(`/app/bulk-operations?tab=payments&company_id=${COMPANY}`);
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  const stamp = Date.now();
  const csv = ['loan_id,amount,date,reference', `LN00000084,1500.50,2026-11-20,E2E${stamp}A`, `LN00000085,300,20-11-2026,E2E${stamp}B`, `LN0000NOPE,99,2026-11-20,E2E${stamp}C`, `LN00000086,abc,2026-11-20,E2E${stamp}D`].join('\n');
  await page.getByTestId('payment-upload-file').setInputFiles({ name: `offline-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Payments file uploaded; reconciling')).toBeVisible();
  const card = page.getByTestId('payment-upload').filter({ hasText: `offline-${stamp}.csv` });
  await expect(card).toContainText('Completed', { timeout: 30_000 });
  await expect(card.getByTestId('upload-rows')).toHaveText('4');
  await expect(card.getByTestId('upload-posted')).toHaveText('2');
  await expect(card.getByTestId('upload-exceptions')).toHaveText('1');
  await expect(card.getByTestId('upload-errors')).toHaveText('1');
  await expect(card).toContainText('Rs 1,800.50');
  await page.screenshot({ path: artifact('payment-uploads-1440.png'), fullPage: true });

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download the error file of offline-${stamp}.csv` }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(`offline-${stamp}-errors.csv`);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text).toContain(`5,LN00000086,abc,2026-11-20,E2E${stamp}D,amount must be a positive amount with at most 2 decimals`);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await page.screenshot({ path: artifact('payment-uploads-390.png'), fullPage: true });

  // The loan profile's payments card shows the uploaded payment.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/app/customer/loan-details?company_id=${COMPANY}&loan_id=LN00000084`);
  const payments = page.getByTestId('loan-payments');
  await expect(payments.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(payments.getByTestId('loan-payment').filter({ hasText: `E2E${stamp}A` })).toContainText('Rs 1,500.50');
  await expect(payments.getByTestId('loan-payment').filter({ hasText: `E2E${stamp}A` })).toContainText('Upload');
  await expect(payments.getByTestId('loan-payment').filter({ hasText: `E2E${stamp}A` }).getByTestId('loan-payment-paid')).toHaveText('20 Nov 2026');
  await payments.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('loan-payments-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('loan-payments-390.png'), fullPage: true });
});
