/**
 * Phone (390x844) and desk (1440x900) layouts (spec 9: mobile at most 768 px), with screenshots
 * of login, shell and user management saved to tests/e2e/.artifacts/ for review.
 */
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desk', width: 1440, height: 900 },
] as const;

for (const size of SIZES) {
  test(`${size.name} layout (${size.width}x${size.height})`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await page.screenshot({ path: artifact(`login-${size.name}.png`), fullPage: true });

    await signIn(page, 'admin@demo.in');
    await expect(page.getByTestId('company-card')).toContainText('Sahyadri Finance Ltd');
    const side = page.getByTestId('side-menu');
    const bottom = page.getByTestId('bottom-nav');
    if (size.name === 'phone') {
      await expect(bottom).toBeVisible();
      await expect(side).toHaveCount(0);
      await expect(bottom.getByRole('link', { name: 'Home' })).toBeVisible();
    } else {
      await expect(side).toBeVisible();
      await expect(bottom).toHaveCount(0);
    }
    // Nothing may overflow sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: artifact(`shell-${size.name}.png`), fullPage: true });

    const url = new URL(page.url());
    await page.goto(`${url.pathname.replace(/\/$/, '')}/user-management${url.search}`);
    await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
    if (size.name === 'phone') await expect(page.getByTestId('user-card').first()).toBeVisible();
    else await expect(page.getByTestId('user-row').first()).toBeVisible();
    const overflowUsers = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflowUsers).toBeLessThanOrEqual(0);
    await page.screenshot({ path: artifact(`user-management-${size.name}.png`), fullPage: true });
  });
}
