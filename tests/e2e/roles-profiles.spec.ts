/**
 * Roles and profiles (spec 6 role wizard and profile wizard) against the real API: the two-step
 * wizards validate the name, create a role under another and a profile with two granted actions,
 * and the lists show them.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('an admin creates a role that reports to another, then edits its description', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.goto('/v1/app/roles?company_id=demo-lender-in');
  const tree = page.getByRole('tree', { name: 'Role hierarchy' });
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  const parent = (await tree.getByRole('treeitem').first().locator('p').first().textContent())!.trim();

  await page.getByRole('button', { name: 'Create role' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await expect(dialog.getByText('Step 1 of 2')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Role name').fill('Recovery lead East');
  await dialog.getByLabel('Description').fill('Leads the east zone');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 2')).toBeVisible();
  await dialog.getByLabel('Reports to').selectOption({ label: parent });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Role saved')).toBeVisible();
  const created = tree.getByRole('treeitem').filter({ hasText: 'Recovery lead East' });
  await expect(created).toHaveAttribute('aria-level', '2');

  // Back keeps what was typed; the edit saves the new description.
  await created.getByRole('button', { name: 'Edit Recovery lead East' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit role' });
  await expect(edit.getByLabel('Role name')).toHaveValue('Recovery lead East');
  await edit.getByLabel('Description').fill('Leads the east and north-east zones');
  await edit.getByRole('button', { name: 'Next' }).click();
  await expect(edit.getByLabel('Reports to')).toHaveValue(/.+/);
  await edit.getByRole('button', { name: 'Back' }).click();
  await expect(edit.getByLabel('Description')).toHaveValue('Leads the east and north-east zones');
  await edit.getByRole('button', { name: 'Next' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(created).toContainText('Leads the east and north-east zones');
});

test('an admin creates a profile with two granted actions from the permissions matrix', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.goto('/v1/app/profiles?company_id=demo-lender-in');
  await page.getByRole('button', { name: 'Create profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create profile' });
  await expect(dialog.getByText('Step 1 of 2 · Name and description')).toBeVisible();
  await dialog.getByLabel('Profile name').fill('Legal reviewer');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Step 2 of 2 · Permissions')).toBeVisible();
  const matrix = dialog.getByRole('table', { name: 'Permissions' });
  await matrix.getByRole('checkbox').nth(0).check({ force: true });
  await matrix.getByRole('checkbox').nth(2).check({ force: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Profile saved')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Legal reviewer' });
  await expect(card).toContainText('2 actions granted');
  await expect(card).toContainText('0 users');
});
