/**
 * Approvals and settlement tracking at desk size (issue 16): the telecalling supervisor sees the
 * settlement waiting for them in the approvals inbox (counted per type), approves its first level
 * with remarks (the amount adds the collection head's level, which is not theirs);
 * the collection head opens /app/settlement-tracking, filters, opens the settlement above 20 %
 * waiver that waits for them, reads its trail and instalments, approves it there, and exports the
 * Settlement Report (a job that ends COMPLETED). The demo seeds the three settlements.
 */
import { expect, test } from '@playwright/test';
import { artifact, signIn } from './helpers';

test('a supervisor decides a settlement in the approvals inbox', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'supervisor@demo.in');
  await page.getByRole('link', { name: 'Approvals' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  await expect(page.getByTestId('count-settlement')).toContainText('1');
  const row = page.getByTestId('approval-row').filter({ hasText: 'LN00000013' });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'LN00000013' }).click();
  const detail = page.getByTestId('request-detail');
  await expect(detail.getByTestId('trail-step')).toHaveCount(1);
  await expect(detail.getByTestId('decision-approve')).toBeDisabled();
  await detail.getByTestId('decision-remarks').fill('Spoke to the borrower; stock sale confirmed');
  await page.screenshot({ path: artifact('approvals-inbox-1440.png'), fullPage: true });
  await detail.getByTestId('decision-approve').click();
  // Above Rs 5,00,000 the demo chain adds the collection head: level 1 done, level 2 is not the supervisor's.
  await expect(detail.getByText('Awaiting level 2 of 2: Collection head')).toBeVisible();
  await expect(detail.getByTestId('trail-step')).toHaveCount(2);
  await expect(detail.getByText('Waiting for another approver.')).toBeVisible();
  await expect(page.getByText('Nothing waiting for your decision.')).toBeVisible();
  await expect(page.getByTestId('count-settlement')).toContainText('0');
});

