/**
 * Compliance (issue 13): a manager narrows the company's contact hours, and the "Check a contact"
 * dry run then refuses a call inside the old hours, showing the rule's message.
 */
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

// The "When" field is the browser's local time: run the browser on IST like the lender's staff.
test.use({ timezoneId: 'Asia/Kolkata' });

test('a manager edits the contact hours and a dry-run check shows the refusal reason', async ({ page }) => {
  await signIn(page, 'manager@demo.in');
  await page.getByRole('link', { name: 'Contact compliance' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact compliance' })).toBeVisible();

  // The law's limit is shown and the default is the legal window.
  await expect(page.getByText(/India \(RBI\): calls, messages and visits only 08:00–19:00 IST/)).toBeVisible();
  const end = page.getByTestId('contact-end');
  await expect(end).toHaveValue('19:00');

  // Past the law is refused with the server's message; narrower is saved.
  await end.fill('19:30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Contact hours must stay within 08:00–19:00' })).toBeVisible();
  await end.fill('18:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Compliance rules saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Check a contact' }).click();
  await page.getByTestId('check-loan-id').fill('LN00000001');
  await page.getByTestId('check-channel').selectOption('call');
  await page.getByTestId('check-at').fill('2026-11-23T18:30');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const decision = page.getByTestId('compliance-decision');
  await expect(decision).toContainText('Blocked');
  await expect(decision).toContainText('Contact is allowed only between 08:00 and 18:00 IST; it is 18:30 for the borrower');
  await expect(decision).toContainText('2026-11-23 18:30 (Asia/Kolkata)');

  // Inside the new hours the same call is allowed.
  await page.getByTestId('check-at').fill('2026-11-23T17:30');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(decision).toContainText('Allowed');

  // A loan the company does not have is refused with the server's message.
  await page.getByTestId('check-loan-id').fill('NO-SUCH-LOAN');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No loan details found' })).toBeVisible();

  // Screenshots of the rules tab on a desk and a phone (docs/adding-an-area.md).
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByTestId('contact-end')).toHaveValue('18:00');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: artifact('compliance-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('compliance-390.png'), fullPage: true });
});

test('an admin registers a DLT template by category and grants an SMS override with a reason', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.getByRole('link', { name: 'Contact compliance' }).first().click();

  await page.getByRole('tab', { name: 'DLT templates' }).click();
  const register = page.getByRole('form', { name: 'Register template' });
  await register.getByLabel('DLT content template ID').fill('1107169999000011111');
  await register.getByLabel('Principal entity ID').fill('1101169999000000001');
  await register.getByLabel('Sender header').fill('RCVOPS');
  await register.getByLabel('Category').selectOption({ label: 'Transactional' });
  await register.getByLabel('Registered text').fill('Dear {#var#}, your EMI of {#var#} is due. - RCVOPS');
  await register.getByRole('button', { name: 'Register template' }).click();
  const template = page.getByRole('row').filter({ hasText: '1107169999000011111' });
  await expect(template).toContainText('Transactional');
  await expect(template).toContainText('RCVOPS');

  await page.getByRole('tab', { name: 'Overrides' }).click();
  const grant = page.getByRole('form', { name: 'Grant override' });
  await grant.getByLabel('Loan ID').fill('LN00000009');
  await grant.getByLabel('Channel').selectOption({ label: 'SMS' });
  await grant.getByLabel('Reason').fill('Borrower asked for a receipt by SMS at 20:30');
  await grant.getByRole('button', { name: 'Grant override' }).click();
  await expect(page.getByText('Override granted for loan LN00000009')).toBeVisible();
  const override = page.getByTestId('override').filter({ hasText: 'LN00000009' });
  await expect(override).toContainText('SMS');
  await expect(override).toContainText('Not used');
});
