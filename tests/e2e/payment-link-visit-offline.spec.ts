/**
 * "Send payment link" from a field visit recorded with no network (issue 15 "from … a field visit";
 * issue 4 outbox): the executive ticks the link on the visit form while offline, the visit (with its
 * link request inside) waits in the phone's outbox, the network returns, the outbox drains — and
 * the first drain's answer is lost after the server committed, so the phone sends the visit again
 * with the same Idempotency-Key — and the loan ends with exactly one visit and one link.
 * A 390x844 screenshot of the visit form with the link fields goes to tests/e2e/.artifacts.
 *
 * Runs behind the chaos proxy (tests/e2e/chaos-proxy.ts) in front of the suite's server:
 * `context.setOffline(true)` does not cut the service worker's own fetches, so "no network" is the
 * proxy refusing every connection as well; "answer lost" is its dropAfterCommit mode.
 */
import { expect, test, type Page } from '@playwright/test';
import { startChaosProxy, type ChaosProxy } from './chaos-proxy';
import { outboxCount, phoneContext, shot } from './field-phone';
import { signIn } from './helpers';

const SERVER = `http://localhost:${Number(process.env.E2E_PORT ?? 8787)}`;
const COMPANY = 'demo-lender-in';
let proxy: ChaosProxy;

test.beforeAll(async () => {
  proxy = await startChaosProxy({ target: SERVER });
});
test.afterAll(async () => {
  await proxy?.close();
});

/** GET on the server itself (not through the proxy) with `page`'s session. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  const res = await fetch(`${SERVER}${path}`, { headers: { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('a visit with "send payment link" recorded offline makes exactly one link once the outbox drains, a replayed drain included', async ({ browser, page: desk }) => {
  test.setTimeout(240_000);
  // The lender's gateway, so the visit's link can be made.
  await signIn(desk, 'admin@demo.in');
  const token = await desk.evaluate(() => localStorage.getItem('uat'));
  const gateway = await desk.request.put(`/api/payment/settings/payment_gateway?company_id=${COMPANY}`, {
    headers: { authenticationtoken: token ?? '', 'x-company-id': COMPANY },
    data: { pg_vendor: 'cashfree', merchant_id: 'CF-DEMO', api_key: 'cf-demo-app-id', api_secret: 'cf-demo-client-secret' },
  });
  expect(gateway.ok(), await gateway.text()).toBe(true);

  proxy.setMode('pass');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await signIn(page, 'fos@demo.in', undefined, proxy.url);
  // Stand where the executive's loans are.
  const allocation = await apiGet<{ loans: Array<{ latitude: number | null; longitude: number | null }> }>(page, `/api/fos/allocation?company_id=${COMPANY}`);
  const located = allocation.loans.filter((l) => l.latitude !== null && l.longitude !== null);
  const mid = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)];
  await context.setGeolocation({ latitude: mid(located.map((l) => l.latitude!)), longitude: mid(located.map((l) => l.longitude!)), accuracy: 25 });
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' }).click();
  await expect(page.getByRole('list', { name: 'Loans to visit today' })).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const loanId = (await page.getByTestId('visit-card').filter({ hasText: 'Not visited yet' }).first().getAttribute('data-loan-id')) ?? '';
  expect(loanId).not.toBe('');
  const linksOf = async () => (await apiGet<{ links: Array<{ link_id: string; amount_minor: number; sent_via: string }> }>(desk, `/api/payment/links?company_id=${COMPANY}&loan_id=${encodeURIComponent(loanId)}`)).links;
  expect(await linksOf()).toEqual([]);

  // No network at all: the page offline and the proxy refusing every connection (the worker too).
  proxy.setMode('refuse');
  await context.setOffline(true);
  await page.locator(`[data-testid="visit-card"][data-loan-id="${loanId}"]`).getByRole('link', { name: /^Record visit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record visit' })).toBeVisible();
  await page.getByTestId('person-met').selectOption('Borrower');
  await page.getByTestId('disposition').selectOption('Refused to Pay');
  await page.getByTestId('visit-send-link').check();
  await page.getByLabel(/^Link amount/).fill('1234.50');
  await page.getByTestId('visit-link-channel').selectOption('whatsapp');
  await page.getByTestId('visit-link-channel').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  // The form must not be wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'field-visit-payment-link-390.png');
  await page.getByRole('button', { name: 'Save visit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  await expect(page.locator(`[data-testid="visit-card"][data-loan-id="${loanId}"]`).getByTestId('queued-visit')).toBeVisible();
  await expect.poll(() => outboxCount(page)).toBe(1);
  expect(await linksOf()).toEqual([]);

  // The network returns, but the visit's first answer is lost after the server committed: the
  // phone sends it again (same Idempotency-Key) and the server answers the stored result.
  proxy.setMode('dropAfterCommit', { match: /^POST \/api\/fos\/visits/ });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect.poll(() => proxy.stats.dropped, { timeout: 30_000 }).toBeGreaterThan(0);
  proxy.setMode('pass');
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 60_000 });
  expect(await outboxCount(page)).toBe(0);

  const visits = (await apiGet<{ visits: Array<{ visit_id: string; disposition: string }> }>(page, `/api/fos/visits?company_id=${COMPANY}&loan_id=${encodeURIComponent(loanId)}`)).visits;
  expect(visits.map((v) => v.disposition)).toEqual(['Refused to Pay']);
  const links = await linksOf();
  expect(links).toHaveLength(1);
  expect(links[0]).toMatchObject({ amount_minor: 123_450, sent_via: 'whatsapp' });

  // Another drain (the `online` event again) changes nothing.
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForTimeout(1_500);
  expect(await linksOf()).toHaveLength(1);
  await context.close();
});
