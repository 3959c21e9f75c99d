/**
 * Accessibility pass (issue 12 "axe-core: no critical or serious violation on any screen"): signs
 * in as each demo role, opens every screen its menu offers at 1440x900 (and the field app's
 * screens at 390x844 for field executives), runs axe-core on it and fails on any violation of
 * impact critical or serious. Also: the menu is built from permissions and profession, and a screen
 * the role cannot use, opened by URL, says so plainly (issue 12 "Screens, tried as each role would").
 */
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// axe-core is injected as an inline script: the app's CSP (script-src 'self') would refuse it.
test.use({ bypassCSP: true });

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core');

const DESK = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The field app's screens (shell: 'field' menu entries, src/web/features/field/area.ts). */
const FIELD_SCREENS = ['visit-details', 'field-executive', 'field-executive/online', 'document-upload'];
const TILE_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#e5e7eb"/></svg>';

/** One user of each demo role and profession (src/server/seed/demo.ts). */
const ROLES = [
  'chief.admin@demo.in',
  'admin@demo.in',
  'super.user@demo.in',
  'manager@demo.in',
  'area.manager@demo.in',
  'supervisor@demo.in',
  'telecaller@demo.in',
  'lawyer@demo.in',
  'fos@demo.in',
  'other@demo.in',
  'admin@demo.id',
  'fos@demo.id',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Waits for the screen to settle: a heading, no loading spinner or busy region left. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"], .chakra-spinner')).toHaveCount(0, { timeout: 20_000 });
  await page.waitForTimeout(300);
  // A CSS transition still running (a tab's colour, a fading card) shows axe blended colours
  // (#d1d9ed on #4f81ee, 2.6:1, read mid-transition on the FOS dashboard): wait for the finite ones.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/** axe-core's critical and serious violations on the page, described for the failure message. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300)}`).join('\n')}`);
}

/** The app paths (with company_id) the side menu offers. */
async function menuLinks(page: Page): Promise<string[]> {
  const side = page.getByTestId('side-menu');
  await expect(side).toBeVisible();
  // Since sign-in hands over to the app in the same page (issue 18), the menu fills in as the
  // permissions and the areas' front doors arrive: read it once the home screen has settled and
  // the entries stopped changing.
  await settle(page);
  let last = -1;
  await expect
    .poll(async () => {
      const count = await side.getByRole('link').count();
      const stable = count === last;
      last = count;
      return stable;
    }, { intervals: [500], timeout: 20_000 })
    .toBe(true);
  return side.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/**
 * Opens `href` as a user does, with a click on its side-menu entry (the app stays loaded: a full
 * reload per screen made this pass ~13 minutes of CI), and waits until the previous screen's
 * heading is gone, so the check never runs on the screen being left. An entry not in the menu
 * (none today) is opened by URL.
 */
async function openFromMenu(page: Page, href: string): Promise<void> {
  const target = new URL(href, page.url());
  const here = () => new URL(page.url());
  if (here().pathname === target.pathname && here().search === target.search) return;
  const entry = page.getByTestId('side-menu').locator(`a[href="${href}"]`).first();
  if (!(await entry.isVisible())) return void (await page.goto(href));
  await page.locator('h1').evaluateAll((hs) => hs.forEach((h) => h.setAttribute('data-left', '')));
  await entry.click();
  await expect.poll(() => here().pathname + here().search).toBe(target.pathname + target.search);
  await expect(page.locator('h1[data-left]')).toHaveCount(0, { timeout: 20_000 });
  if (process.env.A11Y_TRACE) console.log(`${href}: ${await page.getByRole('heading', { level: 1 }).first().textContent()}`);
}

const screenOf = (href: string) => new URL(href, 'http://x').pathname.replace(/^\/(v[12]\/)?app\/?/, '');

for (const email of ROLES) {
  test(`no critical or serious axe violation on the screens of ${email}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.route(/tile\.openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: TILE_SVG }));
    await page.setViewportSize(DESK);
    await signIn(page, email);
    const links = await menuLinks(page);
    const problems: string[] = [];
    const field = email.startsWith('fos@');
    // The field app's screens are a field executive's only (issue 12).
    expect(links.some((href) => FIELD_SCREENS.includes(screenOf(href)))).toBe(field);

    for (const href of links) {
      await openFromMenu(page, href);
      await settle(page);
      await expect(page.getByTestId('no-access')).toHaveCount(0);
      for (const v of await seriousViolations(page)) problems.push(`[desk] ${screenOf(href) || 'home'}: ${v}`);
    }
    if (field) {
      await page.setViewportSize(PHONE);
      for (const href of links.filter((h) => FIELD_SCREENS.includes(screenOf(h)) || screenOf(h) === '')) {
        await page.goto(href);
        await settle(page);
        for (const v of await seriousViolations(page)) problems.push(`[phone] ${screenOf(href) || 'home'}: ${v}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('a screen the role cannot use, opened by URL, says so plainly with a way home', async ({ page }) => {
  await page.setViewportSize(DESK);
  await signIn(page, 'manager@demo.in');
  const search = new URL(page.url()).search;
  // A manager verifies visits (FOS Visits) but has no field app of their own.
  const side = page.getByTestId('side-menu');
  await expect(side.getByRole('link', { name: 'FOS Visits' })).toBeVisible();
  for (const name of ['My visits', 'Deposits', 'Document upload']) await expect(side.getByRole('link', { name })).toHaveCount(0);
  await page.goto(`/app/visit-details${search}`);
  const refused = page.getByTestId('no-access');
  await expect(refused.getByRole('heading', { level: 1 })).toHaveText("You don't have access to this screen");
  await expect(page.getByText(/not on this phone|Permission not found/i)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await refused.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/app\?company_id=/);

  // A lawyer has no Loans entry (its saved filters are not theirs), and the URL says why.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'lawyer@demo.in');
  await expect(page.getByTestId('side-menu').getByRole('link', { name: 'Loans' })).toHaveCount(0);
  await page.goto(`/app/customer-loans${new URL(page.url()).search}`);
  await expect(page.getByTestId('no-access')).toBeVisible();
  await expect(page.getByText('Permission not found')).toHaveCount(0);
});
