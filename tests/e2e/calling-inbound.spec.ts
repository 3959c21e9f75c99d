/**
 * Inbound calling (issue 14 "Predictive and inbound"): the company switches inbound on and opens an
 * inbound campaign; a telecaller logs into it on the desk; a borrower calls the company's DID (the
 * local telephony simulator's inbound call); the call is pushed onto the agent's screen ringing,
 * with the borrower's loan; it goes On Call, the agent ends it and records the disposition, which
 * shows in the loan's call details. Runs on the Indonesian demo company (no other calling spec
 * uses it), which is switched back at the end.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const TRUST = 'demo-trust-id';

async function api(page: Page): Promise<{ request: APIRequestContext; h: Record<string, string> }> {
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  return { request: page.request, h: { authenticationtoken: token ?? '', 'X-Company-ID': TRUST } };
}

test('an agent in inbound mode receives a borrower’s call with their loan, and disposes it', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'admin@demo.id');
  const admin = await api(adminPage);
  const on = await admin.request.put('/api/user/company', { headers: admin.h, data: { inbound_enabled: true } });
  expect(on.status(), await on.text()).toBe(200);
  try {
    const name = `Antrean DID ${Date.now()}`;
    const made = await admin.request.post('/api/calling/campaigns', { headers: admin.h, data: { name, mode: 'inbound' } });
    expect(made.status(), await made.text()).toBe(200);

    await signIn(page, 'telecaller@demo.id');
    // The borrower who will call: one of the agent's allocated loans (their queue before the session).
    const agent = await api(page);
    const queue = await agent.request.get('/api/calling/queue', { headers: agent.h });
    expect(queue.status()).toBe(200);
    const loanId = ((await queue.json()).data.loans as { loan_id: string }[])[0].loan_id;

    await page.goto('/app/calling');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByTestId('autodial-campaign').selectOption((await made.json()).data.campaign_id);
    await page.getByTestId('autodial-login').click();
    await expect(page.getByTestId('autodial-session')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('autodial-mode')).toHaveText('Inbound Call');
    // The session badge says the session's mode (not "Autodialer on").
    await expect(page.getByTestId('autodial-on')).toHaveText('Taking inbound calls');
    await expect(page.getByTestId('autodial-logout')).toHaveText('Stop taking inbound calls');

    // The borrower calls the company's DID.
    const sent = await admin.request.post('/api/calling/simulator/inbound', { headers: admin.h, data: { loan_id: loanId } });
    expect(sent.status(), await sent.text()).toBe(200);
    expect((await sent.json()).data.routed).toBe(true);

    const incoming = page.getByTestId('incoming-call');
    await expect(incoming).toBeVisible({ timeout: 10_000 });
    await expect(incoming).toContainText(/Incoming call from \*+\d{4}/);
    await expect(incoming.getByTestId('matched-loan').filter({ hasText: loanId })).toBeVisible();
    const state = page.getByTestId('call-state');
    await expect(state).toHaveText(/Agent Ringing|On Call/);
    await expect(state).toHaveText('On Call', { timeout: 15_000 });
    await page.screenshot({ path: artifact('calling-inbound.png'), fullPage: true });
    if (process.env.SHOTS_DIR) {
      for (const [w, h] of [[1440, 900], [390, 844]]) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: `${process.env.SHOTS_DIR}/calling-inbound-${w}.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    await page.getByTestId('end-call').click();
    await expect(state).toHaveText('Call Ended');

    await page.getByTestId('disposition-choice').selectOption('Already Paid');
    await page.getByTestId('save-disposition').click();
    await expect(page.getByText('Disposition saved')).toBeVisible();
    await expect(page.getByTestId('total-calls')).toHaveText('1');
  } finally {
    await admin.request.put('/api/user/company', { headers: admin.h, data: { inbound_enabled: false } });
    await adminContext.close();
  }
});
