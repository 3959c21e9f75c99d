/**
 * Sign-in OTPs through the communication area (issue 13): the forgot-password screen sends the code
 * (email and, with the demo's DLT-registered `OTP` template, SMS) and refuses a wrong one with the
 * server's message; when the code cannot go out at all — the SMS text no longer matches its DLT
 * registration and the company's email server is down — the user is told so on the screen. The
 * company's settings are restored after.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

const COMPANY = 'demo-lender-in';
const USER = 'telecaller@demo.in';

async function startForgotPassword(page: Page) {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  // The sign-in page stands alone (issue 18): the forgot-password form comes with the app, which a
  // fresh browser downloads first. Type into that form, as a person would once it shows.
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await page.getByLabel('Email').fill(USER);
  await page.getByRole('button', { name: 'Send code' }).click();
}

test('forgot password: the code is sent, a wrong code is refused with the reason', async ({ page }) => {
  await startForgotPassword(page);
  await expect(page.getByText('If the account exists, an OTP has been sent')).toBeVisible();
  await page.getByLabel('One-time code').fill('000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid or expired OTP');
});

test('when no channel can carry the OTP (DLT mismatch, email server down) the user is told', async ({ page, browser }) => {
  await signIn(page, 'admin@demo.in');
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  const headers = { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
  const list = await page.request.get(`/api/communication/templates?company_id=${COMPANY}&channel=sms`, { headers });
  const otp = ((await list.json()).data.templates as Array<{ template_id: string; name: string; body: string; dlt: unknown; language: string }>).find((t) => t.name === 'OTP');
  expect(otp, 'the demo OTP template').toBeDefined();
  const put = (body: string) => page.request.put(`/api/communication/templates/${otp!.template_id}?company_id=${COMPANY}`, { headers, data: { name: 'OTP', channel: 'sms', language: otp!.language, body, dlt: otp!.dlt } });
  expect((await put('Your code is {{otp}}.')).ok()).toBe(true);
  const smtp = await page.request.put(`/api/communication/settings?company_id=${COMPANY}`, { headers, data: { email_provider: 'smtp', smtp_host: '127.0.0.1', smtp_port: 9, smtp_secure: false, email_from: 'no-reply@demo.in' } });
  expect(smtp.ok()).toBe(true);
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await startForgotPassword(visitor);
    await expect(visitor.getByRole('alert')).toContainText('We could not send your one-time password. Please try again later or contact your administrator.');
    await expect(visitor.getByLabel('One-time code')).toHaveCount(0);
  } finally {
    await context.close();
    await page.request.put(`/api/communication/settings?company_id=${COMPANY}`, { headers, data: { email_provider: 'local-provider' } });
    await put(otp!.body);
  }
});

test('while the forgot-password form loads nothing can be typed, and the email typed before carries over', async ({ page }) => {
  // The app's chunk held back, as on a slow phone, so the moment between the click and the form is seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-main-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(USER);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Loading…');
  // No field to type into in that moment: what would be typed there could not reach the form.
  await expect(page.getByRole('textbox')).toHaveCount(0);
  release();
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(USER);
});
