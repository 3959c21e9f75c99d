/**
 * WhatsApp chat (issue 13 ChatR): the demo borrower answered a reminder two hours ago; the
 * telecaller finds the chat waiting under Communication › Chats, opens it, reads the message, sees
 * how long the 24-hour reply window stays open, answers with Ctrl+Enter and sees the answer
 * delivered in the thread; the chat then no longer waits. A supervisor's override (in a second
 * browser context) keeps the send inside the contact rules whatever the hour the suite runs at.
 */
import { expect, test, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const COMPANY = 'demo-lender-in';

async function apiHeaders(page: Page) {
  const uat = await page.evaluate(() => localStorage.getItem('uat'));
  return { authenticationtoken: uat ?? '', 'x-company-id': COMPANY };
}

test('a telecaller answers a waiting WhatsApp chat inside the 24-hour window', async ({ page, browser }) => {
  await signIn(page, 'telecaller@demo.in');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/app/communication?company_id=${COMPANY}`);
  await page.getByRole('tab', { name: 'Chats' }).click();
  await expect(page.getByRole('checkbox', { name: 'Only chats waiting for a reply' })).toBeChecked();
  const row = page.getByTestId('chat-row').first();
  await expect(row).toContainText('Needs reply');
  await expect(row).toContainText('Can I pay 5,000 this week');
  await expect(row).toContainText(/Reply window open · \d+ h \d+ min left/);
  await page.screenshot({ path: artifact('chat-list-1440.png'), fullPage: true });
  const loanId = ((await row.getByRole('link').textContent()) ?? '').trim();
  expect(loanId).toMatch(/^LN\d+$/);

  // The manager allows this one message whatever the hour (the rules allow 08:00–19:00 IST only).
  const manager = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const mp = await manager.newPage();
  await signIn(mp, 'admin@demo.in');
  const override = await mp.request.post(`/api/compliance/overrides?company_id=${COMPANY}`, { headers: await apiHeaders(mp), data: { loan_id: loanId, channel: 'whatsapp', reason: 'Borrower wrote first on WhatsApp' } });
  expect(override.ok(), await override.text()).toBe(true);
  await manager.close();

  await row.getByRole('link', { name: loanId }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Loan messages' })).toBeVisible();
  const chat = page.getByRole('region', { name: 'WhatsApp chat' });
  await expect(chat.getByTestId('chat-window')).toHaveAttribute('data-open', 'true');
  await expect(chat.getByTestId('chat-message')).toHaveCount(1);
  await expect(chat.getByTestId('chat-message').first()).toHaveAttribute('data-direction', 'inbound');

  const reply = chat.getByRole('textbox', { name: 'Reply' });
  await reply.fill('Yes, 5,000 this week is fine. I will send a payment link for it.');
  await expect(chat.getByText('64 / 4096 characters')).toBeVisible();
  await reply.press('Control+Enter');
  const mine = chat.locator('[data-testid="chat-message"][data-direction="outbound"]');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Yes, 5,000 this week is fine.');
  await expect(mine.getByTestId('message-status')).toHaveText('Delivered');
  await expect(reply).toHaveValue('');
  await page.screenshot({ path: artifact('chat-thread-1440.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await chat.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('chat-thread-390.png') });

  // Answered: the chat leaves the waiting list and shows under all chats as answered.
  await page.goto(`/app/communication?company_id=${COMPANY}`);
  await page.getByRole('tab', { name: 'Chats' }).click();
  await expect(page.getByTestId('chat-row').filter({ hasText: loanId })).toHaveCount(0);
  await page.getByText('Only chats waiting for a reply').click();
  await expect(page.getByRole('checkbox', { name: 'Only chats waiting for a reply' })).not.toBeChecked();
  await expect(page.getByTestId('chat-row').filter({ hasText: loanId })).toContainText('Answered');

  // From the loan's profile the conversation is one link away.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/app/customer/loan-details?company_id=${COMPANY}&loan_id=${loanId}`);
  await page.getByRole('navigation', { name: 'Loan and customer' }).getByRole('link', { name: 'Messages & chat' }).click();
  await expect(page.getByRole('region', { name: 'WhatsApp chat' }).getByTestId('chat-message')).toHaveCount(2);
});
