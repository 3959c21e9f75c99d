/** Shared steps of the end-to-end tests: sign-in through the real form, artifact paths. */
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO_PASSWORD = 'Demo@1234';
export const ARTIFACTS = join('tests', 'e2e', '.artifacts');
mkdirSync(ARTIFACTS, { recursive: true });

/** Signs in through /login and waits for the app shell to show the user's name. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, base = ''): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app(\/|\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export function artifact(name: string): string {
  return join(ARTIFACTS, name);
}

/**
 * The telecalling supervisor (supervisor@demo.in) on the calling desk's live view, in a browser
 * context of its own (close it when done), and the demo telecaller Priya Nair's row there.
 */
export async function supervisorLiveView(browser: Browser): Promise<{ context: BrowserContext; boss: Page; priya: Locator }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Kolkata' });
  const boss = await context.newPage();
  await signIn(boss, 'supervisor@demo.in');
  await boss.getByRole('link', { name: 'Calling desk' }).first().click();
  await boss.getByTestId('tab-live').click();
  const priya = boss.locator('[data-testid="live-agent"][data-agent="Priya Nair"]');
  await expect(priya).toBeVisible();
  return { context, boss, priya };
}
