/**
 * Field-force tracking end to end (issue 5): fos@demo.in on a 390x844 phone (geolocation granted)
 * goes on duty and the position reaches the server; their area manager area.manager@demo.in (Area
 * Manager ← Field Executive in the reports-to tree) opens /app/field-force-tracking on a desk and
 * sees them fresh; the executive walks ~200 m and records a visit (its check-in is a ping while on
 * duty) and the manager's live stream moves them without a reload; the manager opens today's trail
 * and sees the distance grow and the visit in the timeline. The `_v2` path shows the map-first
 * layout. A second test loads 10,000 synthetic executives (route interception) and checks the map
 * clusters them, the list stays virtual, search and a burst of live events stay quick; it logs
 * frame times. Screenshots: tracking-desk.png, tracking-trail-desk.png, tracking-v2-desk.png
 * (1440x900), tracking-phone.png (390x844).
 *
 * Map tiles are served by the test (tile-server.ts tilePng through route interception), so the
 * maps draw without the internet.
 */
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { artifact, signIn } from './helpers';
import { tilePng } from './tile-server';

const COMPANY = 'demo-lender-in';
const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const EXECUTIVE = 'Ganesh Shinde';
/** Kept well under the server's 150 km/h jump filter between two pings of the test. */
const MIN_SECONDS_BETWEEN_PINGS = 12;

test.describe.configure({ mode: 'serial' });

/** Serves the configured tile URL's tiles from tilePng, whatever host MAP_TILE_URL names. */
async function serveTiles(context: BrowserContext, baseURL: string): Promise<void> {
  const config = (await (await fetch(`${baseURL}/api/public-config`)).json()) as { data: { map_tile_url: string } };
  const origin = new URL(config.data.map_tile_url.replace(/\{[a-z]\}/g, '0')).origin;
  await context.route(
    (url) => url.origin === origin,
    async (route) => {
      const m = /\/(\d+)\/(\d+)\/(\d+)\.png/.exec(route.request().url());
      await route.fulfill({ status: 200, contentType: 'image/png', body: tilePng(Number(m?.[2] ?? 0), Number(m?.[3] ?? 0)) });
    },
  );
}

async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('uat'))) ?? '';
}

async function api<T>(page: Page, baseURL: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { ...init, headers: { authenticationtoken: await token(page), 'X-Company-ID': COMPANY, ...(init.headers ?? {}) } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Today in the company's zone (India). */
function companyToday(at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

interface TrailData {
  points: Array<{ latitude: number; longitude: number; source: string; recorded_at: string }>;
  distance_km: number;
  visits: Array<{ loan_id: string; disposition: string }>;
}

async function newPhone(browser: Browser, baseURL: string, geolocation: { latitude: number; longitude: number }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, geolocation: { ...geolocation, accuracy: 10 }, permissions: ['geolocation'] });
  await serveTiles(context, baseURL);
  return context;
}

async function newDesk(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: DESK });
  await serveTiles(context, baseURL);
  return context;
}

