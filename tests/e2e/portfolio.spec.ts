/**
 * Portfolio end to end against the real server (issue 3): an admin imports a freshly generated
 * allocation file (title row above the header) into a month the demo seed does not use, watches
 * it complete, exports and finds one of its loans and opens its profile, customer and activity; a
 * manager without access_unmasked_data scrolls to the last of 1,000 loans, sorts, filters, saves
 * filters and sees masked mobiles. Screenshots at 1440x900 and 390x844.
 */
import { expect, test, type Page } from '@playwright/test';
import { generateAllocationRows, type AllocationRow } from '../../src/server/seed/allocation-generator';
import { writeAllocationCsv, writeAllocationXlsx } from '../../src/server/seed/allocation-files';
import { artifact, signIn } from './helpers';

const MONTH = '2026-01';
const ROWS = 300;
// Loan ids LN00070001… so they cannot collide with the demo seed's.
const START_INDEX = 70_000;
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * Opens a screen from the side menu on desks, or from the bottom navigation on phones. Chosen by the
 * viewport, not by what is visible at this instant: right after a resize the old navigation may
 * still be on screen for a moment.
 */
async function openMenu(page: Page, name: 'Loans' | 'Bulk operations'): Promise<void> {
  const phone = (page.viewportSize()?.width ?? DESK.width) <= 768;
  await page.getByTestId(phone ? 'bottom-nav' : 'side-menu').getByRole('link', { name }).click();
}

