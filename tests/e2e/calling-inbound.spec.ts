/**
 * Inbound calling (issue 14 "Predictive and inbound"): the company switches inbound on and opens an
 * inbound campaign; a telecaller logs into it on the desk; a borrower calls the company's DID (the
 * local telephony simulator's inbound call); the call is pushed onto the agent's screen ringing,
 * with the borrower's loan; it goes On Call, the agent ends it and records the disposition, which
 * shows in the loan's call details. Runs on the Indonesian demo company (no other calling spec
 * uses it), which is switched back at the end.
 */
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

const TRUST = 'demo-trust-id';

async function api(page: Page): Promise<{ request: APIRequestContext; h: Record<string, string> }> {
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  return { request: page.request, h: { authenticationtoken: token ?? '', 'X-Company-ID': TRUST } };
}

/** The trust's admin, signed in, with inbound calling switched on (switched off by the test's end). */
async function inboundOn(browser: Browser): Promise<{ admin: { request: APIRequestContext; h: Record<string, string> }; adminContext: BrowserContext }> {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, 'admin@demo.id');
  const admin = await api(adminPage);
  const on = await admin.request.put('/api/user/company', { headers: admin.h, data: { inbound_enabled: true } });
  expect(on.status(), await on.text()).toBe(200);
  return { admin, adminContext };
}

