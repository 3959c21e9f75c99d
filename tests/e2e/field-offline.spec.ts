/**
 * The field app offline (issue 4 "Tests"): a field executive on a 390x844 phone records a day's
 * visits with no network, reloads, and the outbox syncs exactly once when the network returns;
 * then a hostile network (500s, connections cut after the server committed, slow answers) still
 * ends with each record once on the server and an empty outbox. Screenshots of my visits, the map,
 * the visit form and the receipt go to tests/e2e/.artifacts.
 *
 * Runs its own server (with MAP_TILE_URL pointing at a tiny local tile server) behind the chaos
 * proxy (tests/e2e/chaos-proxy.ts): `context.setOffline(true)` does not cut the service worker's
 * own fetches, so "no network" is the proxy refusing every connection as well.
 */
import { expect, test, type Page } from '@playwright/test';
import { startChaosProxy, type ChaosProxy } from './chaos-proxy';
import { jpegFixture, outboxCount, phoneContext, shot, tomorrow } from './field-phone';
import { signIn } from './helpers';
import { startOwnServer, type OwnServer } from './own-server';
import { startTileServer } from './tile-server';

const PORT = Number(process.env.E2E_FIELD_PORT ?? 8798);
const SERVER = `http://localhost:${PORT}`;
const COMPANY = 'demo-lender-in';

// ---------------------------------------------------------------- the server under test