test('an admin imports an allocation file, finds one of its loans and opens its profile', async ({ page }) => {
  test.setTimeout(180_000);
  const rows: AllocationRow[] = [...generateAllocationRows({ country: 'INDIA', count: ROWS, seed: 5, startIndex: START_INDEX })];
  const file = artifact('portfolio-allocation.xlsx');
  await writeAllocationXlsx(file, rows, { titleRow: 'Allocation January 2026' });
  const picked = rows[42];
  const loanId = String(picked['Loan Account No']);
  const name = String(picked['Customer Name']);

  await page.setViewportSize(DESK);
  await signIn(page, 'admin@demo.in');
  await openMenu(page, 'Bulk operations');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk operations' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Import management' })).toHaveAttribute('aria-selected', 'true');

  // Spec 5: a blocked extension is refused before any upload.
  await page.getByLabel('Allocation file').setInputFiles({ name: 'payload.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText('.exe file type is not supported!').first()).toBeVisible();

  await page.getByLabel('Allocation month').fill(MONTH);
  await page.getByLabel('Allocation file').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload' }).click();
  const mapping = page.getByRole('table', { name: 'Column mapping' });
  await expect(mapping).toBeVisible();
  await expect(page.getByTestId('mapping-row')).toHaveCount(Object.keys(rows[0]).length);
  await expect(page.getByLabel('Variable for column Loan Account No')).toHaveValue('loan_id');
  await expect(page.getByLabel('Variable for column Customer Name')).toHaveValue('applicant_name');

  // Unmapping a mandatory column lists the problem and blocks the start.
  await page.getByLabel('Variable for column Customer Name').selectOption('');
  await expect(page.getByText("Mandatory column for 'Applicant Name' is not mapped")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start import' })).toBeDisabled();
  await page.getByLabel('Variable for column Customer Name').selectOption('applicant_name');
  await expect(page.getByRole('button', { name: 'Start import' })).toBeEnabled();
  await page.screenshot({ path: artifact('portfolio-import-mapping-1440.png'), fullPage: true });

  await page.getByRole('button', { name: 'Start import' }).click();
  const progress = page.getByTestId('import-progress');
  await expect(progress.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100', { timeout: 120_000 });
  await expect(progress.getByTestId('status-badge')).toHaveAttribute('data-status', 'completed');
  await expect(progress.getByTestId('import-total')).toHaveText(String(ROWS));
  await expect(progress.getByTestId('import-success')).toHaveText(String(ROWS));
  await expect(page.getByTestId('import-row').first()).toContainText('portfolio-allocation.xlsx');
  await page.screenshot({ path: artifact('portfolio-import-1440.png'), fullPage: true });

  // A CSV with two rows lacking the mandatory name: the mapping is remembered, the import ends
  // partially completed, and the error file with the failed rows downloads.
  const csv = artifact('portfolio-allocation-errors.csv');
  const withErrors = [...generateAllocationRows({ country: 'INDIA', count: 20, seed: 9, startIndex: 80_000 })].map((row, i) => (i < 2 ? { ...row, 'Customer Name': null } : row));
  await writeAllocationCsv(csv, withErrors);
  await page.getByLabel('Allocation month').fill('2026-02');
  await page.getByLabel('Allocation file').setInputFiles(csv);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Remembered mapping')).toBeVisible();
  await page.getByRole('button', { name: 'Start import' }).click();
  await expect(progress.getByTestId('status-badge')).toHaveAttribute('data-status', 'partially_completed', { timeout: 60_000 });
  await expect(progress.getByTestId('import-failed')).toHaveText('2');
  await expect(progress.getByTestId('import-success')).toHaveText('18');
  const errorFile = page.waitForEvent('download');
  await progress.getByRole('button', { name: 'Download the error file of portfolio-allocation-errors.csv' }).click();
  expect((await errorFile).suggestedFilename()).toMatch(/\.(csv|xlsx)$/);

  // The loans list: switch to the imported month and search one of its loans.
  await openMenu(page, 'Loans');
  await expect(page.getByRole('heading', { level: 1, name: 'Loans' })).toBeVisible();
  await page.getByLabel('Allocation month').selectOption(MONTH);
  await expect(page).toHaveURL(new RegExp(`allocation_month=${MONTH}`));
  await expect(page.getByTestId('loans-total')).toHaveText(`${ROWS} loans`);
  await expect(page.getByTestId('loan-row').first()).toBeVisible();
  await page.screenshot({ path: artifact('portfolio-loans-1440.png') });

  // Spec 9: a fourth pinned column is refused.
  await page.getByRole('button', { name: 'Columns' }).click();
  const drawer = page.getByRole('dialog', { name: 'Columns' });
  await drawer.getByRole('button', { name: 'Pin Applicant Name' }).click();
  await drawer.getByRole('button', { name: 'Pin DPD' }).click();
  await drawer.getByRole('button', { name: 'Pin City' }).click();
  await expect(page.getByText('You can pin up to 3 columns')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('columnheader').nth(1)).toContainText('Applicant Name');

  await page.getByLabel('Search', { exact: true }).fill(loanId);
  await expect(page.getByTestId('loans-total')).toHaveText('1 loan');
  await expect(page.getByTestId('loan-row')).toHaveCount(1);
  await expect(page.getByTestId('loan-row')).toContainText(name);

  // Export the current selection (this one loan); the toast says where the file will be.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Find the file under Bulk operations › Export management.')).toBeVisible();

  await page.getByTestId('loan-row').getByRole('link', { name: loanId }).click();

  await expect(page).toHaveURL(/\/app\/customer\/loan-details\?/);
  await expect(page.getByTestId('profile-name')).toHaveText(name);
  await expect(page.getByTestId('loan-header')).toContainText(`Loan Id: ${loanId}`);
  await expect(page.getByTestId('profile-dues')).toHaveText(/^Rs [\d,]+(\.\d\d)?$/);
  await page.screenshot({ path: artifact('portfolio-profile-1440.png'), fullPage: true });

  // The customer of the loan lists it.
  const sections = page.getByRole('navigation', { name: 'Loan and customer' });
  await sections.getByRole('link', { name: 'Customer' }).click();
  await expect(page.getByTestId('profile-name')).toHaveText(name);
  await expect(page.getByRole('link', { name: loanId })).toBeVisible();
  await page.goBack();

  // Activity: a remark with markup is refused here; a plain one is added to the timeline.
  await sections.getByRole('link', { name: 'Activity' }).click();
  await page.getByLabel('Add a remark').fill('<b>call back</b>');
  await page.getByRole('button', { name: 'Save remark' }).click();
  await expect(page.getByText('Remarks cannot contain markup tags')).toBeVisible();
  await page.getByLabel('Add a remark').fill('Customer asked for a call on Monday');
  await page.getByRole('button', { name: 'Save remark' }).click();
  await expect(page.getByTestId('activity-event').first()).toContainText('Customer asked for a call on Monday');

  // Export management lists the export; once completed it downloads with the auth headers.
  await openMenu(page, 'Bulk operations');
  await page.getByRole('tab', { name: 'Export management' }).click();
  const exportRow = page.getByTestId('export-row').first();
  await expect(exportRow.getByTestId('status-badge')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  await expect(exportRow).toContainText(MONTH);
  const download = page.waitForEvent('download');
  await exportRow.getByRole('button', { name: /^Download/ }).click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await page.screenshot({ path: artifact('portfolio-exports-1440.png'), fullPage: true });

  // Phones: cards instead of the table, the profile and the import tab.
  await page.setViewportSize(PHONE);
  await openMenu(page, 'Loans');
  await expect(page.getByTestId('loan-card').first()).toBeVisible();
  await page.screenshot({ path: artifact('portfolio-loans-390.png'), fullPage: true });
  await page.getByTestId('loan-card').first().getByRole('link').click();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.screenshot({ path: artifact('portfolio-profile-390.png'), fullPage: true });
  await openMenu(page, 'Bulk operations');
  await expect(page.getByRole('heading', { level: 2, name: 'Recent imports' })).toBeVisible();
  await page.screenshot({ path: artifact('portfolio-import-390.png'), fullPage: true });
});

test('a manager scrolls, sorts, filters and saves filters on the loans list and sees masked mobiles', async ({ page }) => {
  await page.setViewportSize(DESK);
  await signIn(page, 'area.manager@demo.in');
  await openMenu(page, 'Loans');
  const first = page.getByTestId('loan-row').first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(/\d{2}X{6}\d{2}/);
  await page.screenshot({ path: artifact('portfolio-loans-masked-1440.png') });
  // The table holds every loan of the month: scrolling to the end loads the last page.
  const total = Number((await page.getByTestId('loans-total').innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(200);
  await page.getByTestId('loans-scroll').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.locator(`[data-testid="loan-row"][aria-rowindex="${total + 1}"]`)).toContainText(/LN\d{8}/);
  await page.getByTestId('loans-scroll').evaluate((el) => el.scrollTo({ top: 0 }));

  // Sorting is done by the server: DPD descending puts the most overdue loan first.
  const dpdHeader = page.getByRole('columnheader', { name: /^DPD/ });
  await dpdHeader.getByRole('button').click();
  await expect(dpdHeader).toHaveAttribute('aria-sort', 'ascending');
  await dpdHeader.getByRole('button').click();
  await expect(dpdHeader).toHaveAttribute('aria-sort', 'descending');
  const dpdColumn = await page.getByRole('columnheader').evaluateAll((cells) => cells.findIndex((c) => c.textContent?.startsWith('DPD')));
  const dpdOf = async (row: number) => Number(await page.getByTestId('loan-row').nth(row).getByRole('cell').nth(dpdColumn).innerText());
  await expect.poll(async () => (await dpdOf(0)) >= (await dpdOf(1)) && (await dpdOf(1)) >= (await dpdOf(5))).toBe(true);

  // Filters drawer from the filter config: at least one co-applicant narrows the list to a chip.
  await page.getByRole('button', { name: /^Filters/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  const coApplicants = filters.getByRole('group', { name: 'Number of Co-Applicant Present' });
  await coApplicants.getByLabel('From').fill('1');
  await page.screenshot({ path: artifact('portfolio-filters-1440.png') });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveText('Number of Co-Applicant Present ≥ 1');
  await expect(page.getByTestId('loans-total')).not.toHaveText(`${total.toLocaleString('en-US')} loans`);
  const narrowed = Number((await page.getByTestId('loans-total').innerText()).replace(/\D/g, ''));
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(total);

  // Saved filters: save the applied filters, clear them, apply the saved one again, rename, delete.
  await page.getByRole('button', { name: 'Save filters as…' }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Save filters as…' });
  await saveDialog.getByLabel('Name').fill('With co-applicants');
  await saveDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Filters saved')).toBeVisible();
  await page.getByRole('button', { name: 'Remove filter Number of Co-Applicant Present ≥ 1' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  const saved = page.getByRole('combobox', { name: 'Saved filters' });
  await saved.selectOption({ label: 'With co-applicants' });
  await expect(page.getByTestId('filter-chip')).toHaveText('Number of Co-Applicant Present ≥ 1');
  await page.getByRole('button', { name: 'Rename saved filter' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename saved filter' });
  await renameDialog.getByLabel('Name').fill('Co-applicants present');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expect(saved.locator('option', { hasText: 'Co-applicants present' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete saved filter' }).click();
  await page.getByRole('alertdialog', { name: 'Delete saved filter' }).getByRole('button', { name: 'Delete' }).click();
  await expect(saved.locator('option', { hasText: 'Co-applicants present' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear all' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await first.getByRole('link').first().click();
  await expect(page.getByTestId('profile-name')).toBeVisible();
  const text = await page.locator('main').innerText();
  expect(text).toMatch(/\b\d{2}X{6}\d{2}\b/);
  expect(text).not.toMatch(/\b[6-9]\d{9}\b/);
  await page.screenshot({ path: artifact('portfolio-profile-masked-1440.png'), fullPage: true });

  // Spec 8: a loan id with no details.
  const url = new URL(page.url());
  url.searchParams.set('loan_id', 'NO-SUCH-LOAN');
  url.searchParams.delete('allocation_month');
  await page.goto(url.pathname + url.search);
  await expect(page.getByTestId('no-loan-details')).toHaveText('No loan details found');
});
