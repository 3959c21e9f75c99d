/**
 * The reconciliation exceptions queue (issue 15, e2e at desk and phone size): two offline payments
 * that cannot post by themselves — one for a loan id nobody has, one short of its PTP — appear in
 * the queue with their reasons; the desk user posts the first to the right loan and dismisses the
 * second, each with remarks, and finds them under their new statuses.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const LOAN = 'LN00000083';

async function record(page: Page, data: Record<string, unknown>) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  const res = await page.request.post(`/api/payment/payments?company_id=${COMPANY}`, {
    headers: { authenticationtoken: uat ?? '', 'x-company-id': COMPANY, 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { paid_at: '2026-11-20T11:00:00+05:30', channel: 'neft', ...data },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data as { outcome: string; reason: string | null };
}

test('a desk user posts an unknown-loan payment to the right loan and dismisses a short one, with remarks', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  const stamp = Date.now();
  expect(await record(page, { source: 'upload', source_ref: `UTR${stamp}A`, loan_id: 'LN0000083X', amount_minor: 250000 })).toMatchObject({ outcome: 'exception', reason: 'unknown_loan' });
  expect(await record(page, { source: 'field_receipt', source_ref: `RC${stamp}B`, loan_id: LOAN, amount_minor: 40000, expected_minor: 50000, expected_from: 'ptp' })).toMatchObject({ outcome: 'exception', reason: 'amount_mismatch' });

  await page.goto(`/app/payment-exceptions?company_id=${COMPANY}`);
  await expect(page.getByRole('heading', { name: 'Payment exceptions', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: `UTR${stamp}A` })).toContainText('Unknown loan');
  await expect(table.getByRole('row').filter({ hasText: `RC${stamp}B` })).toContainText('expected Rs 500 (PTP)');
  await page.screenshot({ path: artifact('payment-exceptions-1440.png'), fullPage: true });

  await page.getByRole('button', { name: `Resolve payment UTR${stamp}A` }).click();
  const dialog = page.getByRole('dialog', { name: 'Resolve a payment exception' });
  await dialog.getByLabel('Post to loan').fill(LOAN);
  await dialog.getByLabel('Remarks').fill('Loan id mistyped in the bank statement');
  await page.screenshot({ path: artifact('payment-exceptions-resolve-1440.png') });
  await dialog.getByRole('button', { name: 'Post to the loan' }).click();
  await expect(page.getByText('Payment posted to the loan')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: `UTR${stamp}A` })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('listitem').filter({ hasText: `RC${stamp}B` });
  await expect(card).toContainText('Amount does not match');
  await page.screenshot({ path: artifact('payment-exceptions-390.png'), fullPage: true });
  await card.getByRole('button', { name: `Resolve payment RC${stamp}B` }).click();
  await dialog.getByRole('radiogroup').getByText('Dismiss', { exact: true }).click();
  await dialog.getByLabel('Remarks').fill('Receipt rewritten for the right amount');
  await page.screenshot({ path: artifact('payment-exceptions-resolve-390.png') });
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Exception dismissed')).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel('Status').selectOption('posted');
  await expect(table.getByRole('row').filter({ hasText: `UTR${stamp}A` })).toContainText('Loan id mistyped in the bank statement');
  await expect(table.getByRole('row').filter({ hasText: `UTR${stamp}A` })).toContainText(LOAN);
  await page.getByLabel('Status').selectOption('dismissed');
  await expect(table.getByRole('row').filter({ hasText: `RC${stamp}B` })).toContainText('Receipt rewritten for the right amount');
});