test('an agent in inbound mode receives a borrower’s call with their loan, and disposes it', async ({ page, browser }) => {
  const { admin, adminContext } = await inboundOn(browser);
  try {
    const name = `Antrean DID ${Date.now()}`;
    const made = await admin.request.post('/api/calling/campaigns', { headers: admin.h, data: { name, mode: 'inbound' } });
    expect(made.status(), await made.text()).toBe(200);

    await signIn(page, 'telecaller@demo.id');
    await page.goto('/app/calling');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A retry may find the agent still in the failed attempt's inbound session: they leave it first.
    const leave = page.getByTestId('autodial-logout');
    await expect(page.getByTestId('autodial-campaign').or(leave)).toBeVisible({ timeout: 15_000 });
    if (await leave.isVisible()) await leave.click();
    await expect(page.getByTestId('autodial-campaign')).toBeVisible({ timeout: 15_000 });
    // The borrower who will call: one of the agent's allocated loans (their queue before the session).
    const agent = await api(page);
    const queue = await agent.request.get('/api/calling/queue', { headers: agent.h });
    expect(queue.status()).toBe(200);
    const loanId = ((await queue.json()).data.loans as { loan_id: string }[])[0].loan_id;

    await page.getByTestId('autodial-campaign').selectOption((await made.json()).data.campaign_id);
    await page.getByTestId('autodial-login').click();
    await expect(page.getByTestId('autodial-session')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('autodial-mode')).toHaveText('Inbound Call');
    // The session badge says the session's mode (not "Autodialer on").
    await expect(page.getByTestId('autodial-on')).toHaveText('Taking inbound calls');
    await expect(page.getByTestId('autodial-logout')).toHaveText('Stop taking inbound calls');
    // The queue is the inbound session's own: nothing to dial, waiting for the borrowers' calls.
    await expect(page.getByTestId('queue-title')).toHaveText('Inbound calls');
    await expect(page.getByTestId('queue-empty')).toHaveText("Waiting for inbound calls: a borrower's call rings here with their loans.");

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

// The same walk with the desks' event streams refused: the desks fall back to reading (the current call every 2 s, the
// ringing call every 1 s); the missed agent's read of the moved call answers 404 and the panel leaves as the event makes it.
for (const streamDown of [false, true]) {
  test(streamDown ? 'with the event stream down, an inbound call still rings, and the missed agent’s panel closes at the next read' : 'an inbound call nobody picks up moves to the next agent, and the first agent’s ringing panel closes at once', async ({ page, browser }) => {
    const { admin, adminContext } = await inboundOn(browser);
    const secondContext = await browser.newContext();
    try {
      const made = await admin.request.post('/api/calling/campaigns', { headers: admin.h, data: { name: `Antrean DID kedua ${Date.now()}`, mode: 'inbound' } });
      expect(made.status(), await made.text()).toBe(200);
      const campaignId = (await made.json()).data.campaign_id as string;
      // A second telecaller of the company.
      const profiles = (await (await admin.request.get('/api/user/profiles', { headers: admin.h })).json()).data;
      const list = (Array.isArray(profiles) ? profiles : profiles.profiles) as { profile_name: string; profile_id: string }[];
      const email = `agen.kedua.${Date.now()}@demo.id`;
      const mobile = `98${String(Date.now()).slice(-8)}`;
      const user = await admin.request.post('/api/user/company/users', {
        headers: admin.h,
        data: { name: 'Agen Kedua', email, password: 'Demo@1234', user_type: 'user', profession: 'telecalling', profile_id: list.find((p) => p.profile_name === 'Telecaller')!.profile_id, mobile },
      });
      expect(user.status(), await user.text()).toBe(200);

      await signIn(page, 'telecaller@demo.id');
      const agent = await api(page);
      const loanId = (((await (await agent.request.get('/api/calling/queue', { headers: agent.h })).json()).data.loans as { loan_id: string }[])[0] ?? { loan_id: '' }).loan_id;
      const secondPage = await secondContext.newPage();
      await signIn(secondPage, email);
      for (const p of [page, secondPage]) {
        if (streamDown) await p.route('**/api/calling/events**', (route) => route.abort('connectionrefused'));
        await p.goto('/app/calling');
        // The telecaller may still be in the first test's session: they leave it first.
        const leave = p.getByTestId('autodial-logout');
        await expect(p.getByTestId('autodial-campaign').or(leave)).toBeVisible({ timeout: 15_000 });
        if (await leave.isVisible()) await leave.click();
        await p.getByTestId('autodial-campaign').selectOption(campaignId);
        await p.getByTestId('autodial-login').click();
        await expect(p.getByTestId('autodial-on')).toHaveText('Taking inbound calls', { timeout: 15_000 });
      }

      // Nobody picks up at the first agent rung: after the 30 s ring time (3 s with the simulator at 10x) the call moves on.
      const sent = await admin.request.post('/api/calling/simulator/inbound', { headers: admin.h, data: loanId ? { loan_id: loanId, first_agent_answers: false } : { mobile: '081234567890', first_agent_answers: false } });
      expect(sent.status(), await sent.text()).toBe(200);
      expect((await sent.json()).data.routed).toBe(true);
      const panels = [page.getByTestId('incoming-call'), secondPage.getByTestId('incoming-call')];
      await expect.poll(async () => (await Promise.all(panels.map((p) => p.isVisible()))).some(Boolean), { timeout: 10_000 }).toBe(true);
      const firstIndex = (await panels[0].isVisible()) ? 0 : 1;
      const [missedPanel, nextPanel] = firstIndex === 0 ? panels : [panels[1], panels[0]];
      const [missedPage, nextPage] = firstIndex === 0 ? [page, secondPage] : [secondPage, page];
      await expect(nextPanel).toBeVisible({ timeout: 15_000 });
      // The missed agent's panel closes without waiting for any poll: the desk's stream says the call moved away.
      await expect(missedPanel).toBeHidden({ timeout: streamDown ? 4_000 : 1_500 });
      await expect(missedPage.getByText('The call went to another agent: it was not answered within 30 seconds.')).toBeVisible();
      if (process.env.SHOTS_DIR && !streamDown) await missedPage.screenshot({ path: `${process.env.SHOTS_DIR}/calling-inbound-moved.png`, fullPage: true });

      // The next agent takes it and disposes it (so both are free for what follows).
      const state = nextPage.getByTestId('call-state');
      await expect(state).toHaveText('On Call', { timeout: 15_000 });
      await nextPage.getByTestId('end-call').click();
      await expect(state).toHaveText('Call Ended');
      await nextPage.getByTestId('disposition-choice').selectOption('Already Paid');
      await nextPage.getByTestId('save-disposition').click();
      await expect(nextPage.getByText('Disposition saved')).toBeVisible();
    } finally {
      await admin.request.put('/api/user/company', { headers: admin.h, data: { inbound_enabled: false } });
      await secondContext.close();
      await adminContext.close();
    }
  });
}
