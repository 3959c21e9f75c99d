/**
 * Legal at desk size (issue 17 "e2e at desk size: a lawyer generates notices for a filter, watches
 * progress, downloads the merged file, records a hearing"): lawyer@demo.in generates loan recall
 * notices for the month's loans past 700 days (the loans list's DPD filter), watches the batch reach
 * 100 %, downloads the Merged File, then records a hearing with an order and the next date on a
 * demo SARFAESI case, sees it in the case's history and in the legal portfolio's calendar.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

test.use({ viewport: { width: 1440, height: 900 } });

test('a lawyer generates notices for a filter, downloads the Merged File and records a hearing', async ({ page }) => {
  await signIn(page, 'lawyer@demo.in');
  await page.goto('/app/notice-tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Notice tracking' })).toBeVisible();

  await page.getByTestId('generate-notices').click();
  await page.getByTestId('batch-template').selectOption({ label: 'Loan recall notice · v1' });
  await page.getByTestId('batch-scope').selectOption('filter');
  await page.getByTestId('batch-dpd-min').fill('700');
  await page.getByTestId('batch-submit').click();
  await expect(page.getByText('Notice generation started')).toBeVisible();

  const row = page.getByTestId('batch-row').first();
  await expect(row.getByTestId('notice-status')).toHaveAttribute('data-status', 'success', { timeout: 60_000 });
  await expect(row).toContainText('100%');
  const counts = (await row.getByTestId('batch-counts').textContent()) ?? '';
  const [, generated, total] = /^(\d+) generated · 0 failed · 0 no data · (\d+) in all$/.exec(counts) ?? [];
  expect(Number(generated)).toBeGreaterThan(0);
  expect(generated).toBe(total);
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Download the Merged File/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/_merged\.pdf$/);
  expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByTestId('batch-detail').getByTestId('notice-row')).toHaveCount(Number(total));

  // A demo SARFAESI case: its history, a hearing recorded with an order and the next date.
  await page.goto('/app/process-tracking/sarfaesi');
  const caseRow = page.getByTestId('case-row').first();
  const loanId = (await caseRow.locator('td').first().locator('p').first().textContent())!.trim();
  await caseRow.getByTestId('case-open').click();
  const panel = page.getByTestId('case-panel');
  await expect(panel.getByRole('heading', { name: `Case of loan ${loanId}` })).toBeVisible();
  const before = await panel.getByTestId('hearing-row').count();
  const next = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await panel.getByTestId('hearing-next').fill(next);
  await panel.getByTestId('hearing-proceedings').fill('Borrower absent; matter proceeded ex parte');
  await panel.getByTestId('hearing-order').fill('Reply within two weeks');
  await panel.getByTestId('hearing-submit').click();
  await expect(page.getByText('Hearing recorded')).toBeVisible();
  await expect(panel.getByTestId('hearing-row')).toHaveCount(before + 1);
  await expect(panel.getByTestId('hearing-row').first()).toContainText('Reply within two weeks');
  await expect(panel.getByText(`Next hearing ${next}`)).toBeVisible();
  await panel.getByTestId('cost-amount').fill('1,250.50');
  await panel.getByTestId('cost-submit').click();
  await expect(panel.getByTestId('cost-row').first()).toContainText('1,250.50');
  await page.screenshot({ path: artifact('case-panel-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('case-panel-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The legal portfolio: counts, next hearings, and the month's calendar with the new date.
  await page.goto('/app/legal-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Legal portfolio' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Type and stage' })).toContainText('SARFAESI');
  const now = new Date().toISOString().slice(0, 7);
  const months = (Number(next.slice(0, 4)) - Number(now.slice(0, 4))) * 12 + Number(next.slice(5, 7)) - Number(now.slice(5, 7));
  for (let i = 0; i < months; i++) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: `Hearings and deadlines, ${next.slice(0, 7)}` })).toBeVisible();
  await expect(page.getByTestId('legal-calendar')).toContainText(next);
  await expect(page.getByTestId('calendar-entry').filter({ hasText: loanId })).toContainText('Hearing');
  await page.screenshot({ path: artifact('legal-portfolio-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('legal-portfolio-390.png'), fullPage: true });
});
