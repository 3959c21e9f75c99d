/**
 * Payment exports (issue 15 `POST /v2/export/payments`, `GET /exports/payments`, e2e at desk and
 * phone size): an admin posts two offline payments dated in March 2019 (a bulk payments upload),
 * opens "Export payments" on the payments dashboard, is told off for a reversed range, exports
 * 10–20 March 2019 as CSV, sees the export reach Completed in the list, downloads the file and
 * finds the two payments in it (loan, amount in rupees, source, the spec's client_customer_id and
 * transaction_id columns). Screenshots under /tmp/shots/payweb.
 */
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const SHOTS = '/tmp/shots/payweb';
mkdirSync(SHOTS, { recursive: true });

test('an admin exports the payments of a date range and downloads the file', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');

  // Two payments dated inside the range (offline upload), so the file's rows are known.
  await page.goto(`/app/bulk-operations?tab=payments&company_id=${COMPANY}`);
  const stamp = Date.now();
  const csv = ['loan_id,amount,date,reference', `LN00000084,1500.50,2019-03-14,EXP${stamp}A`, `LN00000085,300,15-03-2019,EXP${stamp}B`].join('\n');
  await page.getByTestId('payment-upload-file').setInputFiles({ name: `exp-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const upload = page.getByTestId('payment-upload').filter({ hasText: `exp-${stamp}.csv` });
  await expect(upload).toContainText('Completed', { timeout: 30_000 });
  await expect(upload.getByTestId('upload-posted')).toHaveText('2');

  await page.goto(`/app/payments-dashboard?company_id=${COMPANY}`);
  const section = page.getByRole('region', { name: 'Payment exports' });
  await expect(section.getByRole('heading', { name: 'Payment exports' })).toBeVisible();
  await page.getByRole('button', { name: 'Export payments' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export payments' });
  await expect(dialog).toBeVisible();
  // A reversed range is refused before anything is sent.
  await dialog.getByTestId('payments-export-start').fill('2019-03-20');
  await dialog.getByTestId('payments-export-end').fill('2019-03-10');
  await expect(dialog.getByText('The end must not be before the start')).toBeVisible();
  await dialog.getByTestId('payments-export-start').fill('2019-03-10');
  await dialog.getByTestId('payments-export-end').fill('2019-03-20');
  await dialog.getByTestId('payments-export-format').selectOption('csv');
  await expect(dialog.getByText('The end must not be before the start')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/export-dialog-1440.png` });
  await dialog.getByTestId('payments-export-submit').click();
  await expect(page.getByText('Export accepted: it appears in the list when ready')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The list follows the job to Completed by itself (polled while it runs).
  const row = section.getByTestId('payments-export-row').filter({ hasText: '2019-03-10 to 2019-03-20' }).first();
  await expect(row.getByTestId('payments-export-status')).toHaveText('Completed', { timeout: 60_000 });
  await expect(row).toContainText('CSV');
  await expect(row).toContainText('Anita Deshpande');
  await page.screenshot({ path: `${SHOTS}/exports-1440.png`, fullPage: true });

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download the payments export of 2019-03-10 to 2019-03-20' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const [header, ...rows] = parse(await readFile((await file.path())!, 'utf8')) as string[][];
  expect(header).toEqual(['Payment ID', 'Loan ID', 'Allocation Month', 'Borrower Name', 'Mobile', 'Amount', 'Currency', 'Paid At', 'Channel', 'Source', 'Reference', 'Client Customer ID', 'Transaction ID']);
  const ours = rows.filter((r) => r[10].startsWith(`EXP${stamp}`));
  expect(ours.map((r) => [r[1], r[5], r[6], r[9], r[10]])).toEqual([
    ['LN00000084', '1500.5', 'INR', 'upload', `EXP${stamp}A`],
    ['LN00000085', '300', 'INR', 'upload', `EXP${stamp}B`],
  ]);
  for (const r of ours) {
    expect(r[11], 'client customer id').not.toBe('');
    expect(r[12], 'transaction id').not.toBe('');
  }
  // Every row of the file is a payment of the range; the list's row count is the file's.
  expect(rows.every((r) => r[7] >= '2019-03-10' && r[7] < '2019-03-21')).toBe(true);
  await expect(row.locator('td').nth(4)).toHaveText(String(rows.length));

  // Phone: the same export as a card, with its download.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = section.getByTestId('payments-export-card').filter({ hasText: '2019-03-10 to 2019-03-20' }).first();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Download the payments export of 2019-03-10 to 2019-03-20' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/exports-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Export payments' }).click();
  await expect(page.getByRole('dialog', { name: 'Export payments' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/export-dialog-390.png` });
});