let server: OwnServer | null = null;
let tiles: Awaited<ReturnType<typeof startTileServer>>;
let proxy: ChaosProxy;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  tiles = await startTileServer();
  server = await startOwnServer(PORT, { MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png` }, 200_000);
  proxy = await startChaosProxy({ target: SERVER });
});

test.afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  await tiles?.close();
});

// ---------------------------------------------------------------- helpers

/** Signs in through the proxy and opens My visits from the bottom navigation. */
async function openMyVisits(page: Page): Promise<void> {
  await signIn(page, 'fos@demo.in', undefined, proxy.url);
  // Stand where the executive's loans are (the demo allocates them around one town).
  const allocation = await apiGet<{ loans: Array<{ latitude: number | null; longitude: number | null }> }>(page, `/api/fos/allocation?company_id=${COMPANY}`);
  const located = allocation.loans.filter((l) => l.latitude !== null && l.longitude !== null);
  expect(located.length).toBeGreaterThan(5);
  const mid = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)];
  await page.context().setGeolocation({ latitude: mid(located.map((l) => l.latitude!)), longitude: mid(located.map((l) => l.longitude!)), accuracy: 25 });
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'My visits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  await expect(page.getByTestId('visit-card').first()).toBeVisible({ timeout: 30_000 });
  // The service worker is installed (shell and field chunks precached) before the network goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * The loan ids of the first `n` cards of the plan that were never visited (the demo seeds a few past
 * visits, and earlier tests here record some), once the whole list has rendered.
 */
async function unvisitedLoans(page: Page, n: number): Promise<string[]> {
  await expect(page.getByRole('list', { name: 'Loans to visit today' })).toHaveAttribute('aria-busy', 'false');
  const ids = await page
    .getByTestId('visit-card')
    .filter({ hasText: 'Not visited yet' })
    .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-loan-id') ?? ''));
  expect(ids.length).toBeGreaterThanOrEqual(n);
  return ids.slice(0, n);
}

async function openVisitForm(page: Page, loanId: string): Promise<void> {
  await page.locator(`[data-testid="visit-card"][data-loan-id="${loanId}"]`).getByRole('link', { name: /^Record visit/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record visit' })).toBeVisible();
  await expect(page.getByTestId('check-in-position')).toBeVisible();
}

async function recordSimpleVisit(page: Page, loanId: string, person: string, disposition: string, extra?: (page: Page) => Promise<void>): Promise<void> {
  await openVisitForm(page, loanId);
  await page.getByTestId('person-met').selectOption(person);
  await page.getByTestId('disposition').selectOption(disposition);
  if (extra) await extra(page);
  await page.getByRole('button', { name: 'Save visit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  // Queued on the phone, or (online) already sent and shown as the loan's last disposition.
  const card = page.locator(`[data-testid="visit-card"][data-loan-id="${loanId}"]`);
  await expect(card.getByTestId('queued-visit').or(card.getByText(`Last: ${disposition}`))).toBeVisible();
}

async function recordPaidVisit(page: Page, loanId: string, amount: string, photo: Buffer | null, shots?: { form: string; receipt: string }): Promise<string> {
  await openVisitForm(page, loanId);
  await page.getByTestId('person-met').selectOption('Borrower');
  await page.getByTestId('disposition').selectOption('Paid');
  await page.getByLabel('Amount collected').fill(amount);
  await page.getByLabel('Remarks').fill('Paid in cash at the door');
  if (photo) {
    await page.getByTestId('visit-photos').setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByTestId('photo-thumb')).toHaveCount(1);
  }
  if (shots) {
    // The fields of the Paid disposition and the photo, in one phone screen.
    await page.getByLabel('Remarks').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, shots.form);
  }
  await page.getByRole('button', { name: 'Next: receipt' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByLabel('Amount')).toHaveValue(amount);
  const payer = page.getByLabel('Paid by');
  if ((await payer.inputValue()) === '') await payer.fill('Borrower');
  await page.getByRole('button', { name: 'Save and make receipt' }).click();
  await expect(page.getByTestId('receipt')).toBeVisible();
  const number = (await page.getByTestId('receipt-number').textContent()) ?? '';
  expect(number).toMatch(/^[A-Z0-9]+-\d{6}$/);
  if (shots) await shot(page, shots.receipt);
  await page.getByRole('link', { name: 'Back to my visits' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  return number;
}

/** The API as the signed-in executive (straight to the server, not through the proxy). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  const res = await fetch(`${SERVER}${path}`, { headers: { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

interface VisitRow {
  visit_id: string;
  loan_id: string;
  disposition: string;
  ptp_date: string | null;
  ptp_amount: number | null;
  amount_collected: number | null;
  receipt_number: string | null;
  photo_urls: string[];
}

async function visitsOf(page: Page, loanId: string): Promise<VisitRow[]> {
  return (await apiGet<{ visits: VisitRow[] }>(page, `/api/fos/visits?company_id=${COMPANY}&loan_id=${encodeURIComponent(loanId)}`)).visits;
}

async function receiptsOf(page: Page, loanId: string): Promise<Array<{ receipt_number: string; amount: number }>> {
  return (await apiGet<{ receipts: Array<{ receipt_number: string; amount: number }> }>(page, `/api/fos/receipts?company_id=${COMPANY}&loan_id=${encodeURIComponent(loanId)}`)).receipts;
}

// ---------------------------------------------------------------- the tests

test('an offline day: three visits recorded with no network survive a reload and reach the server once', async ({ browser }) => {
  test.setTimeout(300_000);
  proxy.setMode('pass');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await openMyVisits(page);
  await expect(page.getByTestId('sync-bar')).toContainText('Everything is synced');
  await shot(page, 'field-my-visits.png');

  // The map, with tiles from the local tile server (cached by the service worker for offline use).
  await page.getByRole('tab', { name: 'Map' }).click();
  await expect(page.getByTestId('visits-map')).toBeVisible();
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.visit-pin, .marker-cluster').first()).toBeVisible();
  await page.waitForTimeout(800);
  await shot(page, 'field-map.png');
  expect(tiles.hits()).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'List' }).click();

  const [ptpLoan, paidLoan, lockedLoan] = await unvisitedLoans(page, 3);
  const photo = await jpegFixture(page);

  // No network at all: the page is offline and the proxy refuses every connection (the worker too).
  proxy.setMode('refuse');
  await context.setOffline(true);

  await recordSimpleVisit(page, ptpLoan, 'Borrower', 'Promise to Pay', async (p) => {
    await p.getByLabel('Promised payment date').fill(tomorrow());
    await p.getByLabel('Promised amount').fill('1500');
  });
  const receiptNumber = await recordPaidVisit(page, paidLoan, '2500.50', photo, { form: 'field-visit-form.png', receipt: 'field-receipt.png' });
  await recordSimpleVisit(page, lockedLoan, 'No one', 'Door Locked');
  await expect(page.getByTestId('sync-pending')).toHaveText('4 items waiting to sync');

  // Reload with no network: the shell and the field screen come from the service worker, the work from IndexedDB.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('queued-visit')).toHaveCount(3);
  await expect(page.getByTestId('sync-pending')).toHaveText('4 items waiting to sync');
  await expect(page.getByTestId('sync-last')).toContainText('Offline');
  for (const loan of [ptpLoan, paidLoan, lockedLoan]) await expect(page.locator(`[data-testid="visit-card"][data-loan-id="${loan}"]`).getByTestId('queued-visit')).toBeVisible();

  // The network returns: the `online` event drains the outbox.
  proxy.setMode('pass');
  await context.setOffline(false);
  await expect(page.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 60_000 });
  expect(await outboxCount(page)).toBe(0);

  const ptp = await visitsOf(page, ptpLoan);
  expect(ptp).toHaveLength(1);
  expect(ptp[0]).toMatchObject({ disposition: 'Promise to Pay', ptp_date: tomorrow(), ptp_amount: 1500 });
  const paid = await visitsOf(page, paidLoan);
  expect(paid).toHaveLength(1);
  expect(paid[0]).toMatchObject({ disposition: 'Paid', amount_collected: 2500.5, receipt_number: receiptNumber });
  expect(paid[0].photo_urls).toHaveLength(1);
  const locked = await visitsOf(page, lockedLoan);
  expect(locked).toHaveLength(1);
  expect(locked[0].disposition).toBe('Door Locked');
  const receipts = await receiptsOf(page, paidLoan);
  expect(receipts.map((r) => [r.receipt_number, r.amount])).toEqual([[receiptNumber, 2500.5]]);

  // The photo is stored and downloadable, and it is the phone's compressed JPEG.
  const token = await page.evaluate(() => localStorage.getItem('uat'));
  const photoRes = await fetch(`${SERVER}${paid[0].photo_urls[0]}`, { headers: { authenticationtoken: token ?? '', 'X-Company-ID': COMPANY } });
  expect(photoRes.status).toBe(200);
  expect(photoRes.headers.get('content-type')).toContain('image/jpeg');
  const bytes = Buffer.from(await photoRes.arrayBuffer());
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');

  // The visit form online also lists the loan's visit from the server.
  await openVisitForm(page, lockedLoan);
  await expect(page.getByTestId('past-visit-row')).toHaveCount(1);
  await expect(page.getByTestId('past-visit-row')).toContainText('Door Locked');
  await context.close();
});

test('a hostile network (500s, cuts after commit, slow answers) still ends with each record once and an empty outbox', async ({ browser }) => {
  test.setTimeout(300_000);
  proxy.setMode('pass');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await openMyVisits(page);
  // The offline-day test's three loans are visited now, so they are not among these.
  const [a, b, c, d, e] = await unvisitedLoans(page, 5);
  const writes = /^POST \/api\/(fos|document)\//;

  // The page drains after each save; a retryable failure backs the queue off, and the `online`
  // event (what the page listens to) makes backing-off items due at once.
  const nudge = () => page.evaluate(() => window.dispatchEvent(new Event('online')));

  // 1. Every second write answered 500 without reaching the server.
  proxy.setMode('fail500', { every: 2, match: writes });
  await recordSimpleVisit(page, a, 'Borrower', 'Refused to Pay');
  await recordSimpleVisit(page, b, 'Family member', 'Customer Not Available');
  await expect.poll(() => proxy.stats.failed500, { timeout: 30_000 }).toBeGreaterThan(0);

  // 2. Writes reach the server and commit, then the connection is cut before the answer.
  proxy.setMode('dropAfterCommit', { match: writes });
  await nudge();
  const receiptNumber = await recordPaidVisit(page, c, '999.99', null);
  await recordSimpleVisit(page, d, 'Neighbour', 'Shifted / Address Not Found', async (p) => {
    await p.getByLabel('New address (if known)').fill('Near the bus stand, Satpur');
  });
  await nudge();
  await expect.poll(() => proxy.stats.dropped, { timeout: 30_000 }).toBeGreaterThan(1);

  // 3. Slow answers (3 s each way).
  proxy.setMode('slow', { delayMs: 3_000, slowResponse: true, match: writes });
  await recordSimpleVisit(page, e, 'Borrower', 'Call Back', async (p) => {
    await p.getByLabel('Call back at').fill(`${tomorrow()}T10:30`);
  });
  await nudge();
  await expect.poll(() => proxy.stats.delayed, { timeout: 30_000 }).toBeGreaterThan(0);

  // The network settles; the page's `online` trigger makes the backing-off items due now.
  proxy.setMode('pass');
  await nudge();
  await expect(page.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 120_000 });
  await expect(page.getByTestId('sync-failed')).toHaveCount(0);
  expect(await outboxCount(page)).toBe(0);

  const expected: Array<[string, string]> = [
    [a, 'Refused to Pay'],
    [b, 'Customer Not Available'],
    [c, 'Paid'],
    [d, 'Shifted / Address Not Found'],
    [e, 'Call Back'],
  ];
  for (const [loan, disposition] of expected) {
    const visits = await visitsOf(page, loan);
    expect(visits.map((v) => v.disposition), loan).toEqual([disposition]);
  }
  expect((await receiptsOf(page, c)).map((r) => r.receipt_number)).toEqual([receiptNumber]);
  await context.close();
});

test('deposits, online recoveries and document uploads go through the same outbox', async ({ browser }) => {
  test.setTimeout(180_000);
  proxy.setMode('pass');
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await openMyVisits(page);
  const [docLoan] = await unvisitedLoans(page, 1);

  // Deposits: the cash receipts collected by the earlier tests (and the demo's) are held.
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Deposits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
  const holding = page.getByTestId('holding').first();
  await expect(holding).toBeVisible({ timeout: 20_000 });
  await expect(holding.getByTestId('held-for')).toContainText('held');
  const receiptNumber = ((await holding.locator('p').first().textContent()) ?? '').trim();
  expect(receiptNumber).toMatch(/^[A-Z0-9]+-\d{6}$/);
  await holding.locator('label').first().click();
  await expect(page.getByTestId('deposit-total')).toContainText('1 receipt selected');
  await page.getByRole('button', { name: 'Save deposit' }).click();
  await expect(page.getByText('Take a photo of the deposit slip')).toBeVisible();
  await page.getByLabel(/^Bank/).fill('State Bank of India');
  await page.getByLabel('Branch').fill('Nashik Road');
  await page.getByTestId('deposit-slip').setInputFiles({ name: 'slip.jpg', mimeType: 'image/jpeg', buffer: await jpegFixture(page) });
  await expect(page.getByTestId('photo-thumb')).toHaveCount(1);
  await page.getByTestId('deposit-total').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, 'field-deposits.png');
  await page.getByRole('button', { name: 'Save deposit' }).click();
  // The write reaches the outbox asynchronously (photo compression, IndexedDB): until the screen
  // confirms it, the sync bar still truthfully says nothing is waiting.
  await expect(page.getByText('Deposit saved on this phone. It will be sent when online.')).toBeVisible();
  await expect(page.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 60_000 });
  await expect.poll(() => outboxCount(page)).toBe(0);
  const deposits = await apiGet<{ undeposited: Array<{ receipt_number: string }>; deposits: Array<{ bank_name: string; branch: string; receipt_numbers: string[]; slip_url: string | null }> }>(
    page,
    `/api/fos/deposits?company_id=${COMPANY}`,
  );
  const mine = deposits.deposits.filter((d) => d.receipt_numbers.includes(receiptNumber));
  expect(mine).toHaveLength(1);
  expect(mine[0]).toMatchObject({ bank_name: 'State Bank of India', branch: 'Nashik Road' });
  expect(mine[0].slip_url).not.toBeNull();
  expect(deposits.undeposited.map((r) => r.receipt_number)).not.toContain(receiptNumber);
  await expect(page.locator('[data-testid="holding"]', { hasText: receiptNumber })).toHaveCount(0);

  // Online recoveries (needs the network).
  await page.getByTestId('bottom-nav').getByRole('button', { name: 'More' }).click();
  await page.getByRole('link', { name: 'Online recoveries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Online recoveries' })).toBeVisible();
  await expect(page.getByTestId('online-recovery').first().or(page.getByText('No online payments on your loans yet.'))).toBeVisible();

  // Document upload: spec 5's messages before anything is queued, then one upload.
  await page.getByTestId('bottom-nav').getByRole('button', { name: 'More' }).click();
  await page.getByRole('link', { name: 'Document upload' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Document upload' })).toBeVisible();
  await page.getByTestId('document-loan').selectOption(docLoan);
  await page.getByLabel('Document type').selectOption('address_proof');
  await page.getByTestId('document-file').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByTestId('document-file-error')).toHaveText('.exe file type is not supported!');
  await page.getByTestId('document-file').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(page.getByTestId('document-file-error')).toHaveText('File size exceeds limit of 10MB');
  await page.getByTestId('document-file').setInputFiles({ name: 'electricity-bill.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByTestId('document-file-error')).toHaveCount(0);
  await shot(page, 'field-document-upload.png');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Document saved on this phone. It will be sent when online.')).toBeVisible();
  await expect(page.getByTestId('sync-pending')).toHaveText('Everything is synced', { timeout: 60_000 });
  await expect.poll(() => outboxCount(page)).toBe(0);
  const docs = await apiGet<{ documents: Array<{ document_type: string; file_name: string }> }>(page, `/api/document/uploads?company_id=${COMPANY}&loan_id=${encodeURIComponent(docLoan)}`);
  expect(docs.documents.map((d) => [d.document_type, d.file_name])).toEqual([['address_proof', 'electricity-bill.pdf']]);
  await context.close();
});
