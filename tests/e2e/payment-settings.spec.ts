/**
 * Payment settings (issue 15; spec 2 payments onboarding and biller management, spec 3 sections,
 * spec 5 payment-setting text rule), at desk size and on a phone: the page opens on the payment
 * link tab and its payment settings charges tab; tabs move with the arrow keys; a charge label
 * ending with a period shows 'Special characters not allowed at the start or end.' under the field;
 * a saved section shows its values after a reload; a biller is added and deactivated.
 */
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const SPECIAL = 'Special characters not allowed at the start or end.';

test('payment settings: default tabs, keyboard tabs, the special-characters error, a section saved and read back, billers', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.goto(`/app/payment-settings?company_id=${COMPANY}`);
  await expect(page.getByRole('heading', { name: 'Payment settings', level: 1 })).toBeVisible();

  const parents = page.getByRole('tablist', { name: 'Payment settings' });
  const children = page.getByRole('tablist', { name: 'Payment link' });
  await expect(parents.getByRole('tab', { name: 'Payment link' })).toHaveAttribute('aria-selected', 'true');
  await expect(children.getByRole('tab', { name: 'Payment settings charges' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Payment settings charges' });
  await expect(form.getByText('Not saved yet: showing the defaults.')).toBeVisible();

  // Keyboard: the arrow keys move between parent tabs and between child tabs.
  await parents.getByRole('tab', { name: 'Payment link' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(parents.getByRole('tab', { name: 'Recurring' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tablist', { name: 'Recurring' }).getByRole('tab', { name: 'Recurring configuration' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('form', { name: 'Recurring configuration' }).getByLabel('Recurring mode')).toHaveValue('enach');
  await page.keyboard.press('ArrowLeft');
  await expect(parents.getByRole('tab', { name: 'Payment link' })).toHaveAttribute('aria-selected', 'true');
  await children.getByRole('tab', { name: 'Payment settings charges' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(children.getByRole('tab', { name: 'Backend charges' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(children.getByRole('tab', { name: 'Payment settings charges' })).toHaveAttribute('aria-selected', 'true');

  // A label ending with a period is refused with the spec's message, under the field.
  await form.getByLabel('Charge label shown to the borrower').fill('Collection fee.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(SPECIAL)).toBeVisible();
  await page.screenshot({ path: artifact('payment-settings-special-1440.png') });

  await form.getByLabel('Charge label shown to the borrower').fill('Collection fee');
  await form.getByText('Active', { exact: true }).click();
  await form.getByLabel('Charge unit').selectOption('percentage');
  await form.getByLabel('Charge (%)').fill('1.75');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment settings saved').first()).toBeVisible();
  await expect(form.getByText(SPECIAL)).toHaveCount(0);

  await page.reload();
  const again = page.getByRole('form', { name: 'Payment settings charges' });
  await expect(again.getByLabel('Charge label shown to the borrower')).toHaveValue('Collection fee');
  await expect(again.getByLabel('Charge unit')).toHaveValue('percentage');
  await expect(again.getByLabel('Charge (%)')).toHaveValue('1.75');
  await expect(again.getByRole('checkbox', { name: 'Active' })).toBeChecked();
  await expect(again.getByText(/^Last saved/)).toBeVisible();
  await page.screenshot({ path: artifact('payment-settings-1440.png'), fullPage: true });

  // Billers: the empty list, one added, then deactivated.
  await parents.getByRole('tab', { name: 'Billers' }).click();
  await expect(page.getByText('No biller yet. Add one below.')).toBeVisible();
  await page.getByLabel('Biller name').fill('Sahyadri Finance Loans');
  await page.getByLabel('Biller ID / code').fill('SAHY00001');
  await page.getByRole('button', { name: 'Add biller' }).click();
  const row = page.getByRole('row', { name: /Sahyadri Finance Loans/ });
  await expect(row).toContainText('SAHY00001');
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row).toContainText('Inactive');
  await page.screenshot({ path: artifact('payment-settings-billers-1440.png'), fullPage: true });

  // On a phone the tab rows scroll and the form stacks.
  await page.setViewportSize({ width: 390, height: 844 });
  await parents.getByRole('tab', { name: 'Payment link' }).click();
  await expect(page.getByRole('form', { name: 'Payment settings charges' })).toBeVisible();
  await page.screenshot({ path: artifact('payment-settings-390.png'), fullPage: true });
});
