/** User management against the real API: search, create, and the 403 permission modal. */
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('an admin searches users and creates one that then appears in the list', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User management' }).click();
  const rows = page.getByTestId('user-row');
  await expect(rows.first()).toBeVisible();

  // Search by email narrows the list to the one user.
  await page.getByLabel('Search by').selectOption('email');
  await page.getByLabel('Search for').fill('fos@demo.in');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ganesh Shinde');

  // Create: client-side validation first, then the three wizard steps.
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('Name').fill('Priya Kulkarni');
  await dialog.getByLabel('Email').fill('priya.k@demo');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('weak');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await expect(dialog.getByText(/^Password must be at least 8 characters/).first()).toBeVisible();

  await dialog.getByLabel('Email').fill('priya.k@demo.in');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('Strong@123');
  await dialog.getByLabel('Profession').selectOption('telecalling');
  await dialog.getByLabel('Team').fill('Calling East');
  // Her sign-in code comes by SMS in Hindi (issue 13).
  await dialog.getByLabel('SMS language (sign-in code)').selectOption('hi');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Profile').selectOption({ label: 'Telecaller' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByTestId('user-review')).toContainText('priya.k@demo.in');
  await expect(dialog.getByTestId('user-review')).toContainText('हिन्दी');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User created')).toBeVisible();

  await page.getByLabel('Search for').fill('priya.k@demo.in');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Priya Kulkarni');
  await expect(rows.first()).toContainText('Calling East');
});

test('a user without User Management permissions is told plainly that the screen is not theirs', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'fos@demo.in');
  // The menu offers only what the profile grants.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User management' })).toHaveCount(0);
  const home = new URL(page.url());
  await page.goto(`${home.pathname.replace(/\/$/, '')}/user-management${home.search}`);
  // Issue 12: a screen the role cannot use says so plainly (no technical "Permission not found").
  const refused = page.getByTestId('no-access');
  await expect(refused.getByRole('heading', { level: 1 })).toHaveText("You don't have access to this screen");
  await expect(page.getByRole('alertdialog', { name: 'Permission not found' })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});
