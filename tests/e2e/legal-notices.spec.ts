/**
 * Legal notices (issue 17): a lawyer generates loan recall notices for two loans, watches the
 * batch finish, downloads the Merged File (a PDF), records a speed post dispatch with its POD,
 * sends the other notice by WhatsApp, and opens the
 * SARFAESI process tracking where the demo's cases are. Two pages of PDF: kept short for CI.
 *
 * Then at desk size (issue 17 "a lawyer generates notices for a filter, watches progress, downloads
 * the merged file, records a hearing"; after the first test, which starts from no batch): notices
 * for the month's loans past 700 days (the loans list's DPD filter) watched to 100 %, the Merged
 * File, the loan's notice-tracking tab, a hearing with an order and the next date on a demo SARFAESI case (its history, a cost),
 * and the legal portfolio's calendar holding that date.
 *
 * Then exports and imports (spec 4/9): the Notice Tracking Report (CSV) and the notices (ZIP) of
 * the newest batch, NO DATA FOUND for its tracking reports, and a cases file with one row refused
 * into the error file, the opened case on civil process tracking.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

test('a lawyer generates a notice batch, downloads the Merged File and records dispatch', async ({ page }) => {
  await signIn(page, 'lawyer@demo.in');
  await page.getByRole('link', { name: 'Notice tracking' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notice tracking' })).toBeVisible();
  await expect(page.getByText('No notices generated yet.')).toBeVisible();
  // Templates: the built-ins, approved.
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByTestId('template-row').first()).toContainText('Approved');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('notice-templates-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('tab', { name: 'Batches' }).click();

  // The form dialog (components/form-dialog.tsx): labelled by its title, Escape closes it and gives
  // the focus back to the button that opened it.
  await page.getByTestId('generate-notices').click();
  const dialog = page.getByRole('dialog', { name: 'Generate notices' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('generate-notices')).toBeFocused();
  await page.getByTestId('generate-notices').click();
  await page.getByTestId('batch-template').selectOption({ label: 'Loan recall notice · v1' });
  await page.getByTestId('batch-language').selectOption('en');
  await page.getByTestId('batch-loan-ids').fill('LN00000001\nLN00000002');
  await page.getByTestId('batch-submit').click();
  await expect(page.getByText('Notice generation started')).toBeVisible();

  // The list polls until the job is done.
  const row = page.getByTestId('batch-row').first();
  await expect(row.getByTestId('notice-status')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(row.getByTestId('batch-counts')).toHaveText('2 generated · 0 failed · 0 no data · 2 in all');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Download the Merged File/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/_merged\.pdf$/);
  expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');

  // Each notice of the batch, with its dispatch.
  const detail = page.getByTestId('batch-detail');
  await expect(detail.getByTestId('notice-row')).toHaveCount(2);
  const first = detail.getByTestId('notice-row').first();
  await first.getByRole('textbox', { name: 'Tracking number' }).fill('EE123456789IN');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dispatch recorded')).toBeVisible();

  // The speed post's proof of delivery, uploaded against the notice and listed with it.
  const docs = first.getByTestId('notice-documents');
  await docs.getByTestId('pod-file').setInputFiles({ name: 'pod-EE123456789IN.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
  await expect(docs.getByTestId('notice-document')).toHaveText('POD: pod-EE123456789IN.pdf');
  // The courier's tracking (the local courier adapter): posted today, so still in transit; its events kept as a Tracking Report.
  await docs.getByTestId('read-tracking').click();
  await expect(page.getByText('In transit: not delivered yet')).toBeVisible();
  await expect(docs.getByTestId('notice-document').filter({ hasText: 'Tracking Report: courier_tracking_EE123456789IN.csv' })).toBeVisible();

  // The second notice goes by WhatsApp with its PDF: sent, or — outside the contact hours the
  // suite may run in — refused by the compliance check with the reason shown on the row.
  const second = detail.getByTestId('notice-row').nth(1);
  await second.getByTestId('send-whatsapp').click();
  const sent = second.getByTestId('dispatch-status');
  await expect(sent).toHaveAttribute('data-status', /^(dispatched|delivered|blocked)$/);
  if ((await sent.getAttribute('data-status')) === 'blocked') await expect(second.getByTestId('dispatch-reason')).toContainText(/Contact is allowed only between/);
  else await expect(sent).toHaveText(/Dispatched|Delivered/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('notice-tracking-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('notice-tracking-390.png'), fullPage: true });

  // Process tracking: the demo's SARFAESI cases, next hearing first.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/process-tracking/sarfaesi');
  await expect(page.getByRole('heading', { level: 1, name: 'Process tracking' })).toBeVisible();
  await expect(page.getByTestId('case-row')).toHaveCount(2);
  // Limitation from the loan's date of default (SARFAESI: 12 years) beside the statutory deadline.
  await expect(page.getByTestId('case-limitation').first()).toContainText(/^Limitation \d{4}-\d{2}-\d{2}$/);
  await page.screenshot({ path: artifact('process-tracking-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('process-tracking-390.png'), fullPage: true });
});

test('at desk size, a lawyer generates notices for a filter, downloads the Merged File and records a hearing', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'lawyer@demo.in');
  await page.goto('/app/notice-tracking');
  await expect(page.getByRole('heading', { level: 1, name: 'Notice tracking' })).toBeVisible();

  await page.getByTestId('generate-notices').click();
  await page.getByTestId('batch-template').selectOption({ label: 'Loan recall notice · v1' });
  await page.getByTestId('batch-scope').selectOption('filter');
  await page.getByTestId('batch-dpd-min').fill('700');
  await expect(page.getByTestId('batch-more-filters')).toBeEnabled();
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
  const noticed = (await page.getByTestId('batch-detail').getByTestId('notice-row').first().locator('td').first().textContent())!.trim();

  // The loan's notice-tracking tab (spec 2 /app/customer/notice-tracking) lists that notice.
  await page.goto(`/app/customer/notice-tracking?loan_id=${noticed}`);
  await expect(page.getByRole('heading', { level: 1, name: `Notices and cases of loan ${noticed}` })).toBeVisible();
  await expect(page.getByTestId('loan-notice').first()).toContainText('Loan recall notice');
  await expect(page.getByTestId('loan-notice').first().getByTestId('notice-status')).toHaveAttribute('data-status', 'success');

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
  // An acknowledgment of the debt signed today restarts the limitation (Limitation Act s.18); the panel says why.
  const signed = new Date().toISOString().slice(0, 10);
  await expect(panel.getByTestId('case-limitation')).toContainText(/^Limitation \d{4}-\d{2}-\d{2} · (from the date of default|restarted by (part payment|acknowledgment) on) /);
  await panel.getByTestId('ack-date').fill(signed);
  await panel.getByTestId('ack-remarks').fill('Balance confirmation signed by the borrower');
  await panel.getByTestId('ack-submit').click();
  await expect(page.getByText('Acknowledgment recorded')).toBeVisible();
  await expect(panel.getByTestId('ack-row').first()).toContainText(`${signed} · Balance confirmation signed by the borrower`);
  // SARFAESI: 12 years from the day it was signed.
  await expect(panel.getByTestId('case-limitation')).toHaveText(`Limitation ${Number(signed.slice(0, 4)) + 12}${signed.slice(4)} · restarted by acknowledgment on ${signed}`);
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

test('a lawyer exports the Notice Tracking Report and the notices, and imports cases with an error file', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'lawyer@demo.in');
  await page.goto('/app/notice-tracking');
  await expect(page.getByTestId('batch-row').first()).toBeVisible();

  // Reports (spec 9): the Notice Tracking Report of the newest batch, QUEUED → SUCCESS, as CSV.
  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page.getByText('No export yet.')).toBeVisible();
  await page.getByTestId('export-report-Reports').selectOption({ label: 'Notice Tracking Report' });
  await page.getByTestId('export-submit-Reports').click();
  await expect(page.getByText('Export queued')).toBeVisible();
  const report = page.getByTestId('export-row').first();
  await expect(report.getByTestId('export-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 30_000 });
  await expect(report.getByTestId('export-status')).toHaveText('SUCCESS');
  const [csv] = await Promise.all([page.waitForEvent('download'), report.getByRole('button', { name: /^Download notice_tracking_report_/ }).click()]);
  const lines = readFileSync((await csv.path())!, 'utf8').trim().split('\n');
  expect(lines[0]).toContain('Notice ID,Batch ID,Loan ID');
  expect(lines.length).toBeGreaterThan(1);
  await page.screenshot({ path: artifact('notice-reports-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('notice-reports-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Documents: the notices of the batch as a ZIP; the batch's Tracking Reports: none, NO DATA FOUND.
  await page.getByRole('tab', { name: 'Documents' }).click();
  await page.getByTestId('export-report-Documents').selectOption({ label: 'Notice' });
  await page.getByTestId('export-submit-Documents').click();
  const docs = page.getByTestId('export-row').first();
  await expect(docs.getByTestId('export-status')).toHaveAttribute('data-status', 'SUCCESS', { timeout: 60_000 });
  const [zip] = await Promise.all([page.waitForEvent('download'), docs.getByRole('button', { name: /^Download notice_/ }).click()]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  expect(readFileSync((await zip.path())!).subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  await page.getByTestId('export-report-Documents').selectOption({ label: 'Tracking Report' });
  await page.getByTestId('export-submit-Documents').click();
  await expect(page.getByTestId('export-row')).toHaveCount(2);
  await expect(page.getByTestId('export-row').first().getByTestId('export-status')).toHaveAttribute('data-status', 'NO DATA FOUND', { timeout: 30_000 });
  await page.screenshot({ path: artifact('notice-documents-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('notice-documents-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Imports: a cases file, one row opened, one refused (a stage not of the type) into the error file.
  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(page.getByText('No import yet.')).toBeVisible();
  await expect(page.getByTestId('import-columns')).toContainText('loan_id, process_type, allocation_month');
  const month = new Date().toISOString().slice(0, 7);
  const file = `loan_id,process_type,allocation_month,stage,court\nLN00000003,civil,${month},,City Civil Court Mumbai\nLN00000004,civil,${month},award,\n`;
  await page.getByTestId('import-file').setInputFiles({ name: 'cases.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expect(page.getByText('Import started')).toBeVisible();
  const imp = page.getByTestId('import-row').first();
  await expect(imp.getByTestId('notice-status')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(imp.getByTestId('import-counts')).toHaveText('2 rows · 1 applied · 1 not applied');
  const [errors] = await Promise.all([page.waitForEvent('download'), imp.getByRole('button', { name: 'Download the rows of cases.csv not applied' }).click()]);
  expect(readFileSync((await errors.path())!, 'utf8')).toContain('Unknown stage for civil: award');
  await page.screenshot({ path: artifact('legal-imports-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('legal-imports-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The case the import opened is on the civil process tracking.
  await page.goto('/app/process-tracking/civil');
  await expect(page.getByTestId('case-row').filter({ hasText: 'LN00000003' })).toContainText('City Civil Court Mumbai');
});
