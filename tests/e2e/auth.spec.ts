/** Sign-in, the shell, sign-out with `next`, and a wrong password (issue 2 "End-to-end"). */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

test('a company admin signs in, sees the shell and signs out to /login?next=…', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  // Single-company admins land on their company's ui version (spec 2: demo-lender-in is v1).
  await expect(page).toHaveURL(/\/v1\/app\?company_id=demo-lender-in$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Anita Deshpande');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'User management' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Roles' })).toBeVisible();
  await expect(page.getByTestId('company-name')).toHaveText('Sahyadri Finance Ltd');
  await expect(page.getByTestId('company-card')).toContainText('INR');

  await menu.getByRole('link', { name: 'User management' }).click();
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
  const before = new URL(page.url());
  const expectedNext = before.pathname + before.search;

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === expectedNext);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => localStorage.getItem('uat'))).toBeNull();
});

test('the user menu signs out from the keyboard too', async ({ page }) => {
  await signIn(page, 'admin@demo.in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Anita Deshpande');
  await page.getByTestId('user-menu').focus();
  await page.keyboard.press('Enter');
  const item = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(item).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(item).toHaveAttribute('data-highlighted', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/v1/app?company_id=demo-lender-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.waitForLoadState('load');
  expect(await page.evaluate(() => localStorage.getItem('uat'))).toBeNull();
});

test('a wrong password shows the server error and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('admin@demo.in');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`${DEMO_PASSWORD}x`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('uat'))).toBeNull();
});

test('signing in after a sign-out returns to the page in next', async ({ page }) => {
  await page.goto('/login?next=' + encodeURIComponent('/v1/app/roles?company_id=demo-lender-in'));
  await page.getByLabel('Email').fill('admin@demo.in');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/v1\/app\/roles\?company_id=demo-lender-in$/);
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
});

test('the app answers under /app, /v1/app and /v2/app, and another prefix is not found', async ({ page }) => {
  await signIn(page, 'admin@demo.in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Anita Deshpande');
  // One route serves the three prefixes (router.tsx AppPrefix); demo-lender-in is a v1 company.
  await page.goto('/app/roles?company_id=demo-lender-in');
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await expect(page).toHaveURL(/\/v1\/app\/roles\?company_id=demo-lender-in$/);
  await page.goto('/v2/app/roles?company_id=demo-lender-in');
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  await page.goto('/v3/app/roles?company_id=demo-lender-in');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Roles' })).toHaveCount(0);
});

test('an unsafe next is ignored', async ({ page }) => {
  await page.goto('/login?next=' + encodeURIComponent('//evil.example/x'));
  await page.getByLabel('Email').fill('admin@demo.in');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/localhost:\d+\/v1\/app\?company_id=demo-lender-in$/);
});

test('/login/sso shows that SSO is not configured', async ({ page }) => {
  await page.goto('/login/sso');
  await page.getByLabel('Email').fill('admin@demo.in');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('sso-result')).toHaveText('SSO is not configured for this company');
});

test('a ?token= link signs in only after the user sees the account and continues; other keys are ignored', async ({ browser }) => {
  // The link's session: a real one of the telecaller.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signIn(ownerPage, 'telecaller@demo.in');
  const uat = await ownerPage.evaluate(() => localStorage.getItem('uat'));
  expect(uat).toBeTruthy();
  await owner.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  // The link claims another email and carries a key spec 3 does not name.
  const token = Buffer.from(JSON.stringify({ uat, email: 'admin@demo.in', isAdmin: 'true', country_login: 'INDONESIA' })).toString('base64');
  await page.goto(`/app/customer-loans?company_id=demo-lender-in&token=${token}`);
  await expect(page).toHaveURL((url) => url.pathname === '/login/link' && url.searchParams.get('next') === '/app/customer-loans?company_id=demo-lender-in');
  // The server's account for the token, not the link's claim.
  await expect(page.getByTestId('link-account')).toContainText('Priya Nair');
  await expect(page.getByTestId('link-account')).toContainText('telecaller@demo.in');
  const stored = await page.evaluate(() => ({ uat: localStorage.getItem('uat'), isAdmin: localStorage.getItem('isAdmin'), country: localStorage.getItem('country_login') }));
  expect(stored).toEqual({ uat: null, isAdmin: null, country: 'INDONESIA' });

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('uat'))).toBeNull();

  await page.goto(`/app?token=${token}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/app/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Priya Nair');
  expect(await page.evaluate(() => [localStorage.getItem('uat'), localStorage.getItem('email')])).toEqual([uat, 'telecaller@demo.in']);
  await context.close();
});