test('an executive on duty is tracked live by their manager, with the day trail', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL!;

  // ------------------------------------------------------------ the executive's phone
  let phone = await newPhone(browser, base, { latitude: 18.52, longitude: 73.85 });
  let p = await phone.newPage();
  await signIn(p, 'fos@demo.in');
  // Stand where the executive's loans are (the demo allocates them around one town).
  const allocation = await api<{ loans: Array<{ loan_id: string; latitude: number | null; longitude: number | null }> }>(p, base, `/api/fos/allocation?company_id=${COMPANY}`);
  const located = allocation.loans.filter((l) => l.latitude !== null && l.longitude !== null);
  const mid = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const A = { latitude: Number(mid(located.map((l) => l.latitude!)).toFixed(5)), longitude: Number(mid(located.map((l) => l.longitude!)).toFixed(5)) };
  const B = { latitude: Number((A.latitude + 0.0018).toFixed(5)), longitude: A.longitude };
  await phone.close();
  phone = await newPhone(browser, base, A);
  p = await phone.newPage();
  await signIn(p, 'fos@demo.in');

  // What the server holds of today before the test's pings (the demo may have seeded a morning).
  const today = companyToday();
  const before = await api<TrailData>(p, base, `/api/fos/tracking/trail?company_id=${COMPANY}&date=${today}`);

  // On duty: the switch is off until the executive turns it on, then a position is sent at once.
  await p.goto(`/app/visit-details?company_id=${COMPANY}`);
  const duty = p.getByTestId('duty-switch');
  await expect(duty).toHaveAttribute('aria-checked', 'false');
  await duty.click();
  const dutyOnAt = Date.now();
  await expect(duty).toHaveAttribute('aria-checked', 'true');
  await expect(p.getByTestId('duty-status')).toContainText('Position sent', { timeout: 30_000 });
  // The ping reached the server (and left the phone's outbox).
  await expect
    .poll(async () => (await api<TrailData>(p, base, `/api/fos/tracking/trail?company_id=${COMPANY}&date=${today}`)).points.at(-1), { timeout: 20_000 })
    .toMatchObject({ latitude: A.latitude, longitude: A.longitude, source: 'timer' });
  await expect(p.getByTestId('sync-last')).not.toContainText('waiting');
  await expect(p.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();
  await p.screenshot({ path: artifact('tracking-phone.png') });

  // ------------------------------------------------------------ the manager's desk
  const desk = await newDesk(browser, base);
  const d = await desk.newPage();
  await signIn(d, 'area.manager@demo.in');
  await d.getByTestId('side-menu').getByRole('link', { name: 'Field Force Tracking' }).click();
  await expect(d.getByRole('heading', { level: 1, name: 'Field Force Tracking' })).toBeVisible();
  await expect(d).toHaveURL(/\/app\/field-force-tracking\?/);
  await expect(d.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live', { timeout: 20_000 });
  const row = d.getByTestId('executive-row').filter({ hasText: EXECUTIVE });
  await expect(row).toHaveAttribute('data-freshness', 'fresh');
  await expect(row).toContainText('Fresh');
  expect(Number(await d.getByTestId('count-fresh-value').textContent())).toBeGreaterThanOrEqual(1);
  await expect(d.getByTestId('map-legend')).toContainText('Stale (under 2 h)');
  await row.click();
  await expect(row).toHaveAttribute('aria-pressed', 'true');
  const where = d.getByTestId('selected-position');
  await expect(where).toContainText(`${A.latitude.toFixed(5)}, ${A.longitude.toFixed(5)}`);
  await expect(d.getByTestId('map-popup')).toContainText(EXECUTIVE);
  await d.screenshot({ path: artifact('tracking-desk.png') });

  // ------------------------------------------------------------ the executive moves and records a visit
  await p.context().setGeolocation({ ...B, accuracy: 10 });
  const wait = MIN_SECONDS_BETWEEN_PINGS * 1000 - (Date.now() - dutyOnAt);
  if (wait > 0) await p.waitForTimeout(wait);
  const loanId = (await p.getByTestId('visit-card').first().getAttribute('data-loan-id'))!;
  // A fresh page load: the browser would otherwise answer the check-in from its one-minute-old fix.
  await p.goto(`/app/customer/visit-details?company_id=${COMPANY}&loan_id=${encodeURIComponent(loanId)}`);
  await expect(p.getByTestId('check-in-position')).toContainText(B.latitude.toFixed(5));
  await p.getByTestId('person-met').selectOption('No one');
  await p.getByTestId('disposition').selectOption('Door Locked');
  await p.getByRole('button', { name: 'Save visit' }).click();
  await expect(p.getByRole('heading', { level: 1, name: 'My visits' })).toBeVisible();

  // The live stream moves the executive on the manager's map, no reload.
  await expect(where).toContainText(`${B.latitude.toFixed(5)}, ${B.longitude.toFixed(5)}`, { timeout: 30_000 });
  await expect(where).toContainText('visit check-in');
  await expect(row).toHaveAttribute('data-freshness', 'fresh');

  // ------------------------------------------------------------ today's trail
  await d.getByTestId('open-trail').click();
  await expect(d).toHaveURL(new RegExp(`date=${today}`));
  const panel = d.getByTestId('trail-panel');
  await expect(panel.getByRole('heading', { name: `${EXECUTIVE}: trail` })).toBeVisible();
  await expect(d.getByTestId('trail-date')).toHaveValue(today);
  const visit = d.getByTestId('timeline-visit').filter({ hasText: `Loan ${loanId}` });
  await expect(visit).toContainText('Door Locked', { timeout: 20_000 });
  await expect(visit).toContainText('To verify');
  const km = Number.parseFloat((await d.getByTestId('trail-distance').textContent()) ?? '');
  expect(km).toBeGreaterThan(before.distance_km);
  expect(Number(await d.getByTestId('trail-visit-count').textContent())).toBeGreaterThanOrEqual(1);
  await expect(d.getByTestId('map-legend')).toContainText('Stop');
  await d.screenshot({ path: artifact('tracking-trail-desk.png') });
  await visit.click();
  await expect(visit).toHaveAttribute('aria-pressed', 'true');

  // A day without positions says so.
  await d.getByRole('button', { name: 'Previous day' }).click();
  await d.getByRole('button', { name: 'Previous day' }).click();
  await expect(panel).toContainText('No positions recorded on this day');

  // The `_v2` path: the same screen, map first with a floating panel.
  await d.goto(`/app/field-force-tracking_v2?company_id=${COMPANY}`);
  await expect(d.getByTestId('tracking-page')).toHaveAttribute('data-layout', 'map-first');
  await expect(d.getByTestId('executive-row').filter({ hasText: EXECUTIVE })).toBeVisible();
  await d.screenshot({ path: artifact('tracking-v2-desk.png') });

  // Off duty: the switch is remembered off and no more pings are taken.
  await p.getByTestId('duty-switch').click();
  await expect(p.getByTestId('duty-switch')).toHaveAttribute('aria-checked', 'false');
  await p.reload();
  await expect(p.getByTestId('duty-switch')).toHaveAttribute('aria-checked', 'false');
  await desk.close();
  await phone.close();
});

test('stays usable with 10,000 executives on the map', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const N = 10_000;
  const now = Date.now();
  const ages = [2, 40, 300];
  const executives = Array.from({ length: N }, (_, i) => {
    const minutes = ages[i % 3];
    return {
      user_id: `synthetic-${i}`,
      name: `Executive ${String(i).padStart(5, '0')}`,
      team: `Team ${i % 12}`,
      territory: `Zone ${i % 30}`,
      profession: 'field executive',
      role_name: 'Field Executive',
      // Spread over India.
      position: { latitude: 8 + (((i * 7919) % 10_000) / 10_000) * 22, longitude: 69 + (((i * 104_729) % 10_000) / 10_000) * 20, accuracy_m: 10, battery: 70, source: 'timer', recorded_at: new Date(now - minutes * 60_000).toISOString() },
      freshness: minutes < 15 ? 'fresh' : minutes < 120 ? 'stale' : 'offline',
      minutes_since: minutes,
      visits_today: i % 5,
      visits_today_flagged: 0,
    };
  });
  const body = JSON.stringify({ success: true, message: 'ok', data: { generated_at: new Date(now).toISOString(), time_zone: 'Asia/Kolkata', counts: { fresh: 3334, stale: 3333, offline: 3333 }, executives } });
  // 300 offline executives report in at once, 1 s after the stream is let through.
  const events = Array.from({ length: 300 }, (_, k) => {
    const e = { user_id: `synthetic-${k * 3 + 2}`, name: null, latitude: 19 + k / 200, longitude: 75, accuracy_m: 9, battery: 50, source: 'timer', recorded_at: new Date().toISOString() };
    return `event: position\nid: ${k}\ndata: ${JSON.stringify(e)}\n\n`;
  }).join('');

  const desk = await newDesk(browser, baseURL!);
  const d = await desk.newPage();
  await signIn(d, 'area.manager@demo.in');
  await d.route('**/api/fos/tracking/last-positions**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await d.route('**/api/fos/tracking/stream**', async (route) => {
    await released;
    await route.fulfill({ status: 200, contentType: 'text/event-stream', body: `retry: 60000\n\n${events}` });
  });

  const loadStart = Date.now();
  await d.goto(`/app/field-force-tracking?company_id=${COMPANY}`);
  await expect(d.getByTestId('list-summary')).toHaveText('10000 of 10000 executives', { timeout: 60_000 });
  await expect(d.locator('.tracking-cluster').first()).toBeVisible({ timeout: 60_000 });
  const loadMs = Date.now() - loadStart;
  await expect(d.getByTestId('count-fresh-value')).toHaveText('3334');
  await expect(d.getByTestId('count-stale-value')).toHaveText('3333');
  await expect(d.getByTestId('count-offline-value')).toHaveText('3333');
  // Clustered, and the list is virtual: a few dozen elements, not 10,000.
  const clusters = await d.locator('.tracking-cluster').count();
  expect(clusters).toBeGreaterThan(0);
  expect(clusters).toBeLessThan(500);
  expect(await d.getByTestId('executive-row').count()).toBeLessThan(60);

  // Frame times while panning and zooming.
  await d.evaluate(() => {
    const w = window as unknown as { frames_: number[] };
    w.frames_ = [];
    let last = performance.now();
    const loop = (t: number) => {
      w.frames_.push(t - last);
      last = t;
      if (w.frames_.length < 20_000) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  const box = (await d.getByTestId('tracking-map').boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const panStart = Date.now();
  for (let k = 0; k < 3; k++) {
    await d.mouse.move(cx, cy);
    await d.mouse.down();
    for (let s = 1; s <= 15; s++) await d.mouse.move(cx + s * 12, cy + s * 6);
    await d.mouse.up();
    await d.mouse.wheel(0, -300);
    await d.waitForTimeout(300);
  }
  const panMs = Date.now() - panStart;
  const frames = await d.evaluate(() => (window as unknown as { frames_: number[] }).frames_.slice(1));
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]);

  // Search narrows the list and the map.
  const searchStart = Date.now();
  await d.getByTestId('tracking-search').fill('Executive 01234');
  await expect(d.getByTestId('list-summary')).toHaveText('1 of 10000 executives');
  const searchMs = Date.now() - searchStart;
  await d.getByTestId('tracking-search').fill('');
  await expect(d.getByTestId('list-summary')).toHaveText('10000 of 10000 executives');

  // A burst of 300 live positions: 300 offline executives become fresh in one redraw.
  const liveStart = Date.now();
  release();
  await expect(d.getByTestId('count-fresh-value')).toHaveText('3634', { timeout: 30_000 });
  await expect(d.getByTestId('count-offline-value')).toHaveText('3033');
  const liveMs = Date.now() - liveStart;

  const figures = `10,000 executives: list+clusters ${loadMs} ms; pan/zoom ${panMs} ms, frames median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms, >50 ms ${frames.filter((f) => f > 50).length}/${frames.length}; search ${searchMs} ms; 300 live events applied in ${liveMs} ms`;
  test.info().annotations.push({ type: 'figures', description: figures });
  console.log(figures);
  // Generous: the screen must not freeze (a shared CI machine is slow, not stuck).
  expect(at(0.5)).toBeLessThan(200);
  await desk.close();
});