test('the collection head approves the second level in settlement tracking and exports the Settlement Report', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'manager@demo.in');
  await page.getByRole('link', { name: 'Settlement tracking' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement tracking' })).toBeVisible();
  await expect(page.getByTestId('settlement-row')).toHaveCount(3);
  // Waiting for the collection head: the demo's 40 % waiver and the one the supervisor passed in the first test.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('pending_approval');
  await expect(page.getByTestId('settlement-row')).toHaveCount(2);
  await page.getByRole('button', { name: 'LN00000012' }).click();
  const detail = page.getByTestId('settlement-detail');
  await expect(detail.getByTestId('instalments').getByRole('row')).toHaveCount(4);
  const trail = detail.getByTestId('approval-trail');
  await expect(trail.getByTestId('trail-step')).toHaveCount(2);
  await expect(trail).toContainText('Rahul Menon');
  await trail.getByTestId('decision-remarks').fill('Within the collection head’s waiver limit');
  await page.screenshot({ path: artifact('settlement-tracking-1440.png'), fullPage: true });
  await trail.getByTestId('decision-approve').click();
  await expect(trail.getByTestId('trail-step')).toHaveCount(3);
  await expect(trail).toContainText('Meera Joshi');
  // Approved: the letter can go to the borrower by WhatsApp with its PDF (compliance-checked: outside
  // 08:00–19:00 IST the answer says it was not sent and why).
  const sendLetter = detail.getByTestId('settlement-letter-send-whatsapp');
  await expect(sendLetter).toBeVisible();
  await sendLetter.click();
  await expect(page.getByText(/^(Settlement letter sent|Contact is allowed only between 08:00 and 19:00 IST.*)$/).first()).toBeVisible();
  await page.screenshot({ path: artifact('settlement-letter-sent-1440.png'), fullPage: false });
  // Approved now: the demo's one-time settlement and this one.
  await page.getByRole('combobox', { name: 'Status' }).selectOption('approved');
  await expect(page.getByTestId('settlement-row')).toHaveCount(2);

  const exports = page.getByTestId('settlement-exports');
  await exports.getByRole('button', { name: 'Settlement Report' }).click();
  await expect(exports.getByTestId('export-row').first()).toContainText('COMPLETED', { timeout: 30_000 });
  await page.screenshot({ path: artifact('settlement-tracking-export-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('settlement-tracking-390.png'), fullPage: true });
});

test('the collection head proposes a settlement in three instalments and sees them on its detail', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'manager@demo.in');
  await page.getByRole('link', { name: 'Settlement tracking' }).first().click();
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const form = page.getByTestId('propose-form');
  await form.getByLabel('Loan ID').fill('LN00000014');
  await form.getByLabel('Type').selectOption('instalments');
  await form.getByLabel('Settlement amount').fill('3000.01');
  await form.getByLabel('Valid until').fill(day(90));
  const schedule = form.getByTestId('instalment-schedule');
  await schedule.getByLabel('Number of instalments').fill('3');
  await schedule.getByLabel('First due date').fill(day(10));
  await schedule.getByLabel('Days between instalments').fill('30');
  await schedule.getByTestId('schedule-build').click();
  await expect(schedule.getByTestId('schedule-row')).toHaveCount(3);
  // The paisa left over by the division goes to the first instalment.
  await expect(schedule.getByLabel('Instalment 1 amount')).toHaveValue('1000.01');
  await expect(schedule.getByTestId('schedule-total')).toHaveText('Scheduled Rs 3,000.01 of Rs 3,000.01');
  await form.getByLabel('Reason').fill('Salary resumes next month; pays in three parts');
  // A schedule that does not add up is refused on the form, before the server.
  await schedule.getByLabel('Instalment 2 amount').fill('900');
  await expect(schedule.getByTestId('schedule-problems')).toContainText('The instalments add up to Rs 2,900.01; the settlement amount is Rs 3,000.01.');
  await expect(form.getByTestId('propose-submit')).toBeDisabled();
  await page.screenshot({ path: artifact('settlement-propose-instalments-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('settlement-propose-instalments-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await schedule.getByLabel('Instalment 2 amount').fill('1000');
  await expect(schedule.getByTestId('schedule-problems')).toHaveCount(0);
  await form.getByTestId('propose-submit').click();
  await expect(page.getByText('Settlement sent for approval')).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByRole('search').getByLabel('Loan ID').fill('LN00000014');
  await expect(page.getByTestId('settlement-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'LN00000014' }).click();
  const detail = page.getByTestId('settlement-detail');
  await expect(detail).toContainText('Instalments');
  const rows = detail.getByTestId('instalments').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(day(10));
  await expect(rows.nth(1)).toContainText('Rs 1,000.01');
  await expect(rows.nth(3)).toContainText(day(70));
  await expect(rows.nth(3)).toContainText('Rs 1,000');
});

test('the admin edits the waiver chain and the central approval team on the approval chains page', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.in');
  await page.getByRole('link', { name: 'Approvals' }).first().click();
  await page.getByRole('link', { name: 'Approval chains' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approval chains' })).toBeVisible();
  await page.getByTestId('chain-type-waiver').click();
  const editor = page.getByTestId('chain-editor');
  await expect(editor.getByRole('heading', { name: 'Waiver chain' })).toBeVisible();
  const before = await editor.getByTestId('chain-level').count();
  await editor.getByRole('button', { name: 'Add a level' }).click();
  const level = editor.getByTestId('chain-level').last();
  // A level without a name cannot be saved.
  await expect(level.getByTestId('level-problems')).toContainText('Give the level a name.');
  await expect(editor.getByTestId('chain-save')).toBeDisabled();
  await level.getByLabel('Level name').fill('Central team above Rs 10 lakh');
  await level.getByLabel('Decided by').selectOption('central_team');
  await level.getByLabel('Only above amount').fill('10,00,000');
  await level.getByLabel('SLA (hours)').fill('48');
  await expect(editor.getByTestId('chain-summary')).toContainText('Central team above Rs 10 lakh: Central approval team (above Rs 10,00,000) · SLA 48 h');
  await page.screenshot({ path: artifact('approval-chains-1440.png'), fullPage: true });
  await editor.getByTestId('chain-save').click();
  await expect(page.getByText('Waiver chain saved')).toBeVisible();
  await expect(page.getByTestId('chain-type-waiver')).toContainText(String(before + 1));

  const team = page.getByTestId('central-team');
  await team.getByLabel('Search people').fill('Meera');
  await team.getByText('Meera Joshi').click();
  await team.getByTestId('team-save').click();
  await expect(page.getByText('Central approval team saved')).toBeVisible();
  await expect(team.getByTestId('team-members')).toContainText('Meera Joshi');
  await page.reload();
  await page.getByTestId('chain-type-waiver').click();
  await expect(page.getByTestId('chain-editor').getByTestId('chain-level')).toHaveCount(before + 1);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: artifact('approval-chains-390.png'), fullPage: true });
});
