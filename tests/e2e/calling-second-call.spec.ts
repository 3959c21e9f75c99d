/**
 * The softphone's second call survives a reload (issue 14; spec 9 add call, merge, transfer): the
 * server keeps the agent's second leg, so a reloaded desk rebuilds both calls — the borrower on
 * hold, the colleague being consulted, each line with its state, its duration from the server's
 * times and its buttons — and the buttons then merge, end or transfer. The SIP events are posted
 * as the agent's browser posts them (the SIP path itself is tests/e2e/softphone.spec.ts); the
 * company's SIP server is set for the test and switched off again after it.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';

test.use({ timezoneId: 'Asia/Kolkata' });

const COMPANY = 'demo-lender-in';

/** Runs `act` with a signed-in page of `email` and its API headers. */
async function as<T>(browser: Browser, email: string, act: (page: Page, headers: Record<string, string>) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  try {
    return await act(page, { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY });
  } finally {
    await context.close();
  }
}

const setSip = (browser: Browser, on: boolean) =>
  as(browser, 'admin@demo.in', async (p, headers) => {
    const res = await p.request.put(`/api/calling/softphone/settings?company_id=${COMPANY}`, { headers, data: on ? { ws_url: 'ws://127.0.0.1:9/ws', sip_domain: 'sip.e2e.test' } : { ws_url: null, sip_domain: null } });
    expect(res.status(), await res.text()).toBe(200);
  });

test.afterAll(async ({ browser }) => {
  // The other calling specs use the cloud click-to-call path.
  await setSip(browser, false);
});

test('a consult and a conference are rebuilt after a reload; merge, transfer and hang-up then act on them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await setSip(browser, true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'telecaller@demo.in');
  await page.getByRole('link', { name: 'Calling desk' }).first().click();
  await expect(page.getByTestId('softphone')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  const headers = { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY };
  const rows = page.getByTestId('queue-loan');
  const loans = [(await rows.nth(2).getAttribute('data-loan'))!, (await rows.nth(3).getAttribute('data-loan'))!];
  await as(browser, 'supervisor@demo.in', async (p, h) => {
    for (const loan_id of loans) {
      const res = await p.request.post('/api/compliance/overrides', { headers: h, data: { loan_id, channel: 'call', reason: 'End-to-end second call at any hour' } });
      expect(res.status(), await res.text()).toBe(200);
    }
  });

  // What the agent's browser reports while it calls the borrower and adds a colleague (spec 9 add call).
  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await page.request.post(`/api/calling/softphone/calls${path}?company_id=${COMPANY}`, { headers, data });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data;
  };
  const consult = async (loanId: string): Promise<string> => {
    const { call } = await post('', { loan_id: loanId });
    await post(`/${call.call_id}/events`, { event: 'answered' });
    await post(`/${call.call_id}/events`, { event: 'held' });
    await post(`/${call.call_id}/second-leg`, { event: 'started', target: '7001' });
    await post(`/${call.call_id}/second-leg`, { event: 'ringing' });
    await post(`/${call.call_id}/second-leg`, { event: 'answered' });
    return call.call_id as string;
  };

  const first = await consult(loans[0]);
  // The open desk hears of both calls on its event stream, as of any call change ...
  await expect(page.getByTestId('second-call')).toHaveAttribute('data-leg', 'consulting');
  // ... and a reloaded one rebuilds them from the server (the desk's current call on load).
  await page.reload();
  const state = page.getByTestId('call-state');
  const second = page.getByTestId('second-call');
  await expect(state).toHaveText('On Hold');
  await expect(second).toBeVisible();
  await expect(second).toHaveAttribute('data-leg', 'consulting');
  await expect(second.getByTestId('second-call-state')).toHaveText('On Call');
  await expect(second.getByTestId('second-leg-state')).toHaveText('Consulting');
  await expect(second).toContainText('7001');
  await expect(page.getByTestId('calls-restored')).toBeVisible();
  // Both calls' actions: the borrower's line ends, the colleague's transfers, merges and drops.
  await expect(page.getByTestId('end-call')).toBeEnabled();
  await expect(page.getByTestId('softphone-merge')).toBeEnabled();
  await expect(second.getByTestId('second-transfer')).toBeEnabled();
  await expect(second.getByTestId('second-merge')).toBeEnabled();
  await expect(second.getByTestId('drop-second')).toBeEnabled();
  await expect(page.getByTestId('softphone-add')).toBeDisabled();
  // Durations run from the server's answer times (the borrower's first, the colleague's later).
  await expect(page.getByTestId('call-duration')).not.toHaveText('00:00:00');
  await expect(second.getByTestId('second-call-duration')).toHaveText(/^00:0\d:\d\d$/);
  await page.screenshot({ path: artifact('second-call-restored-1440.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await second.scrollIntoViewIfNeeded();
  await page.screenshot({ path: artifact('second-call-restored-390.png'), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Merge: a three-way call, nobody held; then reloaded again, still a conference.
  await second.getByTestId('second-merge').click();
  await expect(second).toHaveAttribute('data-leg', 'conference');
  await expect(state).toHaveText('On Call');
  await expect(second.getByTestId('conference')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('second-call')).toHaveAttribute('data-leg', 'conference');
  await expect(page.getByTestId('second-call').getByTestId('second-merge')).toHaveCount(0);
  await page.screenshot({ path: artifact('second-call-conference-1440.png') });
  // The agent hangs up the conference: the stored leg goes with the borrower's call.
  await page.getByTestId('end-call').click();
  await expect(state).toHaveText('Call Ended');
  await expect(page.getByTestId('second-call')).toHaveCount(0);
  const ended = await page.request.get(`/api/calling/calls/${first}?company_id=${COMPANY}`, { headers });
  expect((await ended.json()).data).toMatchObject({ state: 'Call Ended', second_leg: null });
  const done = async (callId: string, key: string) => {
    const res = await page.request.post(`/api/calling/dispositions?company_id=${COMPANY}`, { headers: { ...headers, 'idempotency-key': key }, data: { call_id: callId, disposition: 'Refused to Pay', call_type: 'voip', remarks: 'e2e second call' } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await done(first, `e2e-second-${first}`);

  // A second consult, reloaded, completed as an attended transfer to the colleague.
  const other = await consult(loans[1]);
  await page.reload();
  const leg = page.getByTestId('second-call');
  await expect(leg).toHaveAttribute('data-leg', 'consulting');
  await expect(state).toHaveText('On Hold');
  await leg.getByTestId('second-transfer').click();
  await expect(state).toHaveText('Call Ended');
  await expect(page.getByTestId('second-call')).toHaveCount(0);
  const moved = (await (await page.request.get(`/api/calling/calls/${other}?company_id=${COMPANY}`, { headers })).json()).data;
  expect(moved).toMatchObject({ state: 'Call Ended', outcome: 'Connected', second_leg: null });
  const activity = await as(browser, 'admin@demo.in', async (p, h) => (await p.request.get(`/api/recovery/loan/activity/${loans[1]}?page_size=100`, { headers: h })).json());
  const remarks = (activity.data.events as { remark: string | null }[]).map((e) => e.remark);
  expect(remarks).toContain('Call transferred to 7001 (attended)');
  await done(other, `e2e-second-${other}`);
});
